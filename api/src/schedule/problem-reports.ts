import { business } from '@cleanquote/content';
import { textProblem, trimText } from '@cleanquote/quote-core';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { and, count, desc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Database, Db } from '../db/database.ts';
import { newRowId } from '../db/row-id.ts';
import { problemReports, visits } from '../db/schema.ts';
import type { Environment } from '../env.ts';
import { BUSINESS_TIME_ZONE } from '../lib/melbourne-time.ts';
import { enqueueMail, type OutboxMail } from '../mail/outbox.ts';
import { type CustomerQuote, customerActor } from '../priced-quotes/customer-quote.ts';
import { serviceLabel } from '../priced-quotes/quote-answer-mails.ts';
import { appendHistory } from '../quote-requests/history.ts';
import { NO_SLOT_MESSAGE, SLOT_TAKEN_MESSAGE } from './booking-section.tsx';
import { type BookingResult, customerChange, readSlot } from './customer-booking.ts';
import type { OfferedWindow } from './offered-windows.ts';
import { body } from './visit-mails.ts';
import {
  bookVisit,
  findVisit,
  offeredWindowsFor,
  type Reader,
  type RuleOverrides,
  type Visit,
  type VisitMailRequest,
  windowOf,
} from './visits.ts';
import { bookedWindowText } from './window-labels.ts';

/*
 * The re-clean guarantee: for 24 hours after a clean is marked done, the customer can tell the
 * business something was not right; the business hears of it at once, and the customer books a free
 * re-clean on their page over the next few days, whatever the usual notice.
 */

const HOUR = 3_600_000;

/** How long after a clean is done a problem can be reported online. */
export const REPORT_WINDOW_HOURS = 24;

/** The longest report the form takes, in characters. */
export const MAX_PROBLEM_REPORT = 2000;

/** A re-clean is offered from now to the end of the third Melbourne day after today, any notice. */
export const RECLEAN_RULES: RuleOverrides = { minimumNoticeHours: 0, horizonDays: 3 };

/** Outbox kind of the business's mail about a reported problem. */
export const PROBLEM_REPORT_MAIL_KIND = 'problem-report-notification';

/** What the page says once the 24 hours are over, before the business's phone number. */
export const LATE_REPORT_LEAD = `It has been more than ${REPORT_WINDOW_HOURS} hours since your clean — please call `;

/** 'It has been more than 24 hours since your clean — please call (03) 5550 0123'. */
export function lateReportMessage(): string {
  return `${LATE_REPORT_LEAD}${business.phone}`;
}

/** The page's message when a second, different report comes for a clean already reported. */
export function alreadyReportedMessage(): string {
  return `You have already told us about this clean — please call ${business.phone} to add anything.`;
}

/** The re-clean form's message when nothing was reported (the page has no re-clean to offer). */
export const NO_REPORT_MESSAGE = 'There is no reported problem to book a re-clean for.';

/** A problem the customer reported, and the re-clean booked for it (if any yet). */
export interface ProblemReport {
  id: string;
  quoteRequestId: string;
  /** The completed clean it is about. */
  visitId: string;
  message: string;
  recleanVisitId: string | null;
  createdAt: Date;
}

/** The request's clean marked done most recently (re-cleans are not it). */
export async function latestCompletedClean(db: Reader, quoteRequestId: string): Promise<Visit | undefined> {
  const [row] = await db
    .select({ id: visits.id })
    .from(visits)
    .where(
      and(
        eq(visits.quoteRequestId, quoteRequestId),
        eq(visits.kind, 'clean'),
        eq(visits.status, 'completed'),
        isNotNull(visits.completedAt),
      ),
    )
    .orderBy(desc(visits.completedAt), desc(visits.id))
    .limit(1);
  return row ? findVisit(db, row.id) : undefined;
}

/** The report made about a completed clean, if one was. */
export async function reportOfVisit(db: Reader, visitId: string): Promise<ProblemReport | undefined> {
  const [row] = await db
    .select()
    .from(problemReports)
    .where(eq(problemReports.visitId, visitId))
    .orderBy(desc(problemReports.createdAt), desc(problemReports.id))
    .limit(1);
  return row;
}

/** True while a problem with the clean can still be reported online. */
export function withinReportWindow(clean: Pick<Visit, 'completedAt'>, now: Date): boolean {
  if (!clean.completedAt) return false;
  return now.getTime() <= clean.completedAt.getTime() + REPORT_WINDOW_HOURS * HOUR;
}

/** A report's message as posted: trimmed when it is fine, else the problem in the page's words. */
export function readProblemMessage(
  value: string,
): { ok: true; message: string } | { ok: false; problem: string } {
  const characters = textProblem(value, { multiline: true });
  if (characters !== null) return { ok: false, problem: `Your message ${characters}` };
  const message = trimText(value);
  if (message === '') return { ok: false, problem: 'Tell us what was not right' };
  if (message.length > MAX_PROBLEM_REPORT) {
    return {
      ok: false,
      problem: `Your message must be ${MAX_PROBLEM_REPORT.toLocaleString('en-AU')} characters or fewer (it has ${message.length.toLocaleString('en-AU')})`,
    };
  }
  return { ok: true, message };
}

/** 'Tuesday 2 December 2026': the Melbourne day a visit was on. */
function visitDay(visit: Pick<Visit, 'start'>): string {
  return format(new TZDate(visit.start.getTime(), BUSINESS_TIME_ZONE), 'EEEE d MMMM yyyy');
}

/**
 * The business's mail about a reported problem: the request's reference, the customer, the clean's
 * day and the message as they typed it (plain text, and HTML that shows it as text).
 */
export function problemReportMail({
  request,
  clean,
  message,
  environment,
}: {
  request: VisitMailRequest;
  clean: Visit;
  message: string;
  environment: Pick<Environment, 'MAIL_FROM' | 'BUSINESS_EMAIL' | 'PUBLIC_URL'>;
}): OutboxMail {
  const day = visitDay(clean);
  return {
    kind: PROBLEM_REPORT_MAIL_KIND,
    from: environment.MAIL_FROM,
    to: environment.BUSINESS_EMAIL ?? business.email,
    replyTo: { name: request.name, address: request.email },
    subject: `Problem reported: ${request.reference}, ${request.name}, clean of ${day}`,
    ...body([
      `${request.name} reported a problem with the ${serviceLabel(request.serviceType).toLowerCase()} of ${bookedWindowText(windowOf(clean))} (${clean.teamName}). The re-clean guarantee applies: they are offered a free re-clean on their quote page.`,
      `Their message:\n${message}`,
      `Reference: ${request.reference}\nCustomer: ${request.name}\nEmail: ${request.email}\nPhone: ${request.phone}\nAddress: ${request.address}`,
      `Open the request: ${environment.PUBLIC_URL}/admin?quote=${encodeURIComponent(request.id)}`,
    ]),
  };
}

/** A report made, or why not. */
export type ReportOutcome =
  | { ok: true; report: ProblemReport }
  | { ok: false; refused: 'no-clean' | 'too-late' | 'already-reported' };

/**
 * Records the customer's problem with their latest completed clean, in ONE write transaction: the
 * report, a line in the request's history and the business's mail. Refused after the 24 hours, and
 * for a clean already reported — unless it is the same message again (a double submit), which
 * changes nothing and counts as done.
 */
export function reportProblem(
  database: Database,
  quote: CustomerQuote,
  {
    message,
    now,
    environment,
  }: {
    message: string;
    now: Date;
    environment: Pick<Environment, 'MAIL_FROM' | 'BUSINESS_EMAIL' | 'PUBLIC_URL'>;
  },
): Promise<ReportOutcome> {
  return database.writes.run(async (tx): Promise<ReportOutcome> => {
    const clean = await latestCompletedClean(tx, quote.request.id);
    if (!clean) return { ok: false, refused: 'no-clean' };
    const earlier = await reportOfVisit(tx, clean.id);
    if (earlier) {
      return earlier.message === message
        ? { ok: true, report: earlier }
        : { ok: false, refused: 'already-reported' };
    }
    if (!withinReportWindow(clean, now)) return { ok: false, refused: 'too-late' };
    const report: ProblemReport = {
      id: newRowId(),
      quoteRequestId: quote.request.id,
      visitId: clean.id,
      message,
      recleanVisitId: null,
      createdAt: now,
    };
    await tx.insert(problemReports).values(report);
    await appendHistory(tx, quote.request.id, customerActor(quote.request), now, {
      kind: 'visit',
      text: `Problem reported with the visit of ${bookedWindowText(windowOf(clean))}: ${message}`,
    });
    await enqueueMail(tx, problemReportMail({ request: quote.request, clean, message, environment }));
    return { ok: true, report };
  });
}

/** Thrown in the booking's transaction when the report's re-clean was booked meanwhile: undoes it. */
class RecleanAlreadyBooked extends Error {
  override name = 'RecleanAlreadyBooked';
}

/**
 * Books the free re-clean of the problem reported with the latest completed clean, at the window
 * posted (`slot`): within the re-clean's rules, at no cost, as a visit of kind 're-clean'. The
 * report is tied to it in the booking's own transaction, which holds the write lock: of two posts
 * at once, one books and the other finds the re-clean booked and answers done, booking nothing.
 */
export async function bookReclean(
  database: Database,
  quote: CustomerQuote,
  form: URLSearchParams,
  options: { now: Date; environment: Environment; pageUrl: string },
): Promise<BookingResult> {
  const clean = await latestCompletedClean(database.db, quote.request.id);
  const report = clean ? await reportOfVisit(database.db, clean.id) : undefined;
  if (!clean || !report) {
    return { done: false, status: 409, message: NO_REPORT_MESSAGE };
  }
  if (report.recleanVisitId) return { done: true };
  const start = readSlot(form.get('slot'));
  if (!start) return { done: false, status: 400, message: NO_SLOT_MESSAGE };
  const { change } = await customerChange(database, quote, options);
  try {
    const outcome = await bookVisit(database, {
      ...change,
      quoteRequestId: quote.request.id,
      pricedQuoteId: clean.pricedQuoteId,
      start,
      durationMinutes: clean.durationMinutes,
      kind: 're-clean',
      rules: RECLEAN_RULES,
      onBooked: async (tx, visit) => {
        const claimed = await tx
          .update(problemReports)
          .set({ recleanVisitId: visit.id })
          .where(and(eq(problemReports.id, report.id), isNull(problemReports.recleanVisitId)))
          .returning({ id: problemReports.id });
        if (claimed.length === 0) throw new RecleanAlreadyBooked();
        await appendHistory(tx, quote.request.id, change.actor, change.now, {
          kind: 'visit',
          text: `Free re-clean booked for ${bookedWindowText(windowOf(visit))}, for the problem reported with the visit of ${visitDay(clean)}`,
        });
      },
    });
    if (outcome.ok) return { done: true };
    return { done: false, status: 409, message: SLOT_TAKEN_MESSAGE };
  } catch (error) {
    if (error instanceof RecleanAlreadyBooked) return { done: true };
    throw error;
  }
}

/** What the re-clean part of the customer's page shows. */
export type RecleanState =
  /** Within the 24 hours: the report form, with what was typed and its problem after a bad post. */
  | { kind: 'report'; clean: Visit; actionBase: string; value: string; problem?: string | undefined }
  /** More than 24 hours after the clean, and nothing reported. */
  | { kind: 'too-late'; clean: Visit }
  /** Reported: the free re-clean's times (none: call us), with why the last booking did nothing. */
  | {
      kind: 'choose';
      clean: Visit;
      actionBase: string;
      windows: OfferedWindow[];
      message?: string | undefined;
    }
  /** The re-clean booked (or done, or cancelled by the business). */
  | { kind: 'booked'; clean: Visit; reclean: Visit };

/**
 * The re-clean part of an accepted quote's page at `now`: nothing until a clean is done; then the
 * report form for 24 hours, after that a number to call; once reported, the free re-clean's times
 * or the re-clean booked.
 */
export async function recleanStateFor(
  db: Db,
  quote: CustomerQuote,
  {
    now,
    actionBase,
    typed,
    problem,
    message,
  }: {
    now: Date;
    actionBase: string;
    /** The report as typed, sent back with its problem. */
    typed?: string | undefined;
    problem?: string | undefined;
    /** Why the last re-clean booking did nothing. */
    message?: string | undefined;
  },
): Promise<RecleanState | undefined> {
  const clean = await latestCompletedClean(db, quote.request.id);
  if (!clean) return undefined;
  const report = await reportOfVisit(db, clean.id);
  if (!report) {
    if (!withinReportWindow(clean, now)) return { kind: 'too-late', clean };
    return { kind: 'report', clean, actionBase, value: typed ?? '', problem };
  }
  const reclean = report.recleanVisitId ? await findVisit(db, report.recleanVisitId) : undefined;
  if (reclean) return { kind: 'booked', clean, reclean };
  const { windows } = await offeredWindowsFor(db, {
    durationMinutes: clean.durationMinutes,
    now,
    rules: RECLEAN_RULES,
  });
  return { kind: 'choose', clean, actionBase, windows, message };
}

/**
 * Re-clean requests on the dashboard: problem reports whose re-clean is not done yet — none booked
 * yet, or one booked (or needing a time). A re-clean completed, or cancelled by the business,
 * settles its report.
 */
export async function countRecleanRequests(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(problemReports)
    .leftJoin(visits, eq(visits.id, problemReports.recleanVisitId))
    .where(or(isNull(problemReports.recleanVisitId), inArray(visits.status, ['booked', 'needs-time'])));
  return row?.count ?? 0;
}
