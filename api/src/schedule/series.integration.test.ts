import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { outbox, visitSeries, visits } from '../db/schema.ts';
import { formatMelbourneDateTime, melbourneWallClock } from '../lib/melbourne-time.ts';
import { type BookingDesk, SetClock, startBookingDesk } from '../test-support/booking-desk.ts';
import { extendSeries, findSeries, type Series, seriesExtensionJob } from './series.ts';
import { findBookableRequest, staffVisitChange } from './staff-booking.ts';
import { slotValue } from './window-labels.ts';

const DAY = 24 * 60 * 60 * 1000;

/** The value, which the test needs to be there. */
function must<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('expected a value');
  return value;
}

/** Monday 15 March 2027, 9:00 Melbourne (summer time): three weeks before daylight saving ends. */
const MONDAY = melbourneWallClock('2027-03-15', 9 * 60);
/** Tuesday 16 March 2027, 10:00: the first visit of the series. */
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

/** The request's visits in time order, as Melbourne 'yyyy-MM-dd HH:mm' with their status. */
async function visitsOf(requestId: string) {
  const rows = await desk.database.db
    .select()
    .from(visits)
    .where(eq(visits.quoteRequestId, requestId))
    .orderBy(asc(visits.start));
  return rows.map((row) => ({ ...row, at: formatMelbourneDateTime(row.start) }));
}

/** A weekly clean accepted and booked from the customer's page, first visit Tuesday 16 March 10:00. */
async function weeklyBooked() {
  const { id, token } = await desk.acceptedQuote({ frequency: 'weekly', durationMinutes: 180 });
  const booked = await desk.postForm(`/quote/${token}/book`, { slot: slotValue(FIRST) });
  expect(booked.status).toBe(303);
  return { id, token };
}

describe('a regular clean booked once', () => {
  it('holds 12 weekly visits at 10:00 Melbourne time on both sides of the April change, each with a team and a reminder', async () => {
    const { id, token } = await weeklyBooked();
    const held = await visitsOf(id);
    expect(held.map((visit) => visit.at)).toEqual([
      '2027-03-16 10:00',
      '2027-03-23 10:00',
      '2027-03-30 10:00',
      '2027-04-06 10:00',
      '2027-04-13 10:00',
      '2027-04-20 10:00',
      '2027-04-27 10:00',
      '2027-05-04 10:00',
      '2027-05-11 10:00',
      '2027-05-18 10:00',
      '2027-05-25 10:00',
      '2027-06-01 10:00',
    ]);
    expect(new Set(held.map((visit) => visit.seriesId)).size).toBe(1);
    expect(held.every((visit) => visit.status === 'booked' && visit.teamId)).toBe(true);
    // Across the change the instants are 24 × 7 hours apart plus the hour given back.
    expect(must(held[3]).start.getTime() - must(held[2]).start.getTime()).toBe(7 * DAY + 60 * 60 * 1000);

    const reminders = await desk.database.db
      .select({ sendAfter: outbox.sendAfter })
      .from(outbox)
      .where(eq(outbox.kind, 'visit-reminder'))
      .orderBy(asc(outbox.sendAfter));
    expect(reminders.map((row) => row.sendAfter?.getTime())).toEqual(
      held.map((visit) => visit.start.getTime() - DAY),
    );

    const detail = (await (await desk.staff(`/api/contact/${id}`)).json()) as { series: unknown };
    expect(detail.series).toEqual({ id: must(held[0]).seriesId, frequency: 'weekly', endsOn: null });

    const page = await desk.documentOf(await desk.app.request(`/quote/${token}`));
    expect(page.querySelector('#booking-heading')?.textContent).toBe(
      'Your regular clean: Weekly, Tuesdays 10:00 am–12:00 pm',
    );
    const rows = [...page.querySelectorAll('.visit-row')];
    expect(rows).toHaveLength(12);
    expect(rows[0]?.textContent).toContain('Tuesday 16 March 2027, arriving between 10:00 am and 12:00 pm');
    expect(rows.every((row) => row.querySelector('.visit-state')?.textContent === 'Booked')).toBe(true);
  });

  it('puts a visit that falls on a closed day in Needs a time, holding no team, until staff give it one', async () => {
    const settings = (await (await desk.staff('/api/schedule/settings')).json()) as { closedDates: string[] };
    const put = await desk.staffJson('/api/schedule/settings', 'PUT', {
      ...settings,
      closedDates: ['2027-04-13'],
    });
    expect(put.status).toBe(200);
    const { id, token } = await weeklyBooked();
    const closed = (await visitsOf(id)).find((visit) => visit.at.startsWith('2027-04-13'));
    expect(closed?.status).toBe('needs-time');

    const page = await desk.documentOf(await desk.app.request(`/quote/${token}`));
    const row = [...page.querySelectorAll('.visit-row')].find((each) =>
      each.textContent?.includes('Tuesday 13 April 2027'),
    );
    expect(row?.querySelector('.visit-state')?.textContent).toBe('Needs a time');

    const given = await desk.staffJson(`/api/visits/${closed?.id}`, 'PATCH', {
      start: melbourneWallClock('2027-04-14', 10 * 60).toISOString(),
    });
    expect(given.status).toBe(200);
    const after = (await visitsOf(id)).find((visit) => visit.id === closed?.id);
    expect(after).toMatchObject({ status: 'booked', at: '2027-04-14 10:00' });
    expect(after?.occurrenceStart?.getTime()).toBe(melbourneWallClock('2027-04-13', 10 * 60).getTime());
  });

  it('lets the customer skip one visit and move another without script; nothing else in the series moves', async () => {
    const { id, token } = await weeklyBooked();
    const before = await visitsOf(id);
    const skipped = must(before[2]);
    const moved = must(before[4]);

    const skip = await desk.postForm(`/quote/${token}/visits/${skipped.id}/skip`, {});
    expect(skip.status).toBe(303);

    const changePage = await desk.documentOf(await desk.app.request(`/quote/${token}/visits/${moved.id}`));
    const form = changePage.querySelector(`form[action="/quote/${token}/visits/${moved.id}/reschedule"]`);
    expect(form?.querySelector('button')?.textContent).toBe('Change time');
    const slot = melbourneWallClock('2027-04-14', 8 * 60);
    expect(form?.querySelector(`input[value="${slotValue(slot)}"]`)).not.toBeNull();
    const move = await desk.postForm(`/quote/${token}/visits/${moved.id}/reschedule`, {
      slot: slotValue(slot),
    });
    expect(move.status).toBe(303);

    const after = await visitsOf(id);
    expect(after.find((visit) => visit.id === skipped.id)?.status).toBe('skipped');
    expect(after.find((visit) => visit.id === moved.id)).toMatchObject({
      status: 'booked',
      at: '2027-04-14 08:00',
    });
    const others = (list: typeof before) =>
      list
        .filter((visit) => visit.id !== skipped.id && visit.id !== moved.id)
        .map((visit) => `${visit.at} ${visit.status} ${visit.teamId}`);
    expect(others(after)).toEqual(others(before));
    expect(after).toHaveLength(12);

    const page = await desk.documentOf(await desk.app.request(`/quote/${token}`));
    const states = [...page.querySelectorAll('.visit-row .visit-state')].map((state) => state.textContent);
    expect(states.filter((state) => state === 'Skipped')).toHaveLength(1);
    expect(states.filter((state) => state === 'Booked (moved)')).toHaveLength(1);
    // The skipped visit's reminder is withdrawn; the moved one's follows it.
    const reminders = await desk.database.db
      .select({ sendAfter: outbox.sendAfter })
      .from(outbox)
      .where(eq(outbox.kind, 'visit-reminder'));
    expect(reminders).toHaveLength(11);
    expect(reminders.map((row) => row.sendAfter?.getTime())).toContain(slot.getTime() - DAY);
  });

  it('ends the series from a date: the later visits are cancelled, the earlier stay', async () => {
    const { id, token } = await weeklyBooked();
    const ended = await desk.postForm(`/quote/${token}/series/end`, { endsOn: '2027-04-06' });
    expect(ended.status).toBe(303);
    const after = await visitsOf(id);
    expect(after.filter((visit) => visit.status === 'booked').map((visit) => visit.at)).toEqual([
      '2027-03-16 10:00',
      '2027-03-23 10:00',
      '2027-03-30 10:00',
      '2027-04-06 10:00',
    ]);
    expect(after.filter((visit) => visit.status === 'cancelled')).toHaveLength(8);
    const detail = (await (await desk.staff(`/api/contact/${id}`)).json()) as { series: { endsOn: string } };
    expect(detail.series.endsOn).toBe('2027-04-06');
    const page = await desk.documentOf(await desk.app.request(`/quote/${token}`));
    expect(page.body.textContent).toContain('Your regular clean ends after Tuesday 6 April 2027.');
  });

  it('moves every visit to come to a new weekday and time through PATCH /api/series/:id', async () => {
    const { id } = await weeklyBooked();
    clock.set(melbourneWallClock('2027-03-24', 9 * 60));
    const [first] = await visitsOf(id);
    const moved = await desk.staffJson(`/api/series/${must(first).seriesId}`, 'PATCH', {
      start: melbourneWallClock('2027-03-26', 12 * 60).toISOString(),
    });
    expect(moved.status).toBe(200);
    const answer = (await moved.json()) as { series: { id: string; label: string; frequency: string } };
    expect(answer.series).toMatchObject({ frequency: 'weekly', label: 'Weekly, Fridays 12:00–2:00 pm' });
    const after = await visitsOf(id);
    // The two visits before the move stay; every one after it is on Fridays at 12:00.
    expect(after.slice(0, 2).map((visit) => visit.at)).toEqual(['2027-03-16 10:00', '2027-03-23 10:00']);
    expect(after.slice(2).every((visit) => visit.at.endsWith('12:00'))).toBe(true);
    expect(after[2]?.at).toBe('2027-03-26 12:00');
    expect(after.slice(2).every((visit) => visit.seriesId === answer.series.id)).toBe(true);
  });

  it('offers a later visit its own time when staff move it (GET …/slots?visit=<id>)', async () => {
    // One team working: the visit's own time is taken unless it is left out.
    const settings = (await (await desk.staff('/api/schedule/settings')).json()) as {
      teams: { id: string; name: string; active: boolean }[];
    };
    const oneTeam = settings.teams.map((team) => ({ ...team, active: team.id === 'team-1' }));
    expect(
      (await desk.staffJson('/api/schedule/settings', 'PUT', { ...settings, teams: oneTeam })).status,
    ).toBe(200);
    const { id } = await weeklyBooked();
    const later = must((await visitsOf(id))[2]);
    // Within the 60 days offered: 30 March at 10:00 is the visit's own time.
    const own = slotValue(later.start);
    const slots = async (query: string) =>
      (
        (await (await desk.staff(`/api/contact/${id}/slots${query}`)).json()) as {
          slots: { start: string }[];
        }
      ).slots.map((slot) => slot.start);
    expect(await slots(`?visit=${later.id}`)).toContain(later.start.toISOString());
    expect(await slots('')).not.toContain(later.start.toISOString());
    expect(own).toMatch(/^2027-03-30T10:00/);
  });

  it('answers a bad end date with 400 naming endsOn, and an unknown series with 404', async () => {
    const { id } = await weeklyBooked();
    const [first] = await visitsOf(id);
    const past = await desk.staffJson(`/api/series/${must(first).seriesId}`, 'PATCH', {
      endsOn: '2026-01-01',
    });
    expect(past.status).toBe(400);
    expect(((await past.json()) as { fields: Record<string, string> }).fields).toHaveProperty('endsOn');
    const malformed = await desk.staffJson(`/api/series/${must(first).seriesId}`, 'PATCH', {
      endsOn: '6 April',
    });
    expect(malformed.status).toBe(400);
    const unknown = await desk.staffJson('/api/series/nope', 'PATCH', { endsOn: '2027-05-01' });
    expect(unknown.status).toBe(404);
  });

  it('skips one visit through PATCH /api/visits/:id status skipped; a one-off cannot be skipped', async () => {
    const { id } = await weeklyBooked();
    const [, second] = await visitsOf(id);
    const skipped = await desk.staffJson(`/api/visits/${must(second).id}`, 'PATCH', { status: 'skipped' });
    expect(skipped.status).toBe(200);
    expect(((await skipped.json()) as { status: string }).status).toBe('skipped');
    const oneOff = await desk.acceptedQuote({ durationMinutes: 180 });
    const booked = await desk.postForm(`/quote/${oneOff.token}/book`, {
      slot: slotValue(melbourneWallClock('2027-03-17', 8 * 60)),
    });
    expect(booked.status).toBe(303);
    const [visit] = await visitsOf(oneOff.id);
    const refused = await desk.staffJson(`/api/visits/${must(visit).id}`, 'PATCH', { status: 'skipped' });
    expect(refused.status).toBe(409);
  });

  it('refuses a path that only ends like a form: the customer forms match whole paths', async () => {
    const { token } = await weeklyBooked();
    const fromTheSite = (path: string) =>
      desk.app.request(path, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: 'https://clean.example',
        },
        body: 'slot=2027-04-14T08%3A00%3A00%2B10%3A00',
      });
    expect((await fromTheSite(`/quote/${token}/visits/nope/zreschedule`)).status).toBe(404);
    expect((await fromTheSite(`/quote/${token}/x/y/accept`)).status).toBe(404);
  });
});

describe('the series extension job', () => {
  /** What the job needs to write the customer's mails. */
  const extend = (database = desk.database) =>
    extendSeries(database, {
      now: clock.now(),
      environment: desk.environment,
      mailContextOf: async (series: Series) => {
        const request = await findBookableRequest(database.db, series.quoteRequestId);
        if (!request) return undefined;
        const change = await staffVisitChange(database.db, request, {
          actor: { userId: null, name: 'Sparkle Clean', email: 'office@sparkleclean.example' },
          environment: desk.environment,
          now: clock.now(),
          override: false,
        });
        return { ...change.mail, request };
      },
    });

  it('adds each week as time passes, exactly once, whether runs overlap or the server restarts', async () => {
    const { id } = await weeklyBooked();
    clock.advance(7 * DAY);
    const [one, two] = await Promise.all([extend(), extend()]);
    expect((one?.created ?? 0) + (two?.created ?? 0)).toBe(1);
    expect((await visitsOf(id)).at(-1)?.at).toBe('2027-06-08 10:00');

    // Another process on the same file, as after a restart.
    const beside = await openDatabase({ url: desk.environment.DATABASE_URL });
    try {
      expect((await extend(beside)).created).toBe(0);
      clock.advance(14 * DAY);
      expect((await extend(beside)).created).toBe(2);
    } finally {
      beside.close();
    }
    const held = await visitsOf(id);
    expect(held.map((visit) => visit.at).slice(-3)).toEqual([
      '2027-06-08 10:00',
      '2027-06-15 10:00',
      '2027-06-22 10:00',
    ]);
    expect(new Set(held.map((visit) => visit.occurrenceStart?.getTime())).size).toBe(held.length);
    const [series] = await desk.database.db
      .select({ id: visitSeries.id })
      .from(visitSeries)
      .where(eq(visitSeries.quoteRequestId, id));
    expect((await findSeries(desk.database.db, must(series).id))?.heldUntil.getTime()).toBe(
      melbourneWallClock('2027-06-22', 10 * 60).getTime(),
    );
  });

  it('adds nothing after the series ends, and is registered as a daily job', async () => {
    const { id, token } = await weeklyBooked();
    await desk.postForm(`/quote/${token}/series/end`, { endsOn: '2027-06-01' });
    clock.advance(28 * DAY);
    expect((await extend()).created).toBe(0);
    expect(
      await desk.database.db
        .select({ id: visits.id })
        .from(visits)
        .where(and(eq(visits.quoteRequestId, id), eq(visits.status, 'booked'))),
    ).toHaveLength(12);
    expect(seriesExtensionJob.schedule).toBe('15 2 * * *');
  });
});
