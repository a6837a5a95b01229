import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import type {
  PricedQuote,
  SentQuote,
} from '../../sites/web/src/admin/quote-requests/quote-request-queries.ts';
import type { QuoteXeroSync } from '../../sites/web/src/admin/quote-requests/xero-quote-queries.ts';
import {
  notInXero,
  pricedQuote,
  quoteOf,
  quoteRequestAnswers,
  quoteRequestsAt,
  sophieAccepted,
  sophieLines,
  sophieSent,
  sophieWith,
} from './quote-request-fixtures.ts';
import { freshStaffPage, staffScreenParameters } from './staff-story-support.tsx';

/**
 * The Xero area of a request's Quote section: a sent quote waiting for Xero, in Xero with its
 * number, failed with Retry, and once accepted 'Create Invoice in Xero', then the invoice's number
 * and a link to it in Xero.
 */
const meta = {
  title: 'Staff/Quote requests/Quote in Xero',
  component: AdminApp,
  decorators: [freshStaffPage],
  args: { screen: 'quote-requests' },
  parameters: staffScreenParameters,
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

const sophie = quoteOf('Sophie Chen');

const inXero: QuoteXeroSync = { ...notInXero, state: 'in-xero', quoteNumber: 'QU-0042' };

/** Sophie's page, her quote standing so in Xero. */
function pageWith(priced: PricedQuote, xero: QuoteXeroSync): Partial<Story> {
  return {
    beforeEach: quoteRequestsAt({ quote: sophie.listItem.id }),
    parameters: { msw: { handlers: quoteRequestAnswers(() => [sophieWith(priced, xero)]) } },
  };
}

/** The Quote section's Xero area (under its heading 'Xero'), once it has something to say. */
async function xeroArea(canvasElement: HTMLElement) {
  const heading = await within(canvasElement).findByRole('heading', { level: 3, name: 'Xero' });
  const area = heading.closest<HTMLElement>('.xero-quote-sync');
  if (!area) throw new Error('The Xero heading is outside its area.');
  return within(area);
}

/** Sent, and queued for Xero: the area says it waits (and reads again until Xero has it). */
export const WaitingForXero: Story = {
  ...pageWith(sophieSent, { ...notInXero, state: 'waiting' }),
  play: async ({ canvasElement }) => {
    const area = await xeroArea(canvasElement);
    await expect(area.getByRole('status')).toHaveTextContent('Waiting for Xero');
    await expect(area.getByText('Waiting for Xero')).toBeVisible();
    await expect(area.queryByRole('button')).toBeNull();
  },
};

/** In Xero: the quote's number there, for staff looking it up in the books. */
export const InXero: Story = {
  ...pageWith(sophieSent, inXero),
  play: async ({ canvasElement }) => {
    const area = await xeroArea(canvasElement);
    await expect(area.getByText('In Xero: QU-0042')).toBeVisible();
    await expect(area.queryByRole('button')).toBeNull();
  },
};

const failed: QuoteXeroSync = {
  ...notInXero,
  state: 'failed',
  reason: 'Xero answered 400: Account code 200 is not a valid code for this document.',
  nextAttemptAt: '2026-03-17T02:15:00.000Z',
};

/** Xero refused the write: why, when it is tried again by itself, and Retry. */
export const SyncFailed: Story = {
  ...pageWith(sophieSent, failed),
  play: async ({ canvasElement }) => {
    const area = await xeroArea(canvasElement);
    await expect(
      area.getByText(
        'Xero sync failed: Xero answered 400: Account code 200 is not a valid code for this document.',
      ),
    ).toBeVisible();
    await expect(area.getByText('Trying again by itself at 17/03/2026 at 1:15 PM.')).toBeVisible();
    await expect(area.getByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

/** Given up on after a day of retries: only Retry sends it again. */
export const SyncGivenUp: Story = {
  ...pageWith(sophieSent, { ...failed, reason: 'Xero did not accept the change.', nextAttemptAt: null }),
  play: async ({ canvasElement }) => {
    const area = await xeroArea(canvasElement);
    await expect(area.getByText('Xero sync failed: Xero did not accept the change.')).toBeVisible();
    await expect(
      area.getByText('It is no longer tried by itself: press Retry once the cause is fixed.'),
    ).toBeVisible();
  },
};

/** Retry: the failed write is due now, so the area waits for Xero, and focus stays in the area. */
function retryWorld() {
  let retried = false;
  return {
    reset: () => {
      retried = false;
    },
    handlers: [
      http.post('/api/contact/:id/xero/retry', () => {
        retried = true;
        return HttpResponse.json({ ...notInXero, state: 'waiting' } satisfies QuoteXeroSync);
      }),
      ...quoteRequestAnswers(() => [
        sophieWith(sophieSent, retried ? { ...notInXero, state: 'waiting' } : failed),
      ]),
    ],
  };
}

const retrying = retryWorld();

/** Retry pressed: the area now waits for Xero, and focus goes to its heading as the button goes. */
export const RetryingAFailedSync: Story = {
  beforeEach: async () => {
    retrying.reset();
    return quoteRequestsAt({ quote: sophie.listItem.id })();
  },
  parameters: { msw: { handlers: retrying.handlers } },
  play: async ({ canvasElement }) => {
    const area = await xeroArea(canvasElement);
    await userEvent.click(area.getByRole('button', { name: 'Retry' }));
    await expect(await area.findByText('Waiting for Xero')).toBeVisible();
    await expect(area.queryByRole('button', { name: 'Retry' })).toBeNull();
    await expect(area.getByRole('heading', { name: 'Xero' })).toHaveFocus();
  },
};

/** Accepted and in Xero: one press asks Xero for a draft invoice. */
export const InvoiceButton: Story = {
  ...pageWith(sophieAccepted, { ...inXero, canCreateInvoice: true }),
  play: async ({ canvasElement }) => {
    const area = await xeroArea(canvasElement);
    await expect(area.getByText('In Xero: QU-0042')).toBeVisible();
    await expect(area.getByRole('button', { name: 'Create Invoice in Xero' })).toBeVisible();
  },
};

/** The invoice is in Xero: its number, and a link that opens it there in a new tab. */
export const InvoiceCreated: Story = {
  ...pageWith(sophieAccepted, {
    ...inXero,
    invoice: {
      state: 'created',
      number: 'INV-0007',
      url: 'https://go.xero.com/AccountsReceivable/View.aspx?InvoiceID=9b1f2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
    },
  }),
  play: async ({ canvasElement }) => {
    const area = await xeroArea(canvasElement);
    await expect(area.getByText('Invoice INV-0007')).toBeVisible();
    const link = area.getByRole('link', { name: 'Open in Xero' });
    await expect(link).toHaveAttribute(
      'href',
      'https://go.xero.com/AccountsReceivable/View.aspx?InvoiceID=9b1f2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
    );
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener');
    await expect(area.queryByRole('button', { name: 'Create Invoice in Xero' })).toBeNull();
  },
};

/** POST …/xero/invoice queues the invoice once; from then on GET …/xero says it waits for Xero. */
function invoiceWorld() {
  let asked = 0;
  const waiting: QuoteXeroSync = {
    ...inXero,
    state: 'waiting',
    invoice: { state: 'waiting', number: null, url: null },
  };
  return {
    reset: () => {
      asked = 0;
    },
    asked: () => asked,
    handlers: [
      http.post('/api/contact/:id/xero/invoice', () => {
        asked += 1;
        return HttpResponse.json(waiting, { status: asked === 1 ? 202 : 200 });
      }),
      ...quoteRequestAnswers(() => [
        sophieWith(sophieAccepted, asked > 0 ? waiting : { ...inXero, canCreateInvoice: true }),
      ]),
    ],
  };
}

const invoicing = invoiceWorld();

/**
 * 'Create Invoice in Xero' pressed twice in a row: one invoice is asked for, the area says it waits
 * for Xero, and focus goes to the area's heading as the button goes.
 */
export const CreatingTheInvoice: Story = {
  beforeEach: async () => {
    invoicing.reset();
    return quoteRequestsAt({ quote: sophie.listItem.id })();
  },
  parameters: { msw: { handlers: invoicing.handlers } },
  play: async ({ canvasElement }) => {
    const area = await xeroArea(canvasElement);
    await userEvent.dblClick(area.getByRole('button', { name: 'Create Invoice in Xero' }));
    await expect(await area.findByText('Invoice: waiting for Xero')).toBeVisible();
    await expect(area.queryByRole('button', { name: 'Create Invoice in Xero' })).toBeNull();
    await expect(area.getByRole('heading', { name: 'Xero' })).toHaveFocus();
    await expect(invoicing.asked()).toBe(1);
  },
};

/** Sending a draft while an organisation is chosen: the page reads Xero again and says it waits. */
function sendWorld() {
  let sent = false;
  const draft = pricedQuote(sophieLines, { status: 'draft', note: sophieSent.note });
  return {
    reset: () => {
      sent = false;
    },
    handlers: [
      http.post('/api/contact/:id/quote/send', () => {
        sent = true;
        return HttpResponse.json({
          version: 1,
          status: 'sent',
          validUntil: '2026-04-14',
        } satisfies SentQuote);
      }),
      ...quoteRequestAnswers(() => [
        sent ? sophieWith(sophieSent, { ...notInXero, state: 'waiting' }) : sophieWith(draft, notInXero),
      ]),
    ],
  };
}

const sending = sendWorld();

/** 'Send Quote' on a draft: once sent, the Xero area appears and says the quote waits for Xero. */
export const SendingQueuesForXero: Story = {
  beforeEach: async () => {
    sending.reset();
    return quoteRequestsAt({ quote: sophie.listItem.id })();
  },
  parameters: { msw: { handlers: sending.handlers } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('heading', { name: 'Quote: Draft' })).toBeVisible();
    await expect(page.queryByRole('heading', { name: 'Xero' })).toBeNull();
    await userEvent.click(page.getByRole('button', { name: 'Send Quote' }));
    const area = await xeroArea(canvasElement);
    await expect(await area.findByText('Waiting for Xero')).toBeVisible();
  },
};
