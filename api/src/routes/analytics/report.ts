import { analyticsReportQuery } from '@cleanquote/quote-core/staff';
import { Hono } from 'hono';
import { buildAnalyticsReport } from '../../analytics/report.ts';
import { enqueueDailyReport, reportRecipients } from '../../analytics/report-mail.ts';
import { type AuthEnv, requireAdmin } from '../../auth/middleware.ts';
import { type Clock, systemClock } from '../../jobs/clock.ts';
import { addDays, melbourneDay } from '../../lib/melbourne-time.ts';
import { validQuery } from '../../lib/request-validators.ts';

/** `?date=`: a Melbourne day written YYYY-MM-DD, or nothing for yesterday. */
const reportQuery = validQuery(analyticsReportQuery, 'date must be a day written YYYY-MM-DD.');

/** The day asked for, or yesterday in Melbourne when none was. */
function reportDay(date: string | undefined, now: Date): string {
  return date ? date : addDays(melbourneDay(now), -1);
}

/**
 * The analytics report for staff: GET /report?date=YYYY-MM-DD (a Melbourne day,
 * default yesterday) and POST /send-report (?date= likewise), which queues the daily report email
 * to ADMIN_EMAIL and BUSINESS_EMAIL through the outbox. Both list the day's 50 newest quote requests
 * beside its count and a link to the inbox filtered to that day. Admin session; the report carries the day's
 * quote requests, so both stay behind the quote-dashboard lock.
 */
export function analyticsRoutes(clock: Clock = systemClock) {
  return new Hono<AuthEnv>()
    .use(requireAdmin)
    .get('/report', reportQuery, async (c) => {
      const day = reportDay(c.req.valid('query').date, clock.now());
      const { database, environment } = c.var;
      return c.json(await buildAnalyticsReport(database.db, day, { publicUrl: environment.PUBLIC_URL }));
    })
    .post('/send-report', reportQuery, async (c) => {
      const day = reportDay(c.req.valid('query').date, clock.now());
      const { database, environment } = c.var;
      if (reportRecipients(environment).length === 0) {
        return c.json(
          {
            error: 'No one to send the report to: set ADMIN_EMAIL or BUSINESS_EMAIL.',
            requestId: c.var.requestId,
          },
          409,
        );
      }
      const report = await buildAnalyticsReport(database.db, day, { publicUrl: environment.PUBLIC_URL });
      const recipients = await database.writes.run((tx) => enqueueDailyReport(tx, report, environment));
      return c.json({ date: day, recipients }, 202);
    });
}
