import {
  AWAITING_CUSTOMER_STATUSES,
  type PricedQuoteStatus,
  type QuoteFrequency,
  type QuoteLine,
} from '@cleanquote/quote-core/staff';
import { and, desc, eq, gt, gte, inArray, isNotNull, notExists, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Database, Db } from '../db/database.ts';
import { outbox, pricedQuotes, quoteLinks, quoteRequests } from '../db/schema.ts';
import type { Environment } from '../env.ts';
import { melbourneDay } from '../lib/melbourne-time.ts';
import { enqueueMails, type WriteTransaction } from '../mail/outbox.ts';
import { caseManagerMailSettings } from '../quote-requests/case-manager-updates.ts';
import { type Actor, appendHistory } from '../quote-requests/history.ts';
import { moveQuote } from '../quote-requests/pipeline.ts';
import { queueQuoteStatusSync } from '../xero/sync-queue.ts';
import { type AnswerMailContext, answerMails, requestWishes } from './quote-answer-mails.ts';
import { isQuoteToken, newQuoteToken, QUOTE_PAGE_PATH, quoteLink, quoteTokenHash } from './quote-link.ts';

/** The statuses in which a sent version still waits for the customer's answer. */
export const AWAITING_ANSWER: PricedQuoteStatus[] = [...AWAITING_CUSTOMER_STATUSES];

/** One sent version of a priced quote, as its customer's page shows it. */
export interface SentQuoteVersion {
  id: string;
  version: number;
  status: PricedQuoteStatus;
  lines: QuoteLine[];
  note: string;
  /** How often the clean is done; a recurring quote's total is per visit, after its discount. */
  frequency: QuoteFrequency;
  /** The lines' sum; null on a version stored before discounts (its total, nothing taken off). */
  subtotalCents: number | null;
  discountPercent: number;
  /** What the discount takes off the subtotal (positive). */
  discountCents: number;
  /** What the customer pays per visit, GST inclusive. */
  totalCents: number;
  gstCents: number;
  sentAt: Date | null;
  /** The Melbourne date through which it can be accepted ('2026-12-25'). */
  validUntil: string | null;
  /** The outbox mail that carried it: customer mails about it are threaded under that one. */
  mailId: string | null;
  viewedAt: Date | null;
  answeredAt: Date | null;
  acceptedName: string | null;
  answerText: string | null;
}

/** The request a priced quote answers, as much of it as the customer's page and mails need. */
export interface QuotedRequest {
  id: string;
  reference: string;
  serviceType: string;
  name: string;
  email: string;
  phone: string;
  address: string;
}

/** A sent version, its request, and the request's latest sent version number. */
export interface CustomerQuote {
  version: SentQuoteVersion;
  request: QuotedRequest;
  /** The highest version of the request that was sent: only that one can be answered. */
  latestSentVersion: number;
}

/** Where a version stands for its customer. */
export type QuoteStanding =
  | 'open'
  | 'accepted'
  | 'changes-requested'
  | 'declined'
  | 'expired'
  /** A later version was sent. */
  | 'superseded';

const later = alias(pricedQuotes, 'later_version');

/** True while no later version of the same request was sent (an SQL condition on priced_quotes). */
export function noLaterSentVersion() {
  return notExists(
    sql`(select 1 from ${pricedQuotes} ${later} where ${later.quoteId} = ${pricedQuotes.quoteId} and ${later.version} > ${pricedQuotes.version} and ${later.sentAt} is not null)`,
  );
}

const versionColumns = {
  id: pricedQuotes.id,
  version: pricedQuotes.version,
  status: pricedQuotes.status,
  lines: pricedQuotes.lines,
  note: pricedQuotes.note,
  frequency: pricedQuotes.frequency,
  subtotalCents: pricedQuotes.subtotalCents,
  discountPercent: pricedQuotes.discountPercent,
  discountCents: pricedQuotes.discountCents,
  totalCents: pricedQuotes.totalCents,
  gstCents: pricedQuotes.gstCents,
  sentAt: pricedQuotes.sentAt,
  validUntil: pricedQuotes.validUntil,
  mailId: pricedQuotes.mailId,
  viewedAt: pricedQuotes.viewedAt,
  answeredAt: pricedQuotes.answeredAt,
  acceptedName: pricedQuotes.acceptedName,
  answerText: pricedQuotes.answerText,
};

const requestColumns = {
  id: quoteRequests.id,
  reference: quoteRequests.reference,
  serviceType: quoteRequests.serviceType,
  name: quoteRequests.name,
  email: quoteRequests.email,
  phone: quoteRequests.phone,
  address: quoteRequests.address,
};

const latestSentVersion = sql<number>`(select max(${later.version}) from ${pricedQuotes} ${later} where ${later.quoteId} = ${pricedQuotes.quoteId} and ${later.sentAt} is not null)`;

/** Reads run on the database, or inside a write transaction. */
export type Reader = Db | WriteTransaction;

/** The sent version matching `where`, with its request and the request's latest sent version. */
async function selectQuote(db: Reader, where: SQL): Promise<CustomerQuote | undefined> {
  const [row] = await db
    .select({ version: versionColumns, request: requestColumns, latestSentVersion })
    .from(pricedQuotes)
    .innerJoin(quoteRequests, eq(quoteRequests.id, pricedQuotes.quoteId))
    .where(and(where, isNotNull(pricedQuotes.sentAt)));
  return row ? { ...row, latestSentVersion: row.latestSentVersion ?? row.version.version } : undefined;
}

/**
 * The sent version a link's token opens, with its request; undefined for text that is not a token,
 * and for a token no version has (only the token's SHA-256 is stored, so the lookup is by hash).
 */
export function findQuoteByToken(db: Reader, token: string): Promise<CustomerQuote | undefined> {
  if (!isQuoteToken(token)) return Promise.resolve(undefined);
  const hash = quoteTokenHash(token);
  return selectQuote(
    db,
    or(
      eq(pricedQuotes.tokenHash, hash),
      inArray(
        pricedQuotes.id,
        db.select({ id: quoteLinks.pricedQuoteId }).from(quoteLinks).where(eq(quoteLinks.tokenHash, hash)),
      ),
    ) as SQL,
  );
}

/**
 * A new link to a sent version's page, for a mail sent later by staff (who never hold the link of
 * the quote's own mail): a fresh 128-bit token of which only the hash is stored.
 */
export async function issueQuoteLink(
  tx: WriteTransaction,
  {
    pricedQuoteId,
    purpose,
    at,
    publicUrl,
  }: { pricedQuoteId: string; purpose: string; at: Date; publicUrl: string },
): Promise<string> {
  const token = newQuoteToken();
  await tx
    .insert(quoteLinks)
    .values({ tokenHash: quoteTokenHash(token), pricedQuoteId, purpose, createdAt: at });
  return quoteLink(publicUrl, token);
}

/** A sent version by its id, with its request. */
export function findQuoteById(db: Reader, id: string): Promise<CustomerQuote | undefined> {
  return selectQuote(db, eq(pricedQuotes.id, id));
}

/** The latest sent version of the request `quote` belongs to (`quote` itself when it is that one). */
export async function latestVersionOf(db: Reader, quote: CustomerQuote): Promise<CustomerQuote> {
  if (quote.version.version >= quote.latestSentVersion) return quote;
  const [row] = await db
    .select(versionColumns)
    .from(pricedQuotes)
    .where(and(eq(pricedQuotes.quoteId, quote.request.id), isNotNull(pricedQuotes.sentAt)))
    .orderBy(desc(pricedQuotes.version))
    .limit(1);
  return row ? { ...quote, version: row, latestSentVersion: row.version } : quote;
}

/**
 * Where the version stands on Melbourne's `today` ('2026-12-25'): a later version sent makes it
 * superseded whatever its own answer was; an unanswered version is expired from the day after its
 * valid-until date, even before the hourly job has marked it so.
 */
export function standingOf(quote: CustomerQuote, today: string): QuoteStanding {
  const { version } = quote;
  if (version.status === 'superseded' || version.version < quote.latestSentVersion) return 'superseded';
  switch (version.status) {
    case 'accepted':
    case 'changes-requested':
    case 'declined':
    case 'expired':
      return version.status;
    default:
      return version.validUntil !== null && version.validUntil < today ? 'expired' : 'open';
  }
}

/**
 * Records the customer's first look at a sent version: viewedAt, sent → viewed, and the history's
 * 'Viewed by the customer', in one write. The UPDATE's condition makes it happen once, however many
 * requests (or processes) arrive together.
 * @returns true when this call recorded it.
 */
export function recordView(database: Database, quote: CustomerQuote, at: Date): Promise<boolean> {
  return database.writes.run(async (tx) => {
    const [viewed] = await tx
      .update(pricedQuotes)
      .set({ status: 'viewed', viewedAt: at, updatedAt: at })
      .where(and(eq(pricedQuotes.id, quote.version.id), eq(pricedQuotes.status, 'sent')))
      .returning({ id: pricedQuotes.id });
    if (!viewed) return false;
    await appendHistory(tx, quote.request.id, customerActor(quote.request), at, {
      kind: 'quote',
      text: 'Viewed by the customer',
    });
    return true;
  });
}

/** The customer acting on their own quote: no user id; the request's name (or the name typed) and email. */
export function customerActor(request: QuotedRequest, name?: string): Actor {
  return { userId: null, name: name ?? request.name, email: request.email };
}

/** The customer's answer, checked (customer-quote-form.ts). */
export type QuoteAnswer =
  | { kind: 'accept'; name: string }
  | { kind: 'changes'; message: string }
  | { kind: 'decline'; reason: string | undefined };

const ANSWER_STATUS: Readonly<Record<QuoteAnswer['kind'], PricedQuoteStatus>> = {
  accept: 'accepted',
  changes: 'changes-requested',
  decline: 'declined',
};

/**
 * The Message-ID and subject of the mail that carried the quote: later mails to the customer about it
 * reply to it (In-Reply-To, References, 'Re: ' + its subject), so mail clients thread them under it.
 */
export async function quoteMailThread(
  db: Reader,
  mailId: string | null,
): Promise<{ messageId: string; subject: string } | undefined> {
  if (mailId === null) return undefined;
  const [mail] = await db
    .select({ messageId: outbox.messageId, subject: outbox.subject })
    .from(outbox)
    .where(eq(outbox.id, mailId));
  return mail;
}

/**
 * The customer's answer to the version `token` opens (or, with `latest`, to its request's latest sent
 * version), in ONE write transaction: the version's status,
 * answeredAt and what they typed; the request's pipeline (accepted → won, declined → lost with the
 * reason, changes asked for → it stays quoted); the history; and the mails through the outbox (to
 * the customer when they accept, threaded under the quote's mail; to the business for every answer);
 * and, for a quote that went to Xero, its new status there — queued, so the answer never waits on Xero.
 *
 * Only the latest sent version, still awaiting its answer and within its valid-until date, can be
 * answered; the UPDATE carries that condition, so an answer counts once even when two arrive
 * together, and answering anything else changes nothing.
 * @returns 'answered', 'unchanged' (not answerable any more) or 'unknown' (no such token).
 */
export function answerQuote(
  database: Database,
  token: string,
  answer: QuoteAnswer,
  {
    at,
    environment,
    latest = false,
  }: {
    at: Date;
    environment: Environment;
    /** Answer the request's latest sent version (opened through an earlier link's /latest page). */
    latest?: boolean;
  },
): Promise<'answered' | 'unchanged' | 'unknown'> {
  return database.writes.run(async (tx) => {
    const holder = await findQuoteByToken(tx, token);
    if (!holder) return 'unknown';
    const quote = latest ? await latestVersionOf(tx, holder) : holder;
    const today = melbourneDay(at);
    const status = ANSWER_STATUS[answer.kind];
    const [answered] = await tx
      .update(pricedQuotes)
      .set({
        status,
        answeredAt: at,
        updatedAt: at,
        acceptedName: answer.kind === 'accept' ? answer.name : null,
        answerText:
          answer.kind === 'changes'
            ? answer.message
            : answer.kind === 'decline'
              ? (answer.reason ?? '')
              : null,
      })
      .where(
        and(
          eq(pricedQuotes.id, quote.version.id),
          inArray(pricedQuotes.status, AWAITING_ANSWER),
          gte(pricedQuotes.validUntil, today),
          noLaterSentVersion(),
        ),
      )
      .returning({ id: pricedQuotes.id });
    if (!answered) return 'unchanged';

    const { request } = quote;
    const actor = customerActor(request, answer.kind === 'accept' ? answer.name : undefined);
    if (answer.kind === 'accept') {
      await appendHistory(tx, request.id, actor, at, {
        kind: 'quote',
        text: `Accepted online by ${answer.name}`,
      });
      await discardLaterDrafts(tx, quote, actor, at);
      await moveQuote(tx, request.id, 'won', actor, at, caseManagerMailSettings(environment));
      await queueQuoteStatusSync(
        tx,
        { quoteId: request.id, version: quote.version.version, status: 'ACCEPTED' },
        at,
      );
    } else if (answer.kind === 'changes') {
      await appendHistory(tx, request.id, actor, at, {
        kind: 'quote',
        text: `Changes requested: ${answer.message}`,
      });
    } else {
      await appendHistory(tx, request.id, actor, at, { kind: 'quote', text: 'Declined by the customer' });
      const reason = answer.reason ? `Declined by customer: ${answer.reason}` : 'Declined by customer';
      await moveQuote(tx, request.id, 'lost', actor, at, caseManagerMailSettings(environment), reason);
      await queueQuoteStatusSync(
        tx,
        { quoteId: request.id, version: quote.version.version, status: 'DECLINED' },
        at,
      );
    }
    const context: AnswerMailContext = {
      quote,
      answer,
      at,
      environment,
      thread: await quoteMailThread(tx, quote.version.mailId),
      wishes: await wishesOf(tx, request.id),
      pageUrl: `${environment.PUBLIC_URL}${QUOTE_PAGE_PATH}/${token}${latest ? '/latest' : ''}`,
    };
    await enqueueMails(tx, answerMails(context));
    return 'answered';
  });
}

/**
 * Once a version is accepted the quote is settled, so a later draft staff were preparing can never
 * be sent: it is deleted, and the history says so, in the acceptance's own write. The request then
 * reads as the accepted version everywhere (its latest version is the accepted one).
 */
async function discardLaterDrafts(
  tx: WriteTransaction,
  quote: CustomerQuote,
  actor: Actor,
  at: Date,
): Promise<void> {
  const accepted = quote.version.version;
  const drafts = await tx
    .delete(pricedQuotes)
    .where(
      and(
        eq(pricedQuotes.quoteId, quote.request.id),
        gt(pricedQuotes.version, accepted),
        eq(pricedQuotes.status, 'draft'),
      ),
    )
    .returning({ version: pricedQuotes.version });
  for (const draft of drafts.sort((a, b) => a.version - b.version)) {
    await appendHistory(tx, quote.request.id, actor, at, {
      kind: 'quote',
      text: `Draft of version ${draft.version} discarded: version ${accepted} was accepted`,
    });
  }
}

/** The request's timing and special requests, as the business's mails about its quote name them. */
async function wishesOf(tx: Reader, requestId: string): Promise<ReturnType<typeof requestWishes>> {
  const [row] = await tx
    .select({ details: quoteRequests.details })
    .from(quoteRequests)
    .where(eq(quoteRequests.id, requestId));
  return requestWishes(row?.details);
}
