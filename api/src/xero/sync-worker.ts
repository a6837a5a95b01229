import type { QuoteLine } from '@cleanquote/quote-core/staff';
import { and, eq, lt, notExists, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Database } from '../db/database.ts';
import {
  pricedQuotes,
  quoteRequests,
  visits,
  xeroQuotes,
  xeroSyncJobs,
  xeroVisitInvoices,
} from '../db/schema.ts';
import type { Environment } from '../env.ts';
import { type Clock, systemClock } from '../jobs/clock.ts';
import type { Backoff, Claim, DurableQueue, QueueWorker } from '../lib/durable-queue.ts';
import type { Logger } from '../lib/logger.ts';
import { melbourneDay } from '../lib/melbourne-time.ts';
import { discountLineItems, type VersionDiscount } from './discount-line.ts';
import { xeroSyncQueue } from './sync-queue.ts';
import { XeroNotConnectedError, XeroReconnectNeededError, type XeroTokenStore } from './token-store.ts';
import {
  type AccountingCall,
  type XeroAdapter,
  XeroForbiddenError,
  XeroRateLimitedError,
  XeroRefusedError,
  XeroUnauthorizedError,
  XeroUnavailableError,
} from './xero-adapter.ts';

/** The longest wait between two attempts. */
export const XERO_SYNC_RETRY_MAX_MS = 3 * 60 * 60 * 1000;
/** How long after its first attempt a write is still tried by itself. */
export const XERO_SYNC_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The wait before the next attempt: `baseMs`, then 4 times longer per attempt, capped at `maxMs`. */
export function xeroSyncBackoff(baseMs: number, maxMs = XERO_SYNC_RETRY_MAX_MS): Backoff {
  return { baseMs, factor: 4, maxMs };
}

/** How the worker sends; built from the environment by {@link xeroSyncOptions}. */
export interface XeroSyncOptions {
  retryBaseMs: number;
  /** The calls' own timeout, to size the lease: a job is never taken over while its calls may run. */
  timeoutMs: number;
  pollIntervalMs?: number | undefined;
  clock?: Clock | undefined;
}

export function xeroSyncOptions(environment: Environment): XeroSyncOptions {
  return { retryBaseMs: environment.XERO_SYNC_RETRY_BASE_MS, timeoutMs: environment.XERO_TIMEOUT_MS };
}

type Job = typeof xeroSyncJobs.$inferSelect;

/** The customer and the version a job sends. */
interface JobContext {
  request: {
    reference: string;
    name: string;
    email: string;
    phone: string;
    address: string;
  };
  version: VersionDiscount & { lines: QuoteLine[]; sentAt: Date | null; validUntil: string | null };
  record: typeof xeroQuotes.$inferSelect | undefined;
}

/** What Xero answers for a created or updated contact, quote or invoice (the parts kept). */
interface XeroRecords {
  Contacts?: { ContactID?: string }[];
  Quotes?: { QuoteID?: string; QuoteNumber?: string }[];
  Invoices?: { InvoiceID?: string; InvoiceNumber?: string; Status?: string }[];
}

const money = (cents: number) => Math.round(cents) / 100;

/** A quote's lines as Xero takes them: GST-inclusive amounts, the account code and tax type. */
function lineItems(lines: readonly QuoteLine[], job: Job) {
  return lines.map((line) => ({
    Description: line.description,
    Quantity: line.quantity,
    UnitAmount: money(line.unitPriceCents),
    AccountCode: job.payload.accountCode,
    TaxType: job.payload.taxType,
  }));
}

/** Why a job failed, in words staff can act on. */
function reasonOf(error: unknown): string {
  if (error instanceof XeroReconnectNeededError) return 'Reconnect needed in Xero';
  if (error instanceof XeroNotConnectedError) return 'The organisation is no longer connected to Xero';
  if (error instanceof XeroForbiddenError) {
    return 'Xero refused access to the organisation: reconnect to allow quotes and invoices';
  }
  if (error instanceof XeroUnauthorizedError) return 'Xero refused the access token';
  if (
    error instanceof XeroRateLimitedError ||
    error instanceof XeroRefusedError ||
    error instanceof XeroUnavailableError
  ) {
    return error.message;
  }
  return 'Xero could not be reached';
}

/**
 * Sends the queued writes to Xero (`xero_sync_jobs`, a durable queue: lib/durable-queue.ts), one at a
 * time and each quote's in the order they were queued: claims a due job with a lease (a crashed
 * worker's job is taken over when the lease runs out), makes its calls with an `Idempotency-Key` of
 * the quote, version and action, and the visit for a visit's invoice (Xero answers a repeated key
 * with its first answer, so a retry creates nothing twice), and records the outcome. A failed write
 * waits `retryBaseMs` × 4^(n−1), capped at 3 hours, for 24 hours after its first attempt, then
 * gives up; a 429 waits its
 * Retry-After; a write Xero refuses (400) waits for staff's Retry. Woken when a job is queued, and
 * polling.
 */
export class XeroSyncWorker {
  readonly #database: Database;
  readonly #tokens: XeroTokenStore;
  readonly #adapter: XeroAdapter;
  readonly #logger: Logger;
  readonly #clock: Clock;
  readonly #queue: DurableQueue<typeof xeroSyncJobs, Job>;
  readonly #worker: QueueWorker<typeof xeroSyncJobs, Job>;

  constructor(
    database: Database,
    xero: { tokens: XeroTokenStore; adapter: XeroAdapter },
    logger: Logger,
    options: XeroSyncOptions,
  ) {
    this.#database = database;
    this.#tokens = xero.tokens;
    this.#adapter = xero.adapter;
    this.#logger = logger.child({ component: 'xero-sync' });
    this.#clock = options.clock ?? systemClock;
    this.#queue = xeroSyncQueue.connect(database, {
      backoff: xeroSyncBackoff(options.retryBaseMs),
      deadline: { afterMs: XERO_SYNC_RETRY_WINDOW_MS, from: 'first-attempt' },
      // A job makes up to four calls (a token refresh, the contact's look-up and creation, the write).
      leaseMs: options.timeoutMs * 5 + 5_000,
      clock: this.#clock,
    });
    this.#worker = this.#queue.worker({
      pollIntervalMs: options.pollIntervalMs ?? 1_000,
      where: () => this.#oldestOfItsQuote(),
      process: (claim) => this.#send(claim),
      onError: (error) => this.#logger.error({ err: error }, 'Xero sync pass failed'),
    });
  }

  /** Starts listening for queued jobs and polling. */
  start(): this {
    this.#worker.start();
    return this;
  }

  /** Looks for due jobs now. */
  wake(): void {
    this.#worker.wake();
  }

  /** Stops taking jobs and waits for the one being sent, at most `graceMs` (its lease then runs out). */
  async stop(graceMs = 5_000): Promise<void> {
    await this.#worker.stop(graceMs);
  }

  /**
   * The oldest job of its quote still pending: a quote's writes reach Xero in the order they
   * happened (created before accepted).
   */
  #oldestOfItsQuote() {
    const earlier = alias(xeroSyncJobs, 'earlier');
    return notExists(
      this.#database.db
        .select({ id: earlier.id })
        .from(earlier)
        .where(
          and(
            eq(earlier.quoteId, xeroSyncJobs.quoteId),
            eq(earlier.status, 'pending'),
            or(
              lt(earlier.createdAt, xeroSyncJobs.createdAt),
              and(eq(earlier.createdAt, xeroSyncJobs.createdAt), lt(earlier.id, xeroSyncJobs.id)),
            ),
          ),
        ),
    );
  }

  async #send(claim: Claim<Job>): Promise<void> {
    const job = claim.row;
    const log = this.#logger.child({ job: job.id, quoteId: job.quoteId, action: job.action });
    try {
      await this.#tokens.withAccess(job.tenantId, (accessToken) => this.#perform(accessToken, job));
      await this.#queue.complete(claim, { set: { doneAt: this.#clock.now() } });
      log.info('Xero sync done');
    } catch (error) {
      const outcome = await this.#queue.fail(claim, {
        error: reasonOf(error),
        retryAfterMs: error instanceof XeroRateLimitedError ? error.retryAfterMs : undefined,
        // Refused data is sent again only when staff press Retry.
        dead: error instanceof XeroRefusedError,
      });
      log.warn({ err: error, attempts: claim.attempts, givenUp: outcome?.dead }, 'Xero sync failed');
    }
  }

  async #context(job: Job): Promise<JobContext> {
    const db = this.#database.db;
    const [[request], [version], [record]] = await Promise.all([
      db
        .select({
          reference: quoteRequests.reference,
          name: quoteRequests.name,
          email: quoteRequests.email,
          phone: quoteRequests.phone,
          address: quoteRequests.address,
        })
        .from(quoteRequests)
        .where(eq(quoteRequests.id, job.quoteId)),
      db
        .select({
          lines: pricedQuotes.lines,
          sentAt: pricedQuotes.sentAt,
          validUntil: pricedQuotes.validUntil,
          frequency: pricedQuotes.frequency,
          discountPercent: pricedQuotes.discountPercent,
          discountCents: pricedQuotes.discountCents,
        })
        .from(pricedQuotes)
        .where(and(eq(pricedQuotes.quoteId, job.quoteId), eq(pricedQuotes.version, job.version))),
      db.select().from(xeroQuotes).where(eq(xeroQuotes.quoteId, job.quoteId)),
    ]);
    if (!request || !version) throw new XeroRefusedError('The quote no longer exists here');
    return { request, version, record: record?.tenantId === job.tenantId ? record : undefined };
  }

  async #call(accessToken: string, job: Job, call: AccountingCall): Promise<XeroRecords> {
    return (await this.#adapter.accounting(accessToken, job.tenantId, call)) as XeroRecords;
  }

  async #remember(job: Job, values: Partial<typeof xeroQuotes.$inferInsert>): Promise<void> {
    const set = { ...values, tenantId: job.tenantId, updatedAt: this.#clock.now() };
    await this.#database.writes.run((tx) =>
      tx
        .insert(xeroQuotes)
        .values({ quoteId: job.quoteId, ...set })
        .onConflictDoUpdate({ target: xeroQuotes.quoteId, set }),
    );
  }

  /**
   * The customer as a Xero contact: the one kept for this quote, else the one Xero has with their
   * email, else a new one. Xero wants contact names unique: when the name is taken by someone else,
   * the new contact is 'Name (email)'.
   */
  async #contact(accessToken: string, job: Job, context: JobContext): Promise<string> {
    if (context.record?.contactId) return context.record.contactId;
    const { request } = context;
    const email = request.email.replaceAll('"', '');
    const found = await this.#call(accessToken, job, {
      method: 'GET',
      path: `/Contacts?where=${encodeURIComponent(`EmailAddress=="${email}"`)}`,
    });
    let contactId = found.Contacts?.find((contact) => contact.ContactID)?.ContactID;
    if (!contactId) {
      const create = (name: string, key: string) =>
        this.#call(accessToken, job, {
          method: 'POST',
          path: '/Contacts',
          idempotencyKey: key,
          body: {
            Contacts: [
              {
                Name: name,
                EmailAddress: request.email,
                Phones: [{ PhoneType: 'MOBILE', PhoneNumber: request.phone }],
                Addresses: [{ AddressType: 'STREET', AddressLine1: request.address, Country: 'Australia' }],
              },
            ],
          },
        });
      let created: XeroRecords;
      try {
        created = await create(request.name, `${job.quoteId}:contact`);
      } catch (error) {
        if (!(error instanceof XeroRefusedError) || !/name/i.test(error.message)) throw error;
        created = await create(`${request.name} (${request.email})`, `${job.quoteId}:contact:named`);
      }
      contactId = created.Contacts?.[0]?.ContactID;
      if (!contactId) throw new XeroUnavailableError('Xero did not say which contact it created');
    }
    await this.#remember(job, { contactId });
    return contactId;
  }

  /**
   * A completed visit's invoice, approved (AUTHORISED, due on the day it was done, as the terms ask
   * payment on completion). A one-off's is the quote's invoice: the draft staff made with 'Create
   * Invoice in Xero', approved, else a new one. A visit of a regular clean gets one of its own for
   * the per-visit amount, its Reference the request's and the visit's Melbourne date.
   */
  async #visitInvoice(
    accessToken: string,
    job: Job,
    {
      contactId,
      idempotencyKey,
      context,
    }: { contactId: string; idempotencyKey: string; context: JobContext },
  ): Promise<void> {
    const [visit] = await this.#database.db
      .select({
        start: visits.start,
        seriesId: visits.seriesId,
        kind: visits.kind,
        completedAt: visits.completedAt,
      })
      .from(visits)
      .where(eq(visits.id, job.visitId));
    if (!visit) throw new XeroRefusedError('The visit no longer exists here');
    // A free re-clean has nothing to invoice.
    if (visit.kind === 're-clean') return;
    const oneOff = visit.seriesId === null;
    const doneDay = melbourneDay(visit.completedAt ?? this.#clock.now());
    const draftId = oneOff ? context.record?.invoiceId : undefined;
    const answer = await this.#call(accessToken, job, {
      method: 'POST',
      path: '/Invoices',
      idempotencyKey,
      body: {
        Invoices: [
          draftId
            ? { InvoiceID: draftId, Status: 'AUTHORISED', DueDate: doneDay }
            : {
                Type: 'ACCREC',
                Contact: { ContactID: contactId },
                Date: doneDay,
                DueDate: doneDay,
                Reference: oneOff
                  ? context.request.reference
                  : `${context.request.reference} ${melbourneDay(visit.start)}`,
                Status: 'AUTHORISED',
                LineAmountTypes: 'Inclusive',
                LineItems: [
                  ...lineItems(context.version.lines, job),
                  ...discountLineItems(context.version, job.payload),
                ],
              },
        ],
      },
    });
    const invoice = answer.Invoices?.[0];
    if (!invoice?.InvoiceID) throw new XeroUnavailableError('Xero did not say which invoice it approved');
    const written = {
      tenantId: job.tenantId,
      invoiceId: invoice.InvoiceID,
      invoiceNumber: invoice.InvoiceNumber ?? null,
      invoiceStatus: invoice.Status ?? 'AUTHORISED',
      updatedAt: this.#clock.now(),
    };
    await this.#database.writes.run((tx) =>
      tx
        .insert(xeroVisitInvoices)
        .values({ visitId: job.visitId, ...written })
        .onConflictDoUpdate({ target: xeroVisitInvoices.visitId, set: written }),
    );
    // A one-off's new invoice is the quote's invoice too: its page shows it, and no draft follows.
    if (oneOff && !draftId) {
      await this.#remember(job, { invoiceId: written.invoiceId, invoiceNumber: written.invoiceNumber });
    }
  }

  async #perform(accessToken: string, job: Job): Promise<void> {
    const context = await this.#context(job);
    const { request, version, record } = context;
    const idempotencyKey = `${job.quoteId}:${job.version}:${job.action}${job.visitId ? `:${job.visitId}` : ''}`;
    const contactId = await this.#contact(accessToken, job, context);
    const sentDay = melbourneDay(version.sentAt ?? this.#clock.now());
    if (job.action === 'visit-invoice') {
      await this.#visitInvoice(accessToken, job, { contactId, idempotencyKey, context });
      return;
    }
    // The one-off's completed visit made the quote's invoice already: a draft would be a second.
    if (job.action === 'invoice' && record?.invoiceId) return;
    if (job.action === 'invoice') {
      const answer = await this.#call(accessToken, job, {
        method: 'POST',
        path: '/Invoices',
        idempotencyKey,
        body: {
          Invoices: [
            {
              Type: 'ACCREC',
              Contact: { ContactID: contactId },
              Date: melbourneDay(this.#clock.now()),
              Reference: request.reference,
              Status: 'DRAFT',
              LineAmountTypes: 'Inclusive',
              LineItems: [...lineItems(version.lines, job), ...discountLineItems(version, job.payload)],
            },
          ],
        },
      });
      const invoice = answer.Invoices?.[0];
      if (!invoice?.InvoiceID) throw new XeroUnavailableError('Xero did not say which invoice it created');
      await this.#remember(job, {
        invoiceId: invoice.InvoiceID,
        invoiceNumber: invoice.InvoiceNumber ?? null,
      });
      return;
    }
    if (job.action === 'status') {
      if (!record?.xeroQuoteId) throw new XeroRefusedError('The quote is not in Xero yet');
      await this.#call(accessToken, job, {
        method: 'POST',
        path: '/Quotes',
        idempotencyKey,
        body: {
          Quotes: [
            {
              QuoteID: record.xeroQuoteId,
              Contact: { ContactID: contactId },
              Date: sentDay,
              Status: job.payload.quoteStatus,
            },
          ],
        },
      });
      return;
    }
    // A later version updates the Xero quote the first one created (same QuoteID).
    const answer = await this.#call(accessToken, job, {
      method: 'POST',
      path: '/Quotes',
      idempotencyKey,
      body: {
        Quotes: [
          {
            ...(record?.xeroQuoteId ? { QuoteID: record.xeroQuoteId } : {}),
            Contact: { ContactID: contactId },
            Date: sentDay,
            ...(version.validUntil ? { ExpiryDate: version.validUntil } : {}),
            Reference: request.reference,
            Status: 'SENT',
            LineAmountTypes: 'Inclusive',
            LineItems: [...lineItems(version.lines, job), ...discountLineItems(version, job.payload)],
          },
        ],
      },
    });
    const quote = answer.Quotes?.[0];
    if (!quote?.QuoteID) throw new XeroUnavailableError('Xero did not say which quote it wrote');
    await this.#remember(job, { xeroQuoteId: quote.QuoteID, xeroQuoteNumber: quote.QuoteNumber ?? null });
  }
}
