// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteState } from '../../state/site-state.ts';
import { createStaffQueryClient, quoteDataLocked } from '../lib/query-client.ts';
import { jsonAnswer as json, type PreparedAnswers, stubStaffApi } from '../lib/staff-api.test-support.ts';
import { ScheduleWeek } from './schedule-week.tsx';
import type { ScheduleAnswer, ScheduledVisit } from './schedule-week-queries.ts';

/*
 * The schedule's week against a stand-in for the API's fetch, answering with bodies typed as the
 * API's own answers; the page's address is the browser's, as wouter reads it.
 */

let routes: PreparedAnswers = {};

beforeEach(() => {
  resetSiteState();
  quoteDataLocked.value = false;
  ({ routes } = stubStaffApi());
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

/** GET /api/schedule answering these visits for whichever days are asked for. */
function scheduleWith(visits: ScheduledVisit[]) {
  routes['GET /api/schedule'] = () =>
    json(200, { from: '', to: '', now: '2026-10-01T00:00:00.000Z', visits } satisfies ScheduleAnswer);
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
