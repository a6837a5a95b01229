import type { VisitBooking, VisitChange } from '@cleanquote/quote-core/staff';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientResponse } from 'hono/client';
import { type Answer, answer, StaffApiError, staffApi } from './staff-api.ts';
import { quotesKey, scheduleKey } from './visits.ts';

/** GET /api/contact/:id/visit's answer: the request's booked visit, else its latest, else null. */
export type QuoteVisitAnswer = Answer<(typeof staffApi.contact)[':id']['visit']['$get']>;
/** A request's visit: the arrival window, the team and the status. */
export type QuoteVisit = NonNullable<QuoteVisitAnswer['visit']>;
/** GET /api/contact/:id/slots's answer: how long the clean takes and the windows offered for it. */
export type OfferedSlots = Answer<(typeof staffApi.contact)[':id']['slots']['$get']>;
/** One window offered: its start and end (ISO 8601) and the customer's label for it. */
export type OfferedSlot = OfferedSlots['slots'][number];

/** The reasons a time is not offered by the customer's rules: staff may place the visit there anyway. */
const NOT_OFFERED_REASONS: ReadonlySet<string> = new Set([
  'taken',
  'notice',
  'closed',
  'outside-hours',
  'not-aligned',
  'beyond-horizon',
]);

/**
 * A 409 for a time the customer's rules do not offer (a team busy, inside the notice, outside the
 * hours…): staff see the server's words and may send the same change again with `override: true`.
 */
export class VisitTimeNotOffered extends StaffApiError {
  constructor(
    message: string,
    /** The rule the time breaks, as the API names it ('taken', 'notice', …). */
    readonly reason: string,
  ) {
    super(409, message);
    this.name = 'VisitTimeNotOffered';
  }
}

/** The server's explanation without its note to API callers on how to override (staff get a button). */
export function clashExplanation(error: VisitTimeNotOffered): string {
  return error.message.replace(/\s*Send override: true[^.]*\.?\s*$/, '').trim();
}

/** A visit call's body; a 409 for a time not offered throws {@link VisitTimeNotOffered}. */
async function visitAnswer<R extends ClientResponse<unknown, number, string>>(call: Promise<R>) {
  const response = await call;
  if (response.status === 409) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { error?: unknown; reason?: unknown } | null;
    if (typeof body?.reason === 'string' && NOT_OFFERED_REASONS.has(body.reason)) {
      throw new VisitTimeNotOffered(
        typeof body.error === 'string' ? body.error : 'That time is not offered.',
        body.reason,
      );
    }
  }
  return answer(Promise.resolve(response));
}

/** A request's visit; its key sits under the request's page, so a change to the request reads it again. */
export function quoteVisitQuery(quoteId: string) {
  return queryOptions({
    queryKey: [...quotesKey, 'detail', quoteId, 'visit'] as const,
    queryFn: () => answer(staffApi.contact[':id'].visit.$get({ param: { id: quoteId } })),
    meta: { errorTitle: 'Visit Unavailable', errorFallback: 'The visit could not be loaded.' },
  });
}

/** The windows offered for a request's clean, read afresh each time a form opens (they change by the minute). */
export function offeredSlotsQuery(quoteId: string, visitId?: string) {
  return queryOptions({
    queryKey: [...quotesKey, 'detail', quoteId, 'slots', visitId ?? null] as const,
    queryFn: () =>
      answer(
        staffApi.contact[':id'].slots.$get({
          param: { id: quoteId },
          query: visitId ? { visit: visitId } : {},
        }),
      ),
    staleTime: 0,
    meta: { errorTitle: 'Times Unavailable', errorFallback: 'The times offered could not be loaded.' },
  });
}

/**
 * After a visit changed: the section shows it at once, then the request's page (its history), the
 * inbox, the schedule and the dashboard's visit counts are read again.
 */
function visitChanged(client: QueryClient, quoteId: string, visit: QuoteVisit): Promise<unknown> {
  // The visit itself shows at once; a regular clean's list of visits is read again with the rest.
  client.setQueryData(quoteVisitQuery(quoteId).queryKey, (before) =>
    before
      ? {
          ...before,
          // One visit of a regular clean changes in its place in the list; the request's own stays.
          visit: before.series && before.visit?.id !== visit.id ? before.visit : visit,
          visits: before.visits?.map((each) => (each.id === visit.id ? visit : each)),
        }
      : { visit, series: null, visits: [visit] },
  );
  return Promise.all([
    client.invalidateQueries({ queryKey: quotesKey }),
    client.invalidateQueries({ queryKey: scheduleKey }),
    client.invalidateQueries({ queryKey: ['admin', 'status'] }),
  ]);
}

/**
 * Books a request's visit for the customer (POST /api/contact/:id/visit, a phone booking). The
 * form shows its own messages: a time not offered throws {@link VisitTimeNotOffered}.
 */
export function useBookVisit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ quoteId, booking }: { quoteId: string; booking: VisitBooking }) =>
      visitAnswer(staffApi.contact[':id'].visit.$post({ param: { id: quoteId }, json: booking })),
    onSuccess: (visit, { quoteId }) => visitChanged(client, quoteId, visit),
    // Whatever the answer, the section shows the visit as it now stands (another may have booked it).
    onError: (_error, { quoteId }) =>
      client.invalidateQueries({ queryKey: quoteVisitQuery(quoteId).queryKey }),
  });
}

/**
 * Moves, cancels or completes a visit (PATCH /api/visits/:id). The section shows its own messages:
 * a time not offered throws {@link VisitTimeNotOffered}.
 */
export function useChangeVisit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ visit, change }: { visit: QuoteVisit; change: VisitChange }) =>
      visitAnswer(staffApi.visits[':id'].$patch({ param: { id: visit.id }, json: change })),
    onSuccess: (changed, { visit }) => visitChanged(client, visit.quoteRequestId, changed),
    onError: (_error, { visit }) =>
      client.invalidateQueries({ queryKey: quoteVisitQuery(visit.quoteRequestId).queryKey }),
  });
}
