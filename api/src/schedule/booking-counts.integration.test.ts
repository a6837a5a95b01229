import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { melbourneWallClock } from '../lib/melbourne-time.ts';
import { type BookingDesk, SetClock, startBookingDesk } from '../test-support/booking-desk.ts';
import { visitCounts } from './booking-counts.ts';
import { slotValue } from './window-labels.ts';

/** Monday 15 March 2027, 9:00 Melbourne. */
const MONDAY = melbourneWallClock('2027-03-15', 9 * 60);
/** Tuesday 16 March 2027, 10:00: the first visit of a weekly clean. */
const FIRST = melbourneWallClock('2027-03-16', 10 * 60);

let clock: SetClock;
let desk: BookingDesk;

beforeEach(async () => {
  clock = new SetClock(MONDAY);
  desk = await startBookingDesk({ clock });
});

afterEach(async () => {
  await desk.close();
});

/** Closes these Melbourne days, so a regular clean's visit on one of them needs a time. */
async function closeDays(days: string[]) {
  const settings = (await (await desk.staff('/api/schedule/settings')).json()) as { closedDates: string[] };
  const put = await desk.staffJson('/api/schedule/settings', 'PUT', { ...settings, closedDates: days });
  expect(put.status).toBe(200);
}

describe('the dashboard’s visit counts', () => {
  it('count the visits that need a time from today on, until staff give one a time or its day passes', async () => {
    await closeDays(['2027-03-30', '2027-04-13']);
    const { token } = await desk.acceptedQuote({ frequency: 'weekly', durationMinutes: 180 });
    expect((await desk.postForm(`/quote/${token}/book`, { slot: slotValue(FIRST) })).status).toBe(303);
    const counts = await visitCounts(desk.database.db, clock.now());
    expect(counts.needsTime).toBe(2);
    // The booked ones are counted as visits, the unplaced ones are not.
    expect(counts.today).toBe(0);
    expect(counts.thisWeek).toBe(1);

    // The first needs a time on Tuesday 30 March: staff give it Wednesday 31 March.
    const schedule = (await (await desk.staff('/api/schedule?from=2027-03-30&to=2027-03-30')).json()) as {
      visits: { id: string; status: string }[];
    };
    const unplaced = schedule.visits.find((visit) => visit.status === 'needs-time');
    const given = await desk.staffJson(`/api/visits/${unplaced?.id}`, 'PATCH', {
      start: melbourneWallClock('2027-03-31', 10 * 60).toISOString(),
    });
    expect(given.status).toBe(200);
    expect((await visitCounts(desk.database.db, clock.now())).needsTime).toBe(1);

    // Still counted on its own day; from the next day it is past, not waiting.
    clock.set(melbourneWallClock('2027-04-13', 23 * 60));
    expect((await visitCounts(desk.database.db, clock.now())).needsTime).toBe(1);
    clock.set(melbourneWallClock('2027-04-14', 0));
    expect((await visitCounts(desk.database.db, clock.now())).needsTime).toBe(0);
  });
});
