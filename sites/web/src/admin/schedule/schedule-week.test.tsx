// @vitest-environment happy-dom

import { DEFAULT_SCHEDULE_SETTINGS } from '@cleanquote/quote-core/staff';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteState, toasts } from '../../state/site-state.ts';
import { createStaffQueryClient, quoteDataLocked } from '../lib/query-client.ts';
import type { ScheduleSettingsAnswer } from '../lib/schedule-teams-query.ts';
import {
  jsonAnswer as json,
  type PreparedAnswers,
  type SentCall,
  stubStaffApi,
} from '../lib/staff-api.test-support.ts';
import type { OfferedSlots } from '../lib/visit-queries.ts';
import { melbourneInstant } from '../lib/visit-times.ts';
import { ScheduleWeek } from './schedule-week.tsx';
import type { ScheduleAnswer, ScheduledVisit } from './schedule-week-queries.ts';

/*
 * The schedule's week against a stand-in for the API's fetch, answering with bodies typed as the
 * API's own answers; the page's address is the browser's, as wouter reads it.
 */

let routes: PreparedAnswers = {};
let sent: SentCall[] = [];

beforeEach(() => {
  resetSiteState();
  quoteDataLocked.value = false;
  ({ routes, sent } = stubStaffApi());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** A visit as GET /api/schedule lists it. */
function visit(
  changes: Partial<ScheduledVisit> & Pick<ScheduledVisit, 'id' | 'start' | 'end'>,
): ScheduledVisit {
  return {
    quoteRequestId: `request-${changes.id}`,
    reference: 'CQ-7KX4M2QH',
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
    ...changes,
  };
}

/** GET /api/schedule answering these visits for whichever days are asked for, read at `now`. */
function scheduleWith(visits: ScheduledVisit[], now = '2026-10-01T00:00:00.000Z') {
  routes['GET /api/schedule'] = () => json(200, { from: '', to: '', now, visits } satisfies ScheduleAnswer);
}

/** The days GET /api/schedule was asked for, in order. */
function daysAsked(): string[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input)))
    .filter((url) => url.pathname === '/api/schedule')
    .map((url) => `${url.searchParams.get('from')}..${url.searchParams.get('to')}`);
}

function renderWeekAt(address: string) {
  window.history.replaceState(null, '', address);
  render(
    <QueryClientProvider client={createStaffQueryClient()}>
      <ScheduleWeek />
    </QueryClientProvider>,
  );
}

const press = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

describe('the schedule’s week', () => {
  it('across the start of daylight saving: Monday to Sunday, an 8:00 visit on its day either side', async () => {
    scheduleWith([
      // Saturday 3 October, 8:00 at +10:00.
      visit({ id: 'v1', start: '2026-10-02T22:00:00.000Z', end: '2026-10-03T00:00:00.000Z' }),
      // Sunday 4 October, 8:00 at +11:00 (the clocks went forward at 2:00).
      visit({
        id: 'v2',
        start: '2026-10-03T21:00:00.000Z',
        end: '2026-10-03T23:00:00.000Z',
        customerName: 'Tom Nguyen',
        suburb: 'Richmond',
        service: 'end-of-lease',
        teamId: 'team-2',
        teamName: 'Team 2',
      }),
    ]);
    renderWeekAt('/schedule?week=2026-10-04');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Visits: 28 September – 4 October 2026' }),
    ).toBeTruthy();
    expect(await screen.findByText('2 visits: 2 booked.')).toBe(screen.getByRole('status'));
    expect(daysAsked()).toEqual(['2026-09-28..2026-10-04']);
    const days = screen.getAllByRole('heading', { level: 3 }).map((day) => day.textContent);
    expect(days).toEqual([
      'Monday 28 September',
      'Tuesday 29 September',
      'Wednesday 30 September',
      'Thursday 1 October',
      'Friday 2 October',
      'Saturday 3 October',
      'Sunday 4 October',
    ]);

    const sunday = within(
      screen.getByRole('heading', { name: 'Sunday 4 October' }).closest('li') as HTMLElement,
    );
    const tom = sunday.getByRole('link', { name: 'Tom Nguyen' });
    expect(tom.getAttribute('href')).toBe('/admin?quote=request-v2');
    const entry = within(tom.closest('li') as HTMLElement);
    expect(entry.getByText('8:00–10:00 am')).toBeTruthy();
    expect(entry.getByText('Richmond · End of Lease Cleaning')).toBeTruthy();
    expect(entry.getByText('Booked')).toBeTruthy();
    // Listed under its team: Team 1 has nothing that day.
    expect(sunday.getByRole('heading', { level: 4, name: 'Team 2' }).parentElement?.textContent).toContain(
      'Tom',
    );
    expect(sunday.getByRole('heading', { level: 4, name: 'Team 1' }).parentElement?.textContent).toContain(
      'No visits',
    );

    const saturday = within(
      screen.getByRole('heading', { name: 'Saturday 3 October' }).closest('li') as HTMLElement,
    );
    expect(
      within(saturday.getByRole('link', { name: 'Priya Sharma' }).closest('li') as HTMLElement).getByText(
        '8:00–10:00 am',
      ),
    ).toBeTruthy();
    const monday = screen.getByRole('heading', { name: 'Monday 28 September' }).closest('li') as HTMLElement;
    expect(monday.textContent).toContain('No visits');
  });

  it('moves a week at a time, keeping the week in the address; This week leaves the address plain', async () => {
    scheduleWith([]);
    renderWeekAt('/schedule?week=2026-10-04');
    expect(await screen.findByText('No visits this week.')).toBeTruthy();

    await press('Next week');
    expect(window.location.search).toBe('?week=2026-10-05');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Visits: 5 – 11 October 2026');
    await press('Previous week');
    await press('Previous week');
    expect(window.location.search).toBe('?week=2026-09-21');
    await screen.findByText('No visits this week.');
    expect(daysAsked()).toEqual([
      '2026-09-28..2026-10-04',
      '2026-10-05..2026-10-11',
      '2026-09-21..2026-09-27',
    ]);

    await press('This week');
    expect(window.location.pathname).toBe('/schedule');
    expect(window.location.search).toBe('');
  });

  it('marks booked visits of one team whose work overlaps (a visit placed over the clash)', async () => {
    scheduleWith([
      visit({ id: 'v1', start: '2026-12-01T21:00:00.000Z', end: '2026-12-01T23:00:00.000Z' }),
      visit({
        id: 'v2',
        start: '2026-12-01T23:00:00.000Z',
        end: '2026-12-02T01:00:00.000Z',
        customerName: 'Tom Nguyen',
      }),
      // Team 2 at the same time, and a cancelled visit: neither clashes.
      visit({
        id: 'v3',
        start: '2026-12-01T21:00:00.000Z',
        end: '2026-12-01T23:00:00.000Z',
        teamId: 'team-2',
        teamName: 'Team 2',
        customerName: 'Liam Walsh',
      }),
      visit({
        id: 'v4',
        start: '2026-12-01T22:00:00.000Z',
        end: '2026-12-02T00:00:00.000Z',
        status: 'cancelled',
        customerName: 'Emma Wilson',
      }),
    ]);
    renderWeekAt('/schedule?week=2026-12-02');
    expect(await screen.findByText('4 visits: 3 booked, 1 cancelled.')).toBeTruthy();
    const entryOf = (name: string) => screen.getByRole('link', { name }).closest('li') as HTMLElement;
    expect(entryOf('Priya Sharma').textContent).toContain('Clash: overlaps Tom Nguyen');
    expect(entryOf('Tom Nguyen').textContent).toContain('Clash: overlaps Priya Sharma');
    expect(entryOf('Liam Walsh').textContent).not.toContain('Clash');
    expect(entryOf('Emma Wilson').textContent).not.toContain('Clash');
    expect(within(entryOf('Emma Wilson')).getByText('Cancelled')).toBeTruthy();
  });

  it('lists a regular clean’s visit that needs a time under its day, apart from the teams; a skipped one stays muted', async () => {
    const weekly = { seriesId: 'series-1', customerName: 'Priya Sharma' };
    scheduleWith([
      // Tuesday 1 December, 8:00 (+11:00): booked on Team 1.
      visit({ id: 'v1', start: '2026-11-30T21:00:00.000Z', end: '2026-11-30T23:00:00.000Z', ...weekly }),
      // Wednesday 2 December: no team was free; it names Team 2, the series' team, but holds no time of it.
      visit({
        id: 'v2',
        start: '2026-12-01T21:00:00.000Z',
        end: '2026-12-01T23:00:00.000Z',
        ...weekly,
        customerName: 'Tom Nguyen',
        status: 'needs-time',
        teamId: 'team-2',
        teamName: 'Team 2',
      }),
      // Thursday 3 December: skipped by the customer.
      visit({
        id: 'v3',
        start: '2026-12-02T21:00:00.000Z',
        end: '2026-12-02T23:00:00.000Z',
        ...weekly,
        customerName: 'Liam Walsh',
        status: 'skipped',
      }),
      // Friday 4 December: a free re-clean, and a one-off.
      visit({
        id: 'v4',
        start: '2026-12-03T21:00:00.000Z',
        end: '2026-12-03T23:00:00.000Z',
        kind: 're-clean',
        customerName: 'Emma Wilson',
      }),
      visit({
        id: 'v5',
        start: '2026-12-03T23:00:00.000Z',
        end: '2026-12-04T01:00:00.000Z',
        customerName: 'Jack Thompson',
      }),
    ]);
    renderWeekAt('/schedule?week=2026-11-30');
    expect(await screen.findByText('5 visits: 3 booked, 1 needs a time, 1 skipped.')).toBeTruthy();
    const dayOf = (name: string) =>
      within(screen.getByRole('heading', { name }).closest('li') as HTMLElement);
    const entryOf = (name: string) => within(screen.getByRole('link', { name }).closest('li') as HTMLElement);

    // No team column for Team 2: nothing holds its time this week.
    expect(screen.queryByRole('heading', { level: 4, name: 'Team 2' })).toBeNull();
    const wednesday = dayOf('Wednesday 2 December');
    const unplaced = wednesday.getByRole('heading', { level: 4, name: 'Needs a time' })
      .parentElement as HTMLElement;
    expect(unplaced.textContent).toContain('Tom Nguyen');
    expect(wednesday.getByRole('heading', { level: 4, name: 'Team 1' }).parentElement?.textContent).toContain(
      'No visits',
    );
    expect(entryOf('Tom Nguyen').getByText('Needs a time')).toBeTruthy();
    expect(entryOf('Tom Nguyen').getByText('Regular clean')).toBeTruthy();
    expect(entryOf('Tom Nguyen').getByText('8:00–10:00 am')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tom Nguyen' }).getAttribute('href')).toBe(
      '/admin?quote=request-v2',
    );
    expect(dayOf('Tuesday 1 December').queryByRole('heading', { name: 'Needs a time' })).toBeNull();

    expect(entryOf('Priya Sharma').getByText('Regular clean')).toBeTruthy();
    expect(entryOf('Priya Sharma').getByText('Booked')).toBeTruthy();
    expect(entryOf('Liam Walsh').getByText('Skipped')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Liam Walsh' }).closest('li')?.className).toContain(
      'schedule-visit--skipped',
    );
    expect(entryOf('Emma Wilson').getByText('Re-clean')).toBeTruthy();
    expect(entryOf('Jack Thompson').queryByText(/Regular clean|Re-clean/)).toBeNull();
  });

  it('asks for the quote dashboard password when the visits are locked', async () => {
    routes['GET /api/schedule'] = () =>
      json(403, { error: 'The quote dashboard is locked.', locked: true, requestId: 'test' });
    renderWeekAt('/schedule');
    expect(await screen.findByRole('heading', { name: 'Quote dashboard locked' })).toBeTruthy();
    expect(
      screen.getByText(
        'Enter the quote dashboard password to see the visits on the schedule. It unlocks this session only.',
      ),
    ).toBeTruthy();
  });
});

/** A Melbourne day and arrival time as a visit's window: its start and the end two hours later. */
function windowAt(day: string, time: string): Pick<ScheduledVisit, 'start' | 'end'> {
  const start = Date.parse(melbourneInstant(day, time));
  return { start: new Date(start).toISOString(), end: new Date(start + 2 * 60 * 60 * 1000).toISOString() };
}

describe('acting on a visit from the week', () => {
  /** The week as the stand-in server holds it; a PATCH of a visit rewrites it, as the server would. */
  let held: ScheduledVisit[] = [];
  /** Read on Tuesday 1 December 2026 at 11:00 in Melbourne: that morning's visits have begun. */
  const now = new Date(melbourneInstant('2026-12-01', '11:00')).toISOString();
  const weekly = { seriesId: 'series-1' };
  const priya = visit({ id: 'v1', ...windowAt('2026-12-01', '08:00'), ...weekly });
  const tom = visit({
    id: 'v2',
    ...windowAt('2026-12-02', '08:00'),
    ...weekly,
    seriesId: 'series-2',
    customerName: 'Tom Nguyen',
    status: 'needs-time',
    teamId: 'team-2',
    teamName: 'Team 2',
  });
  // One-offs: Jack's began at 10:00; Emma's is on Thursday.
  const jack = visit({ id: 'v3', ...windowAt('2026-12-01', '10:00'), customerName: 'Jack Thompson' });
  const emma = visit({ id: 'v4', ...windowAt('2026-12-03', '08:00'), customerName: 'Emma Wilson' });

  beforeEach(() => {
    held = [priya, tom, jack, emma];
    routes['GET /api/schedule'] = () =>
      json(200, { from: '', to: '', now, visits: held } satisfies ScheduleAnswer);
    routes['GET /api/schedule/settings'] = () =>
      json(200, {
        ...DEFAULT_SCHEDULE_SETTINGS,
        teams: [
          { id: 'team-1', name: 'Team 1', active: true },
          { id: 'team-2', name: 'Team 2', active: true },
        ],
      } satisfies ScheduleSettingsAnswer);
  });

  /** The stand-in answers a change of this visit with `changed` and holds it in the week. */
  function visitChangesTo(id: string, changed: ScheduledVisit) {
    routes[`PATCH /api/visits/${id}`] = () => {
      held = held.map((each) => (each.id === id ? changed : each));
      return json(200, changed);
    };
  }

  const bodiesOf = (call: string) => sent.filter((each) => each.call === call).map((each) => each.body);
  const entryOf = (name: string) => within(screen.getByRole('link', { name }).closest('li') as HTMLElement);
  const windowOf = (name: string) =>
    (screen.getByRole('link', { name }).closest('li') as HTMLElement).querySelector(
      '.schedule-visit__window',
    );
  const actionsOf = (name: string) =>
    entryOf(name)
      .queryAllByRole('button')
      .map((button) => button.textContent);
  const pressIn = (where: ReturnType<typeof within>, name: string) =>
    act(async () => fireEvent.click(where.getByRole('button', { name })));
  /** What a screen reader reads after a button's name: the texts its aria-describedby points at. */
  const description = (button: HTMLElement) =>
    (button.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');

  it('offers each visit what staff can do with it, each button naming its visit', async () => {
    renderWeekAt('/schedule?week=2026-11-30');
    await screen.findByText('4 visits: 3 booked, 1 needs a time.');
    expect(actionsOf('Priya Sharma')).toEqual(['Change time', 'Skip this visit', 'Mark as completed']);
    expect(actionsOf('Tom Nguyen')).toEqual(['Choose a time', 'Skip this visit']);
    // A one-off is moved on its request's page; here it is only completed, once begun.
    expect(actionsOf('Jack Thompson')).toEqual(['Mark as completed']);
    expect(actionsOf('Emma Wilson')).toEqual([]);
    for (const name of ['Change time', 'Skip this visit', 'Mark as completed'])
      expect(description(entryOf('Priya Sharma').getByRole('button', { name }))).toBe(
        'Tuesday 1 December 8:00–10:00 am Priya Sharma',
      );
    expect(description(entryOf('Tom Nguyen').getByRole('button', { name: 'Choose a time' }))).toBe(
      'Wednesday 2 December 8:00–10:00 am Tom Nguyen',
    );
  });

  it('marks a visit completed: a finishing time refused is told in the dialog; the week shows it done', async () => {
    let patches = 0;
    routes[`PATCH /api/visits/${priya.id}`] = () => {
      patches += 1;
      if (patches === 1)
        return json(400, {
          error: 'Please check completedAt.',
          fields: { completedAt: 'Use a time after the visit began' },
          requestId: 'test',
        });
      const done = { ...priya, status: 'completed' as const, completedAt: now };
      held = held.map((each) => (each.id === priya.id ? done : each));
      return json(200, done);
    };
    renderWeekAt('/schedule?week=2026-11-30');
    await screen.findByText('4 visits: 3 booked, 1 needs a time.');
    await pressIn(entryOf('Priya Sharma'), 'Mark as completed');
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark as completed' }));
    await act(async () => {
      fireEvent.change(dialog.getByLabelText('Date'), { target: { value: '2026-12-01' } });
      fireEvent.change(dialog.getByLabelText('Time'), { target: { value: '07:00' } });
    });
    await pressIn(dialog, 'Mark as completed');
    expect(await dialog.findByRole('alert')).toHaveProperty(
      'textContent',
      'Use a time after the visit began.',
    );
    await act(async () => {
      fireEvent.change(dialog.getByLabelText('Date'), { target: { value: '' } });
      fireEvent.change(dialog.getByLabelText('Time'), { target: { value: '' } });
    });
    await pressIn(dialog, 'Mark as completed');
    expect(bodiesOf(`PATCH /api/visits/${priya.id}`)).toEqual([
      { status: 'completed', completedAt: melbourneInstant('2026-12-01', '07:00') },
      { status: 'completed' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('4 visits: 2 booked, 1 needs a time, 1 completed.')).toBeTruthy();
    expect(entryOf('Priya Sharma').getByText('Completed')).toBeTruthy();
    expect(actionsOf('Priya Sharma')).toEqual([]);
    expect(toasts.value.at(-1)?.title).toBe('Visit completed');
    await waitFor(() => expect(document.activeElement).toBe(windowOf('Priya Sharma')));
  });

  it('skips a visit of a regular clean after confirming; the week shows it skipped', async () => {
    visitChangesTo(priya.id, { ...priya, status: 'skipped' });
    renderWeekAt('/schedule?week=2026-11-30');
    await screen.findByText('4 visits: 3 booked, 1 needs a time.');
    await pressIn(entryOf('Priya Sharma'), 'Skip this visit');
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Skip this visit?' }));
    expect(document.activeElement).toBe(confirm.getByRole('button', { name: 'Keep visit' }));
    await pressIn(confirm, 'Skip this visit');
    expect(bodiesOf(`PATCH /api/visits/${priya.id}`)).toEqual([{ status: 'skipped' }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await screen.findByText('4 visits: 2 booked, 1 needs a time, 1 skipped.')).toBeTruthy();
    expect(entryOf('Priya Sharma').getByText('Skipped')).toBeTruthy();
    expect(actionsOf('Priya Sharma')).toEqual([]);
    expect(toasts.value.at(-1)?.title).toBe('Visit skipped');
    await waitFor(() => expect(document.activeElement).toBe(windowOf('Priya Sharma')));
  });

  it('gives a visit that needs a time one of the offered times; the week shows it on its new day', async () => {
    const offered: OfferedSlots = {
      durationMinutes: 180,
      slots: [
        { ...windowAt('2026-12-03', '10:00'), label: 'Thu 3 Dec, arrive 10:00' },
        { ...windowAt('2026-12-03', '12:00'), label: 'Thu 3 Dec, arrive 12:00' },
      ],
    };
    routes[`GET /api/contact/${tom.quoteRequestId}/slots`] = () => json(200, offered);
    routes[`GET /api/contact/${priya.quoteRequestId}/slots`] = () => json(200, offered);
    visitChangesTo(tom.id, { ...tom, ...windowAt('2026-12-03', '12:00'), status: 'booked' });
    renderWeekAt('/schedule?week=2026-11-30');
    await screen.findByText('4 visits: 3 booked, 1 needs a time.');

    // 'Change time' then 'Cancel': the week again, focus back on the visit.
    await pressIn(entryOf('Priya Sharma'), 'Change time');
    const changeForm = within(screen.getByRole('form', { name: 'Change time' }));
    expect(document.activeElement).toBe(changeForm.getByRole('heading', { name: 'Change time' }));
    expect(screen.queryByRole('link', { name: 'Priya Sharma' })).toBeNull();
    await pressIn(changeForm, 'Cancel');
    await waitFor(() => expect(document.activeElement).toBe(windowOf('Priya Sharma')));

    await pressIn(entryOf('Tom Nguyen'), 'Choose a time');
    const form = within(screen.getByRole('form', { name: 'Choose a time' }));
    expect(form.getByText(/^No team was free on Wednesday 2 December 2026/)).toBeTruthy();
    const thursday = within(await form.findByRole('group', { name: 'Thursday 3 December' }));
    await act(async () => fireEvent.click(thursday.getByRole('radio', { name: 'Arrive 12:00–2:00 pm' })));
    await pressIn(form, 'Choose a time');
    expect(bodiesOf(`PATCH /api/visits/${tom.id}`)).toEqual([{ start: offered.slots[1]?.start }]);
    expect(await screen.findByText('4 visits: 4 booked.')).toBeTruthy();
    const onThursday = within(
      screen.getByRole('heading', { name: 'Thursday 3 December' }).closest('li') as HTMLElement,
    );
    expect(
      onThursday.getByRole('heading', { level: 4, name: 'Team 2' }).parentElement?.textContent,
    ).toContain('Tom Nguyen');
    expect(entryOf('Tom Nguyen').getByText('12:00–2:00 pm')).toBeTruthy();
    expect(actionsOf('Tom Nguyen')).toEqual(['Change time', 'Skip this visit']);
    expect(toasts.value.at(-1)?.title).toBe('Visit booked');
    await waitFor(() => expect(document.activeElement).toBe(windowOf('Tom Nguyen')));
  });
});
