import type { Meta, StoryObj } from '@storybook/react-vite';
import { flowStep, WizardStory } from './wizard-story-support.tsx';

/** End of lease with carpets: every step with the flow's answers filled in (restored from a draft). */
const meta = {
  title: 'Wizard/Flows/End of lease with carpets',
  component: WizardStory,
} satisfies Meta<typeof WizardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const FLOW = 'end-of-lease+carpet' as const;

export const Step1ServiceType: Story = flowStep(FLOW, 0, 'service-type');

export const Step2PropertySize: Story = flowStep(FLOW, 1, 'property-size');

export const Step3CarpetQuestion: Story = flowStep(FLOW, 2, 'carpet-question');

export const Step4CarpetAreas: Story = flowStep(FLOW, 3, 'carpet-areas');

export const Step5Timing: Story = flowStep(FLOW, 4, 'timing');

export const Step6ContactInfo: Story = flowStep(FLOW, 5, 'contact-info');

export const Step7TermsAgreement: Story = flowStep(FLOW, 6, 'terms-agreement');

export const Step8FinalDetails: Story = flowStep(FLOW, 7, 'final-details');
