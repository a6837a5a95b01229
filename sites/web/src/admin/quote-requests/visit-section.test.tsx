// @vitest-environment happy-dom
import { DEFAULT_SCHEDULE_SETTINGS } from '@cleanquote/quote-core/staff';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteState, toasts } from '../../state/site-state.ts';
import { createStaffQueryClient } from '../lib/query-client.ts';
import type { ScheduleSettingsAnswer, ScheduleTeam } from '../lib/schedule-teams-query.ts';
import {
  jsonAnswer as json,
  type PreparedAnswers,
  type SentCall,
  stubStaffApi,
} from '../lib/staff-api.test-support.ts';
import type { OfferedSlots, QuoteVisit } from '../lib/visit-queries.ts';
import { quoteDetailQuery } from './quote-request-queries.ts';
import { VisitSection } from './visit-section.tsx';

/*
 * A request's Visit section against a stand-in for the API's fetch, answering with bodies typed as
 * the API's own answers: a phone booking from the offered times, a time the customer's rules would
 * not give placed after staff confirm the clash, a move, a cancellation and a visit completed.
 */

let routes: PreparedAnswers = {};
let sent: SentCall[] = [];
let client: QueryClient;
/** The request's visit as the stand-in server holds it: GET …/visit answers it, a change sets it. */
let current: QuoteVisit | null = null;
/** Answers a change with this visit and keeps it as the request's visit. */
const changedTo = (visit: QuoteVisit, status = 200) => {
  current = visit;
  return json(status, visit);
};

const quoteId = 'request-1';
const base = `/api/contact/${quoteId}`;
const teams: ScheduleTeam[] = [
  { id: 'team-1', name: 'Team 1', active: true },
  { id: 'team-2', name: 'Team 2', active: true },
];

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
};

/** Two days of offered windows: Wednesday 2 (8:00, 10:00) and Thursday 3 December (8:00). */
const offered: OfferedSlots = {
  durationMinutes: 180,
  slots: [
    {
      start: '2026-12-01T21:00:00.000Z',
      end: '2026-12-01T23:00:00.000Z',
      label: 'Wed 2 Dec, arrive 8:00–10:00 am',
    },
    {
      start: '2026-12-01T23:00:00.000Z',
      end: '2026-12-02T01:00:00.000Z',
      label: 'Wed 2 Dec, arrive 10:00 am–12:00 pm',
    },
    {
      start: '2026-12-02T21:00:00.000Z',
      end: '2026-12-02T23:00:00.000Z',
      label: 'Thu 3 Dec, arrive 8:00–10:00 am',
    },
  ],
};

const taken = {
  error: 'No team is free at that time. Send override: true to place it anyway.',
  reason: 'taken',
  requestId: 'test',
};

beforeEach(() => {
  resetSiteState();
  ({ routes, sent } = stubStaffApi({
    [`GET ${base}/visit`]: () => json(200, { visit: current }),
    [`GET ${base}/slots`]: () => json(200, offered),
    'GET /api/schedule/settings': () =>
      json(200, { ...DEFAULT_SCHEDULE_SETTINGS, teams } satisfies ScheduleSettingsAnswer),
  }));
  client = createStaffQueryClient();
  current = null;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders the section and waits for its visit to be read. */
async function renderSection() {
  // The request's page is in the cache, as it is when its page shows the section.
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
/** Chooses an offered time, once the form has read them. */
async function chooseTime(form: ReturnType<typeof within>, day: string, time: string) {
  const radio = within(await form.findByRole('group', { name: day })).getByRole('radio', { name: time });
  await act(async () => fireEvent.click(radio));
}
/** The bodies sent to this call, in order. */
const bodiesOf = (call: string) => sent.filter((each) => each.call === call).map((each) => each.body);
const historyIsStale = () => client.getQueryState(quoteDetailQuery(quoteId).queryKey)?.isInvalidated;

describe('a request’s Visit section', () => {
  it('books a visit by phone from the offered times, grouped by day, and refreshes the history', async () => {
    routes[`POST ${base}/visit`] = () =>
      changedTo(
        { ...booked, start: offered.slots[1]?.start as string, end: offered.slots[1]?.end as string },
        201,
      );
    await renderSection();
    expect(await section().findByText('No visit booked yet.')).toBeTruthy();
    await press('Book a visit');
    const form = within(section().getByRole('form', { name: 'Book a visit' }));
    expect(document.activeElement).toBe(form.getByRole('heading', { name: 'Book a visit' }));
    await form.findByRole('group', { name: 'Wednesday 2 December' });
    expect(
      form.getByText('The times the customer would be offered for a 3 h clean.', { exact: false }),
    ).toBeTruthy();
    const wednesday = within(form.getByRole('group', { name: 'Wednesday 2 December' }));
    expect(wednesday.getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual([
      'Arrive 8:00–10:00 am',
      'Arrive 10:00 am–12:00 pm',
    ]);
    expect(
      within(form.getByRole('group', { name: 'Thursday 3 December' })).getAllByRole('radio'),
    ).toHaveLength(1);

    // Nothing chosen: the form says so and sends nothing.
    await press('Book a visit', form);
    expect(form.getByRole('alert').textContent).toBe('Choose a time, or another date and time.');
    expect(bodiesOf(`POST ${base}/visit`)).toEqual([]);

    await act(async () =>
      fireEvent.click(wednesday.getByRole('radio', { name: 'Arrive 10:00 am–12:00 pm' })),
    );
    await press('Book a visit', form);
    expect(bodiesOf(`POST ${base}/visit`)).toEqual([{ start: offered.slots[1]?.start }]);
    expect(
      await section().findByText('Wednesday 2 December 2026, arriving between 10:00 am and 12:00 pm'),
    ).toBeTruthy();
    expect(toasts.value.at(-1)?.title).toBe('Visit booked');
    expect(historyIsStale()).toBe(true);
    await waitFor(() =>
      expect(document.activeElement).toBe(section().getByRole('heading', { name: 'Visit' })),
    );
  });

  it('a time no team is free for: the server’s words, then Book anyway sends it with the override', async () => {
    let posts = 0;
    routes[`POST ${base}/visit`] = () =>
      ++posts === 1 ? json(409, taken) : changedTo({ ...booked, teamId: 'team-2', teamName: 'Team 2' }, 201);
    await renderSection();
    await press('Book a visit', section());
    const form = within(section().getByRole('form', { name: 'Book a visit' }));
    await chooseTime(form, 'Wednesday 2 December', 'Arrive 8:00–10:00 am');
    await act(async () => fireEvent.change(form.getByLabelText('Team'), { target: { value: 'team-2' } }));
    await press('Book a visit', form);

    const confirm = within(await screen.findByRole('alertdialog', { name: 'That time is not offered' }));
    expect(confirm.getByText('No team is free at that time.')).toBeTruthy();
    expect(screen.getByRole('alertdialog').textContent).not.toContain('override');
    expect(screen.queryByText(/arriving between/)).toBeNull();

    await press('Book anyway', confirm);
    expect(bodiesOf(`POST ${base}/visit`)).toEqual([
      { start: booked.start, teamId: 'team-2' },
      { start: booked.start, teamId: 'team-2', override: true },
    ]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await section().findByText('Team 2')).toBeTruthy();
    expect(toasts.value.at(-1)?.title).toBe('Visit booked');
  });

  it('moves a visit to a date and time typed in, with Melbourne’s offset of that day, after Move anyway', async () => {
    current = booked;
    let patches = 0;
    routes['PATCH /api/visits/visit-1'] = () =>
      ++patches === 1
        ? json(409, {
            error: 'That time is outside the working hours. Send override: true to place it anyway.',
            reason: 'outside-hours',
            requestId: 'test',
          })
        : changedTo({ ...booked, start: '2026-10-03T20:00:00.000Z', end: '2026-10-03T22:00:00.000Z' });
    await renderSection();
    expect(
      await section().findByText('Wednesday 2 December 2026, arriving between 8:00 and 10:00 am'),
    ).toBeTruthy();
    await press('Move visit');
    const form = within(section().getByRole('form', { name: 'Move visit' }));
    await act(async () => fireEvent.click(form.getByRole('radio', { name: 'Another date and time' })));
    // It starts from the visit's own date and time.
    expect((form.getByLabelText('Date') as HTMLInputElement).value).toBe('2026-12-02');
    expect((form.getByLabelText('Arrival from (Melbourne time)') as HTMLInputElement).value).toBe('08:00');
    // Sunday 4 October 2026, the first day of daylight saving: 7:00 is +11:00.
    await act(async () => fireEvent.change(form.getByLabelText('Date'), { target: { value: '2026-10-04' } }));
    await act(async () =>
      fireEvent.change(form.getByLabelText('Arrival from (Melbourne time)'), { target: { value: '07:00' } }),
    );
    await press('Move visit', form);
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(confirm.getByText('That time is outside the working hours.')).toBeTruthy();
    await press('Move anyway', confirm);
    expect(bodiesOf('PATCH /api/visits/visit-1')).toEqual([
      { start: '2026-10-04T07:00:00.000+11:00' },
      { start: '2026-10-04T07:00:00.000+11:00', override: true },
    ]);
    expect(
      await section().findByText('Sunday 4 October 2026, arriving between 7:00 and 9:00 am'),
    ).toBeTruthy();
    expect(toasts.value.at(-1)?.title).toBe('Visit moved');
    expect(historyIsStale()).toBe(true);
  });

  it('Choose another time closes the confirmation and sends nothing more', async () => {
    routes[`POST ${base}/visit`] = () => json(409, taken);
    await renderSection();
    await press('Book a visit', section());
    const form = within(section().getByRole('form', { name: 'Book a visit' }));
    await chooseTime(form, 'Wednesday 2 December', 'Arrive 8:00–10:00 am');
    await press('Book a visit', form);
    await press('Choose another time', within(await screen.findByRole('alertdialog')));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bodiesOf(`POST ${base}/visit`)).toHaveLength(1);
    expect(section().getByRole('form', { name: 'Book a visit' })).toBeTruthy();
  });

  it('a refusal that is no clash (already booked meanwhile) is told, with no Book anyway', async () => {
    routes[`POST ${base}/visit`] = () =>
      json(409, {
        error: 'This request already has a visit booked: move it instead.',
        reason: 'already-booked',
        requestId: 'test',
      });
    await renderSection();
    await press('Book a visit', section());
    const form = within(section().getByRole('form', { name: 'Book a visit' }));
    await chooseTime(form, 'Wednesday 2 December', 'Arrive 8:00–10:00 am');
    await press('Book a visit', form);
    await waitFor(() =>
      expect(toasts.value.at(-1)?.description).toBe(
        'This request already has a visit booked: move it instead.',
      ),
    );
    expect(toasts.value.at(-1)?.title).toBe('Visit not booked');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('cancels with a reason after confirming: the time is free, Book a visit comes back', async () => {
    current = booked;
    routes['PATCH /api/visits/visit-1'] = () => changedTo({ ...booked, status: 'cancelled' });
    await renderSection();
    await press('Cancel visit', section());
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel visit' }));
    await act(async () =>
      fireEvent.change(dialog.getByLabelText('Reason (optional)'), {
        target: { value: 'Moving interstate' },
      }),
    );
    await press('Cancel visit', dialog);
    expect(bodiesOf('PATCH /api/visits/visit-1')).toEqual([
      { status: 'cancelled', reason: 'Moving interstate' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(section().getByText('Cancelled')).toBeTruthy();
    expect(section().getByRole('button', { name: 'Book a visit' })).toBeTruthy();
    expect(toasts.value.at(-1)?.title).toBe('Visit cancelled');
    expect(historyIsStale()).toBe(true);
    await waitFor(() =>
      expect(document.activeElement).toBe(section().getByRole('heading', { name: 'Visit' })),
    );
  });

  it('marks a visit completed', async () => {
    current = booked;
    routes['PATCH /api/visits/visit-1'] = () => changedTo({ ...booked, status: 'completed' });
    await renderSection();
    await press('Mark as completed', section());
    await press(
      'Mark as completed',
      within(await screen.findByRole('dialog', { name: 'Mark as completed' })),
    );
    expect(bodiesOf('PATCH /api/visits/visit-1')).toEqual([{ status: 'completed' }]);
    expect(await section().findByText('Completed')).toBeTruthy();
    expect(section().queryByRole('button', { name: 'Move visit' })).toBeNull();
    expect(toasts.value.at(-1)?.title).toBe('Visit completed');
  });
});
