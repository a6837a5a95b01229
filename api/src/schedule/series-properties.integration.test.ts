import type { SeriesFrequency } from '@cleanquote/quote-core/staff';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { outbox, quoteRequests, teams, visitSeries, visits, webhookDeliveries } from '../db/schema.ts';
import { addDays, melbourneDay, melbourneWallClock } from '../lib/melbourne-time.ts';
import { validQuoteRequests } from '../test-support/quote-requests.ts';
import { createTestApp } from '../test-support/test-app.ts';
import { readScheduleSettings } from './schedule-settings-store.ts';
import { bookSeries, extendSeries, type Series } from './series.ts';
import { heldThroughDay, INTERVAL_DAYS } from './series-rule.ts';
import { type BookableRequest, findBookableRequest, staffVisitChange } from './staff-booking.ts';
import { bookVisit } from './visits.ts';

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60_000;
const REQUESTS = 8;
const STAFF = { userId: null, name: 'Sam', email: 'sam@sparkleclean.example' };

let desk: Awaited<ReturnType<typeof createTestApp>>;
let requests: BookableRequest[];

beforeAll(async () => {
  desk = await createTestApp();
  for (let index = 0; index < REQUESTS; index += 1) {
    const submitted = await desk.app.request('/api/service-form', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...validQuoteRequests.regularClean, email: `customer${index}@example.com` }),
    });
    expect(submitted.status).toBe(201);
  }
  const rows = await desk.database.db.select({ id: quoteRequests.id }).from(quoteRequests);
  requests = await Promise.all(
    rows.map(async (row) => (await findBookableRequest(desk.database.db, row.id)) as BookableRequest),
  );
});

afterAll(() => desk.close());

/** Every visit, series and queued message gone: each generated case starts from an empty schedule. */
async function emptySchedule(database: Database) {
  await database.writes.run(async (tx) => {
    await tx.delete(visits);
    await tx.delete(visitSeries);
    await tx.delete(outbox);
    await tx.delete(webhookDeliveries);
  });
}

async function changeAs(database: Database, request: BookableRequest, now: Date) {
  return staffVisitChange(database.db, request, {
    actor: STAFF,
    environment: desk.environment,
    now,
    override: false,
  });
}

function extend(database: Database, now: Date) {
  return extendSeries(database, {
    now,
    environment: desk.environment,
    mailContextOf: async (series: Series) => {
      const request = requests.find((each) => each.id === series.quoteRequestId) as BookableRequest;
      return { ...(await changeAs(database, request, now)).mail, request };
    },
  });
}

/** A booking staff try: a series or a one-off for a request, on a day and window from now. */
const booking = fc.record({
  request: fc.integer({ min: 0, max: REQUESTS - 1 }),
  frequency: fc.constantFrom<SeriesFrequency | 'once'>('once', 'weekly', 'fortnightly', 'four-weekly'),
  dayOffset: fc.integer({ min: 1, max: 30 }),
  window: fc.integer({ min: 0, max: 4 }),
  durationMinutes: fc.constantFrom(120, 180, 240),
});

/** Monday 5 October 2026, 9:00: daylight saving started the day before. */
const START = melbourneWallClock('2026-10-05', 9 * 60);

describe('a regular clean never double-books a team', () => {
  it('keeps every team’s booked visits apart, whatever is booked and however far time moves on', async () => {
    const { bufferMinutes } = await readScheduleSettings(desk.database.db);
    await fc.assert(
      fc.asyncProperty(
        fc.array(booking, { minLength: 1, maxLength: 10 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 3 }),
        async (bookings, oneTeam, advances) => {
          const { database } = desk;
          await emptySchedule(database);
          await database.writes.run((tx) =>
            tx.update(teams).set({ active: !oneTeam }).where(eq(teams.id, 'team-2')),
          );
          let now = START;
          for (const attempt of bookings) {
            const request = requests[attempt.request] as BookableRequest;
            const start = melbourneWallClock(
              addDays(melbourneDay(now), attempt.dayOffset),
              8 * 60 + attempt.window * 120,
            );
            const change = await changeAs(database, request, now);
            const common = {
              ...change,
              quoteRequestId: request.id,
              pricedQuoteId: null,
              start,
              durationMinutes: attempt.durationMinutes,
            };
            if (attempt.frequency === 'once') await bookVisit(database, common);
            else await bookSeries(database, { ...common, frequency: attempt.frequency });
          }
          for (const days of advances) {
            now = new Date(now.getTime() + days * DAY);
            await extend(database, now);
          }
          const booked = await database.db
            .select({ teamId: visits.teamId, start: visits.start, durationMinutes: visits.durationMinutes })
            .from(visits)
            .where(eq(visits.status, 'booked'))
            .orderBy(asc(visits.teamId), asc(visits.start));
          for (let index = 1; index < booked.length; index += 1) {
            const before = booked[index - 1] as (typeof booked)[number];
            const visit = booked[index] as (typeof booked)[number];
            if (before.teamId !== visit.teamId) continue;
            const busyUntil = before.start.getTime() + (before.durationMinutes + bufferMinutes) * MINUTE;
            expect(visit.start.getTime()).toBeGreaterThanOrEqual(busyUntil);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('the extension job', () => {
  it('creates each occurrence of the rule once through the held 12 weeks, across overlapping runs and restarts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<SeriesFrequency>('weekly', 'fortnightly', 'four-weekly'),
        fc.array(
          fc.record({ days: fc.integer({ min: 0, max: 45 }), restart: fc.boolean(), twice: fc.boolean() }),
          { minLength: 1, maxLength: 5 },
        ),
        async (frequency, runs) => {
          await emptySchedule(desk.database);
          const request = requests[0] as BookableRequest;
          const first = melbourneWallClock(addDays(melbourneDay(START), 2), 10 * 60);
          const booked = await bookSeries(desk.database, {
            ...(await changeAs(desk.database, request, START)),
            quoteRequestId: request.id,
            pricedQuoteId: null,
            frequency,
            start: first,
            durationMinutes: 180,
          });
          expect(booked.ok).toBe(true);
          let now = START;
          for (const run of runs) {
            now = new Date(now.getTime() + run.days * DAY);
            // A restart is another connection to the same file, as a new process would have.
            const database = run.restart
              ? await openDatabase({ url: desk.environment.DATABASE_URL })
              : desk.database;
            try {
              await Promise.all(
                run.twice ? [extend(database, now), extend(database, now)] : [extend(database, now)],
              );
            } finally {
              if (run.restart) database.close();
            }
          }
          const held = await desk.database.db
            .select({ occurrenceStart: visits.occurrenceStart })
            .from(visits)
            .where(eq(visits.quoteRequestId, request.id))
            .orderBy(asc(visits.occurrenceStart));
          const through = heldThroughDay(first, now);
          const expected: number[] = [];
          for (let day = melbourneDay(first); day <= through; day = addDays(day, INTERVAL_DAYS[frequency])) {
            expected.push(melbourneWallClock(day, 10 * 60).getTime());
          }
          expect(held.map((row) => row.occurrenceStart?.getTime())).toEqual(expected);
        },
      ),
      { numRuns: 12 },
    );
  });
});
