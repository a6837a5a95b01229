import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import pages from './completion-mail-rendered.ts?server-rendered';
import { ServerRenderedPage } from './server-rendered-page.tsx';

/**
 * The customer's one mail when staff mark their visit completed: the clean is done, the amount due
 * and how to pay (the terms' words), and 'Something not right? Tell us within 24 hours and we'll
 * come back at no cost'. Its HTML part, rendered by the server's completionMail.
 */
const meta = {
  title: 'Site/Mails/Visit completed',
  component: ServerRenderedPage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ServerRenderedPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (name: string) => {
  const html = pages[name];
  if (!html) throw new Error(`No rendered completion mail ${name}`);
  return { html };
};

const OFFER = "Something not right? Tell us within 24 hours and we'll come back at no cost";

/** A one-off: done, $495.00 due, bank transfer or card, and the re-clean offer. */
export const OneOff: Story = {
  args: page('oneOff'),
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Re: Your quote from Sparkle Clean (CQ-7K2M9QX4)',
    );
    await expect(
      view.getByText(/is done: the team finished at 1:40 pm on Tuesday 2 March 2027/),
    ).toBeVisible();
    await expect(view.getByText('Amount due: $495.00 incl. GST.')).toBeVisible();
    await expect(view.getByText(/We accept payment by bank transfer or card/)).toBeVisible();
    await expect(
      view.getByText((text) => text.startsWith(`${OFFER}: use 'Report a problem' on your quote page`)),
    ).toBeVisible();
  },
};

/** A visit of a weekly clean: the amount is per visit, after the discount. */
export const WeeklyVisit: Story = {
  args: page('weekly'),
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByText('Amount due: $420.75 incl. GST (per visit, weekly).')).toBeVisible();
  },
};

/** A re-clean under the guarantee: done, and nothing to pay. */
export const Reclean: Story = {
  args: page('reclean'),
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('heading', { level: 1 })).toHaveTextContent('Your re-clean is done');
    await expect(
      view.getByText('There is nothing to pay: the re-clean is free under our satisfaction guarantee.'),
    ).toBeVisible();
    await expect(view.queryByText(/Amount due/)).toBeNull();
  },
};

/** Sent by someone holding the customer's link: the offer links their quote page. */
export const WithPageLink: Story = {
  args: page('withPageLink'),
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(
      view.getByText(`${OFFER}: https://clean.example/quote/AbCdEfGhIjKlMnOpQrStUv`),
    ).toBeVisible();
  },
};
