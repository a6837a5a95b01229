import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { flowStep, stepsOf, WizardStory } from './wizard-story-support.tsx';

/** Spec §2, End of lease with carpets: every step with the flow's answers filled in (restored from a draft). */
const meta = {
  title: 'Quote wizard/Flows/End of lease with carpets',
  component: WizardStory,
} satisfies Meta<typeof WizardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const FLOW = 'end-of-lease+carpet' as const;

export const Step1ServiceType: Story = {
  ...flowStep(FLOW, 0),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Step 1 of 8')).toBeVisible();
    await expect(stepsOf(FLOW)[0]).toBe('service-type');
  },
};

export const Step2PropertySize: Story = {
  ...flowStep(FLOW, 1),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Step 2 of 8')).toBeVisible();
    await expect(stepsOf(FLOW)[1]).toBe('property-size');
  },
};

export const Step3CarpetQuestion: Story = {
  ...flowStep(FLOW, 2),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Step 3 of 8')).toBeVisible();
    await expect(stepsOf(FLOW)[2]).toBe('carpet-question');
  },
};

export const Step4CarpetAreas: Story = {
  ...flowStep(FLOW, 3),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Step 4 of 8')).toBeVisible();
    await expect(stepsOf(FLOW)[3]).toBe('carpet-areas');
  },
};

export const Step5Timing: Story = {
  ...flowStep(FLOW, 4),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Step 5 of 8')).toBeVisible();
    await expect(stepsOf(FLOW)[4]).toBe('timing');
  },
};

export const Step6ContactInfo: Story = {
  ...flowStep(FLOW, 5),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Step 6 of 8')).toBeVisible();
    await expect(stepsOf(FLOW)[5]).toBe('contact-info');
  },
};

export const Step7TermsAgreement: Story = {
  ...flowStep(FLOW, 6),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Step 7 of 8')).toBeVisible();
    await expect(stepsOf(FLOW)[6]).toBe('terms-agreement');
  },
};

export const Step8FinalDetails: Story = {
  ...flowStep(FLOW, 7),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Step 8 of 8')).toBeVisible();
    await expect(stepsOf(FLOW)[7]).toBe('final-details');
  },
};
