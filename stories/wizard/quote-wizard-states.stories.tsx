import { ROOM_KINDS, ROOM_MAXIMUMS } from '@cleanquote/quote-core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { answersFor, submits, WizardStory } from './wizard-story-support.tsx';

/**
 * The states a designer must see: empty, each validation-blocked step (with its messages
 * shown, as after pressing Next), counters at their maximum, submitting, a server error with retry,
 * offline, a restored draft, the acknowledged quote, the steps a server sends back to the form
 * without script (refused with messages, or not stored), and the wizard on light and dark host pages.
 */
const meta = {
  title: 'Wizard/States',
  component: WizardStory,
} satisfies Meta<typeof WizardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

type PlayContext = Parameters<NonNullable<Story['play']>>[0];

/** Presses the (blocked) Next button so the step shows what is missing. */
async function pressNext({ canvasElement }: PlayContext) {
  const canvas = within(canvasElement);
  const next = await canvas.findByRole('button', { name: /^(Next|Get My Quote)$/ });
  await userEvent.click(next);
  await expect(next).toHaveAttribute('aria-disabled', 'true');
}

/** Waits for the restored final step, then presses Get My Quote. */
async function submit({ canvasElement }: PlayContext) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Get My Quote' }));
}

const deepClean = answersFor('deep-clean');

export const Empty: Story = {};

export const ServiceTypeBlocked: Story = { play: pressNext };

export const PropertySizeBlocked: Story = {
  args: { draft: { serviceType: 'regular-clean' }, stepIndex: 1 },
  play: pressNext,
};

export const CarpetQuestionBlocked: Story = {
  args: { draft: { serviceType: 'end-of-lease', bedrooms: '2', bathrooms: '1' }, stepIndex: 2 },
  play: pressNext,
};

export const CarpetAreasBlocked: Story = {
  args: {
    draft: { serviceType: 'end-of-lease', bedrooms: '2', bathrooms: '1', carpetNeeded: 'yes' },
    stepIndex: 3,
  },
  play: pressNext,
};

export const StandaloneCarpetAreasBlocked: Story = {
  args: { draft: { serviceType: 'carpet-clean' }, stepIndex: 1 },
  play: pressNext,
};

export const OvenDetailsBlocked: Story = {
  args: { draft: { serviceType: 'oven-clean' }, stepIndex: 1 },
  play: pressNext,
};

export const WindowDetailsBlocked: Story = {
  args: { draft: { serviceType: 'window-clean', windowPanels: 0 }, stepIndex: 1 },
  play: pressNext,
};

export const NdisCaseManagerBlocked: Story = {
  args: { draft: { serviceType: 'ndis-aged-care', ndisClientType: 'case-manager' }, stepIndex: 1 },
  play: pressNext,
};

/** A case manager who asked to hear when the request moves on (the box is off unless ticked). */
export const NdisCaseManagerUpdatesTicked: Story = {
  args: { draft: { ...answersFor('ndis-aged-care+case-manager'), caseManagerUpdates: true }, stepIndex: 1 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('checkbox', { name: 'Email me when this request moves on' }),
    ).toBeChecked();
  },
};

export const TimingBlocked: Story = {
  args: { draft: { serviceType: 'deep-clean', bedrooms: '4', bathrooms: '2' }, stepIndex: 2 },
  play: pressNext,
};

export const ContactInfoBlocked: Story = {
  args: {
    draft: { serviceType: 'deep-clean', bedrooms: '4', bathrooms: '2', urgency: 'next-week', email: 'alex@' },
    stepIndex: 3,
  },
  play: pressNext,
};

export const TermsBlocked: Story = {
  args: { draft: { ...deepClean, termsAccepted: false }, stepIndex: 4 },
  play: pressNext,
};

export const CountersAtMaximum: Story = {
  args: {
    draft: {
      serviceType: 'carpet-clean',
      carpetRoomCounts: { ...ROOM_MAXIMUMS },
      carpetAreas: [...ROOM_KINDS],
    },
    stepIndex: 1,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Add one bedroom' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

export const Submitting: Story = {
  args: { draft: deepClean, stepIndex: 5, submitQuote: submits.neverResolves },
  play: async (context) => {
    await submit(context);
    await expect(
      await within(context.canvasElement).findByRole('button', { name: 'Submitting...' }),
    ).toBeVisible();
  },
};

export const ServerErrorWithRetry: Story = {
  args: { draft: deepClean, stepIndex: 5 },
  // A fresh fake server per render, failing once: 'Try again' then succeeds.
  render: (args) => <WizardStory {...args} submitQuote={submits.serverErrorOnce()} />,
  play: async (context) => {
    await submit(context);
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('error 500');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const Offline: Story = {
  args: { draft: deepClean, stepIndex: 5, submitQuote: submits.offline },
  play: async (context) => {
    await submit(context);
    await expect(await within(context.canvasElement).findByRole('alert')).toHaveTextContent('offline');
  },
};

export const RestoredDraft: Story = {
  args: {
    draft: { ...answersFor('window-clean'), name: 'Robin', phone: '', email: '', termsAccepted: false },
    stepIndex: 3,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Step 4 of 6')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: /Full Name/ })).toHaveValue('Robin');
  },
};

export const Submitted: Story = {
  args: { draft: deepClean, stepIndex: 5, submitQuote: submits.succeeds },
  play: async (context) => {
    await submit(context);
    await expect(
      await within(context.canvasElement).findByText('CQ-DEMO2345', {}, { timeout: 3000 }),
    ).toBeVisible();
  },
};

/**
 * Without script (docs/decisions/0009): the form posted the contact step and the server sent it back
 * with its messages and every answer kept, as it renders it for the page to hydrate.
 */
export const RefusedByTheServer: Story = {
  args: {
    formAction: '/service-form',
    formState: {
      answers: { ...answersFor('oven-clean'), phone: '', email: 'alex.example.com' },
      stepIndex: 3,
      idempotencyKey: 'storybook-form-key',
      showErrors: true,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Enter your phone number')).toBeVisible();
    await expect(canvas.getByText('Enter a valid email address')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: /Full Name/ })).toHaveValue('Alex Citizen');
  },
};

/** Without script: the final step posted, but the server could not store the quote; nothing is lost. */
export const NotStoredByTheServer: Story = {
  args: {
    formAction: '/service-form',
    formState: {
      answers: deepClean,
      stepIndex: 5,
      idempotencyKey: 'storybook-form-key',
      showErrors: false,
      error:
        'Sorry, something went wrong on our side and your quote request was not sent. Please try again in a moment, or call us.',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('not sent');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const PrefilledFromQuery: Story = {
  args: { service: 'oven-clean', suburb: 'box-hill' },
};

export const AsThePageHeading: Story = {
  args: { headingLevel: 1 },
};

export const DarkHostPage: Story = {
  args: { theme: 'dark', background: '#0b1020', draft: answersFor('oven-clean'), stepIndex: 1 },
};

export const LightHostPageWithCustomAccent: Story = {
  args: { background: '#f4f1ea', draft: answersFor('carpet-clean'), stepIndex: 1 },
  render: (args) => (
    <div style={{ ['--cq-color-accent' as string]: '#6b2f8a', ['--cq-color-focus' as string]: '#6b2f8a' }}>
      <WizardStory {...args} />
    </div>
  ),
};

/**
 * On a partner's page (what `<cleanquote-wizard>` renders in its shadow root): named after its service,
 * and a refusal of the partner's site answered with the call button instead of the site's /thank-you.
 */
export const RefusedOnAPartnerPage: Story = {
  args: {
    draft: deepClean,
    stepIndex: 5,
    label: 'Deep Cleaning',
    contact: (
      <a className="cq-button cq-button--secondary" href="tel:+61355500123">
        Call (03) 5550 0123
      </a>
    ),
    submitQuote: async () => {
      throw new Error('This site is not allowed to send quote requests with this partner key.');
    },
  },
  play: async (context) => {
    await submit(context);
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('not allowed');
    await expect(canvas.getByRole('link', { name: 'Call (03) 5550 0123' })).toBeVisible();
    await expect(canvas.getByRole('form', { name: 'Get Your Cleaning Quote (Deep Cleaning)' })).toBeVisible();
  },
};
