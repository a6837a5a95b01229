import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, answer, answerOrNull, staffApi } from '../lib/staff-api.ts';
import { quotesKey } from './quote-request-queries.ts';

/** Where a request's quote stands in Xero, as GET /api/contact/:id/xero answers. */
export type QuoteXeroSync = Answer<(typeof staffApi.contact)[':id']['xero']['$get']>;

/** How often the page asks again while Xero has work to do for the quote. */
export const XERO_POLL_MS = 2_000;

/** The dashboard's count of failed Xero writes, which a retry or an invoice may change. */
const adminStatusKey = ['admin', 'status'] as const;

/**
 * The key sits under the quote's page key, so whatever refreshes the page (sending the priced quote
 * among them) reads it again too: 'Waiting for Xero' shows once a sent quote is queued.
 */
export const xeroQuoteKey = (id: string) => [...quotesKey, 'detail', id, 'xero'] as const;

/** Whether Xero still has work queued for the quote, so its answer is about to change. */
export function xeroWorkPending(sync: QuoteXeroSync | null | undefined): boolean {
  if (!sync) return false;
  return (
    sync.state === 'waiting' ||
    sync.invoice.state === 'waiting' ||
    (sync.state === 'failed' && sync.nextAttemptAt !== null)
  );
}

/**
 * Where the quote stands in Xero; null while the request has no priced quote (404). Read every
 * {@link XERO_POLL_MS} while something waits for Xero or a failed write will be tried again, and no
 * more once it has settled.
 */
export function xeroQuoteQuery(id: string) {
  return queryOptions({
    queryKey: xeroQuoteKey(id),
    queryFn: () => answerOrNull(staffApi.contact[':id'].xero.$get({ param: { id } })),
    refetchInterval: (query) => (xeroWorkPending(query.state.data) ? XERO_POLL_MS : false),
    meta: {
      errorTitle: 'Xero Status Unavailable',
      errorFallback: "The quote's Xero status could not be read.",
    },
  });
}

/**
 * 'Create Invoice in Xero' (POST /api/contact/:id/xero/invoice): 202 queued, or 200 when it was
 * asked for before; either way the answer is shown at once, and polling takes it from there.
 */
export function useCreateXeroInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(staffApi.contact[':id'].xero.invoice.$post({ param: { id } })),
    onSuccess: (sync, id) => client.setQueryData(xeroQuoteKey(id), sync),
    meta: {
      errorTitle: 'Invoice Not Created',
      errorFallback: 'The invoice could not be asked of Xero. Please try again.',
    },
  });
}

/** Retry of a quote's failed Xero writes (POST /api/contact/:id/xero/retry): they are due now. */
export function useRetryXeroSync() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(staffApi.contact[':id'].xero.retry.$post({ param: { id } })),
    onSuccess: (sync, id) => {
      client.setQueryData(xeroQuoteKey(id), sync);
      void client.invalidateQueries({ queryKey: adminStatusKey });
    },
    meta: { errorTitle: 'Retry Failed', errorFallback: 'Xero could not be asked again. Please try again.' },
  });
}
