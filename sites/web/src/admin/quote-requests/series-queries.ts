import type { SeriesChange } from '@cleanquote/quote-core/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, answer, staffApi } from '../lib/staff-api.ts';
import { type QuoteVisitAnswer, quoteVisitQuery } from '../lib/visit-queries.ts';
import { scheduleKey } from '../lib/visits.ts';
import { quotesKey } from './quote-request-queries.ts';

/** A request's regular clean: its rule in words ('Weekly, Tuesdays 10:00 am–12:00 pm'), team and end. */
export type QuoteSeries = NonNullable<QuoteVisitAnswer['series']>;
/** One visit of a request from today on, as GET /api/contact/:id/visit lists them. */
export type RequestVisit = QuoteVisitAnswer['visits'][number];
/** PATCH /api/series/:id's answer: the series (a new one when it moved) and the request's visits to come. */
export type SeriesChangeAnswer = Answer<(typeof staffApi.series)[':id']['$patch']>;

/**
 * Ends a regular clean after a day or moves every visit to come (PATCH /api/series/:id). The
 * section shows the answer at once; the request's page (its history), the schedule and the
 * dashboard's counts are read again. A refused day throws a StaffApiError naming `endsOn` or `start`.
 */
export function useChangeSeries() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ series, change }: { quoteId: string; series: QuoteSeries; change: SeriesChange }) =>
      answer(staffApi.series[':id'].$patch({ param: { id: series.id }, json: change })),
    onSuccess: (changed, { quoteId }) => {
      client.setQueryData(quoteVisitQuery(quoteId).queryKey, (before) =>
        before ? { ...before, series: changed.series, visits: changed.visits } : before,
      );
      return Promise.all([
        client.invalidateQueries({ queryKey: quotesKey }),
        client.invalidateQueries({ queryKey: scheduleKey }),
        client.invalidateQueries({ queryKey: ['admin', 'status'] }),
      ]);
    },
    onError: (_error, { quoteId }) =>
      client.invalidateQueries({ queryKey: quoteVisitQuery(quoteId).queryKey }),
  });
}
