import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * One public page load (docs/decisions/0017-first-party-analytics.md). No cookie, IP address
 * or user agent is stored: `visitor` is a hash of them with the day's salt, which is deleted after
 * 48 hours, so it only tells two views of one day apart. Kept 26 months.
 */
export const pageViews = sqliteTable(
  'page_views',
  {
    id: text('id').primaryKey(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    /** The Melbourne calendar day of `at` ('2026-11-22'): reports group by it. */
    day: text('day').notNull(),
    path: text('path').notNull(),
    /** The referring site's host name, only when it is another site's. */
    referrerHost: text('referrer_host'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    /** The partner key when the page was embedded by a partner. */
    partner: text('partner'),
    /** 'mobile', 'tablet' or 'desktop', from the viewport width. */
    device: text('device').notNull(),
    /** Hex of SHA-256(day's salt, IP, user agent, host), shortened: the day's unique visitor. */
    visitor: text('visitor').notNull(),
  },
  (table) => [index('page_views_day').on(table.day)],
);

/**
 * The quote wizard's funnel: started, each step reached, submitted, submission failed — keyed by an
 * anonymous id the page keeps in memory for one visit.
 */
export const funnelEvents = sqliteTable(
  'funnel_events',
  {
    id: text('id').primaryKey(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    day: text('day').notNull(),
    visit: text('visit').notNull(),
    /** 'started', a wizard step id, 'submitted' or 'submission-failed'. */
    step: text('step').notNull(),
  },
  // The report reads a day's events visit by visit, from the index alone (analytics/report.ts).
  (table) => [index('funnel_events_day_visit').on(table.day, table.visit, table.step)],
);

/** The random salt of each Melbourne day's visitor hashes; deleted once 48 hours old. */
export const analyticsSalts = sqliteTable('analytics_salts', {
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});
