import { z } from 'zod';
import { isCalendarDay } from './quote-request-filters.ts';

/**
 * GET /api/analytics/report and POST /api/analytics/send-report: `date`, the Melbourne day written
 * YYYY-MM-DD; absent or empty, the API reports yesterday.
 */
export const analyticsReportQuery = z.object({
  date: z
    .string()
    .refine((value) => value === '' || isCalendarDay(value), 'Use a date as yyyy-MM-dd')
    .optional(),
});
/** The report's query as the admin sends it. */
export type AnalyticsReportQueryInput = z.input<typeof analyticsReportQuery>;
