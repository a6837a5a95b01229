// @vitest-environment happy-dom

import { type QuoteRequest, toSubmission } from '@cleanquote/quote-core';
import {
  centsToDollarsText,
  DEFAULT_PRICE_LIST,
  durationText,
  estimateDurationMinutes,
  quoteLinesFor,
} from '@cleanquote/quote-core/staff';
import { validAnswers } from '@cleanquote/quote-core/test-fixtures';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteState, toasts } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import type { PriceListAnswer } from '../lib/price-list-query.ts';
import { createStaffQueryClient } from '../lib/query-client.ts';
import {
  jsonAnswer as json,
  type PreparedAnswers,
  type SentCall,
  stubStaffApi,
} from '../lib/staff-api.test-support.ts';
import { PricedQuoteSection } from './priced-quote-section.tsx';
import type { PricedQuote, QuotePreview, SentQuote } from './quote-request-queries.ts';

/*
 * The Quote section against a stand-in for the API's fetch, answering with bodies typed as the API's
 * own answers (a changed answer fails the type check here). The customer's side of a quote (accept,
 * ask for changes, decline) is served by the API's public pages; here its results are answered.
 */

let routes: PreparedAnswers = {};
let sent: SentCall[] = [];
/** The calls sent so far, as 'METHOD /path'. */
const calls = () => sent.map((each) => each.call);

beforeEach(() => {
  resetSiteState();
  ({ routes, sent } = stubStaffApi({}, 'This request has no quote yet.'));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const details = toSubmission(validAnswers('end-of-lease')) as QuoteRequest;
const request = { id: 'request-1', email: 'alex@example.com', details };
const lines = [
  { description: 'End of Lease Cleaning', quantity: 1, unitPriceCents: 25000, lineTotalCents: 25000 },
  { description: 'Bedrooms', quantity: 2, unitPriceCents: 6000, lineTotalCents: 12000 },
];
const sentAt = '2026-11-20T23:05:00.000Z';
const answeredAt = '2026-11-22T01:30:00.000Z';

function pricedQuote(changes: Partial<PricedQuote>): PricedQuote {
  return {
    version: 1,
    status: 'sent',
    lines,
    note: '',
    durationMinutes: 240,
    frequency: 'once',
    subtotalCents: 37000,
    discountPercent: 0,
    discountCents: 0,
    totalCents: 37000,
    gstCents: 3364,
    exGstCents: 33636,
    gstRegistered: true,
    createdAt: sentAt,
    updatedAt: sentAt,
    sentAt,
    validUntil: '2026-12-21',
    viewedAt: null,
    answeredAt: null,
    acceptedName: null,
    answerText: null,
    versions: [{ version: 1, status: 'sent', sentAt, totalCents: 37000 }],
    ...changes,
  };
}

const quotePath = 'GET /api/contact/request-1/quote';
const prices: PriceListAnswer = { ...DEFAULT_PRICE_LIST, gstRegistered: true };

function renderSection() {
  render(
    <QueryClientProvider client={createStaffQueryClient()}>
      <PricedQuoteSection quote={request} />
    </QueryClientProvider>,
  );
}

const section = async (name: string) => within(await screen.findByRole('region', { name }));

describe('a request’s Quote section', () => {
  it('without a quote: Prepare Quote opens the editor with the lines its answers price', async () => {
    routes['GET /api/prices'] = () => json(200, prices);
    renderSection();
    const quote = await section('Quote');
    const prepare = await quote.findByRole('button', { name: 'Prepare Quote' });
    await act(async () => fireEvent.click(prepare));
    const expected = quoteLinesFor(details, DEFAULT_PRICE_LIST);
    await waitFor(() =>
      expect(quote.getAllByRole('group', { name: /^Line \d+$/ })).toHaveLength(expected.length),
    );
    expected.forEach((line, index) => {
      const fields = within(quote.getByRole('group', { name: `Line ${index + 1}` }));
      expect((fields.getByLabelText('Description') as HTMLInputElement).value).toBe(line.description);
      expect((fields.getByLabelText('Quantity') as HTMLInputElement).value).toBe(String(line.quantity));
      expect((fields.getByLabelText('Unit price') as HTMLInputElement).value).toBe(
        centsToDollarsText(line.unitPriceCents),
      );
    });
    // The estimated time starts from the price list's times for the request's rooms.
    const estimate = estimateDurationMinutes(details, DEFAULT_PRICE_LIST);
    const time = quote.getByRole('spinbutton', { name: /^Estimated time/ }) as HTMLInputElement;
    expect(time.value).toBe(String(estimate));
    expect(
      time
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toContain(durationText(estimate));
    expect(document.activeElement).toBe(quote.getByRole('heading', { name: 'Prepare Quote' }));
  });

  it('accepted: who accepted and when, every version, and no more editing', async () => {
    routes[quotePath] = () =>
      json(
        200,
        pricedQuote({
          version: 2,
          status: 'accepted',
          answeredAt,
          acceptedName: 'Alex Citizen',
          versions: [
            { version: 1, status: 'superseded', sentAt, totalCents: 39000 },
            { version: 2, status: 'accepted', sentAt, totalCents: 37000 },
          ],
        }),
      );
    renderSection();
    const quote = await section('Quote: Accepted');
    expect(quote.getByText(`Accepted by Alex Citizen on ${formatMelbourneTime(answeredAt)}`)).toBeTruthy();
    expect(
      quote.getByText(`Version 1 — Superseded — sent ${formatMelbourneTime(sentAt)} — $390.00`),
    ).toBeTruthy();
    expect(
      quote.getByText(`Version 2 — Accepted — sent ${formatMelbourneTime(sentAt)} — $370.00`),
    ).toBeTruthy();
    expect(quote.getByText('Valid until 21/12/2026')).toBeTruthy();
    expect(quote.getByText('Estimated time:').textContent).toBe('Estimated time: 4 h');
    expect(quote.queryByRole('button', { name: 'Edit Quote' })).toBeNull();
    expect(
      quote.getByText('The customer accepted version 2, so the quote can no longer change.'),
    ).toBeTruthy();
  });

  it('a draft beside an accepted version can no longer be sent', async () => {
    routes[quotePath] = () =>
      json(
        200,
        pricedQuote({
          version: 2,
          status: 'draft',
          sentAt: null,
          validUntil: null,
          versions: [
            { version: 1, status: 'accepted', sentAt, totalCents: 37000 },
            { version: 2, status: 'draft', sentAt: null, totalCents: 37000 },
          ],
        }),
      );
    renderSection();
    const quote = await section('Quote: Accepted');
    expect(quote.queryByRole('button', { name: 'Send Quote' })).toBeNull();
    expect(quote.queryByRole('button', { name: 'Edit Quote' })).toBeNull();
  });

  it('changes asked for: the customer’s words, and editing drafts the next version', async () => {
    routes[quotePath] = () =>
      json(
        200,
        pricedQuote({ status: 'changes-requested', answeredAt, answerText: 'Can you skip the carpets?' }),
      );
    routes['GET /api/prices'] = () => json(200, prices);
    renderSection();
    const quote = await section('Quote: Changes requested');
    expect(quote.getByText(`Changes asked for on ${formatMelbourneTime(answeredAt)}:`)).toBeTruthy();
    expect(quote.getByText('Can you skip the carpets?')).toBeTruthy();
    await act(async () => fireEvent.click(quote.getByRole('button', { name: 'Edit Quote' })));
    expect(
      await quote.findByText(
        "Editing makes version 2; the customer's earlier link will show that the quote was updated.",
      ),
    ).toBeTruthy();
    expect(
      (within(quote.getByRole('group', { name: 'Line 2' })).getByLabelText('Unit price') as HTMLInputElement)
        .value,
    ).toBe('60.00');
    // The quote's own estimated time, not the price list's.
    expect((quote.getByRole('spinbutton', { name: /^Estimated time/ }) as HTMLInputElement).value).toBe(
      '240',
    );
  });

  it('a regular clean: how often, its discount and its total per visit, and the editor starts from them', async () => {
    routes[quotePath] = () =>
      json(
        200,
        pricedQuote({
          frequency: 'fortnightly',
          subtotalCents: 37000,
          discountPercent: 10,
          discountCents: 3700,
          totalCents: 33300,
          gstCents: 3027,
          exGstCents: 30273,
          versions: [{ version: 1, status: 'sent', sentAt, totalCents: 33300 }],
        }),
      );
    routes['GET /api/prices'] = () =>
      json(200, { ...prices, frequencyDiscountPercent: { weekly: 20, fortnightly: 12, 'four-weekly': 5 } });
    renderSection();
    const quote = await section('Quote: Sent');
    expect(quote.getByText('How often:').textContent).toBe('How often: Fortnightly');
    expect(document.querySelector('.quote-totals')?.textContent).toBe(
      'Subtotal$370.00Fortnightly discount (10%)−$37.00Total (incl. GST)$333.00 per visit, fortnightlyGST included$30.27',
    );
    await act(async () => fireEvent.click(quote.getByRole('button', { name: 'Edit Quote' })));
    const often = (await quote.findByRole('combobox', { name: 'How often' })) as HTMLSelectElement;
    expect(often.value).toBe('fortnightly');
    // Saving takes today's price list's percent: the editor shows that one.
    expect(document.querySelector('.quote-editor .quote-totals')?.textContent).toContain(
      'Fortnightly discount (12%)−$44.40',
    );
  });

  it('declined: with the customer’s reason', async () => {
    routes[quotePath] = () =>
      json(200, pricedQuote({ status: 'declined', answeredAt, answerText: 'Found a cheaper quote' }));
    renderSection();
    const quote = await section('Quote: Declined');
    expect(quote.getByText(`Declined by the customer on ${formatMelbourneTime(answeredAt)}`)).toBeTruthy();
    expect(quote.getByText('Reason: Found a cheaper quote')).toBeTruthy();
  });

  it('a draft is sent with Send Quote, and says until when it is valid', async () => {
    routes[quotePath] = () =>
      json(
        200,
        pricedQuote({
          status: 'draft',
          sentAt: null,
          validUntil: null,
          versions: [{ version: 1, status: 'draft', sentAt: null, totalCents: 37000 }],
        }),
      );
    const answer: SentQuote = { version: 1, status: 'sent', validUntil: '2026-12-25' };
    routes['POST /api/contact/request-1/quote/send'] = () => json(200, answer);
    renderSection();
    const quote = await section('Quote: Draft');
    expect(quote.getByText('Version 1, not sent yet')).toBeTruthy();
    expect(quote.getByText('Version 1 — Draft — not sent — $370.00')).toBeTruthy();
    await act(async () => fireEvent.click(quote.getByRole('button', { name: 'Send Quote' })));
    await waitFor(() => expect(toasts.value.at(-1)?.title).toBe('Quote sent'));
    expect(toasts.value.at(-1)?.description).toBe(
      'Version 1 is on its way to alex@example.com, valid until 25/12/2026.',
    );
    expect(calls().filter((call) => call.startsWith('POST'))).toEqual([
      'POST /api/contact/request-1/quote/send',
    ]);
  });

  it('a draft is previewed as the customer gets it, then sent from the preview asking nothing more', async () => {
    routes[quotePath] = () =>
      json(
        200,
        pricedQuote({
          status: 'draft',
          sentAt: null,
          validUntil: null,
          versions: [{ version: 1, status: 'draft', sentAt: null, totalCents: 37000 }],
        }),
      );
    const preview: QuotePreview = {
      page: '<!doctype html><html><body><h1>Your quote</h1></body></html>',
      mail: {
        subject: 'Your quote from Sparkle Clean (CQ-ABC123)',
        text: 'Hi Alex,\n\nView and accept your quote: https://clean.example/quote/link-made-when-sent',
        html: '<p>Hi Alex,</p>',
      },
    };
    routes['GET /api/contact/request-1/quote/preview'] = () => json(200, preview);
    routes['POST /api/contact/request-1/quote/send'] = () =>
      json(200, { version: 1, status: 'sent', validUntil: '2026-12-25' } satisfies SentQuote);
    renderSection();
    const quote = await section('Quote: Draft');
    await act(async () => fireEvent.click(quote.getByRole('button', { name: 'Preview' })));
    const dialog = within(await screen.findByRole('dialog', { name: 'Preview' }));
    expect(dialog.getByText('Your quote from Sparkle Clean (CQ-ABC123)')).toBeTruthy();
    // Each part in a frame that runs no script and follows no form or link.
    const mail = dialog.getByTitle("The quote's email") as HTMLIFrameElement;
    const page = dialog.getByTitle("The customer's quote page") as HTMLIFrameElement;
    expect(mail.getAttribute('srcdoc')).toBe(preview.mail.html);
    expect(page.getAttribute('srcdoc')).toBe(preview.page);
    expect([mail.getAttribute('sandbox'), page.getAttribute('sandbox')]).toEqual(['', '']);
    expect(dialog.getByText(/link-made-when-sent/)).toBeTruthy();
    // Previewing stored nothing.
    expect(calls().filter((call) => !call.startsWith('GET'))).toEqual([]);

    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Send Quote' })));
    await waitFor(() => expect(toasts.value.at(-1)?.title).toBe('Quote sent'));
    expect(calls().filter((call) => call.startsWith('POST'))).toEqual([
      'POST /api/contact/request-1/quote/send',
    ]);
  });

  it('the editor shows the request’s timing and special requests beside the lines', async () => {
    routes['GET /api/prices'] = () => json(200, prices);
    render(
      <QueryClientProvider client={createStaffQueryClient()}>
        <PricedQuoteSection
          quote={{ ...request, details: { ...details, urgency: 'this-week', specialRequests: 'Two cats.' } }}
        />
      </QueryClientProvider>,
    );
    const quote = await section('Quote');
    const prepare = await quote.findByRole('button', { name: 'Prepare Quote' });
    await act(async () => fireEvent.click(prepare));
    const wishes = within(await quote.findByRole('complementary', { name: 'The request' }));
    expect(wishes.getByText('Timing').nextElementSibling?.textContent).toBe('This week (within 7 days)');
    expect(wishes.getByText('Special requests').nextElementSibling?.textContent).toBe('Two cats.');
  });
});
