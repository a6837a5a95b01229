// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteState, toasts } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import { createStaffQueryClient } from '../lib/query-client.ts';
import {
  jsonAnswer as json,
  type PreparedAnswers,
  type SentCall,
  stubStaffApi,
} from '../lib/staff-api.test-support.ts';
import { type QuoteXeroSync, XERO_POLL_MS, xeroQuoteQuery, xeroWorkPending } from './xero-quote-queries.ts';
import { XeroQuoteSync } from './xero-quote-sync.tsx';

/*
 * The Quote section's Xero area against a stand-in for the API's fetch, answering with bodies typed
 * as the API's own answer (a changed answer fails the type check here).
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

const READ = 'GET /api/contact/request-1/xero';
const INVOICE = 'POST /api/contact/request-1/xero/invoice';
const RETRY = 'POST /api/contact/request-1/xero/retry';

const off: QuoteXeroSync = {
  state: 'off',
  quoteNumber: null,
  reason: null,
  nextAttemptAt: null,
  invoice: { state: 'none', number: null, url: null },
  canCreateInvoice: false,
};
const inXero: QuoteXeroSync = { ...off, state: 'in-xero', quoteNumber: 'QU-0042' };
const nextAttemptAt = '2026-11-23T01:15:00.000Z';
const failed: QuoteXeroSync = {
  ...off,
  state: 'failed',
  reason: 'Xero is unavailable (503).',
  nextAttemptAt,
};
const invoiceUrl = 'https://go.xero.com/AccountsReceivable/View.aspx?InvoiceID=inv-7';

function renderArea(answer: QuoteXeroSync) {
  routes[READ] = () => json(200, answer);
  render(
    <QueryClientProvider client={createStaffQueryClient()}>
      <XeroQuoteSync quoteId="request-1" />
    </QueryClientProvider>,
  );
}

const heading = () => screen.findByRole('heading', { level: 3, name: 'Xero' });
const press = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};

describe('the Quote section’s Xero area', () => {
  it('shows nothing while nothing went to Xero, yet keeps its live region for what comes', async () => {
    renderArea(off);
    await waitFor(() => expect(calls()).toContain(READ));
    await act(async () => {});
    expect(screen.queryByRole('heading', { name: 'Xero' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
  });

  it('shows nothing for a request without a priced quote (404)', async () => {
    render(
      <QueryClientProvider client={createStaffQueryClient()}>
        <XeroQuoteSync quoteId="request-1" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(calls()).toContain(READ));
    await act(async () => {});
    expect(screen.queryByRole('heading', { name: 'Xero' })).toBeNull();
    expect(toasts.value).toEqual([]);
  });

  it('waiting: Waiting for Xero, announced politely, with no buttons', async () => {
    renderArea({ ...off, state: 'waiting' });
    await heading();
    expect(screen.getByRole('status').textContent).toBe('Waiting for Xero');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('in Xero: its quote number', async () => {
    renderArea(inXero);
    await heading();
    expect(screen.getByText('In Xero: QU-0042')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('failed: why, when it is tried again by itself, and Retry', async () => {
    renderArea(failed);
    await heading();
    expect(screen.getByText('Xero sync failed: Xero is unavailable (503).')).toBeTruthy();
    expect(screen.getByText(`Trying again by itself at ${formatMelbourneTime(nextAttemptAt)}.`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('failed and given up on: only Retry sends it again', async () => {
    renderArea({ ...failed, nextAttemptAt: null });
    await heading();
    expect(
      screen.getByText('It is no longer tried by itself: press Retry once the cause is fixed.'),
    ).toBeTruthy();
  });

  it('accepted: Create Invoice in Xero', async () => {
    renderArea({ ...inXero, canCreateInvoice: true });
    await heading();
    expect(screen.getByText('In Xero: QU-0042')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Invoice in Xero' })).toBeTruthy();
  });

  it('an accepted quote sent before Xero was chosen still offers the invoice', async () => {
    renderArea({ ...off, canCreateInvoice: true });
    await heading();
    expect(screen.getByRole('button', { name: 'Create Invoice in Xero' })).toBeTruthy();
  });

  it('invoice waiting: Invoice: waiting for Xero, and no second button', async () => {
    renderArea({ ...inXero, state: 'waiting', invoice: { state: 'waiting', number: null, url: null } });
    await heading();
    expect(screen.getByText('Invoice: waiting for Xero')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Invoice in Xero' })).toBeNull();
  });

  it('invoice created: its number and Open in Xero in a new tab', async () => {
    renderArea({ ...inXero, invoice: { state: 'created', number: 'INV-0007', url: invoiceUrl } });
    await heading();
    expect(screen.getByText('Invoice INV-0007')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Open in Xero' });
    expect(link.getAttribute('href')).toBe(invoiceUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
  });

  it('Create Invoice in Xero pressed twice sends once, then says the invoice waits and focuses the heading', async () => {
    let answer!: (response: Response) => void;
    routes[INVOICE] = () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      });
    renderArea({ ...inXero, canCreateInvoice: true });
    await heading();
    const button = screen.getByRole('button', { name: 'Create Invoice in Xero' });
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    await act(async () => fireEvent.click(button));
    expect(calls().filter((call) => call === INVOICE)).toHaveLength(1);

    await act(async () =>
      answer(
        json(202, { ...inXero, state: 'waiting', invoice: { state: 'waiting', number: null, url: null } }),
      ),
    );
    expect(await screen.findByText('Invoice: waiting for Xero')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Invoice in Xero' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Xero' }));
  });

  it('Create Invoice in Xero refused: the server’s reason is toasted and the button stays', async () => {
    routes[INVOICE] = () =>
      json(409, {
        error: 'Choose the organisation that receives quotes and invoices on the Xero screen first.',
      });
    renderArea({ ...off, canCreateInvoice: true });
    await heading();
    await press('Create Invoice in Xero');
    await waitFor(() => expect(toasts.value.at(-1)?.title).toBe('Invoice Not Created'));
    expect(toasts.value.at(-1)?.description).toBe(
      'Choose the organisation that receives quotes and invoices on the Xero screen first.',
    );
    expect(screen.getByRole('button', { name: 'Create Invoice in Xero' })).toBeTruthy();
  });

  it('Retry: the failed write is due now, so the area waits for Xero', async () => {
    routes[RETRY] = () => json(200, { ...off, state: 'waiting' });
    renderArea(failed);
    await heading();
    await press('Retry');
    expect(await screen.findByText('Waiting for Xero')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Xero' }));
    expect(calls().filter((call) => call === RETRY)).toHaveLength(1);
  });

  it('Retry failing again keeps Retry, and focus on it', async () => {
    routes[RETRY] = () => json(200, { ...failed, reason: 'Xero is still unavailable (503).' });
    renderArea(failed);
    await heading();
    const retry = screen.getByRole('button', { name: 'Retry' });
    retry.focus();
    await press('Retry');
    expect(await screen.findByText('Xero sync failed: Xero is still unavailable (503).')).toBeTruthy();
    expect(document.activeElement).toBe(retry);
  });
});

describe('polling GET /api/contact/:id/xero', () => {
  const interval = (sync: QuoteXeroSync | null) => {
    const { refetchInterval } = xeroQuoteQuery('request-1');
    if (typeof refetchInterval !== 'function') throw new Error('The interval depends on the answer.');
    // Only the answer is read; the rest of the query is not.
    return refetchInterval({ state: { data: sync } } as Parameters<typeof refetchInterval>[0]);
  };

  it('every 2 s while something waits for Xero, or a failed write will be tried again', () => {
    expect(interval({ ...off, state: 'waiting' })).toBe(2_000);
    expect(interval({ ...inXero, invoice: { state: 'waiting', number: null, url: null } })).toBe(2_000);
    expect(interval(failed)).toBe(2_000);
  });

  it('not once it has settled, failed for good, or there is nothing', () => {
    expect(interval(off)).toBe(false);
    expect(interval(inXero)).toBe(false);
    expect(interval({ ...inXero, invoice: { state: 'created', number: 'INV-0007', url: invoiceUrl } })).toBe(
      false,
    );
    expect(interval({ ...failed, nextAttemptAt: null })).toBe(false);
    expect(interval(null)).toBe(false);
    expect(xeroWorkPending(undefined)).toBe(false);
  });

  it('reads again while waiting, and stops once Xero has the quote', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let reads = 0;
      routes[READ] = () => {
        reads += 1;
        return json(200, reads < 3 ? { ...off, state: 'waiting' } : inXero);
      };
      render(
        <QueryClientProvider client={createStaffQueryClient()}>
          <XeroQuoteSync quoteId="request-1" />
        </QueryClientProvider>,
      );
      expect(await screen.findByText('Waiting for Xero')).toBeTruthy();
      await act(async () => vi.advanceTimersByTimeAsync(XERO_POLL_MS));
      await act(async () => vi.advanceTimersByTimeAsync(XERO_POLL_MS));
      expect(await screen.findByText('In Xero: QU-0042')).toBeTruthy();
      const settled = reads;
      await act(async () => vi.advanceTimersByTimeAsync(XERO_POLL_MS * 3));
      expect(reads).toBe(settled);
    } finally {
      vi.useRealTimers();
    }
  });
});
