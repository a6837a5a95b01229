import { and, count, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { visits } from '../db/schema.ts';
import { addDays, melbourneDay, melbourneDayStart, weekdayOf } from '../lib/melbourne-time.ts';

// Written out for the correlated subquery, where drizzle would leave the outer table unnamed.
const requestId = sql.raw(`"quote_requests"."id"`);

/**
 * The inbox's 'accepted, not booked' filter, a condition on quote_requests: a version of its quote
 * was accepted, and it has no visit booked or done.
 */
export const acceptedNotBooked: SQL = sql`${requestId} in (select "quote_id" from "priced_quotes" where "status" = 'accepted') and not exists (select 1 from "visits" where "visits"."quote_request_id" = ${requestId} and "visits"."status" in ('booked', 'completed'))`;

/** The Monday (a Melbourne day, 'yyyy-MM-dd') of the week `day` is in: the schedule's weeks run Monday to Sunday. */
export function weekStart(day: string): string {
  const weekday = weekdayOf(day);
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * What the dashboard counts of the visits: today's, this week's, the accepted quotes not booked,
 * and the visits of regular cleans still to come that no team could take (needs-time).
 */
export interface VisitCounts {
  today: number;
  thisWeek: number;
  acceptedNotBooked: number;
  needsTime: number;
}

/** The visits booked or done on Melbourne's days [from, to). */
async function visitsBetween(db: Db, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(visits)
    .where(
      and(
        inArray(visits.status, ['booked', 'completed']),
        gte(visits.start, melbourneDayStart(from)),
        lt(visits.start, melbourneDayStart(to)),
      ),
    );
  return row?.count ?? 0;
}

/** The dashboard's visit counts at `now` (Melbourne's today and its Monday-to-Sunday week). */
export async function visitCounts(db: Db, now: Date): Promise<VisitCounts> {
  const today = melbourneDay(now);
  const monday = weekStart(today);
  const [todays, weeks, [waiting], [unplaced]] = await Promise.all([
    visitsBetween(db, today, addDays(today, 1)),
    visitsBetween(db, monday, addDays(monday, 7)),
    db.all<{ count: number }>(
      sql`select count(*) as "count" from "quote_requests" where ${acceptedNotBooked}`,
    ),
    // From the start of today: one earlier than that is past, and no longer waits for a time.
    db
      .select({ count: count() })
      .from(visits)
      .where(and(eq(visits.status, 'needs-time'), gte(visits.start, melbourneDayStart(today)))),
  ]);
  return {
    today: todays,
    thisWeek: weeks,
    acceptedNotBooked: waiting?.count ?? 0,
    needsTime: unplaced?.count ?? 0,
  };
}
