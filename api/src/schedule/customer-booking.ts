import {
  estimateDurationMinutes,
  type QuoteFrequency,
  type ScheduleSettings,
} from '@cleanquote/quote-core/staff';
import { eq } from 'drizzle-orm';
import type { Database, Db } from '../db/database.ts';
import { pricedQuotes, quoteRequests } from '../db/schema.ts';
import type { Environment } from '../env.ts';
import { melbourneDay, melbourneDayStart } from '../lib/melbourne-time.ts';
import type { WriteTransaction } from '../mail/outbox.ts';
import { type CustomerQuote, customerActor, quoteMailThread } from '../priced-quotes/customer-quote.ts';
import { readPriceList } from '../priced-quotes/price-list-store.ts';
import {
  type BookingState,
  cutOffMessage,
  NO_SLOT_MESSAGE,
  type SeriesState,
  SLOT_TAKEN_MESSAGE,
} from './booking-section.tsx';
import { readScheduleSettings } from './schedule-settings-store.ts';
import { bookSeries, endSeries, type Series, seriesOfRequest, skipOccurrence } from './series.ts';
import { seriesLabel } from './series-rule.ts';
import {
  bookVisit,
  cancelVisit,
  changeableOnline,
  currentVisitOf,
  findVisit,
  offeredWindowsFor,
  rescheduleVisit,
  type Visit,
  type VisitChangeContext,
  type VisitOutcome,
  visitsOfRequestFrom,
} from './visits.ts';

/** What the customer can do with the visit of their accepted quote. */
export const BOOKING_ACTIONS = ['book', 'reschedule', 'cancel'] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

/** What the customer can do with one occurrence of their regular clean. */
export const OCCURRENCE_ACTIONS = ['skip', 'reschedule'] as const;
export type OccurrenceAction = (typeof OCCURRENCE_ACTIONS)[number];

/** How often the accepted version's clean is done. */
export async function quotedFrequency(db: Db | WriteTransaction, versionId: string): Promise<QuoteFrequency> {
  const [row] = await db
    .select({ frequency: pricedQuotes.frequency })
    .from(pricedQuotes)
    .where(eq(pricedQuotes.id, versionId));
  return row?.frequency ?? 'once';
}

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

/** The regular clean's part of the page: its label and its visits from today on, each changeable or not. */
async function seriesStateFor(
  db: Db,
  series: Series,
  {
    now,
    settings,
    changingVisitId,
  }: { now: Date; settings: ScheduleSettings; changingVisitId?: string | undefined },
): Promise<SeriesState> {
  const upcoming = (
    await visitsOfRequestFrom(db, series.quoteRequestId, melbourneDayStart(melbourneDay(now)))
  ).filter((visit) => visit.seriesId === series.id);
  const changing = upcoming.find(
    (visit) => visit.id === changingVisitId && occurrenceChangeable(visit, settings, now),
  );
  return {
    id: series.id,
    label: seriesLabel(series),
    endsOn: series.endsOn,
    today: melbourneDay(now),
    occurrences: upcoming.map((visit) => ({ visit, changeable: occurrenceChangeable(visit, settings, now) })),
    changing: changing
      ? {
          visit: changing,
          windows: (
            await offeredWindowsFor(db, {
              durationMinutes: changing.durationMinutes,
              now,
              excludeVisitId: changing.id,
            })
          ).windows,
        }
      : undefined,
  };
}

/** True while the customer may skip or move an occurrence online: to come, and before its cut-off. */
function occurrenceChangeable(visit: Visit, settings: ScheduleSettings, now: Date): boolean {
  if (visit.status === 'needs-time') return visit.start.getTime() > now.getTime();
  return changeableOnline(visit, settings, now);
}

/** The booking part of an accepted quote's page as it stands at `now`. */
export async function bookingStateFor(
  db: Db,
  quote: CustomerQuote,
  {
    now,
    actionBase,
    message,
    changingVisitId,
  }: { now: Date; actionBase: string; message?: string | undefined; changingVisitId?: string | undefined },
): Promise<BookingState> {
  const visit = await currentVisitOf(db, quote.request.id);
  const series = await seriesOfRequest(db, quote.request.id);
  if (series) {
    const settings = await readScheduleSettings(db);
    return {
      visit,
      windows: [],
      changeable: false,
      changeCutoffHours: settings.changeCutoffHours,
      actionBase,
      message,
      series: await seriesStateFor(db, series, { now, settings, changingVisitId }),
    };
  }
  const booked = visit?.status === 'booked' ? visit : undefined;
  const frequency = await quotedFrequency(db, quote.version.id);
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
    frequency,
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
  const { change, settings } = await customerChange(database, quote, { now, environment, pageUrl });
  const current = await currentVisitOf(database.db, quote.request.id);
  let outcome: VisitOutcome;
  if (action === 'book') {
    const frequency = await quotedFrequency(database.db, quote.version.id);
    if (frequency !== 'once') {
      const start = readSlot(form.get('slot'));
      if (!start) return { done: false, status: 400, message: NO_SLOT_MESSAGE };
      outcome = await bookSeries(database, {
        ...change,
        quoteRequestId: quote.request.id,
        pricedQuoteId: quote.version.id,
        frequency,
        start,
        durationMinutes: await quotedDurationMinutes(database.db, quote.version.id),
      });
      if (
        !outcome.ok &&
        outcome.refused === 'already-booked' &&
        outcome.visit.occurrenceStart?.getTime() === start.getTime()
      ) {
        return { done: true };
      }
      return resultOf(outcome, settings);
    }
  }
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
  return resultOf(outcome, settings);
}

/** What the customer's page says when a visit did not change. */
function resultOf(outcome: VisitOutcome, settings: ScheduleSettings): BookingResult {
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

/** The change context of the customer's own forms: their page linked from the mails. */
export async function customerChange(
  database: Database,
  quote: CustomerQuote,
  { now, environment, pageUrl }: { now: Date; environment: Environment; pageUrl: string },
): Promise<{ change: VisitChangeContext; settings: ScheduleSettings }> {
  const settings = await readScheduleSettings(database.db);
  return {
    settings,
    change: {
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
    },
  };
}

/**
 * One occurrence of the customer's regular clean skipped or moved from their page (the rules and
 * cut-off of a one-off); nothing else in the series moves. An occurrence not of this request is
 * answered as not found.
 */
export async function customerOccurrenceAction(
  database: Database,
  quote: CustomerQuote,
  { action, visitId }: { action: OccurrenceAction; visitId: string },
  form: URLSearchParams,
  options: { now: Date; environment: Environment; pageUrl: string },
): Promise<BookingResult | 'not-found'> {
  const visit = await findVisit(database.db, visitId);
  if (!visit?.seriesId || visit.quoteRequestId !== quote.request.id) return 'not-found';
  const { change, settings } = await customerChange(database, quote, options);
  if (action === 'skip') return resultOf(await skipOccurrence(database, { ...change, visitId }), settings);
  const start = readSlot(form.get('slot'));
  if (!start) return { done: false, status: 400, message: NO_SLOT_MESSAGE };
  return resultOf(await rescheduleVisit(database, { ...change, visitId, start }), settings);
}

/** The customer ends their regular clean after a Melbourne day (`endsOn`, yyyy-MM-dd). */
export async function customerEndSeries(
  database: Database,
  quote: CustomerQuote,
  form: URLSearchParams,
  options: { now: Date; environment: Environment; pageUrl: string },
): Promise<BookingResult> {
  const series = await seriesOfRequest(database.db, quote.request.id);
  if (!series) return { done: false, status: 409, message: 'There is no regular clean to end.' };
  const endsOn = form.get('endsOn')?.trim() ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(endsOn) || Number.isNaN(Date.parse(`${endsOn}T00:00:00Z`))) {
    return { done: false, status: 400, message: 'Choose the date of the last visit.' };
  }
  const { change, settings } = await customerChange(database, quote, options);
  const outcome = await endSeries(database, { ...change, seriesId: series.id, endsOn });
  if (outcome.ok) return { done: true };
  switch (outcome.refused) {
    case 'cut-off':
      return { done: false, status: 409, message: cutOffMessage(settings.changeCutoffHours) };
    case 'bad-date':
      return { done: false, status: 400, message: 'Choose today or a later date.' };
    default:
      return { done: false, status: 409, message: 'There is no regular clean to end.' };
  }
}
