import { lt } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { funnelEvents, pageViews } from '../db/schema.ts';
import { melbourneDay } from '../lib/melbourne-time.ts';
import { deleteOldSalts } from './visitors.ts';

/** Analytics are kept 26 months (what the privacy policy promises). */
export const ANALYTICS_RETENTION_MONTHS = 26;

/** The first Melbourne day still kept on `today`: the same date 26 months earlier (clamped to the month). */
export function firstKeptDay(today: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const monthIndex = year * 12 + (month - 1) - ANALYTICS_RETENTION_MONTHS;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${targetYear}-${String(targetMonth).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

/** Deletes page views and funnel events older than 26 months, and salts older than 48 hours. */
export async function deleteExpiredAnalytics(
  database: Database,
  now: Date,
): Promise<{ pageViews: number; funnelEvents: number }> {
  const cutoff = firstKeptDay(melbourneDay(now));
  return database.writes.run(async (tx) => {
    const views = await tx.delete(pageViews).where(lt(pageViews.day, cutoff)).returning({ id: pageViews.id });
    const events = await tx
      .delete(funnelEvents)
      .where(lt(funnelEvents.day, cutoff))
      .returning({ id: funnelEvents.id });
    await deleteOldSalts(tx, now);
    return { pageViews: views.length, funnelEvents: events.length };
  });
}
