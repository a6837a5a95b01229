import { FUNNEL_STEPS } from '@cleanquote/quote-core/staff';
import { and, count, countDistinct, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { letOthersRun } from '../db/let-others-run.ts';
import { funnelEvents, pageViews, pricedQuotes, quoteRequests, visits } from '../db/schema.ts';
import { storedTextReader } from '../db/stored-text.ts';
import { addDays, melbourneDayBounds } from '../lib/melbourne-time.ts';
import { messageOf } from '../lib/quote-message.ts';

/** A quote request of the reported day (quote request fields, plus reference and source). */
export interface ReportedQuoteRequest {
  id: string;
  reference: string;
  name: string;
  phone: string;
  email: string;
  address: string;
  service: string;
  message?: string;
  source: string;
  createdAt: string;
}

/** The most quote requests a report lists: the newest of the day; the inbox has them all. */
export const REPORTED_QUOTE_LIMIT = 50;

/** GET /api/analytics/report: one Melbourne day (fields first). */
export interface AnalyticsReport {
  date: string;
  totalViews: number;
  /** This day against the same weekday a week earlier. `changePercent` is null when that day had none. */
  weeklyComparison: {
    views: number;
    weekEarlierDate: string;
    weekEarlierViews: number;
    changePercent: number | null;
  };
  /** Views per page path, most viewed first; '/' is 'Home'. */
  pageBreakdown: { page: string; count: number }[];
  /** The day's newest quote requests, newest first: at most {@link REPORTED_QUOTE_LIMIT}. */
  contactRequests: ReportedQuoteRequest[];
  /** How many quote requests the day had in all (`contactRequests` lists the newest of them). */
  contactRequestCount: number;
  /** The quote inbox filtered to this day (PUBLIC_URL + '/admin?from=…&to=…'): every quote request of it. */
  inboxUrl: string;
  uniqueVisitors: number;
  /** Views per referring site, most first. */
  referrers: { host: string; count: number }[];
  /**
   * Visits that reached each point of the wizard, in order; `dropOff`: visits whose furthest point
   * was this one (they left here). 'submitted' has no drop-off.
   */
  funnel: { step: string; reached: number; dropOff: number }[];
  /** Submission attempts that failed that day (the visitor was shown the error and a retry). */
  failedSubmissions: number;
  /** The 30 days up to `date`, oldest first. */
  daily: { date: string; views: number; quoteRequests: number }[];
  /** Priced quotes sent to customers that day (every version counts, a second one too). */
  quotesSent: number;
  /** Priced quotes customers accepted that day. */
  quotesAccepted: number;
  /** Accepted ÷ sent that day in whole percent (one decimal); null when none was sent. */
  acceptancePercent: number | null;
  /**
   * For the requests whose first quote was sent that day: the median time from the request to that
   * quote, in hours (one decimal); null when no request got its first quote that day.
   */
  medianHoursToQuote: number | null;
  /** Visits booked that day (by customers and staff), whatever became of them since. */
  visitsBooked: number;
  /** Visits booked or done on the day after: the morning's report tells the day's work. */
  visitsFollowingDay: number;
}

const quoteReader = storedTextReader(quoteRequests, [
  'id',
  'reference',
  'serviceType',
  'name',
  'email',
  'phone',
  'address',
  'details',
  'source',
  'createdAt',
]);

/** The change from `before` to `now` in whole percent (one decimal); null when `before` is 0. */
export function percentChange(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

/** `part` of `whole` in whole percent (one decimal); null when `whole` is 0. */
export function percentOf(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The day's priced quotes: versions sent, versions accepted, and the median time from request to
 * first quote for the requests first quoted that day. A request's first quote is its version 1 (a
 * later version is drafted only once the one before was sent). Each count reads the day's entries of
 * the sent_at or answered_at index; the median reads the middle one or two of the day's delays.
 */
async function pricedQuoteFigures(
  db: Db,
  { start, end }: { start: Date; end: Date },
): Promise<
  Pick<AnalyticsReport, 'quotesSent' | 'quotesAccepted' | 'acceptancePercent' | 'medianHoursToQuote'>
> {
  const from = start.getTime();
  const to = end.getTime();
  await letOthersRun();
  const [counts] = await db.all<{ sent: number; accepted: number; firstSent: number }>(sql`select
    (select count(*) from ${pricedQuotes} where ${pricedQuotes.sentAt} >= ${from} and ${pricedQuotes.sentAt} < ${to}) as "sent",
    (select count(*) from ${pricedQuotes} where ${pricedQuotes.answeredAt} >= ${from} and ${pricedQuotes.answeredAt} < ${to}
      and ${pricedQuotes.status} = 'accepted') as "accepted",
    (select count(*) from ${pricedQuotes} where ${pricedQuotes.sentAt} >= ${from} and ${pricedQuotes.sentAt} < ${to}
      and ${pricedQuotes.version} = 1) as "firstSent"`);
  const sent = counts?.sent ?? 0;
  const accepted = counts?.accepted ?? 0;
  const firstSent = counts?.firstSent ?? 0;
  let medianHoursToQuote: number | null = null;
  if (firstSent > 0) {
    await letOthersRun();
    // The middle delay, or the two middle ones of an even number.
    const middle = await db.all<{
      delay: number;
    }>(sql`select ${pricedQuotes.sentAt} - ${quoteRequests.createdAt} as "delay"
      from ${pricedQuotes} join ${quoteRequests} on ${quoteRequests.id} = ${pricedQuotes.quoteId}
      where ${pricedQuotes.sentAt} >= ${from} and ${pricedQuotes.sentAt} < ${to} and ${pricedQuotes.version} = 1
      order by "delay" limit ${firstSent % 2 === 0 ? 2 : 1} offset ${Math.floor((firstSent - 1) / 2)}`);
    const medianMs = middle.reduce((sum, row) => sum + row.delay, 0) / Math.max(1, middle.length);
    medianHoursToQuote = Math.round((medianMs / HOUR_MS) * 10) / 10;
  }
  return {
    quotesSent: sent,
    quotesAccepted: accepted,
    acceptancePercent: percentOf(accepted, sent),
    medianHoursToQuote,
  };
}

/**
 * The day's visits: how many were booked that day, and how many are booked or done on the day after
 * (each count reads the day's entries of an index on visits).
 */
async function visitFiguresOf(
  db: Db,
  { start, end, following }: { start: Date; end: Date; following: { start: Date; end: Date } },
): Promise<Pick<AnalyticsReport, 'visitsBooked' | 'visitsFollowingDay'>> {
  await letOthersRun();
  const [counts] = await db.all<{ booked: number; following: number }>(sql`select
    (select count(*) from ${visits} where ${visits.createdAt} >= ${start.getTime()} and ${visits.createdAt} < ${end.getTime()}) as "booked",
    (select count(*) from ${visits} where ${visits.status} in ('booked', 'completed')
      and ${visits.start} >= ${following.start.getTime()} and ${visits.start} < ${following.end.getTime()}) as "following"`);
  return { visitsBooked: counts?.booked ?? 0, visitsFollowingDay: counts?.following ?? 0 };
}

/** The quote inbox showing every quote request of Melbourne day `day` (its own from/to filters). */
export function inboxUrlForDay(publicUrl: string, day: string): string {
  return `${publicUrl}/admin?${new URLSearchParams({ from: day, to: day })}`;
}

/** One visit-group of the funnel: visits with the same furthest point and failure, and what they reached. */
interface FunnelGroup {
  /** Index in FUNNEL_STEPS of the furthest point; null when the visit reached none (only a failure). */
  furthest: number | null;
  failed: number;
  visits: number;
  /** Per FUNNEL_STEPS index, how many of these visits reached it. */
  reached: number[];
}

/** Visits per statement of the funnel: each statement reads about this many visits' events. */
export const FUNNEL_VISITS_PER_READ = 5_000;

/**
 * The day's funnel, grouped in SQL: per visit its furthest point, whether a submission failed and
 * which points it reached; then those visits grouped by furthest point and failure (at most twenty
 * rows). Visits are read in keyset batches from the (day, visit, step) index, in visit order, so each
 * statement reads a bounded part of the day however many events it had.
 */
async function funnelGroups(db: Db, day: string): Promise<FunnelGroup[]> {
  const rank = sql.join(
    FUNNEL_STEPS.map((step, index) => sql`when ${step} then ${index}`),
    sql` `,
  );
  const perVisit = sql.join(
    FUNNEL_STEPS.map((step, index) => sql`max(${funnelEvents.step} = ${step}) as ${sql.raw(`"r${index}"`)}`),
    sql`, `,
  );
  const sums = sql.join(
    FUNNEL_STEPS.map((_, index) => sql.raw(`sum("r${index}") as "r${index}"`)),
    sql`, `,
  );
  const groups: FunnelGroup[] = [];
  // Every visit id is longer than '' (collect.ts), so '' starts before the first.
  let after = '';
  for (;;) {
    await letOthersRun();
    const rows = await db.all<Record<string, number | string | null>>(sql`
      select "furthest", "failed", count(*) as "visits", max("visit") as "last", ${sums}
      from (
        select ${funnelEvents.visit} as "visit", max(case ${funnelEvents.step} ${rank} end) as "furthest",
          max(${funnelEvents.step} = 'submission-failed') as "failed", ${perVisit}
        from ${funnelEvents}
        where ${funnelEvents.day} = ${day} and ${funnelEvents.visit} > ${after}
        group by ${funnelEvents.visit}
        order by ${funnelEvents.visit}
        limit ${FUNNEL_VISITS_PER_READ}
      )
      group by "furthest", "failed"`);
    let visits = 0;
    for (const row of rows) {
      const number = (key: string) => Number(row[key] ?? 0);
      groups.push({
        furthest: row.furthest === null ? null : number('furthest'),
        failed: number('failed'),
        visits: number('visits'),
        reached: FUNNEL_STEPS.map((_, index) => number(`r${index}`)),
      });
      visits += number('visits');
      if (typeof row.last === 'string' && row.last > after) after = row.last;
    }
    if (visits < FUNNEL_VISITS_PER_READ) return groups;
  }
}

/**
 * Builds the report of Melbourne day `date` ('YYYY-MM-DD'). Everything is counted in SQL — grouped
 * counts and index-range counts, one Melbourne day per statement for the 30-day chart — and only the
 * {@link REPORTED_QUOTE_LIMIT} newest quote requests are read, so the cost of a statement is bounded
 * by one day's rows; other requests get their turn between statements ({@link letOthersRun}).
 */
export async function buildAnalyticsReport(
  db: Db,
  date: string,
  options: { publicUrl: string },
): Promise<AnalyticsReport> {
  const { start, end } = melbourneDayBounds(date);
  const weekEarlier = addDays(date, -7);
  const firstDay = addDays(date, -29);
  const read = async <T>(query: () => PromiseLike<T>): Promise<T> => {
    await letOthersRun();
    return query();
  };

  const pages = await read(() =>
    db
      .select({ path: pageViews.path, count: count() })
      .from(pageViews)
      .where(eq(pageViews.day, date))
      .groupBy(pageViews.path)
      .orderBy(desc(count()), pageViews.path),
  );
  const [unique] = await read(() =>
    db
      .select({ visitors: countDistinct(pageViews.visitor) })
      .from(pageViews)
      .where(eq(pageViews.day, date)),
  );
  const referrerRows = await read(() =>
    db
      .select({ host: pageViews.referrerHost, count: count() })
      .from(pageViews)
      .where(and(eq(pageViews.day, date), isNotNull(pageViews.referrerHost)))
      .groupBy(pageViews.referrerHost)
      .orderBy(desc(count()), pageViews.referrerHost)
      .limit(50),
  );
  const groups = await funnelGroups(db, date);
  const quoteRows = await read(() =>
    db
      .select(quoteReader.selection)
      .from(quoteRequests)
      .where(and(gte(quoteRequests.createdAt, start), lt(quoteRequests.createdAt, end)))
      .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
      .limit(REPORTED_QUOTE_LIMIT),
  );
  // One statement per day: each counts one day's index entries (quote_requests_created_at and
  // page_views_day cover them), whatever the other days hold.
  const daily: AnalyticsReport['daily'] = [];
  for (let index = 0; index < 30; index += 1) {
    const day = addDays(firstDay, index);
    const bounds = melbourneDayBounds(day);
    const [counts] = await read(() =>
      db.all<{ views: number; quotes: number }>(sql`select
        (select count(*) from ${pageViews} where ${pageViews.day} = ${day}) as "views",
        (select count(*) from ${quoteRequests} where ${quoteRequests.createdAt} >= ${bounds.start.getTime()}
          and ${quoteRequests.createdAt} < ${bounds.end.getTime()}) as "quotes"`),
    );
    daily.push({ date: day, views: counts?.views ?? 0, quoteRequests: counts?.quotes ?? 0 });
  }

  const quoteFigures = await pricedQuoteFigures(db, { start, end });
  const visitFigures = await visitFiguresOf(db, {
    start,
    end,
    following: melbourneDayBounds(addDays(date, 1)),
  });

  const totalViews = pages.reduce((sum, row) => sum + row.count, 0);
  const weekEarlierViews = daily.find((row) => row.date === weekEarlier)?.views ?? 0;

  const reached = FUNNEL_STEPS.map((_, index) =>
    groups.reduce((sum, group) => sum + (group.reached[index] ?? 0), 0),
  );
  const leftAt = FUNNEL_STEPS.map((_, index) =>
    groups.filter((group) => group.furthest === index).reduce((sum, group) => sum + group.visits, 0),
  );
  const failedSubmissions = groups.reduce((sum, group) => sum + (group.failed > 0 ? group.visits : 0), 0);
  const funnel = FUNNEL_STEPS.map((step, index) => ({
    step,
    reached: reached[index] ?? 0,
    dropOff: step === 'submitted' ? 0 : (leftAt[index] ?? 0),
  })).filter((row) => row.step === 'started' || row.step === 'submitted' || row.reached > 0);

  return {
    date,
    totalViews,
    weeklyComparison: {
      views: totalViews,
      weekEarlierDate: weekEarlier,
      weekEarlierViews,
      changePercent: percentChange(totalViews, weekEarlierViews),
    },
    pageBreakdown: pages.map((row) => ({ page: row.path === '/' ? 'Home' : row.path, count: row.count })),
    contactRequests: quoteRows.map((raw) => {
      const { row } = quoteReader.decode(raw);
      const message = messageOf(row.details);
      return {
        id: row.id,
        reference: row.reference,
        name: row.name,
        phone: row.phone,
        email: row.email,
        address: row.address,
        service: row.serviceType,
        ...(message === undefined ? {} : { message }),
        source: row.source,
        createdAt: row.createdAt.toISOString(),
      };
    }),
    contactRequestCount: daily.at(-1)?.quoteRequests ?? 0,
    inboxUrl: inboxUrlForDay(options.publicUrl, date),
    uniqueVisitors: unique?.visitors ?? 0,
    referrers: referrerRows.map((row) => ({ host: row.host ?? '', count: row.count })),
    funnel,
    failedSubmissions,
    daily,
    ...quoteFigures,
    ...visitFigures,
  };
}
