import type { Meta, StoryObj } from '@storybook/react-vite';
import { flowStep, WizardStory } from './wizard-story-support.tsx';

/** Oven cleaning: every step with the flow's answers filled in (restored from a draft). */
const meta = {
  title: 'Wizard/Flows/Oven cleaning',
  component: WizardStory,
} satisfies Meta<typeof WizardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const FLOW = 'oven-clean' as const;

export const Step1ServiceType: Story = flowStep(FLOW, 0, 'service-type');

export const Step2OvenDetails: Story = flowStep(FLOW, 1, 'oven-details');

export const Step3Timing: Story = flowStep(FLOW, 2, 'timing');

export const Step4ContactInfo: Story = flowStep(FLOW, 3, 'contact-info');

export const Step5TermsAgreement: Story = flowStep(FLOW, 4, 'terms-agreement');

export const Step6FinalDetails: Story = flowStep(FLOW, 5, 'final-details');
