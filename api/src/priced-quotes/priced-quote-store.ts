import type { ServiceType } from '@cleanquote/quote-core';
import {
  type DurationAnswers,
  estimateDurationMinutes,
  formatAud,
  gstIncluded,
  type PricedLine,
  type PricedQuoteStatus,
  perVisitText,
  QUOTE_VALID_DAYS,
  type QuoteDraft,
  type QuoteFrequency,
  type QuoteTotals,
  quoteTotals,
} from '@cleanquote/quote-core/staff';
import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Database, Db } from '../db/database.ts';
import { newRowId } from '../db/row-id.ts';
import { pricedQuotes, quoteRequests } from '../db/schema.ts';
import { addDays, melbourneDay } from '../lib/melbourne-time.ts';
import { enqueueMail, type WriteTransaction } from '../mail/outbox.ts';
import { type Actor, appendHistory } from '../quote-requests/history.ts';
import { moveQuote } from '../quote-requests/pipeline.ts';
import { autoResponseMessageId, type ReplySender } from '../quote-requests/replies.ts';
import { queueQuoteSync } from '../xero/sync-queue.ts';
import { readPriceList } from './price-list-store.ts';
import { PRICED_QUOTE_MAIL_KIND, pricedQuoteMail } from './priced-quote-mail.ts';
import { newQuoteToken, quoteLink, quoteTokenHash } from './quote-link.ts';
import { storedTotals } from './stored-totals.ts';

/** One version of a request's priced quote, as the staff API shows it. */
export interface QuoteVersion {
  version: number;
  status: PricedQuoteStatus;
  lines: PricedLine[];
  note: string;
  /**
   * How long the visit takes, 15–720 minutes: staff's figure, else the price list's estimate for the
   * request's answers (a version saved before visits had a length answers today's estimate).
   */
  durationMinutes: number;
  /** How often the clean is done: 'once', or every 1, 2 or 4 weeks ('weekly', 'fortnightly', 'four-weekly'). */
  frequency: QuoteFrequency;
  /** The lines' sum, GST inclusive. */
  subtotalCents: number;
  /**
   * The frequency's discount in whole percent, the price list's when the version was saved (0 for
   * a one-off); kept by the version whatever the price list says later.
   */
  discountPercent: number;
  /** What the discount takes off the subtotal (positive), rounded once to the cent. */
  discountCents: number;
  /** What the customer pays per visit: subtotal − discount, GST inclusive. */
  totalCents: number;
  /** The GST the total includes; 0 when the business is not registered for GST. */
  gstCents: number;
  exGstCents: number;
  /** Whether this version's total includes GST (a draft: GST_REGISTERED now; a sent one: when sent). */
  gstRegistered: boolean;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  /** The Melbourne day through which it can be accepted, 'yyyy-MM-dd'; set when sent. */
  validUntil: string | null;
  viewedAt: string | null;
  answeredAt: string | null;
  acceptedName: string | null;
  answerText: string | null;
}

/** A version in a quote's list of versions. */
export interface QuoteVersionSummary {
  version: number;
  status: PricedQuoteStatus;
  sentAt: string | null;
  totalCents: number;
}

/** GET /api/contact/:id/quote: the latest version, and every version oldest first. */
export interface PricedQuote extends QuoteVersion {
  versions: QuoteVersionSummary[];
}

/** POST /api/contact/:id/quote/send's answer. */
export interface SentQuote {
  version: number;
  status: 'sent';
  validUntil: string;
}

/** Why a quote could not be read or changed. */
export type QuoteRefusal =
  /** No quote request has that id. */
  | 'no-request'
  /** The request has no priced quote yet. */
  | 'no-quote'
  /** POST on a request that already has one. */
  | 'has-quote'
  /** A version was accepted: the quote no longer changes. */
  | 'accepted'
  /** Send asked for a version that is not a draft. */
  | 'not-draft';

type QuoteRow = typeof pricedQuotes.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A stored version as the API shows it. A draft is summed with today's GST registration and the
 * discount percent it was saved with (it is summed again when sent); a sent version keeps the sums it
 * was sent with. `durationMinutes` is the version's own, or `estimatedMinutes` for a version stored
 * without one.
 */
function toQuoteVersion(row: QuoteRow, gstRegisteredNow: boolean, estimatedMinutes: number): QuoteVersion {
  const draft = row.status === 'draft';
  const totals = draft ? quoteTotals(row.lines, gstRegisteredNow, row.discountPercent) : storedTotals(row);
  // A sent total too small to include a cent of GST does not say whether it was registered.
  const gstRegistered = draft || gstIncluded(row.totalCents) === 0 ? gstRegisteredNow : row.gstCents > 0;
  return {
    version: row.version,
    status: row.status,
    lines: totals.lines,
    note: row.note,
    durationMinutes: row.durationMinutes ?? estimatedMinutes,
    frequency: row.frequency,
    subtotalCents: totals.subtotalCents,
    discountPercent: totals.discountPercent,
    discountCents: totals.discountCents,
    totalCents: totals.totalCents,
    gstCents: totals.gstCents,
    exGstCents: totals.exGstCents,
    gstRegistered,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sentAt: iso(row.sentAt),
    validUntil: row.validUntil,
    viewedAt: iso(row.viewedAt),
    answeredAt: iso(row.answeredAt),
    acceptedName: row.acceptedName,
    answerText: row.answerText,
  };
}

/** The quote's newest version, whatever its status; undefined before the first draft. */
export async function latestVersion(
  db: Db | WriteTransaction,
  quoteId: string,
): Promise<QuoteRow | undefined> {
  const [row] = await db
    .select()
    .from(pricedQuotes)
    .where(eq(pricedQuotes.quoteId, quoteId))
    .orderBy(desc(pricedQuotes.version))
    .limit(1);
  return row;
}

/**
 * True when the customer accepted any version. A later draft can exist beside an accepted version
 * (the customer accepted the one they had while staff drafted the next); the quote is settled then.
 */
export async function wasAccepted(db: Db | WriteTransaction, quoteId: string): Promise<boolean> {
  const [row] = await db
    .select({ version: pricedQuotes.version })
    .from(pricedQuotes)
    .where(and(eq(pricedQuotes.quoteId, quoteId), eq(pricedQuotes.status, 'accepted')))
    .limit(1);
  return row !== undefined;
}

/** The price list's estimate of the visit a request asks for; undefined when there is no such request. */
async function estimatedMinutesFor(db: Db | WriteTransaction, quoteId: string): Promise<number | undefined> {
  return (await priceListFor(db, quoteId))?.estimatedMinutes;
}

/**
 * What the price list says of a request's next version: the estimate of its visit and the discount
 * of each frequency, as they stand now; undefined when there is no such request.
 */
async function priceListFor(
  db: Db | WriteTransaction,
  quoteId: string,
): Promise<{ estimatedMinutes: number; discountPercent: (frequency: QuoteFrequency) => number } | undefined> {
  const [row] = await db
    .select({ details: quoteRequests.details })
    .from(quoteRequests)
    .where(eq(quoteRequests.id, quoteId));
  if (!row) return undefined;
  const list = await readPriceList(db);
  return {
    estimatedMinutes: estimateDurationMinutes(row.details as DurationAnswers, list),
    discountPercent: (frequency) => (frequency === 'once' ? 0 : list.frequencyDiscountPercent[frequency]),
  };
}

/** The latest version of a request's quote with the list of versions. */
export async function readPricedQuote(
  db: Db,
  quoteId: string,
  gstRegistered: boolean,
): Promise<PricedQuote | QuoteRefusal> {
  const rows = await db
    .select()
    .from(pricedQuotes)
    .where(eq(pricedQuotes.quoteId, quoteId))
    .orderBy(asc(pricedQuotes.version));
  const latest = rows.at(-1);
  // The estimate is only needed for a version stored without a length; reading it also says
  // whether the request exists.
  const estimated = latest?.durationMinutes ?? (await estimatedMinutesFor(db, quoteId));
  if (estimated === undefined) return 'no-request';
  if (!latest) return 'no-quote';
  return {
    ...toQuoteVersion(latest, gstRegistered, estimated),
    versions: rows.map((row) => ({
      version: row.version,
      status: row.status,
      sentAt: iso(row.sentAt),
      totalCents: row.totalCents,
    })),
  };
}

/**
 * The stored columns of a draft with `draft`'s lines, note and frequency, its length in minutes and
 * the discount percent of its frequency.
 */
function draftColumns(
  { lines, note, frequency }: QuoteDraft,
  durationMinutes: number,
  discountPercent: number,
  gstRegistered: boolean,
  at: Date,
) {
  return {
    lines,
    note,
    durationMinutes,
    frequency,
    ...sumColumns(quoteTotals(lines, gstRegistered, discountPercent)),
    updatedAt: at,
  };
}

/** The stored sums of a version. */
function sumColumns(totals: QuoteTotals) {
  return {
    subtotalCents: totals.subtotalCents,
    discountPercent: totals.discountPercent,
    discountCents: totals.discountCents,
    totalCents: totals.totalCents,
    gstCents: totals.gstCents,
  };
}

/**
 * Drafts version 1 of a request's quote. Its length is staff's figure, else the price list's estimate
 * for the request's answers; its discount is the price list's for its frequency.
 */
export function createQuoteDraft(
  database: Database,
  quoteId: string,
  draft: QuoteDraft,
  gstRegistered: boolean,
): Promise<QuoteVersion | QuoteRefusal> {
  return database.writes.run(async (tx): Promise<QuoteVersion | QuoteRefusal> => {
    const prices = await priceListFor(tx, quoteId);
    if (prices === undefined) return 'no-request';
    if (await latestVersion(tx, quoteId)) return 'has-quote';
    const durationMinutes = draft.durationMinutes ?? prices.estimatedMinutes;
    const discountPercent = prices.discountPercent(draft.frequency);
    const at = new Date();
    const [row] = await tx
      .insert(pricedQuotes)
      .values({
        id: newRowId(),
        quoteId,
        version: 1,
        status: 'draft',
        createdAt: at,
        ...draftColumns(draft, durationMinutes, discountPercent, gstRegistered, at),
      })
      .returning();
    return toQuoteVersion(row as QuoteRow, gstRegistered, durationMinutes);
  });
}

/**
 * Changes a request's quote: the draft in place; after a version was sent, a new draft version n+1
 * (the sent one stays as the customer has it until the new one is sent). Refused once any version
 * was accepted. Its length is staff's figure, else the price list's estimate as it is now; its
 * discount is the price list's for its frequency as it is now.
 */
export function reviseQuote(
  database: Database,
  quoteId: string,
  draft: QuoteDraft,
  gstRegistered: boolean,
): Promise<QuoteVersion | QuoteRefusal> {
  return database.writes.run(async (tx): Promise<QuoteVersion | QuoteRefusal> => {
    const prices = await priceListFor(tx, quoteId);
    if (prices === undefined) return 'no-request';
    const latest = await latestVersion(tx, quoteId);
    if (!latest) return 'no-quote';
    if (await wasAccepted(tx, quoteId)) return 'accepted';
    const durationMinutes = draft.durationMinutes ?? prices.estimatedMinutes;
    const discountPercent = prices.discountPercent(draft.frequency);
    const at = new Date();
    const columns = draftColumns(draft, durationMinutes, discountPercent, gstRegistered, at);
    const [row] =
      latest.status === 'draft'
        ? await tx.update(pricedQuotes).set(columns).where(eq(pricedQuotes.id, latest.id)).returning()
        : await tx
            .insert(pricedQuotes)
            .values({
              id: newRowId(),
              quoteId,
              version: latest.version + 1,
              status: 'draft',
              createdAt: at,
              ...columns,
            })
            .returning();
    return toQuoteVersion(row as QuoteRow, gstRegistered, durationMinutes);
  });
}

/** What sending needs besides the quote: who sends, where the customer's link points, GST, who acts. */
export interface SendOptions {
  sender: ReplySender;
  publicUrl: string;
  gstRegistered: boolean;
  actor: Actor;
}

/** Statuses of a sent version that a newly sent one replaces. */
const REPLACED_BY_NEWER: PricedQuoteStatus[] = ['sent', 'viewed', 'changes-requested', 'declined', 'expired'];

/**
 * Sends the latest version, a draft, in one write: fixes its sums and valid-until date (the Melbourne
 * date of sending + {@link QUOTE_VALID_DAYS}), gives it a new link (only the token's hash is stored),
 * queues the mail to the customer threaded under their auto-response, marks earlier sent versions
 * superseded, moves the request to 'quoted', records 'Quote sent, $X' in its history and queues the
 * version for Xero (when an organisation receives quotes).
 */
export function sendPricedQuote(
  database: Database,
  quoteId: string,
  { sender, publicUrl, gstRegistered, actor }: SendOptions,
): Promise<SentQuote | QuoteRefusal> {
  return database.writes.run(async (tx): Promise<SentQuote | QuoteRefusal> => {
    const [request] = await tx
      .select({
        id: quoteRequests.id,
        reference: quoteRequests.reference,
        serviceType: quoteRequests.serviceType,
        name: quoteRequests.name,
        email: quoteRequests.email,
        createdAt: quoteRequests.createdAt,
        firstResponseAt: quoteRequests.firstResponseAt,
      })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, quoteId));
    if (!request) return 'no-request';
    const draft = await latestVersion(tx, quoteId);
    if (!draft) return 'no-quote';
    if (draft.status !== 'draft') return 'not-draft';
    if (await wasAccepted(tx, quoteId)) return 'accepted';

    const at = new Date();
    const validUntil = addDays(melbourneDay(at), QUOTE_VALID_DAYS);
    // The discount stays the percent the draft was saved with: what staff saw is what is sent.
    const totals = quoteTotals(draft.lines, gstRegistered, draft.discountPercent);
    const token = newQuoteToken();
    const link = quoteLink(publicUrl, token);
    const mail = pricedQuoteMail({
      name: request.name,
      reference: request.reference,
      service: request.serviceType as ServiceType,
      version: draft.version,
      frequency: draft.frequency,
      totals,
      gstRegistered,
      validUntil,
      note: draft.note,
      link,
      publicUrl,
    });
    const threadUnder = await autoResponseMessageId(tx, request);
    const mailId = await enqueueMail(tx, {
      kind: PRICED_QUOTE_MAIL_KIND,
      from: sender.from,
      to: { name: request.name, address: request.email },
      replyTo: sender.replyTo,
      ...mail,
      headers: threadUnder ? { 'In-Reply-To': threadUnder, References: threadUnder } : undefined,
      // The stored copy of the mail loses the link once the customer has it.
      secretUntilSent: link,
    });
    await tx
      .update(pricedQuotes)
      .set({ status: 'superseded', updatedAt: at })
      .where(
        and(
          eq(pricedQuotes.quoteId, quoteId),
          lt(pricedQuotes.version, draft.version),
          inArray(pricedQuotes.status, REPLACED_BY_NEWER),
        ),
      );
    await tx
      .update(pricedQuotes)
      .set({
        status: 'sent',
        ...sumColumns(totals),
        sentAt: at,
        validUntil,
        tokenHash: quoteTokenHash(token),
        mailId,
        updatedAt: at,
      })
      .where(eq(pricedQuotes.id, draft.id));
    const amount = `${formatAud(totals.totalCents)}${gstRegistered ? ' incl. GST' : ''}`;
    const perVisit = draft.frequency === 'once' ? '' : ` ${perVisitText(draft.frequency)}`;
    const version = draft.version > 1 ? ` (version ${draft.version})` : '';
    await appendHistory(tx, quoteId, actor, at, {
      kind: 'quote',
      text: `Quote sent, ${amount}${perVisit}${version}`,
    });
    await moveQuote(tx, quoteId, 'quoted', actor, at, { publicUrl, replyTo: sender.replyTo });
    // The same quote goes to Xero, when an organisation receives quotes: queued here, sent by its worker.
    await queueQuoteSync(tx, { quoteId, version: draft.version }, at);
    // A priced quote answers the request as a reply does: the 24-hour promise is kept.
    if (!request.firstResponseAt) {
      await tx.update(quoteRequests).set({ firstResponseAt: at }).where(eq(quoteRequests.id, quoteId));
    }
    return { version: draft.version, status: 'sent', validUntil };
  });
}
