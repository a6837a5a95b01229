import type { Meta, StoryObj } from '@storybook/react-vite';
import { flowStep, WizardStory } from './wizard-story-support.tsx';

/** End of lease, no carpets: every step with the flow's answers filled in (restored from a draft). */
const meta = {
  title: 'Wizard/Flows/End of lease, no carpets',
  component: WizardStory,
} satisfies Meta<typeof WizardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const FLOW = 'end-of-lease' as const;

export const Step1ServiceType: Story = flowStep(FLOW, 0, 'service-type');

export const Step2PropertySize: Story = flowStep(FLOW, 1, 'property-size');

export const Step3CarpetQuestion: Story = flowStep(FLOW, 2, 'carpet-question');

export const Step4Timing: Story = flowStep(FLOW, 3, 'timing');

export const Step5ContactInfo: Story = flowStep(FLOW, 4, 'contact-info');

export const Step6TermsAgreement: Story = flowStep(FLOW, 5, 'terms-agreement');

export const Step7FinalDetails: Story = flowStep(FLOW, 6, 'final-details');
