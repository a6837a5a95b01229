import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, answer, staffApi } from '../lib/staff-api.ts';

/** One Melbourne day's analytics report, as GET /api/analytics/report answers it. */
export type AnalyticsReport = Answer<typeof staffApi.analytics.report.$get>;

/**
 * The report of a Melbourne day ('YYYY-MM-DD'), read anew each time the screen opens (today's grows
 * with every visit). While another day loads, the day shown last stays on screen rather than a blank.
 */
export function analyticsReportQuery(date: string) {
  return queryOptions({
    queryKey: ['analytics', 'report', date],
    queryFn: () => answer(staffApi.analytics.report.$get({ query: { date } })),
    enabled: date !== '',
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: {
      errorTitle: 'Failed to fetch analytics report',
      errorFallback: 'The report could not be loaded.',
    },
  });
}

/**
 * 'Send Daily Report' (POST /api/analytics/send-report?date=): queues the day's report email through
 * the outbox, so the Mail log and the System Status counts are read again.
 */
export function useSendAnalyticsReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => answer(staffApi.analytics['send-report'].$post({ query: { date } })),
    // Keys as the Mail log and the dashboard's System Status name them (their paths).
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['mail'] }),
        client.invalidateQueries({ queryKey: ['admin', 'status'] }),
      ]),
    meta: { errorTitle: 'Failed to send analytics report', errorFallback: 'Failed to send analytics report' },
  });
}
