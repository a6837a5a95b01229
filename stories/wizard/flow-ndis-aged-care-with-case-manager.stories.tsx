import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { flowStep, stepsOf, WizardStory } from './wizard-story-support.tsx';

/** Spec §2, NDIS, case manager: every step with the flow's answers filled in (restored from a draft). */
const meta = {
  title: 'Quote wizard/Flows/NDIS, case manager',
  component: WizardStory,
} satisfies Meta<typeof WizardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const FLOW = 'ndis-aged-care+case-manager' as const;

export const Step1ServiceType: Story = {
  ...flowStep(FLOW, 0),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Step 1 of 6')).toBeVisible();
    await expect(stepsOf(FLOW)[0]).toBe('service-type');
  },
};

export const Step2NdisClientDetails: Story = {
  ...flowStep(FLOW, 1),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Step 2 of 6')).toBeVisible();
    await expect(stepsOf(FLOW)[1]).toBe('ndis-client-details');
  },
};

export const Step3Timing: Story = {
  ...flowStep(FLOW, 2),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Step 3 of 6')).toBeVisible();
    await expect(stepsOf(FLOW)[2]).toBe('timing');
  },
};

export const Step4ContactInfo: Story = {
  ...flowStep(FLOW, 3),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Step 4 of 6')).toBeVisible();
    await expect(stepsOf(FLOW)[3]).toBe('contact-info');
  },
};

export const Step5TermsAgreement: Story = {
  ...flowStep(FLOW, 4),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Step 5 of 6')).toBeVisible();
    await expect(stepsOf(FLOW)[4]).toBe('terms-agreement');
  },
};

export const Step6FinalDetails: Story = {
  ...flowStep(FLOW, 5),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Step 6 of 6')).toBeVisible();
    await expect(stepsOf(FLOW)[5]).toBe('final-details');
  },
};
