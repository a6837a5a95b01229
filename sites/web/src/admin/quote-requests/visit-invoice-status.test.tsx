// @vitest-environment happy-dom
import { DEFAULT_SCHEDULE_SETTINGS } from '@cleanquote/quote-core/staff';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteState } from '../../state/site-state.ts';
import { createStaffQueryClient } from '../lib/query-client.ts';
import {
  jsonAnswer as json,
  type PreparedAnswers,
  type SentCall,
  stubStaffApi,
} from '../lib/staff-api.test-support.ts';
import type { QuoteVisit } from '../lib/visit-queries.ts';
import { quoteDetailQuery } from './quote-request-queries.ts';
import { VisitSection } from './visit-section.tsx';

/*
 * The Visit section's completion: 'Mark as completed' with an optional time it finished, and the
 * completed visit's invoice in Xero (its number, waiting, or failed with Retry), against a
 * stand-in for the API's fetch answering with bodies typed as the API's own.
 */

let routes: PreparedAnswers = {};
let sent: SentCall[] = [];
let client: QueryClient;
let current: QuoteVisit | null = null;

const quoteId = 'request-1';
const base = `/api/contact/${quoteId}`;

/** Wednesday 2 December 2026, 8:00–10:00 am (+11:00), Team 1. */
const booked: QuoteVisit = {
  id: 'visit-1',
  quoteRequestId: quoteId,
  reference: 'CQ-7KX4M2QH',
  start: '2026-12-01T21:00:00.000Z',
  end: '2026-12-01T23:00:00.000Z',
  durationMinutes: 180,
  teamId: 'team-1',
  teamName: 'Team 1',
  status: 'booked',
  kind: 'clean',
  seriesId: null,
  occurrenceStart: null,
  completedAt: null,
  customerName: 'Priya Sharma',
  suburb: 'South Yarra',
  service: 'regular-clean',
  invoice: null,
};
const completed = (invoice: QuoteVisit['invoice']): QuoteVisit => ({
  ...booked,
  status: 'completed',
  completedAt: '2026-12-02T00:40:00.000Z',
  invoice,
});

beforeEach(() => {
  resetSiteState();
  ({ routes, sent } = stubStaffApi({
    [`GET ${base}/visit`]: () =>
      json(200, { visit: current, series: null, visits: current ? [current] : [] }),
    'GET /api/schedule/settings': () =>
      json(200, { ...DEFAULT_SCHEDULE_SETTINGS, teams: [{ id: 'team-1', name: 'Team 1', active: true }] }),
  }));
  client = createStaffQueryClient();
  current = null;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderSection() {
  client.setQueryData(quoteDetailQuery(quoteId).queryKey, null);
  render(
    <QueryClientProvider client={client}>
      <VisitSection quoteId={quoteId} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(screen.queryByText('Loading the visit…')).toBeNull());
}

const section = () => within(screen.getByRole('region', { name: 'Visit' }));
const press = async (name: string, where = section()) =>
  act(async () => fireEvent.click(where.getByRole('button', { name })));
const bodiesOf = (call: string) => sent.filter((each) => each.call === call).map((each) => each.body);
const dialog = async () => within(await screen.findByRole('dialog', { name: 'Mark as completed' }));
const type = async (where: ReturnType<typeof within>, label: string, value: string) =>
  act(async () => fireEvent.change(where.getByLabelText(label), { target: { value } }));

describe('Mark as completed', () => {
  it('sends the Melbourne time it finished, when staff give one', async () => {
    current = booked;
    routes['PATCH /api/visits/visit-1'] = () => {
      current = completed({ status: 'waiting', number: null, error: null, jobId: 'job-1' });
      return json(200, current);
    };
    await renderSection();
    await press('Mark as completed');
    const form = await dialog();
    await type(form, 'Date', '2026-12-02');
    await type(form, 'Time', '11:40');
    await press('Mark as completed', form);
    expect(bodiesOf('PATCH /api/visits/visit-1')).toEqual([
      { status: 'completed', completedAt: '2026-12-02T11:40:00.000+11:00' },
    ]);
    expect(await section().findByText('Waiting for Xero')).toBeTruthy();
  });

  it('asks for both the date and the time, or neither', async () => {
    current = booked;
    await renderSection();
    await press('Mark as completed');
    const form = await dialog();
    await type(form, 'Date', '2026-12-02');
    await press('Mark as completed', form);
    expect(form.getByRole('alert').textContent).toBe(
      'Enter both the date and the time it finished, or neither for now.',
    );
    expect(bodiesOf('PATCH /api/visits/visit-1')).toEqual([]);
  });

  it("tells the server's refusal of a time in the future beside the fields", async () => {
    current = booked;
    routes['PATCH /api/visits/visit-1'] = () =>
      json(400, {
        error: 'Please check completedAt.',
        fields: { completedAt: 'Use a time that has passed, not one in the future' },
        requestId: 'test',
      });
    await renderSection();
    await press('Mark as completed');
    const form = await dialog();
    await type(form, 'Date', '2026-12-30');
    await type(form, 'Time', '09:00');
    await press('Mark as completed', form);
    expect(bodiesOf('PATCH /api/visits/visit-1')).toHaveLength(1);
    expect((await form.findByRole('alert')).textContent).toBe(
      'Use a time that has passed, not one in the future.',
    );
    expect(section().getByText('Booked')).toBeTruthy();
  });
});

describe("the completed visit's invoice", () => {
  it('names the invoice once it is in Xero', async () => {
    current = completed({ status: 'done', number: 'INV-0042', error: null, jobId: 'job-1' });
    await renderSection();
    expect(section().getByRole('status').textContent).toBe('Invoice INV-0042 in Xero');
    expect(section().queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it("shows why it failed, and Retry asks Xero again through the quote's retry", async () => {
    current = completed({ status: 'failed', number: null, error: 'Xero answered 503', jobId: 'job-1' });
    routes[`POST ${base}/xero/retry`] = () => {
      current = completed({ status: 'waiting', number: null, error: null, jobId: 'job-1' });
      return json(200, {
        state: 'waiting',
        quoteNumber: 'QU-0001',
        reason: null,
        nextAttemptAt: null,
        invoice: { state: 'none', number: null, url: null },
        canCreateInvoice: false,
      });
    };
    await renderSection();
    expect(section().getByRole('status').textContent).toBe('Invoice not in Xero: Xero answered 503');
    await press('Retry');
    expect(bodiesOf(`POST ${base}/xero/retry`)).toHaveLength(1);
    await waitFor(() => expect(section().getByRole('status').textContent).toBe('Waiting for Xero'));
    expect(section().queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('is read again while it waits for Xero, until it is there', async () => {
    current = completed({ status: 'waiting', number: null, error: null, jobId: 'job-1' });
    await renderSection();
    expect(section().getByRole('status').textContent).toBe('Waiting for Xero');
    current = completed({ status: 'done', number: 'INV-0042', error: null, jobId: 'job-1' });
    await waitFor(() => expect(section().getByRole('status').textContent).toBe('Invoice INV-0042 in Xero'), {
      timeout: 5_000,
    });
  });
});
