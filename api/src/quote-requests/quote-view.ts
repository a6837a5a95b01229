import { type QuoteRequest, type QuoteSummaryLine, summarizeQuoteRequest } from '@cleanquote/quote-core';
import type {
  PricedQuoteStatus,
  QuoteListQuery,
  QuoteStatus,
  SeriesFrequency,
} from '@cleanquote/quote-core/staff';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import {
  pricedQuotes,
  type QuoteHistoryKind,
  quoteHistory,
  quoteRequests,
  visitSeries,
} from '../db/schema.ts';
import { storedTextReader } from '../db/stored-text.ts';
import { messageOf } from '../lib/quote-message.ts';
import { type QuoteReplyDraft, quoteReplyDraft, suburbOf } from '../mail/quote-reply.ts';
import {
  FULL_SHAPE,
  type FullQuote,
  filterConditions,
  LIST_SHAPE,
  type ListedQuote,
  readCursor,
  readPage,
} from './list-query.ts';

/** One quote in GET /api/contact. */
export interface QuoteListItem {
  id: string;
  reference: string;
  name: string;
  phone: string;
  email: string;
  address: string;
  service: string;
  /** The special requests, when there are any. */
  message?: string;
  createdAt: string;
  status: QuoteStatus;
  source: string;
  /** The partner's own reference ('case-123'), when its page gave one; null otherwise. */
  partnerRef: string | null;
  replyDueAt: string;
  firstResponseAt: string | null;
  statusChangedAt: string;
  returning: boolean;
  /** The suburb the address names, when the server recognises one (as the reply draft names it). */
  suburb: string | null;
  /** Where the latest version of its priced quote stands; null while it has none. */
  quoteStatus: PricedQuoteStatus | null;
}

/** Who did something in the inbox: their first name, else their email. */
export interface HistoryActor {
  name: string;
  email: string;
}

/** The history's word for a quote whose auto-response its address's mail limits held back. */
export const AUTO_RESPONSE_NOT_SENT = 'Confirmation not sent: too many mails to this address';

/**
 * One entry of a quote's timeline, oldest first. 'created' and 'system' entries are recorded by the
 * server itself (no actor): 'system' says, in `text`, something it did or did not do.
 */
// A plain union, each member whole (not `{id, at} & (…)`): the typed client keeps each kind's fields.
export type HistoryEntry =
  | { id: string; at: string; kind: 'created'; actor: null }
  | { id: string; at: string; kind: 'system'; actor: null; text: string }
  | {
      id: string;
      at: string;
      kind: 'status';
      actor: HistoryActor;
      from: string;
      to: string;
      reason?: string;
    }
  | { id: string; at: string; kind: 'note'; actor: HistoryActor; text: string }
  /** A step of the priced quote ('Quote sent, $495.00 incl. GST', 'Accepted online by Jane Citizen'). */
  | { id: string; at: string; kind: 'quote'; actor: HistoryActor; text: string }
  /** A visit booked, moved, cancelled or completed ('Visit booked for Tuesday 2 December 2026, 8:00–10:00 am'). */
  | { id: string; at: string; kind: 'visit'; actor: HistoryActor; text: string }
  | {
      id: string;
      at: string;
      kind: 'reply';
      actor: HistoryActor;
      subject: string;
      text: string;
      mailId: string;
    };

/** Another quote from the same customer (the same email, whatever its case, or the same phone digits). */
export interface CustomerQuote {
  id: string;
  reference: string;
  createdAt: string;
  service: string;
  status: QuoteStatus;
}

/** GET /api/contact/:id. */
export interface QuoteDetail extends QuoteListItem {
  /** The request as stored, as the shared schema accepted it (a quote stored by other means may hold less). */
  details: QuoteRequest;
  summary: QuoteSummaryLine[];
  termsVersion: string | null;
  consentedAt: string | null;
  history: HistoryEntry[];
  /**
   * The customer's quotes before this one by (createdAt, id), newest first, at most 20: any makes
   * this quote `returning`.
   */
  earlierQuotes: CustomerQuote[];
  /** The customer's quotes after this one, newest first as well, at most 20. */
  laterQuotes: CustomerQuote[];
  replyDraft: QuoteReplyDraft;
  /** The regular clean booked from the request's quote, if any. */
  series: { id: string; frequency: SeriesFrequency; endsOn: string | null } | null;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** A quote as the list shows it (fields, the pipeline and the reply promise). */
export function toListItem(row: ListedQuote): QuoteListItem {
  const { message } = row;
  return {
    id: row.id,
    reference: row.reference,
    name: row.name,
    phone: row.phone,
    email: row.email,
    address: row.address,
    service: row.serviceType,
    ...(message === undefined ? {} : { message }),
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    source: row.source,
    partnerRef: row.partnerRef,
    replyDueAt: (row.replyDueAt ?? row.createdAt).toISOString(),
    firstResponseAt: iso(row.firstResponseAt),
    statusChangedAt: (row.statusChangedAt ?? row.createdAt).toISOString(),
    returning: row.returning,
    suburb: suburbOf(row.address) ?? null,
    quoteStatus: row.quoteStatus,
  };
}

const historyReader = storedTextReader(quoteHistory);
const otherQuoteReader = storedTextReader(quoteRequests, [
  'id',
  'reference',
  'createdAt',
  'serviceType',
  'status',
]);

/** A stored history row as the API shows it. */
export function toHistoryEntry(row: typeof quoteHistory.$inferSelect): HistoryEntry {
  const base = {
    id: row.id,
    at: row.at.toISOString(),
    actor: { name: row.actorName, email: row.actorEmail },
  };
  const kind: QuoteHistoryKind = row.kind;
  switch (kind) {
    case 'status':
      return {
        ...base,
        kind,
        from: row.fromStatus ?? '',
        to: row.toStatus ?? '',
        ...(row.reason ? { reason: row.reason } : {}),
      };
    case 'note':
    case 'quote':
    case 'visit':
      return { ...base, kind, text: row.text ?? '' };
    case 'reply':
      return { ...base, kind, subject: row.subject ?? '', text: row.text ?? '', mailId: row.mailId ?? '' };
  }
}

/** The quote, every column, or undefined for an unknown id. */
async function readQuote(db: Db, id: string): Promise<FullQuote | undefined> {
  const [raw] = await db.select(FULL_SHAPE.selection).from(quoteRequests).where(eq(quoteRequests.id, id));
  return raw ? FULL_SHAPE.decode(raw) : undefined;
}

/**
 * One page of the inbox list for `query`, in its order.
 * @returns null when the query's cursor (`before`) names no quote.
 */
export async function readQuoteList(db: Db, query: QuoteListQuery): Promise<QuoteListItem[] | null> {
  const cursor = await readCursor(db, query);
  if (cursor === null) return null;
  const rows = await readPage(db, query, await filterConditions(db, query), cursor, query.limit, LIST_SHAPE);
  return rows.map(toListItem);
}

/** Most earlier (and most later) quotes of the same customer listed on a quote's page. */
const CUSTOMER_QUOTES = 20;

/**
 * The same customer's quotes before or after `quote` in (created_at, id) order, newest first: the
 * returning flag's own rule (list-query.ts), so a quote is returning exactly when it lists earlier ones.
 */
async function customerQuotes(db: Db, quote: FullQuote, when: 'earlier' | 'later'): Promise<CustomerQuote[]> {
  const sameCustomer = or(
    sql`lower(${quoteRequests.email}) = lower(${quote.email})`,
    quote.phoneDigits === '' ? undefined : eq(quoteRequests.phoneDigits, quote.phoneDigits),
  );
  const position = sql`(${quoteRequests.createdAt}, ${quoteRequests.id})`;
  const self = sql`(${quote.createdAt.getTime()}, ${quote.id})`;
  const rows = await db
    .select(otherQuoteReader.selection)
    .from(quoteRequests)
    .where(and(sameCustomer, when === 'earlier' ? sql`${position} < ${self}` : sql`${position} > ${self}`))
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
    .limit(CUSTOMER_QUOTES);
  return rows.map((raw) => {
    const other = otherQuoteReader.decode(raw).row;
    return {
      id: other.id,
      reference: other.reference,
      createdAt: other.createdAt.toISOString(),
      service: other.serviceType,
      status: other.status,
    };
  });
}

/** GET /api/contact/:id's answer, or undefined for an unknown id. */
export async function readQuoteDetail(db: Db, id: string): Promise<QuoteDetail | undefined> {
  const quote = await readQuote(db, id);
  if (!quote) return undefined;
  const [history, earlierQuotes, laterQuotes, [latestVersion], [series]] = await Promise.all([
    db
      .select(historyReader.selection)
      .from(quoteHistory)
      .where(eq(quoteHistory.quoteId, id))
      .orderBy(asc(quoteHistory.at), asc(quoteHistory.id)),
    customerQuotes(db, quote, 'earlier'),
    customerQuotes(db, quote, 'later'),
    db
      .select({ status: pricedQuotes.status })
      .from(pricedQuotes)
      .where(eq(pricedQuotes.quoteId, id))
      .orderBy(desc(pricedQuotes.version))
      .limit(1),
    db
      .select({ id: visitSeries.id, frequency: visitSeries.frequency, endsOn: visitSeries.endsOn })
      .from(visitSeries)
      .where(eq(visitSeries.quoteRequestId, id))
      .orderBy(desc(visitSeries.createdAt), desc(visitSeries.id))
      .limit(1),
  ]);
  // `details` holds the request exactly as the shared schema accepted it; the columns win where both
  // exist (a quote stored by other means may hold less).
  const request = {
    ...(quote.details as QuoteRequest),
    serviceType: quote.serviceType,
    name: quote.name,
    email: quote.email,
    phone: quote.phone,
    address: quote.address,
  } as QuoteRequest;
  return {
    ...toListItem({
      ...quote,
      message: messageOf(quote.details),
      quoteStatus: latestVersion?.status ?? null,
    }),
    details: quote.details as QuoteRequest,
    summary: summarizeQuoteRequest(request),
    termsVersion: quote.termsVersion,
    consentedAt: iso(quote.consentedAt),
    history: [
      { id: quote.id, kind: 'created', at: quote.createdAt.toISOString(), actor: null },
      // Decided when the quote was stored, with it: the quote's own column, not a history row.
      ...(quote.autoResponse === 'not-sent'
        ? [
            {
              id: `${quote.id}:auto-response`,
              kind: 'system' as const,
              at: quote.createdAt.toISOString(),
              actor: null,
              text: AUTO_RESPONSE_NOT_SENT,
            },
          ]
        : []),
      ...history.map((raw) => toHistoryEntry(historyReader.decode(raw).row)),
    ],
    earlierQuotes,
    laterQuotes,
    replyDraft: quoteReplyDraft({ reference: quote.reference, request }),
    series: series ?? null,
  };
}
