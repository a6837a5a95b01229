import { business } from '@cleanquote/content';
import { SUBMIT_MESSAGES } from '@cleanquote/quote-wizard';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PARTNER_REFUSALS } from '../../api/src/partners/partner-keys.ts';
import {
  EmbedStory,
  embedApi,
  embedIn,
  forgetDrafts,
  PARTNER_KEY,
  PARTNER_REFERENCE,
  partnerVisitor,
  shadowOf,
} from './embed-story-support.tsx';

/**
 * `<cleanquote-wizard>` on a partner's page (a support coordinator's site, a real-estate agent's
 * end-of-lease page): the visitor meets these states inside the element's shadow root — the
 * partner's fallback while the wizard loads, each step, sending, the thank-you panel, and what they
 * read when the page may not send quotes or the network fails. The API is answered at the network
 * boundary, as the business's server would.
 */
const meta = {
  title: 'Embed/States',
  component: EmbedStory,
  args: { partnerKey: PARTNER_KEY },
  parameters: { msw: { handlers: [embedApi.accepts, embedApi.accepting] } },
  beforeEach: () => {
    forgetDrafts();
    return forgetDrafts;
  },
} satisfies Meta<typeof EmbedStory>;

export default meta;
type Story = StoryObj<typeof meta>;

type PlayContext = Parameters<NonNullable<Story['play']>>[0];

const lastStep = { answers: partnerVisitor, stepIndex: 7 };

/** Restores the draft's step and checks its heading and position in the element. */
function showsStep(stepIndex: number, heading: string, total = 8): Story {
  return {
    args: { draft: { answers: partnerVisitor, stepIndex } },
    play: async ({ canvasElement }) => {
      const wizard = await shadowOf(canvasElement);
      await expect(await wizard.findByRole('heading', { name: heading })).toBeVisible();
      await expect(wizard.getByText(`Step ${stepIndex + 1} of ${total}`)).toBeVisible();
    },
  };
}

/** Presses 'Get My Quote' on the restored last step. */
async function sendQuote({ canvasElement }: PlayContext) {
  const wizard = await shadowOf(canvasElement);
  await userEvent.click(await wizard.findByRole('button', { name: 'Get My Quote' }));
  return wizard;
}

/**
 * Far below the fold the wizard is not fetched yet: the visitor sees the partner's own fallback
 * inside the element (it loads once the element comes near the viewport).
 */
export const Loading: Story = {
  render: (args) => (
    <>
      <p>Scroll down to ask for a quote.</p>
      <div style={{ height: 'calc(100vh + 900px)' }} />
      <EmbedStory {...args} />
    </>
  ),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText(/Loading the quote form/)).toBeVisible();
    await expect(page.getByRole('link', { name: '(03) 5550 0123' })).toBeVisible();
    await expect(embedIn(canvasElement).shadowRoot?.querySelector('.cq-wizard')).toBeNull();
  },
};

/** The wizard has replaced the fallback and answers taps: the first question. */
export const Ready: Story = {
  play: async ({ canvasElement }) => {
    const wizard = await shadowOf(canvasElement);
    await expect(wizard.getByRole('heading', { name: 'Get Your Cleaning Quote' })).toBeVisible();
    await expect(wizard.getByRole('heading', { name: 'What type of cleaning do you need?' })).toBeVisible();
    await expect(wizard.queryByText(/Loading the quote form/)).toBeNull();
  },
};

/** The partner's end-of-lease page pre-selects the service: the visitor only presses Next. */
export const ReadyWithServiceChosen: Story = {
  args: { service: 'end-of-lease', suburb: 'box-hill' },
  play: async ({ canvasElement }) => {
    const wizard = await shadowOf(canvasElement);
    await expect(await wizard.findByRole('radio', { name: /^End of Lease Cleaning/ })).toBeChecked();
  },
};

/** Step 2: bedrooms and bathrooms of the rental. */
export const PropertySizeStep: Story = showsStep(1, 'Tell us about your property');

/** Step 3: whether the lease asks for carpets steam cleaned. */
export const CarpetQuestionStep: Story = showsStep(2, 'Do you need carpet steam cleaning?');

/** Step 4: the carpeted rooms, counted. */
export const CarpetAreasStep: Story = showsStep(3, 'Which carpeted areas need cleaning?');

/** Step 5: how soon the clean is needed. */
export const TimingStep: Story = showsStep(4, 'When do you need the clean?');

/** Step 6: where the quote goes, the visitor's details kept from before. */
export const ContactStep: Story = {
  ...showsStep(5, 'Your contact details'),
  play: async (context) => {
    await showsStep(5, 'Your contact details').play?.(context);
    const wizard = await shadowOf(context.canvasElement);
    await expect(wizard.getByRole('textbox', { name: /Full Name/ })).toHaveValue('Priya Raman');
  },
};

/** Step 7: the summary of the terms and privacy policy, agreed to. */
export const TermsStep: Story = showsStep(6, 'Terms and privacy');

/** Step 8: the optional last questions, then Get My Quote. */
export const FinalDetailsStep: Story = showsStep(7, 'Anything else we should know?');

/** The quote is on its way: the button says so and the answers are frozen until the server answers. */
export const Sending: Story = {
  args: { draft: lastStep },
  parameters: { msw: { handlers: [embedApi.neverAnswers] } },
  play: async (context) => {
    const wizard = await sendQuote(context);
    await expect(await wizard.findByRole('button', { name: 'Submitting...' })).toBeVisible();
    await expect(wizard.getByText('Sending your quote request…')).toBeVisible();
  },
};

/** The business recorded the quote: the thank-you panel with its reference, and the call button. */
export const Sent: Story = {
  args: { draft: lastStep },
  play: async (context) => {
    const wizard = await sendQuote(context);
    await expect(await wizard.findByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await expect(wizard.getByText(PARTNER_REFERENCE)).toBeVisible();
    await expect(wizard.getByRole('link', { name: `Call ${business.phone}` })).toBeVisible();
  },
};

/**
 * The page is not on the partner key's list of allowed sites: the visitor reads why, and only the
 * call button is offered — trying again cannot help. Every answer is kept.
 */
export const RefusedPartner: Story = {
  args: { draft: lastStep },
  parameters: { msw: { handlers: [embedApi.unreachable, embedApi.originRefused] } },
  play: async (context) => {
    const wizard = await sendQuote(context);
    const alert = await wizard.findByRole('alert');
    await expect(alert).toHaveTextContent('We could not send your quote request.');
    await expect(alert).toHaveTextContent(PARTNER_REFUSALS.originNotAllowed);
    await expect(wizard.getByRole('link', { name: `Call ${business.phone}` })).toBeVisible();
    await expect(wizard.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};

/** Staff switched the partner's site off: the visitor is asked to call the business instead. */
export const PartnerSwitchedOff: Story = {
  args: { draft: lastStep },
  parameters: { msw: { handlers: [embedApi.unreachable, embedApi.switchedOff] } },
  play: async (context) => {
    const wizard = await sendQuote(context);
    await expect(await wizard.findByRole('alert')).toHaveTextContent(PARTNER_REFUSALS.quotesSwitchedOff);
    await expect(wizard.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};

/** The network failed (the page itself may send): the answers are kept and Try again is offered. */
export const NetworkError: Story = {
  args: { draft: lastStep },
  parameters: { msw: { handlers: [embedApi.unreachable, embedApi.accepting] } },
  play: async (context) => {
    const wizard = await sendQuote(context);
    await expect(await wizard.findByRole('alert')).toHaveTextContent(SUBMIT_MESSAGES.network);
    await expect(wizard.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(wizard.getByRole('link', { name: `Call ${business.phone}` })).toBeVisible();
  },
};
