import {
  DEFAULT_PRICE_LIST,
  durationText,
  estimateDurationMinutes,
  formatAud,
  quoteLinesFor,
  quoteTotals,
} from '@cleanquote/quote-core/staff';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import type {
  PricedQuote,
  QuotePreview,
  SentQuote,
} from '../../sites/web/src/admin/quote-requests/quote-request-queries.ts';
import customerPages from '../site/customer-quote-page-rendered.ts?server-rendered';
import {
  pricedQuote,
  quoteOf,
  quoteRequestAnswers,
  quoteRequestsAt,
  requests,
  sophieAccepted,
  sophieLines,
  sophieSent,
  sophieWith,
} from './quote-request-fixtures.ts';
import { freshStaffPage, staffScreenParameters } from './staff-story-support.tsx';

/**
 * The Quote section of a request's page, where staff price a request, send the quote and follow
 * what the customer did with it: no quote yet, a draft, sent, viewed, accepted, changes asked for,
 * declined, expired, a newer version replacing an older one — and the editor that prices it.
 */
const meta = {
  title: 'Staff/Quote requests/Priced quote',
  component: AdminApp,
  decorators: [freshStaffPage],
  args: { screen: 'quote-requests' },
  parameters: staffScreenParameters,
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

const sophie = quoteOf('Sophie Chen');

/** Sophie's page with this priced quote; `handlers` answer before the inbox's. */
function pageWith(priced: PricedQuote | null, ...handlers: ReturnType<typeof http.post>[]): Partial<Story> {
  return {
    beforeEach: quoteRequestsAt({ quote: sophie.listItem.id }),
    parameters: { msw: { handlers: [...handlers, ...quoteRequestAnswers(() => [sophieWith(priced)])] } },
  };
}

/** The Quote section, once the priced quote was read. */
async function quoteSection(canvasElement: HTMLElement, heading: string) {
  const found = (await within(canvasElement).findByRole('heading', { level: 2, name: heading })).closest(
    'section',
  );
  if (!found) throw new Error(`The heading ${heading} is outside a section.`);
  return within(found);
}

/** The version list's entries, in words. */
function versionsOf(section: ReturnType<typeof within>): (string | null)[] {
  const list = section.getByText('Versions', { selector: 'h3' }).nextElementSibling;
  return [...(list?.querySelectorAll('li') ?? [])].map((entry) => entry.textContent);
}

const sophieDraft = pricedQuote(sophieLines, { status: 'draft', note: sophieSent.note });

/** Nothing priced yet: one press prices the request's answers from the price list. */
export const NoQuoteYet: Story = {
  ...pageWith(null),
  play: async ({ canvasElement }) => {
    const section = await quoteSection(canvasElement, 'Quote');
    await expect(
      await section.findByText(
        "No quote yet. 'Prepare Quote' prices this request's answers from the price list.",
      ),
    ).toBeVisible();
    await expect(section.getByRole('button', { name: 'Prepare Quote' })).toBeVisible();
  },
};

/**
 * 'Prepare Quote' opens the editor with one line per priced answer, the total as typed and the
 * estimated time from the price list's times, its hours beside it.
 */
export const PreparingAQuote: Story = {
  ...pageWith(null),
  play: async ({ canvasElement }) => {
    const section = await quoteSection(canvasElement, 'Quote');
    await userEvent.click(await section.findByRole('button', { name: 'Prepare Quote' }));
    const editor = within(await section.findByRole('form', { name: 'Prepare Quote' }));
    await expect(editor.getByRole('heading', { name: 'Prepare Quote' })).toHaveFocus();
    await expect(editor.getByText('Prices in dollars, GST inclusive.')).toBeVisible();
    const lines = quoteLinesFor(requests.sophie, DEFAULT_PRICE_LIST);
    await expect(editor.getAllByRole('group', { name: /^Line \d+$/ })).toHaveLength(lines.length);
    await expect(editor.getAllByRole('textbox', { name: 'Description' })[0]).toHaveValue('Oven Cleaning');
    const total = quoteTotals(lines, true);
    await expect(editor.getByText('Total (incl. GST)').nextElementSibling).toHaveTextContent(
      formatAud(total.totalCents),
    );
    await expect(editor.getByText('GST included').nextElementSibling).toHaveTextContent(
      formatAud(total.gstCents),
    );
    const estimate = estimateDurationMinutes(requests.sophie, DEFAULT_PRICE_LIST);
    const time = editor.getByRole('spinbutton', { name: /^Estimated time/ });
    await expect(time).toHaveValue(estimate);
    await expect(time).toHaveAccessibleDescription(expect.stringContaining(durationText(estimate)));
    for (const button of ['Save Draft', 'Send Quote', 'Cancel', 'Add line'])
      await expect(editor.getByRole('button', { name: button })).toBeVisible();
  },
};

/** Saved but not sent: the customer sees nothing yet; staff can still change it or send it. */
export const Draft: Story = {
  ...pageWith(sophieDraft),
  play: async ({ canvasElement }) => {
    const section = await quoteSection(canvasElement, 'Quote: Draft');
    await expect(section.getByText('Version 1, not sent yet')).toBeVisible();
    await expect(section.getByText('90cm oven, heavy build-up')).toBeVisible();
    await expect(section.getByText('1 × $249.00')).toBeVisible();
    await expect(section.getByText('Total (incl. GST)').nextElementSibling).toHaveTextContent('$294.00');
    await expect(section.getByText('GST included').nextElementSibling).toHaveTextContent('$26.73');
    await expect(section.getByRole('button', { name: 'Edit Quote' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Send Quote' })).toBeVisible();
    await expect(section.getByText('Estimated time:')).toHaveTextContent('Estimated time: 2 h');
    await expect(versionsOf(section)).toEqual(['Version 1 — Draft — not sent — $294.00']);
  },
};

/** Sent and waiting for the customer: when it went, until when it can be accepted, and the note. */
export const Sent: Story = {
  ...pageWith(sophieSent),
  play: async ({ canvasElement }) => {
    const section = await quoteSection(canvasElement, 'Quote: Sent');
    await expect(section.getByText(/^Version 1, sent 15\/03\/2026 at 9:10 AM/)).toBeVisible();
    await expect(section.getByText('Valid until 14/04/2026')).toBeVisible();
    await expect(section.getByRole('heading', { name: 'Note to the customer' })).toBeVisible();
    await expect(section.getByText('Price includes soaking the rangehood filters overnight.')).toBeVisible();
    await expect(section.queryByRole('button', { name: 'Send Quote' })).toBeNull();
    await expect(section.getByRole('button', { name: 'Edit Quote' })).toBeVisible();
  },
};

/** The customer opened the link: staff know it was read and can follow up. */
export const Viewed: Story = {
  ...pageWith({ ...sophieSent, status: 'viewed', viewedAt: '2026-03-16T08:32:00.000Z' }),
  play: async ({ canvasElement }) => {
    const section = await quoteSection(canvasElement, 'Quote: Viewed');
    await expect(section.getByText('Viewed by the customer on 16/03/2026 at 7:32 PM')).toBeVisible();
  },
};

/** Accepted online: settled, so it can no longer be edited. */
export const Accepted: Story = {
  ...pageWith(sophieAccepted),
  play: async ({ canvasElement }) => {
    const section = await quoteSection(canvasElement, 'Quote: Accepted');
    await expect(section.getByText('Accepted by Sophie Chen on 16/03/2026 at 7:40 PM')).toBeVisible();
    await expect(
      section.getByText('The customer accepted version 1, so the quote can no longer change.'),
    ).toBeVisible();
    await expect(section.queryByRole('button', { name: 'Edit Quote' })).toBeNull();
  },
};

/** The customer asked for a change: their words, for the next version. */
export const ChangesRequested: Story = {
  ...pageWith({
    ...sophieSent,
    status: 'changes-requested',
    answeredAt: '2026-03-16T08:40:00.000Z',
    answerText: 'Could you leave out the rangehood? Ours was replaced last month.',
  }),
  play: async ({ canvasElement }) => {
    const section = await quoteSection(canvasElement, 'Quote: Changes requested');
    await expect(section.getByText('Changes asked for on 16/03/2026 at 7:40 PM:')).toBeVisible();
    await expect(
      section.getByText('Could you leave out the rangehood? Ours was replaced last month.'),
    ).toBeVisible();
    await expect(section.getByRole('button', { name: 'Edit Quote' })).toBeVisible();
  },
};

/** The customer said no, and why. */
export const Declined: Story = {
  ...pageWith({
    ...sophieSent,
    status: 'declined',
    answeredAt: '2026-03-16T08:40:00.000Z',
    answerText: 'We found someone closer to home.',
  }),
  play: async ({ canvasElement }) => {
    const section = await quoteSection(canvasElement, 'Quote: Declined');
    await expect(section.getByText('Declined by the customer on 16/03/2026 at 7:40 PM')).toBeVisible();
    await expect(section.getByText('Reason: We found someone closer to home.')).toBeVisible();
  },
};

/** Not answered within its 30 days: expired; a new version can be sent. */
export const Expired: Story = {
  ...pageWith({
    ...sophieSent,
    status: 'expired',
    versions: [{ version: 1, status: 'expired', sentAt: sophieSent.sentAt, totalCents: 29_400 }],
  }),
  play: async ({ canvasElement }) => {
    const section = await quoteSection(canvasElement, 'Quote: Expired');
    await expect(section.getByText('Valid until 14/04/2026')).toBeVisible();
    await expect(versionsOf(section)).toEqual(['Version 1 — Expired — sent 15/03/2026 at 9:10 AM — $294.00']);
  },
};

/** A second version replaced the first: every version listed, the older one superseded. */
export const SupersededByANewVersion: Story = {
  ...pageWith(
    pricedQuote([{ description: '90cm oven, heavy build-up', quantity: 1, unitPriceCents: 24_900 }], {
      version: 2,
      status: 'sent',
      sentAt: '2026-03-16T23:00:00.000Z',
      validUntil: '2026-04-16',
      versions: [
        { version: 1, status: 'superseded', sentAt: '2026-03-14T22:10:00.000Z', totalCents: 29_400 },
        { version: 2, status: 'sent', sentAt: '2026-03-16T23:00:00.000Z', totalCents: 24_900 },
      ],
    }),
  ),
  play: async ({ canvasElement }) => {
    const section = await quoteSection(canvasElement, 'Quote: Sent');
    await expect(section.getByText(/^Version 2, sent 17\/03\/2026 at 10:00 AM/)).toBeVisible();
    await expect(versionsOf(section)).toEqual([
      'Version 1 — Superseded — sent 15/03/2026 at 9:10 AM — $294.00',
      'Version 2 — Sent — sent 17/03/2026 at 10:00 AM — $249.00',
    ]);
  },
};

/** Editing a sent quote makes the next version, and the editor says so before anything is saved. */
export const EditingASentQuote: Story = {
  ...pageWith(sophieSent),
  play: async ({ canvasElement }) => {
    const section = await quoteSection(canvasElement, 'Quote: Sent');
    await userEvent.click(section.getByRole('button', { name: 'Edit Quote' }));
    const editor = within(await section.findByRole('form', { name: 'Edit Quote' }));
    await expect(
      editor.getByText(
        "Editing makes version 2; the customer's earlier link will show that the quote was updated.",
      ),
    ).toBeVisible();
    await expect(editor.getByRole('textbox', { name: 'Note to the customer' })).toHaveValue(sophieSent.note);
  },
};

/** A quantity the server would refuse: the line says why, and nothing is sent (no request is answered here). */
export const InvalidQuantity: Story = {
  ...pageWith(sophieDraft),
  play: async ({ canvasElement }) => {
    const section = await quoteSection(canvasElement, 'Quote: Draft');
    await userEvent.click(section.getByRole('button', { name: 'Edit Quote' }));
    const editor = within(await section.findByRole('form', { name: 'Edit Quote' }));
    const quantity = editor.getAllByRole('textbox', { name: 'Quantity' })[0];
    if (!quantity) throw new Error('The editor has no line.');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    await expect(editor.getAllByText('Line total')[0]?.nextElementSibling).toHaveTextContent('—');
    await userEvent.click(editor.getByRole('button', { name: 'Save Draft' }));
    await expect(
      await editor.findByText('Line 1: the quantity is a whole number from 1 to 999'),
    ).toBeVisible();
    await expect(quantity).toHaveAttribute('aria-invalid', 'true');
    await expect(quantity).toHaveFocus();
  },
};

/** An estimated time outside 15 minutes to 12 hours: the field says so in the server's words. */
export const InvalidEstimatedTime: Story = {
  ...pageWith(sophieDraft),
  play: async ({ canvasElement }) => {
    const section = await quoteSection(canvasElement, 'Quote: Draft');
    await userEvent.click(section.getByRole('button', { name: 'Edit Quote' }));
    const editor = within(await section.findByRole('form', { name: 'Edit Quote' }));
    const time = editor.getByRole('spinbutton', { name: /^Estimated time/ });
    await expect(time).toHaveValue(120);
    await userEvent.clear(time);
    await userEvent.type(time, '800');
    await expect(time).toHaveAccessibleDescription(expect.stringContaining('—'));
    await userEvent.click(editor.getByRole('button', { name: 'Save Draft' }));
    await expect(
      await editor.findByText('The estimated time is a whole number of minutes from 15 to 720'),
    ).toBeVisible();
    await expect(time).toHaveAttribute('aria-invalid', 'true');
    await expect(time).toHaveFocus();
  },
};

/** The draft is on its way to the server: the button says Saving... */
export const SavingADraft: Story = {
  ...pageWith(
    sophieDraft,
    http.put('/api/contact/:id/quote', async () => {
      await delay('infinite');
      return HttpResponse.json(sophieDraft);
    }),
  ),
  play: async ({ canvasElement }) => {
    const section = await quoteSection(canvasElement, 'Quote: Draft');
    await userEvent.click(section.getByRole('button', { name: 'Edit Quote' }));
    const editor = within(await section.findByRole('form', { name: 'Edit Quote' }));
    await userEvent.type(
      editor.getByRole('textbox', { name: 'Note to the customer' }),
      ' Thursday after 10.',
    );
    await userEvent.click(editor.getByRole('button', { name: 'Save Draft' }));
    await expect(await editor.findByRole('button', { name: 'Saving...' })).toBeVisible();
  },
};

/**
 * Sophie's draft, which 'Send Quote' sends: the server answers with the version and its valid-until
 * date, and the quote reads as sent from then on.
 */
function sendWorld() {
  let sent = false;
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
      ...quoteRequestAnswers(() => [sophieWith(sent ? sophieSent : sophieDraft)]),
    ],
  };
}

const sending = sendWorld();

/** What the server's preview of Sophie's draft answers: its page by the server's own renderer. */
const sophiePreview: QuotePreview = {
  page: customerPages.sent ?? '',
  mail: {
    subject: 'Your quote from Sparkle Clean (CQ-B7FX2NRJ)',
    text: 'Hi Sophie,\n\nView and accept your quote: https://clean.example/quote/link-made-when-sent',
    html: '<!doctype html><html><body><p>Hi Sophie,</p><p>Total (incl. GST): $294.00</p></body></html>',
  },
};
const previewing = sendWorld();

/** 'Preview' on a draft: the email and the page as Sophie will get them, and 'Send Quote' beside. */
export const PreviewingTheDraft: Story = {
  beforeEach: async () => {
    previewing.reset();
    return quoteRequestsAt({ quote: sophie.listItem.id })();
  },
  parameters: {
    msw: {
      handlers: [
        http.get('/api/contact/:id/quote/preview', () => HttpResponse.json(sophiePreview)),
        ...previewing.handlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const section = await quoteSection(canvasElement, 'Quote: Draft');
    await userEvent.click(section.getByRole('button', { name: 'Preview' }));
    const body = within(canvasElement.ownerDocument.body);
    const dialog = within(await body.findByRole('dialog', { name: 'Preview' }));
    await expect(dialog.getByText('Your quote from Sparkle Clean (CQ-B7FX2NRJ)')).toBeVisible();
    await expect(dialog.getByTitle("The quote's email")).toHaveAttribute('srcdoc', sophiePreview.mail.html);
    await expect(sophiePreview.page).toContain('Accept Quote');
    await expect(dialog.getByTitle("The customer's quote page")).toHaveAttribute(
      'srcdoc',
      sophiePreview.page,
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Send Quote' }));
    await expect(await body.findByText('Quote sent')).toBeVisible();
  },
};

/** 'Send Quote' on a draft: staff are told it is on its way and until when it holds. */
export const SendingTheDraft: Story = {
  beforeEach: async () => {
    sending.reset();
    return quoteRequestsAt({ quote: sophie.listItem.id })();
  },
  parameters: { msw: { handlers: sending.handlers } },
  play: async ({ canvasElement }) => {
    const section = await quoteSection(canvasElement, 'Quote: Draft');
    await userEvent.click(section.getByRole('button', { name: 'Send Quote' }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText('Quote sent')).toBeVisible();
    await expect(
      body.getByText('Version 1 is on its way to sophie.chen@example.com.au, valid until 14/04/2026.'),
    ).toBeVisible();
    await expect(await within(canvasElement).findByRole('heading', { name: 'Quote: Sent' })).toBeVisible();
  },
};
