import type {
  QuoteDraftInput,
  QuoteNoteInput,
  QuoteReplyInput,
  QuoteStatusChangeInput,
} from '@cleanquote/quote-core/staff';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type Answer,
  answer,
  answerOrNull,
  answerWithResponse,
  nextPageCursor,
  staffApi,
} from '../lib/staff-api.ts';
import { quotesKey } from '../lib/visits.ts';
import { type QuoteFilters, quoteQueryString } from './quote-request-filters.ts';

/** Quotes per page of the list ('Load more' reads the next). */
export const QUOTE_PAGE_SIZE = 50;

/** One quote request as GET /api/contact lists it. */
export type QuoteListItem = Answer<typeof staffApi.contact.$get>[number];
/** One quote request as GET /api/contact/:id answers: answers in words, history, reply draft. */
export type QuoteDetail = Answer<(typeof staffApi.contact)[':id']['$get']>;
/** One entry of a quote's history. */
export type QuoteHistoryEntry = QuoteDetail['history'][number];

// Every inbox query starts with this key; it lives with the visits' shared pieces, which refresh it too.
export { quotesKey };

/** The list pages of one filter; the key holds the filters as data. */
export function quoteListPages(filters: QuoteFilters) {
  return infiniteQueryOptions({
    queryKey: [...quotesKey, 'list', filters] as const,
    queryFn: async ({ pageParam }): Promise<QuoteListPage> => {
      const query = Object.fromEntries(
        quoteQueryString(filters, { before: pageParam, limit: String(QUOTE_PAGE_SIZE) }),
      );
      const { body, response } = await answerWithResponse(staffApi.contact.$get({ query }));
      return { quotes: body, nextBefore: nextPageCursor(response) };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    meta: {
      errorTitle: 'Quote Requests Unavailable',
      errorFallback: 'The quote requests could not be loaded.',
    },
  });
}

/** One quote request's page. */
export function quoteDetailQuery(id: string) {
  return queryOptions({
    queryKey: [...quotesKey, 'detail', id] as const,
    // A link to a quote that does not exist is an answer (null: 'not found'), not a failure.
    queryFn: () => answerOrNull(staffApi.contact[':id'].$get({ param: { id } })),
    meta: { errorTitle: 'Quote Unavailable', errorFallback: 'The quote request could not be loaded.' },
  });
}

/** One page of the list and the cursor of the next (null on the last). */
export interface QuoteListPage {
  quotes: QuoteListItem[];
  nextBefore: string | null;
}

/**
 * After a change to one quote: its page and its row show the answer at once, then its page and
 * every list are read again (a filter or the order may no longer hold it).
 */
function quoteChanged(client: QueryClient, id: string, changed?: QuoteDetail): Promise<void> {
  if (changed) {
    client.setQueryData(quoteDetailQuery(id).queryKey, changed);
    client.setQueriesData<InfiniteData<QuoteListPage>>({ queryKey: [...quotesKey, 'list'] }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              quotes: page.quotes.map((quote) =>
                quote.id === id
                  ? {
                      ...quote,
                      status: changed.status,
                      statusChangedAt: changed.statusChangedAt,
                      firstResponseAt: changed.firstResponseAt,
                    }
                  : quote,
              ),
            })),
          }
        : data,
    );
  }
  return client.invalidateQueries({ queryKey: quotesKey });
}

/**
 * Moves a quote along the pipeline (POST /api/contact/:id/status); the server records the history
 * entry. A failure is toasted by the one handler, unless `formShowsErrors`: the 'Mark as Lost' form
 * shows its reason's message beside the field and toasts any other failure itself.
 */
export function useQuoteStatusChange({ formShowsErrors = false }: { formShowsErrors?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: QuoteStatusChangeInput }) =>
      answer(staffApi.contact[':id'].status.$post({ param: { id }, json: change })),
    onSuccess: (quote, { id }) => quoteChanged(client, id, quote),
    meta: formShowsErrors
      ? undefined
      : {
          errorTitle: 'Status Not Changed',
          errorFallback: 'The status could not be changed. Please try again.',
        },
  });
}

/** Adds a staff note (POST /api/contact/:id/notes); the form shows its own messages. */
export function useQuoteNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: QuoteNoteInput }) =>
      answer(staffApi.contact[':id'].notes.$post({ param: { id }, json: note })),
    onSuccess: (_entry, { id }) => quoteChanged(client, id),
  });
}

/**
 * Sends a reply to the customer (POST /api/contact/:id/reply), which also marks a new quote
 * contacted; the composer shows its own messages.
 */
export function useQuoteReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reply }: { id: string; reply: QuoteReplyInput }) =>
      answer(staffApi.contact[':id'].reply.$post({ param: { id }, json: reply })),
    onSuccess: (_sent, { id }) => quoteChanged(client, id),
  });
}

/** A request's priced quote as GET /api/contact/:id/quote answers: its latest version and every version. */
export type PricedQuote = Answer<(typeof staffApi.contact)[':id']['quote']['$get']>;
/** What POST …/quote/send answers: the version sent and the date it is valid until. */
export type SentQuote = Answer<(typeof staffApi.contact)[':id']['quote']['send']['$post']>;

/** What GET …/quote/preview answers: the customer's page (HTML) and the quote's mail, as they would go. */
export type QuotePreview = Answer<(typeof staffApi.contact)[':id']['quote']['preview']['$get']>;

/** The keys that change with a priced quote besides the inbox's: the dashboard's count and the report. */
const quoteFigureKeys = [['admin', 'status'], ['analytics']] as const;

/** A request's priced quote; null while it has none (404 is an answer: 'Prepare Quote'). */
export function pricedQuoteQuery(id: string) {
  return queryOptions({
    queryKey: [...quotesKey, 'detail', id, 'priced-quote'] as const,
    queryFn: () => answerOrNull(staffApi.contact[':id'].quote.$get({ param: { id } })),
    meta: { errorTitle: 'Quote Unavailable', errorFallback: 'The priced quote could not be loaded.' },
  });
}

/**
 * Saves the quote's draft: POST the first time (version 1), PUT after — which changes the draft, or,
 * once the latest version was sent, drafts the next one. The editor shows its own messages.
 */
export function useSaveQuoteDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft, first }: { id: string; draft: QuoteDraftInput; first: boolean }) =>
      first
        ? answer(staffApi.contact[':id'].quote.$post({ param: { id }, json: draft }))
        : answer(staffApi.contact[':id'].quote.$put({ param: { id }, json: draft })),
    onSuccess: (_saved, { id }) => quoteChanged(client, id),
  });
}

/**
 * Reads the latest draft as its customer would get it (GET /api/contact/:id/quote/preview): asked for
 * when 'Preview' is pressed, never cached — the draft may have changed since.
 */
export function useQuotePreview() {
  return useMutation({
    mutationFn: (id: string) => answer(staffApi.contact[':id'].quote.preview.$get({ param: { id } })),
    meta: {
      errorTitle: 'Preview Unavailable',
      errorFallback: 'The preview could not be made. Please try again.',
    },
  });
}

/**
 * Sends the latest draft to the customer (POST /api/contact/:id/quote/send): the request becomes
 * quoted, its history says so, and the dashboard's and the report's quote figures move. Its Xero
 * status is read again with its page (its key is under the page's), so 'Waiting for Xero' shows.
 */
export function useSendQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(staffApi.contact[':id'].quote.send.$post({ param: { id } })),
    onSuccess: (_sent, id) =>
      Promise.all([
        quoteChanged(client, id),
        ...quoteFigureKeys.map((queryKey) => client.invalidateQueries({ queryKey })),
      ]),
    meta: { errorTitle: 'Quote Not Sent', errorFallback: 'The quote could not be sent. Please try again.' },
  });
}
