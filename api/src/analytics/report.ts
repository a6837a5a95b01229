import { and, count, countDistinct, desc, eq, gte, isNotNull, lt, lte } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { funnelEvents, pageViews, quoteRequests } from '../db/schema.ts';
import { storedTextReader } from '../db/stored-text.ts';
import { addDays, melbourneDay, melbourneDayBounds, melbourneDayStart } from '../lib/melbourne-time.ts';
import { messageOf } from '../lib/quote-message.ts';
import { FUNNEL_STEPS } from './funnel-steps.ts';

/** A quote request of the reported day (spec §3's quote request fields, plus reference and source). */
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

/** GET /api/analytics/report: one Melbourne day (spec §3's fields first). */
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
  contactRequests: ReportedQuoteRequest[];
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

/** Builds the report of Melbourne day `date` ('YYYY-MM-DD'). */
export async function buildAnalyticsReport(db: Db, date: string): Promise<AnalyticsReport> {
  const { start, end } = melbourneDayBounds(date);
  const weekEarlier = addDays(date, -7);
  const firstDay = addDays(date, -29);
  const [pages, [unique], referrerRows, funnelRows, quoteRows, dailyViews, dailyQuotes, [previous]] =
    await Promise.all([
      db
        .select({ path: pageViews.path, count: count() })
        .from(pageViews)
        .where(eq(pageViews.day, date))
        .groupBy(pageViews.path)
        .orderBy(desc(count()), pageViews.path),
      db
        .select({ visitors: countDistinct(pageViews.visitor) })
        .from(pageViews)
        .where(eq(pageViews.day, date)),
      db
        .select({ host: pageViews.referrerHost, count: count() })
        .from(pageViews)
        .where(and(eq(pageViews.day, date), isNotNull(pageViews.referrerHost)))
        .groupBy(pageViews.referrerHost)
        .orderBy(desc(count()), pageViews.referrerHost)
        .limit(50),
      db
        .selectDistinct({ visit: funnelEvents.visit, step: funnelEvents.step })
        .from(funnelEvents)
        .where(eq(funnelEvents.day, date)),
      db
        .select(quoteReader.selection)
        .from(quoteRequests)
        .where(and(gte(quoteRequests.createdAt, start), lt(quoteRequests.createdAt, end)))
        .orderBy(quoteRequests.createdAt),
      db
        .select({ day: pageViews.day, views: count() })
        .from(pageViews)
        .where(and(gte(pageViews.day, firstDay), lte(pageViews.day, date)))
        .groupBy(pageViews.day),
      db
        .select({ createdAt: quoteRequests.createdAt })
        .from(quoteRequests)
        .where(
          and(gte(quoteRequests.createdAt, melbourneDayStart(firstDay)), lt(quoteRequests.createdAt, end)),
        ),
      db.select({ views: count() }).from(pageViews).where(eq(pageViews.day, weekEarlier)),
    ]);

  const totalViews = pages.reduce((sum, row) => sum + row.count, 0);
  const weekEarlierViews = previous?.views ?? 0;

  // Each visit's points, and the furthest it got in the wizard's order.
  const order = new Map<string, number>(FUNNEL_STEPS.map((step, index) => [step, index]));
  const reached = new Map<string, number>();
  const furthest = new Map<string, number>();
  let failedSubmissions = 0;
  for (const { visit, step } of funnelRows) {
    if (step === 'submission-failed') {
      failedSubmissions += 1;
      continue;
    }
    const index = order.get(step);
    if (index === undefined) continue;
    reached.set(step, (reached.get(step) ?? 0) + 1);
    furthest.set(visit, Math.max(furthest.get(visit) ?? -1, index));
  }
  const leftAt = new Map<number, number>();
  for (const index of furthest.values()) leftAt.set(index, (leftAt.get(index) ?? 0) + 1);
  const funnel = FUNNEL_STEPS.filter(
    (step) => step === 'started' || step === 'submitted' || (reached.get(step) ?? 0) > 0,
  ).map((step) => ({
    step,
    reached: reached.get(step) ?? 0,
    dropOff: step === 'submitted' ? 0 : (leftAt.get(order.get(step) ?? -1) ?? 0),
  }));

  const viewsByDay = new Map(dailyViews.map((row) => [row.day, row.views]));
  const quotesByDay = new Map<string, number>();
  for (const { createdAt } of dailyQuotes) {
    const day = melbourneDay(createdAt);
    quotesByDay.set(day, (quotesByDay.get(day) ?? 0) + 1);
  }
  const daily = Array.from({ length: 30 }, (_, index) => {
    const day = addDays(firstDay, index);
    return { date: day, views: viewsByDay.get(day) ?? 0, quoteRequests: quotesByDay.get(day) ?? 0 };
  });

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
    uniqueVisitors: unique?.visitors ?? 0,
    referrers: referrerRows.map((row) => ({ host: row.host ?? '', count: row.count })),
    funnel,
    failedSubmissions,
    daily,
  };
}
