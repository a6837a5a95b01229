// @vitest-environment happy-dom
import { DEFAULT_SCHEDULE_SETTINGS } from '@cleanquote/quote-core/staff';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteState, toasts } from '../../state/site-state.ts';
import { createStaffQueryClient } from '../lib/query-client.ts';
import type { ScheduleSettingsAnswer } from '../lib/schedule-teams-query.ts';
import {
  jsonAnswer as json,
  type PreparedAnswers,
  type SentCall,
  stubStaffApi,
} from '../lib/staff-api.test-support.ts';
import type { OfferedSlots, QuoteVisitAnswer } from '../lib/visit-queries.ts';
import { melbourneInstant } from '../lib/visit-times.ts';
import { quoteDetailQuery } from './quote-request-queries.ts';
import type { QuoteSeries, RequestVisit, SeriesChangeAnswer } from './series-queries.ts';
import { VisitSection } from './visit-section.tsx';

/*
 * A regular clean in a request's Visit section, against a stand-in for the API's fetch answering
 * with bodies typed as the API's own: the visits listed with their states, one skipped, one given
 * a time, the series ended after a day and moved to another weekday. Its visits fall on both sides
 * of April's daylight-saving change, and each keeps its Melbourne wall-clock time.
 */

let routes: PreparedAnswers = {};
let sent: SentCall[] = [];
let client: QueryClient;
/** GET …/visit's answer as the stand-in server holds it; a change rewrites it. */
let held: QuoteVisitAnswer;

const quoteId = 'request-1';
const base = `/api/contact/${quoteId}`;

/** A visit of the weekly clean on a Melbourne day and time, booked on Team 1 unless `changes` say otherwise. */
function visitOn(day: string, time: string, changes: Partial<RequestVisit> = {}): RequestVisit {
  const start = melbourneInstant(day, time);
  return {
    id: `visit-${day}`,
    quoteRequestId: quoteId,
    reference: 'CQ-7KX4M2QH',
    start: new Date(start).toISOString(),
    end: new Date(Date.parse(start) + 2 * 60 * 60 * 1000).toISOString(),
    durationMinutes: 180,
    teamId: 'team-1',
    teamName: 'Team 1',
    status: 'booked',
    kind: 'clean',
    seriesId: 'series-1',
    occurrenceStart: new Date(start).toISOString(),
    completedAt: null,
    customerName: 'Priya Sharma',
    suburb: 'South Yarra',
    service: 'regular-clean',
    invoice: null,
    ...changes,
  };
}

const series: QuoteSeries = {
  id: 'series-1',
  frequency: 'weekly',
  endsOn: null,
  start: new Date(melbourneInstant('2027-03-16', '10:00')).toISOString(),
  label: 'Weekly, Tuesdays 10:00 am–12:00 pm',
  teamId: 'team-1',
  teamName: 'Team 1',
};

/** Done, with its invoice in Xero. */
const done = visitOn('2027-03-16', '10:00', {
  status: 'completed',
  completedAt: new Date(melbourneInstant('2027-03-16', '13:00')).toISOString(),
  invoice: { status: 'done', number: 'INV-0042', error: null, jobId: 'job-1' },
});
/** The free re-clean after it: no series. */
const reclean = visitOn('2027-03-18', '09:00', { kind: 're-clean', seriesId: null, occurrenceStart: null });
const next = visitOn('2027-03-23', '10:00');
/** Tuesday 30 March's visit, moved to Wednesday 31 March at 12:00 on Team 2. */
const moved = {
  ...visitOn('2027-03-31', '12:00', { teamId: 'team-2', teamName: 'Team 2' }),
  id: 'visit-2027-03-30',
  occurrenceStart: visitOn('2027-03-30', '10:00').occurrenceStart,
};
/** After daylight saving ends (Sunday 4 April): still 10:00, and no team is free. */
const unplaced = visitOn('2027-04-06', '10:00', { status: 'needs-time' });
const skipped = visitOn('2027-04-13', '10:00', { status: 'skipped' });
const later = visitOn('2027-04-20', '10:00');

const visits = [done, reclean, next, moved, unplaced, skipped, later];

/** Two windows offered: Thursday 8 April at 10:00 and 12:00 (+10:00 by then). */
const offered: OfferedSlots = {
  durationMinutes: 180,
  slots: ['10:00', '12:00'].map((time) => {
    const start = melbourneInstant('2027-04-08', time);
    return {
      start: new Date(start).toISOString(),
      end: new Date(Date.parse(start) + 2 * 60 * 60 * 1000).toISOString(),
      label: `Thu 8 Apr, arrive ${time}`,
    };
  }),
};

beforeEach(() => {
  resetSiteState();
  held = { visit: next, series, visits };
  ({ routes, sent } = stubStaffApi({
    [`GET ${base}/visit`]: () => json(200, held),
    [`GET ${base}/slots`]: () => json(200, offered),
    'GET /api/schedule/settings': () =>
      json(200, {
        ...DEFAULT_SCHEDULE_SETTINGS,
        teams: [
          { id: 'team-1', name: 'Team 1', active: true },
          { id: 'team-2', name: 'Team 2', active: true },
        ],
      } satisfies ScheduleSettingsAnswer),
  }));
  client = createStaffQueryClient();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The stand-in answers a change of one visit with it, and holds it in the request's list. */
function visitChangesTo(id: string, changed: RequestVisit) {
  routes[`PATCH /api/visits/${id}`] = () => {
    held = { ...held, visits: held.visits.map((each) => (each.id === id ? changed : each)) };
    return json(200, changed);
  };
}

async function renderSection() {
  client.setQueryData(quoteDetailQuery(quoteId).queryKey, null);
  render(
    <QueryClientProvider client={client}>
      <VisitSection quoteId={quoteId} />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { name: /^Regular clean: / });
}

const section = () => within(screen.getByRole('region', { name: 'Visit' }));
const press = async (name: string, where: ReturnType<typeof within>) =>
  act(async () => fireEvent.click(where.getByRole('button', { name })));
const bodiesOf = (call: string) => sent.filter((each) => each.call === call).map((each) => each.body);

/** The list of visits from today, one entry each. */
const listed = () => within(section().getByRole('list', { name: 'Visits from today' }));
/** A visit's entry, by its window in full. */
function entry(window: string) {
  const line = listed().getByText(window);
  return within(line.closest('li') as HTMLElement);
}

describe('a regular clean in the Visit section', () => {
  it('names the series and lists each visit with its window, team and state', async () => {
    await renderSection();
    expect(section().getByRole('heading', { level: 3 }).textContent).toBe(
      'Regular clean: Weekly, Tuesdays 10:00 am–12:00 pm',
    );
    expect(section().getByText('Last visit on', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      'No end date',
    );
    const entries = listed()
      .getAllByRole('listitem')
      .map((item) => [
        item.querySelector('.series-visit__when')?.textContent,
        item.querySelector('.series-visit__facts')?.textContent,
      ]);
    expect(entries).toEqual([
      ['Tuesday 16 March 2027, arriving between 10:00 am and 12:00 pm', 'Completed Team 1'],
      ['Thursday 18 March 2027, arriving between 9:00 and 11:00 am', 'Re-clean Team 1'],
      ['Tuesday 23 March 2027, arriving between 10:00 am and 12:00 pm', 'Booked Team 1'],
      ['Wednesday 31 March 2027, arriving between 12:00 and 2:00 pm', 'Booked Team 2'],
      [
        'Tuesday 6 April 2027, arriving between 10:00 am and 12:00 pm',
        'Needs a time No team free at this time',
      ],
      ['Tuesday 13 April 2027, arriving between 10:00 am and 12:00 pm', 'Skipped '],
      ['Tuesday 20 April 2027, arriving between 10:00 am and 12:00 pm', 'Booked Team 1'],
    ]);
    const movedEntry = entry('Wednesday 31 March 2027, arriving between 12:00 and 2:00 pm');
    expect(movedEntry.getByText('Moved from Tuesday 30 March, 10:00 am–12:00 pm')).toBeTruthy();
    expect(
      entry('Tuesday 16 March 2027, arriving between 10:00 am and 12:00 pm').getByRole('status').textContent,
    ).toBe('Invoice INV-0042 in Xero');

    // What staff can do with each: a booked visit moves or is skipped, one needing a time gets one.
    const actions = (window: string) =>
      entry(window)
        .queryAllByRole('button')
        .map((button) => button.textContent);
    expect(actions('Tuesday 23 March 2027, arriving between 10:00 am and 12:00 pm')).toEqual([
      'Change time',
      'Skip this visit',
    ]);
    expect(actions('Tuesday 6 April 2027, arriving between 10:00 am and 12:00 pm')).toEqual([
      'Choose a time',
      'Skip this visit',
    ]);
    // A re-clean is no visit of the series: it moves, but is not skipped.
    expect(actions('Thursday 18 March 2027, arriving between 9:00 and 11:00 am')).toEqual(['Change time']);
    expect(actions('Tuesday 13 April 2027, arriving between 10:00 am and 12:00 pm')).toEqual([]);
    // Each button says which visit it is for.
    const skip = entry('Tuesday 23 March 2027, arriving between 10:00 am and 12:00 pm').getByRole('button', {
      name: 'Skip this visit',
    });
    expect(skip.getAttribute('aria-describedby')).toBe(
      listed().getByText('Tuesday 23 March 2027, arriving between 10:00 am and 12:00 pm').id,
    );
    // The one-off's buttons are not offered for a series.
    expect(section().queryByRole('button', { name: 'Book a visit' })).toBeNull();
    expect(section().queryByRole('button', { name: 'Cancel visit' })).toBeNull();
  });

  it('skips one visit after confirming; the others stay, and focus returns to it', async () => {
    visitChangesTo(next.id, { ...next, status: 'skipped' });
    await renderSection();
    const window = 'Tuesday 23 March 2027, arriving between 10:00 am and 12:00 pm';
    await press('Skip this visit', entry(window));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Skip this visit?' }));
    expect(
      confirm.getByText(/^Tuesday 23 March 2027, arriving between 10:00 am and 12:00 pm\. The other visits/),
    ).toBeTruthy();
    // 'Keep visit' has focus first: Enter on it sends nothing.
    expect(document.activeElement).toBe(confirm.getByRole('button', { name: 'Keep visit' }));
    await press('Skip this visit', confirm);
    expect(bodiesOf(`PATCH /api/visits/${next.id}`)).toEqual([{ status: 'skipped' }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(entry(window).getByText('Skipped')).toBeTruthy();
    expect(entry(window).queryAllByRole('button')).toEqual([]);
    expect(
      entry('Tuesday 20 April 2027, arriving between 10:00 am and 12:00 pm').getByText('Booked'),
    ).toBeTruthy();
    expect(toasts.value.at(-1)?.title).toBe('Visit skipped');
    await waitFor(() => expect(document.activeElement).toBe(listed().getByText(window)));
  });

  it('gives a visit that needs a time one of the offered times, with its team, and shows it booked', async () => {
    const given = {
      ...unplaced,
      ...visitOn('2027-04-08', '12:00', { teamId: 'team-2', teamName: 'Team 2' }),
      id: unplaced.id,
      occurrenceStart: unplaced.occurrenceStart,
    };
    visitChangesTo(unplaced.id, given);
    await renderSection();
    await press('Choose a time', entry('Tuesday 6 April 2027, arriving between 10:00 am and 12:00 pm'));
    const form = within(section().getByRole('form', { name: 'Choose a time' }));
    expect(document.activeElement).toBe(form.getByRole('heading', { name: 'Choose a time' }));
    expect(form.getByText(/^No team was free on Tuesday 6 April 2027/)).toBeTruthy();
    const thursday = within(await form.findByRole('group', { name: 'Thursday 8 April' }));
    await act(async () => fireEvent.click(thursday.getByRole('radio', { name: 'Arrive 12:00–2:00 pm' })));
    await act(async () => fireEvent.change(form.getByLabelText('Team'), { target: { value: 'team-2' } }));
    await press('Choose a time', form);
    expect(bodiesOf(`PATCH /api/visits/${unplaced.id}`)).toEqual([
      { start: offered.slots[1]?.start, teamId: 'team-2' },
    ]);
    const window = 'Thursday 8 April 2027, arriving between 12:00 and 2:00 pm';
    expect(await listed().findByText(window)).toBeTruthy();
    expect(entry(window).getByText('Moved from Tuesday 6 April, 10:00 am–12:00 pm')).toBeTruthy();
    expect(toasts.value.at(-1)?.title).toBe('Visit booked');
    await waitFor(() => expect(document.activeElement).toBe(listed().getByText(window)));
  });

  it('ends the series after a day: the field asks for one, a day refused is told beside it', async () => {
    let patches = 0;
    routes['PATCH /api/series/series-1'] = () => {
      patches += 1;
      if (patches === 1) {
        return json(400, {
          error: 'Please check endsOn.',
          fields: { endsOn: 'Use today or a later day' },
          requestId: 'test',
        });
      }
      const ended: SeriesChangeAnswer = {
        series: { ...series, endsOn: '2027-04-06' },
        visits: visits.map((each) =>
          each === skipped || each === later ? { ...each, status: 'cancelled' } : each,
        ),
      };
      held = { ...held, ...ended };
      return json(200, ended);
    };
    await renderSection();
    await press('End regular clean', section());
    const dialog = within(await screen.findByRole('dialog', { name: 'End regular clean' }));
    const day = dialog.getByLabelText('Last visit on') as HTMLInputElement;
    await press('End regular clean', dialog);
    expect(dialog.getByRole('alert').textContent).toBe('Enter the day of the last visit.');
    expect(document.activeElement).toBe(day);
    expect(day.getAttribute('aria-invalid')).toBe('true');
    expect(bodiesOf('PATCH /api/series/series-1')).toEqual([]);

    await act(async () => fireEvent.change(day, { target: { value: '2027-01-04' } }));
    await press('End regular clean', dialog);
    expect(await dialog.findByText('Use today or a later day.')).toBeTruthy();

    await act(async () => fireEvent.change(day, { target: { value: '2027-04-06' } }));
    await press('End regular clean', dialog);
    expect(bodiesOf('PATCH /api/series/series-1')).toEqual([
      { endsOn: '2027-01-04' },
      { endsOn: '2027-04-06' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(section().getByText('Last visit on', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      'Tuesday 6 April 2027',
    );
    expect(
      entry('Tuesday 20 April 2027, arriving between 10:00 am and 12:00 pm').getByText('Cancelled'),
    ).toBeTruthy();
    expect(toasts.value.at(-1)?.title).toBe('Regular clean ends');
    await waitFor(() =>
      expect(document.activeElement).toBe(section().getByRole('heading', { name: /^Regular clean: / })),
    );
  });

  it('moves every visit to come to a new weekday and time, keeping the series’ team', async () => {
    const moving = visitOn('2027-04-08', '10:00', { seriesId: 'series-2' });
    routes['PATCH /api/series/series-1'] = () => {
      const changed: SeriesChangeAnswer = {
        series: {
          ...series,
          id: 'series-2',
          start: moving.start,
          label: 'Weekly, Thursdays 10:00 am–12:00 pm',
        },
        visits: [
          done,
          reclean,
          moving,
          visitOn('2027-04-15', '10:00', { seriesId: 'series-2', status: 'needs-time' }),
        ],
      };
      held = { ...held, ...changed };
      return json(200, changed);
    };
    await renderSection();
    await press('Move all visits', section());
    const form = within(section().getByRole('form', { name: 'Move all visits' }));
    expect(document.activeElement).toBe(form.getByRole('heading', { name: 'Move all visits' }));
    expect(form.getByText('Now Weekly, Tuesdays 10:00 am–12:00 pm (Team 1).')).toBeTruthy();
    expect(await form.findByText(/then every week on that weekday at that time\./)).toBeTruthy();
    // The series keeps its own team: there is none to choose.
    expect(form.queryByLabelText('Team')).toBeNull();
    await act(async () =>
      fireEvent.click(
        within(await form.findByRole('group', { name: 'Thursday 8 April' })).getByRole('radio', {
          name: 'Arrive 10:00 am–12:00 pm',
        }),
      ),
    );
    await press('Move all visits', form);
    expect(bodiesOf('PATCH /api/series/series-1')).toEqual([{ start: offered.slots[0]?.start }]);
    expect(
      await section().findByRole('heading', { name: 'Regular clean: Weekly, Thursdays 10:00 am–12:00 pm' }),
    ).toBeTruthy();
    expect(toasts.value.at(-1)).toMatchObject({
      title: 'Regular clean moved',
      description: 'Now Weekly, Thursdays 10:00 am–12:00 pm. 1 visit needs a time: no team is free then.',
    });
    expect(listed().getAllByRole('listitem')).toHaveLength(4);
  });

  it('offers Mark as completed once a visit has begun, and lists one from before today not yet marked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Tuesday 23 March 2027 at 11:00: that morning's visit has begun, the next have not.
    vi.setSystemTime(new Date(melbourneInstant('2027-03-23', '11:00')));
    const forgotten = visitOn('2027-03-09', '10:00');
    held = { visit: forgotten, series, visits: visits.slice(2) };
    await renderSection();
    const waiting = within(section().getByRole('list', { name: 'Not marked completed yet' }));
    expect(waiting.getByText('Tuesday 9 March 2027, arriving between 10:00 am and 12:00 pm')).toBeTruthy();
    expect(waiting.getByRole('button', { name: 'Mark as completed' })).toBeTruthy();
    expect(
      entry('Tuesday 23 March 2027, arriving between 10:00 am and 12:00 pm').getByRole('button', {
        name: 'Mark as completed',
      }),
    ).toBeTruthy();
    expect(
      entry('Tuesday 20 April 2027, arriving between 10:00 am and 12:00 pm').queryByRole('button', {
        name: 'Mark as completed',
      }),
    ).toBeNull();
  });
});
