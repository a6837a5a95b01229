import { business } from '@cleanquote/content';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { quotedRequest } from './customer-quote-page-fixtures.ts';
import pages from './customer-quote-page-rendered.ts?server-rendered';
import { ServerRenderedPage } from './server-rendered-page.tsx';

/**
 * The page a customer opens from the quote email (/quote/:token): the server's own HTML, no script,
 * no account. While the quote is open they accept it, ask for changes or decline it; afterwards the
 * page says where it stands. Rendered by the server's renderCustomerQuotePage for each fixture.
 */
const meta = {
  title: 'Site/Customer quote page',
  component: ServerRenderedPage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ServerRenderedPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = (name: string) => {
  const html = pages[name];
  if (!html) throw new Error(`No rendered customer quote page ${name}`);
  return { html };
};

/** The price, the note and the terms every standing shows. */
async function expectQuote(canvasElement: HTMLElement) {
  const view = within(canvasElement);
  await expect(view.getByRole('heading', { level: 1, name: 'Your quote' })).toBeVisible();
  await expect(view.getByText(business.name, { selector: '.business-name' })).toBeVisible();
  await expect(view.getByText(quotedRequest.reference)).toBeVisible();
  await expect(view.getByRole('rowheader', { name: 'Total (incl. GST)' })).toBeVisible();
  await expect(view.getByRole('row', { name: /Total \(incl\. GST\) \$634\.00/ })).toBeVisible();
  await expect(view.getByRole('row', { name: /GST included \$57\.64/ })).toBeVisible();
}

/** Sent and still valid: the customer reads the price and answers with one of three forms. */
export const Sent: Story = {
  args: page('sent'),
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expectQuote(canvasElement);
    await expect(view.getByText('Valid until 24/03/2026')).toBeVisible();
    await expect(view.getByRole('heading', { name: 'Your answer' })).toBeVisible();
    await expect(view.getByRole('textbox', { name: 'Your full name' })).toBeVisible();
    await expect(view.getByRole('checkbox', { name: 'I accept the quote and the terms' })).toBeVisible();
    await expect(view.getByRole('button', { name: 'Accept Quote' })).toBeVisible();
    await expect(view.getByRole('textbox', { name: 'What would you like changed?' })).toBeVisible();
    await expect(view.getByRole('button', { name: 'Request Changes' })).toBeVisible();
    await expect(view.getByRole('textbox', { name: 'Reason (optional)' })).toBeVisible();
    await expect(view.getByRole('button', { name: 'Decline' })).toBeVisible();
  },
};

/** Accepted: the customer is thanked by name and told the business will call to book a time. */
export const Accepted: Story = {
  args: page('accepted'),
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expectQuote(canvasElement);
    await expect(view.getByRole('heading', { name: 'You accepted this quote on 11/03/2026' })).toBeVisible();
    await expect(
      view.getByText('Thank you, Priya Raman. We will contact you to book a time that suits you.'),
    ).toBeVisible();
    await expect(view.queryByRole('button', { name: 'Accept Quote' })).toBeNull();
  },
};

/** Changes requested: the customer sees their own message and that an updated quote will follow. */
export const ChangesRequested: Story = {
  args: page('changesRequested'),
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('heading', { name: 'You asked for changes on 11/03/2026' })).toBeVisible();
    await expect(view.getByText('We will look at your message and send you an updated quote.')).toBeVisible();
    await expect(view.getByText(/Could you skip the oven\?/)).toBeVisible();
    await expect(view.queryByRole('heading', { name: 'Your answer' })).toBeNull();
  },
};

/** Declined: the customer is thanked, and told they can ask again any time. */
export const Declined: Story = {
  args: page('declined'),
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('heading', { name: 'You declined this quote on 11/03/2026' })).toBeVisible();
    await expect(
      view.getByText('Thank you for letting us know. If anything changes, we are happy to quote again.'),
    ).toBeVisible();
    await expect(view.queryByRole('button', { name: 'Decline' })).toBeNull();
  },
};

/** Expired unanswered: the prices may be out of date, so the page offers a new quote instead. */
export const Expired: Story = {
  args: page('expired'),
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('heading', { name: 'This quote expired on 09/03/2026' })).toBeVisible();
    await expect(view.getByText('Prices and availability may have changed since we wrote it.')).toBeVisible();
    const newQuote = view.getByRole('link', { name: 'Request a new quote' });
    await expect(newQuote).toHaveAttribute('href', '/service-form?service=end-of-lease&suburb=richmond');
    await expect(view.queryByRole('button', { name: 'Accept Quote' })).toBeNull();
  },
};

/** Superseded: a newer version was sent, so this one can't be accepted and links to the latest. */
export const Superseded: Story = {
  args: page('superseded'),
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expect(view.getByRole('heading', { name: 'This quote was updated' })).toBeVisible();
    await expect(
      view.getByText('We have sent you a newer version of this quote; this one can no longer be accepted.'),
    ).toBeVisible();
    await expect(view.getByRole('link', { name: 'See the latest quote' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/quote\/[\w-]+\/latest$/),
    );
    await expect(view.queryByRole('button', { name: 'Accept Quote' })).toBeNull();
  },
};

/**
 * On a 360 px phone: the quantity and unit price columns give way to a line under each description,
 * nothing scrolls sideways, and the answer buttons span the width.
 */
export const SentOnAPhone: Story = {
  args: page('sent'),
  globals: { viewport: { value: 'phone360', isRotated: false } },
  play: async ({ canvasElement }) => {
    const view = within(canvasElement);
    await expectQuote(canvasElement);
    await expect(view.getByText('2 × $45.00')).toBeVisible();
    await expect(view.getByText('Unit price', { selector: 'th' })).not.toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const accept = view.getByRole('button', { name: 'Accept Quote' });
    await expect(accept.getBoundingClientRect().width).toBeGreaterThan(window.innerWidth * 0.8);
  },
};
