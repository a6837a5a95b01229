import { estimateDurationMinutes } from '@cleanquote/quote-core/staff';
import { eq } from 'drizzle-orm';
import type { Database, Db } from '../db/database.ts';
import { pricedQuotes, quoteRequests } from '../db/schema.ts';
import type { Environment } from '../env.ts';
import type { WriteTransaction } from '../mail/outbox.ts';
import { type CustomerQuote, customerActor, quoteMailThread } from '../priced-quotes/customer-quote.ts';
import { readPriceList } from '../priced-quotes/price-list-store.ts';
import { type BookingState, cutOffMessage, NO_SLOT_MESSAGE, SLOT_TAKEN_MESSAGE } from './booking-section.tsx';
import { readScheduleSettings } from './schedule-settings-store.ts';
import {
  bookVisit,
  cancelVisit,
  changeableOnline,
  currentVisitOf,
  offeredWindowsFor,
  rescheduleVisit,
  type VisitChangeContext,
  type VisitOutcome,
} from './visits.ts';

/** What the customer can do with the visit of their accepted quote. */
export const BOOKING_ACTIONS = ['book', 'reschedule', 'cancel'] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

/**
 * How long the quoted clean takes: the version's own figure, else (a version priced before visits
 * had a duration) the price list's estimate for the request's answers.
 */
export async function quotedDurationMinutes(db: Db | WriteTransaction, versionId: string): Promise<number> {
  const [row] = await db
    .select({ durationMinutes: pricedQuotes.durationMinutes, details: quoteRequests.details })
    .from(pricedQuotes)
    .innerJoin(quoteRequests, eq(quoteRequests.id, pricedQuotes.quoteId))
    .where(eq(pricedQuotes.id, versionId));
  if (!row) throw new Error(`no priced quote ${versionId}`);
  if (row.durationMinutes !== null) return row.durationMinutes;
  return estimateDurationMinutes(
    row.details as Parameters<typeof estimateDurationMinutes>[0],
    await readPriceList(db),
  );
}

/** The booking part of an accepted quote's page as it stands at `now`. */
export async function bookingStateFor(
  db: Db,
  quote: CustomerQuote,
  { now, actionBase, message }: { now: Date; actionBase: string; message?: string | undefined },
): Promise<BookingState> {
  const visit = await currentVisitOf(db, quote.request.id);
  const booked = visit?.status === 'booked' ? visit : undefined;
  const { windows, settings } = await offeredWindowsFor(db, {
    durationMinutes: booked?.durationMinutes ?? (await quotedDurationMinutes(db, quote.version.id)),
    now,
    ...(booked ? { excludeVisitId: booked.id } : {}),
  });
  return {
    visit,
    windows,
    changeable: booked ? changeableOnline(booked, settings, now) : false,
    changeCutoffHours: settings.changeCutoffHours,
    actionBase,
    message,
  };
}

/**
 * A slot as the form sends it: the window's start as ISO 8601 with its offset
 * ('2026-12-02T08:00:00+11:00'); undefined when missing or not such a time.
 */
export function readSlot(value: string | null): Date | undefined {
  if (value === null) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/.test(value.trim())) {
    return undefined;
  }
  const instant = new Date(value.trim());
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

/** What a customer's booking form did: done, or the message the page shows with a 409 or 400. */
export type BookingResult = { done: true } | { done: false; status: 400 | 409; message: string };

/**
 * One of the customer's booking forms on their accepted quote: book a window, move the visit to
 * another, or cancel it. Every check and write is in the visit's own transaction (visits.ts).
 */
export async function customerBookingAction(
  database: Database,
  quote: CustomerQuote,
  action: BookingAction,
  form: URLSearchParams,
  { now, environment, pageUrl }: { now: Date; environment: Environment; pageUrl: string },
): Promise<BookingResult> {
  const settings = await readScheduleSettings(database.db);
  const change: VisitChangeContext = {
    actor: customerActor(quote.request),
    by: 'customer',
    request: quote.request,
    mail: {
      environment,
      thread: await quoteMailThread(database.db, quote.version.mailId),
      pageUrl,
      changeCutoffHours: settings.changeCutoffHours,
    },
    now,
  };
  const current = await currentVisitOf(database.db, quote.request.id);
  let outcome: VisitOutcome;
  if (action === 'cancel') {
    if (current?.status !== 'booked')
      return { done: false, status: 409, message: 'There is no visit to cancel.' };
    const reason = form.get('reason')?.trim().slice(0, 1000) || undefined;
    outcome = await cancelVisit(database, { ...change, visitId: current.id, reason });
  } else {
    const start = readSlot(form.get('slot'));
    if (!start) return { done: false, status: 400, message: NO_SLOT_MESSAGE };
    if (action === 'book') {
      outcome = await bookVisit(database, {
        ...change,
        quoteRequestId: quote.request.id,
        pricedQuoteId: quote.version.id,
        start,
        durationMinutes: await quotedDurationMinutes(database.db, quote.version.id),
      });
      // The same time posted twice (a double tap): it is booked, and that is what they asked for.
      if (
        !outcome.ok &&
        outcome.refused === 'already-booked' &&
        outcome.visit.start.getTime() === start.getTime()
      ) {
        return { done: true };
      }
    } else {
      if (current?.status !== 'booked')
        return { done: false, status: 409, message: 'There is no visit to change.' };
      outcome = await rescheduleVisit(database, { ...change, visitId: current.id, start });
    }
  }
  if (outcome.ok) return { done: true };
  switch (outcome.refused) {
    case 'cut-off':
      return { done: false, status: 409, message: cutOffMessage(settings.changeCutoffHours) };
    case 'already-booked':
      return {
        done: false,
        status: 409,
        message: 'Your visit is already booked: use Change time to move it.',
      };
    case 'not-booked':
      return { done: false, status: 409, message: 'This visit is no longer booked.' };
    default:
      return { done: false, status: 409, message: SLOT_TAKEN_MESSAGE };
  }
}
