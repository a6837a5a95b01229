import {
  DEFAULT_XERO_ACCOUNT_CODE,
  defaultXeroTaxType,
  scopesAllowWriting,
  type XeroQuoteSyncState,
  type XeroSyncSettings,
  type XeroTaxType,
} from '@cleanquote/quote-core/staff';
import { and, asc, countDistinct, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Database, Db } from '../db/database.ts';
import { newRowId } from '../db/row-id.ts';
import {
  pricedQuotes,
  type XeroSyncAction,
  type XeroSyncPayload,
  xeroConnections,
  xeroGrants,
  xeroQuotes,
  xeroSyncJobs,
  xeroSyncSettings,
  xeroVisitInvoices,
} from '../db/schema.ts';
import { defineDurableQueue } from '../lib/durable-queue.ts';
import type { WriteTransaction } from '../mail/outbox.ts';

/**
 * The writes to Xero as a durable queue (lib/durable-queue.ts): 'pending' until Xero took the write
 * ('done') or it was given up on ('dead'); a worker's lease alone tells that it is being sent. Their
 * deadline counts from the first attempt (a Retry or a reconnect starts it again). Jobs due together
 * go in the order they were queued.
 */
export const xeroSyncQueue = defineDurableQueue({
  name: 'xero-sync',
  table: xeroSyncJobs,
  columns: {
    id: xeroSyncJobs.id,
    status: xeroSyncJobs.status,
    attempts: xeroSyncJobs.attempts,
    sendAfter: xeroSyncJobs.nextAttemptAt,
    leaseUntil: xeroSyncJobs.leaseUntil,
    lastError: xeroSyncJobs.lastError,
    createdAt: xeroSyncJobs.createdAt,
    firstAttemptAt: xeroSyncJobs.firstAttemptAt,
  },
  statuses: { due: 'pending', done: 'done', dead: 'dead' },
  order: [asc(xeroSyncJobs.nextAttemptAt), asc(xeroSyncJobs.createdAt)],
});

/**
 * Wakes the sync worker: a write to Xero was queued or made due. Inside the transaction that queued
 * it is fine: the woken worker claims through the write queue, so after that transaction committed.
 */
export function announceSyncJobs(): void {
  xeroSyncQueue.announce();
}

const SETTINGS_ID = 'sync';

/** GET /api/xero/sync: where quotes and invoices go, and whether Xero allows writing there. */
export interface XeroSyncSettingsView {
  tenantId: string | null;
  /** The chosen organisation's name; null when none is chosen or it is no longer connected. */
  tenantName: string | null;
  accountCode: string;
  taxType: XeroTaxType;
  /**
   * Whether the scopes Xero granted allow writing quotes and invoices: for the chosen organisation,
   * or, with none chosen, for any connected one.
   */
  canWrite: boolean;
}

type Reader = Db | WriteTransaction;

async function storedSettings(db: Reader) {
  const [row] = await db.select().from(xeroSyncSettings).where(eq(xeroSyncSettings.id, SETTINGS_ID));
  return row;
}

/** The organisations whose grant allows writing quotes and invoices. */
export async function writableTenants(db: Reader): Promise<Set<string>> {
  const rows = await db
    .select({ tenantId: xeroConnections.tenantId, scopes: xeroGrants.scopes })
    .from(xeroConnections)
    .innerJoin(xeroGrants, eq(xeroGrants.id, xeroConnections.grantId));
  return new Set(rows.filter((row) => scopesAllowWriting(row.scopes)).map((row) => row.tenantId));
}

/** The sync settings with their defaults (account 200; GST on income, or GST-free when not registered). */
export async function readSyncSettings(db: Reader, gstRegistered: boolean): Promise<XeroSyncSettingsView> {
  const stored = await storedSettings(db);
  const tenantId = stored?.tenantId ?? null;
  const writable = await writableTenants(db);
  let tenantName: string | null = null;
  if (tenantId) {
    const [connection] = await db
      .select({ name: xeroConnections.tenantName })
      .from(xeroConnections)
      .where(eq(xeroConnections.tenantId, tenantId));
    tenantName = connection?.name ?? null;
  }
  return {
    tenantId,
    tenantName,
    accountCode: stored?.accountCode ?? DEFAULT_XERO_ACCOUNT_CODE,
    taxType: stored?.taxType ?? defaultXeroTaxType(gstRegistered),
    canWrite: tenantId ? writable.has(tenantId) : writable.size > 0,
  };
}

/** Why the settings could not be saved. */
export type SyncSettingsRefusal = 'not-connected' | 'cannot-write';

/**
 * Chooses the organisation that receives quotes and invoices (at most one), or none. An organisation
 * whose grant lacks the write scopes can't be chosen: it must be connected again first.
 */
export function saveSyncSettings(
  database: Database,
  input: XeroSyncSettings,
  gstRegistered: boolean,
): Promise<XeroSyncSettingsView | SyncSettingsRefusal> {
  return database.writes.run(async (tx): Promise<XeroSyncSettingsView | SyncSettingsRefusal> => {
    const stored = await storedSettings(tx);
    if (input.tenantId !== null) {
      const [connection] = await tx
        .select({ scopes: xeroGrants.scopes })
        .from(xeroConnections)
        .innerJoin(xeroGrants, eq(xeroGrants.id, xeroConnections.grantId))
        .where(eq(xeroConnections.tenantId, input.tenantId));
      if (!connection) return 'not-connected';
      if (!scopesAllowWriting(connection.scopes)) return 'cannot-write';
    }
    const values = {
      tenantId: input.tenantId,
      accountCode: input.accountCode ?? stored?.accountCode ?? DEFAULT_XERO_ACCOUNT_CODE,
      taxType: input.taxType ?? stored?.taxType ?? defaultXeroTaxType(gstRegistered),
      updatedAt: new Date(),
    };
    await tx
      .insert(xeroSyncSettings)
      .values({ id: SETTINGS_ID, ...values })
      .onConflictDoUpdate({ target: xeroSyncSettings.id, set: values });
    return readSyncSettings(tx, gstRegistered);
  });
}

async function insertJob(
  tx: WriteTransaction,
  job: {
    quoteId: string;
    version: number;
    action: XeroSyncAction;
    tenantId: string;
    payload: XeroSyncPayload;
    visitId?: string;
  },
  at: Date,
): Promise<boolean> {
  const inserted = await tx
    .insert(xeroSyncJobs)
    .values({ id: newRowId(), ...job, createdAt: at, nextAttemptAt: at })
    .onConflictDoNothing()
    .returning({ id: xeroSyncJobs.id });
  return inserted.length > 0;
}

/**
 * Queues a sent version for Xero in the transaction that sent it, when an organisation is chosen and
 * still connected: version 1 creates the Xero quote, later versions update it. The account code and
 * tax type are those of now, kept on the job.
 */
export async function queueQuoteSync(
  tx: WriteTransaction,
  quote: { quoteId: string; version: number },
  at: Date,
): Promise<boolean> {
  const settings = await storedSettings(tx);
  if (!settings?.tenantId) return false;
  const [connected] = await tx
    .select({ tenantId: xeroConnections.tenantId })
    .from(xeroConnections)
    .where(eq(xeroConnections.tenantId, settings.tenantId));
  if (!connected) return false;
  const queued = await insertJob(
    tx,
    {
      ...quote,
      action: 'quote',
      tenantId: settings.tenantId,
      payload: { accountCode: settings.accountCode, taxType: settings.taxType },
    },
    at,
  );
  if (queued) announceSyncJobs();
  return queued;
}

/** The version's 'quote' job: whether and where the version went to Xero. */
async function quoteJobOf(tx: Reader, quoteId: string) {
  const [job] = await tx
    .select()
    .from(xeroSyncJobs)
    .where(and(eq(xeroSyncJobs.quoteId, quoteId), eq(xeroSyncJobs.action, 'quote')))
    .orderBy(asc(xeroSyncJobs.version))
    .limit(1);
  return job;
}

/**
 * Queues the customer's answer (accepted or declined) for the Xero quote, in the answer's own
 * transaction; only for a quote that was queued for Xero. The customer's page writes this one row
 * and never waits on Xero.
 */
export async function queueQuoteStatusSync(
  tx: WriteTransaction,
  quote: { quoteId: string; version: number; status: 'ACCEPTED' | 'DECLINED' },
  at: Date,
): Promise<boolean> {
  const first = await quoteJobOf(tx, quote.quoteId);
  if (!first) return false;
  const queued = await insertJob(
    tx,
    {
      quoteId: quote.quoteId,
      version: quote.version,
      action: 'status',
      tenantId: first.tenantId,
      payload: { ...first.payload, quoteStatus: quote.status },
    },
    at,
  );
  if (queued) announceSyncJobs();
  return queued;
}

/**
 * Queues the invoice of a completed visit, in the completion's transaction, when quotes go to Xero
 * (an organisation chosen and still connected): a one-off's invoice is the quote's (its draft
 * approved, else a new one), each visit of a regular clean gets its own. One job per visit: a
 * repeated completion queues nothing. Completing never waits on Xero.
 */
export async function queueVisitInvoice(
  tx: WriteTransaction,
  visit: { quoteId: string; version: number; visitId: string },
  at: Date,
): Promise<boolean> {
  const settings = await storedSettings(tx);
  if (!settings?.tenantId) return false;
  const [connected] = await tx
    .select({ tenantId: xeroConnections.tenantId })
    .from(xeroConnections)
    .where(eq(xeroConnections.tenantId, settings.tenantId));
  if (!connected) return false;
  // The organisation and accounts the quote went with, so its invoice lands beside it.
  const first = await quoteJobOf(tx, visit.quoteId);
  const tenantId = first?.tenantId ?? settings.tenantId;
  const payload = first?.payload ?? { accountCode: settings.accountCode, taxType: settings.taxType };
  const queued = await insertJob(
    tx,
    {
      ...visit,
      action: 'visit-invoice',
      tenantId,
      payload: { accountCode: payload.accountCode, taxType: payload.taxType },
    },
    at,
  );
  if (queued) announceSyncJobs();
  return queued;
}

/** Why an invoice could not be asked for. */
export type InvoiceRefusal = 'no-request' | 'not-accepted' | 'no-organisation';

/**
 * 'Create Invoice in Xero': queues one draft invoice from the accepted version. Pressed again (or
 * twice at once), nothing more is queued: the job is unique per quote.
 * @returns 'queued', 'exists' (asked for before), or why it can't be.
 */
export function queueInvoice(
  database: Database,
  quoteId: string,
  at: Date,
): Promise<'queued' | 'exists' | InvoiceRefusal> {
  return database.writes.run(async (tx) => {
    const [accepted] = await tx
      .select({ version: pricedQuotes.version })
      .from(pricedQuotes)
      .where(and(eq(pricedQuotes.quoteId, quoteId), eq(pricedQuotes.status, 'accepted')))
      .limit(1);
    if (!accepted) {
      const [any] = await tx
        .select({ id: pricedQuotes.id })
        .from(pricedQuotes)
        .where(eq(pricedQuotes.quoteId, quoteId))
        .limit(1);
      return any ? 'not-accepted' : 'no-request';
    }
    const [existing] = await tx
      .select({ id: xeroSyncJobs.id })
      .from(xeroSyncJobs)
      .where(and(eq(xeroSyncJobs.quoteId, quoteId), eq(xeroSyncJobs.action, 'invoice')))
      .limit(1);
    if (existing) return 'exists';
    // A one-off's completed visit made the quote's invoice already.
    const [invoiced] = await tx
      .select({ invoiceId: xeroQuotes.invoiceId })
      .from(xeroQuotes)
      .where(and(eq(xeroQuotes.quoteId, quoteId), isNotNull(xeroQuotes.invoiceId)));
    if (invoiced) return 'exists';
    // The organisation the quote went to; a quote sent before one was chosen goes to today's choice.
    const first = await quoteJobOf(tx, quoteId);
    const settings = await storedSettings(tx);
    const tenantId = first?.tenantId ?? settings?.tenantId;
    if (!tenantId || !settings) return 'no-organisation';
    const payload = first?.payload ?? { accountCode: settings.accountCode, taxType: settings.taxType };
    const queued = await insertJob(
      tx,
      {
        quoteId,
        version: accepted.version,
        action: 'invoice',
        tenantId,
        payload: { accountCode: payload.accountCode, taxType: payload.taxType },
      },
      at,
    );
    if (queued) announceSyncJobs();
    return queued ? 'queued' : 'exists';
  });
}

/** A job whose last attempt failed and that is not done: waiting to be tried again, or given up. */
const failedJob = or(
  and(eq(xeroSyncJobs.status, 'pending'), isNotNull(xeroSyncJobs.lastError)),
  eq(xeroSyncJobs.status, 'dead'),
);

/**
 * Retry on a quote's page: its failed jobs are due now, counted afresh ('Waiting for Xero' until
 * tried), with a new 24 hours of retries (those given up on come back too). Background retries go
 * on as before if this attempt fails too.
 * @returns how many jobs were made due.
 */
export async function retryQuoteSync(database: Database, quoteId: string, at: Date): Promise<number> {
  const retried = await database.writes.run((tx) =>
    xeroSyncQueue.retry(tx, and(eq(xeroSyncJobs.quoteId, quoteId), failedJob), {
      countAfresh: true,
      now: at,
    }),
  );
  return retried.length;
}

/**
 * A new consent for these organisations: their failed jobs are due now, counted afresh with a new
 * 24 hours, in the consent's transaction.
 */
export async function resumeSyncJobs(tx: WriteTransaction, tenantIds: readonly string[], at: Date) {
  if (tenantIds.length === 0) return;
  await xeroSyncQueue.retry(tx, and(inArray(xeroSyncJobs.tenantId, [...tenantIds]), failedJob), {
    countAfresh: true,
    now: at,
  });
}

/** GET /api/contact/:id/xero: where a quote stands with Xero, as its page shows it. */
export interface QuoteXeroSync {
  state: XeroQuoteSyncState;
  /** Xero's number of the quote ('QU-0042') once it exists there. */
  quoteNumber: string | null;
  /** Why the last attempt failed, while state is 'failed'. */
  reason: string | null;
  /** When a failed write is tried again by itself; null when it waits for Retry. */
  nextAttemptAt: string | null;
  invoice: {
    /** 'none': not asked for; 'waiting': queued; 'created': in Xero; 'failed': its last attempt failed. */
    state: 'none' | 'waiting' | 'created' | 'failed';
    number: string | null;
    /** The draft invoice in Xero's web app. */
    url: string | null;
  };
  /** Whether 'Create Invoice in Xero' is offered: the quote was accepted and no invoice was asked for. */
  canCreateInvoice: boolean;
}

/** Xero's web app page of an invoice (it asks staff to sign in to Xero and opens the organisation's). */
export function xeroInvoiceUrl(invoiceId: string): string {
  return `https://go.xero.com/AccountsReceivable/View.aspx?InvoiceID=${encodeURIComponent(invoiceId)}`;
}

/** Where a quote stands with Xero; null when no such request has a priced quote. */
export async function readQuoteSync(db: Db, quoteId: string): Promise<QuoteXeroSync | null> {
  const [versions, jobs, [record], settings] = await Promise.all([
    db.select({ status: pricedQuotes.status }).from(pricedQuotes).where(eq(pricedQuotes.quoteId, quoteId)),
    db
      .select()
      .from(xeroSyncJobs)
      .where(eq(xeroSyncJobs.quoteId, quoteId))
      .orderBy(asc(xeroSyncJobs.createdAt), asc(xeroSyncJobs.id)),
    db.select().from(xeroQuotes).where(eq(xeroQuotes.quoteId, quoteId)),
    storedSettings(db),
  ]);
  if (versions.length === 0) return null;
  const failedOf = (list: typeof jobs) =>
    list.find((job) => job.status === 'dead' || (job.status === 'pending' && job.lastError !== null));
  const invoiceJob = jobs.find((job) => job.action === 'invoice');
  const failed = failedOf(jobs);
  const state: XeroQuoteSyncState =
    jobs.length === 0
      ? 'off'
      : failed
        ? 'failed'
        : jobs.some((job) => job.status === 'pending')
          ? 'waiting'
          : 'in-xero';
  const invoiceFailed = invoiceJob && failedOf([invoiceJob]);
  const accepted = versions.some((version) => version.status === 'accepted');
  // A completed visit invoices the quote itself (a one-off's invoice is the quote's): no draft then.
  const invoicedByVisit = jobs.some((job) => job.action === 'visit-invoice');
  return {
    state,
    quoteNumber: record?.xeroQuoteNumber ?? null,
    reason: failed ? (failed.lastError ?? 'Xero did not accept the change.') : null,
    nextAttemptAt: failed && failed.status === 'pending' ? failed.nextAttemptAt.toISOString() : null,
    invoice: {
      state:
        !invoiceJob && !record?.invoiceId
          ? 'none'
          : record?.invoiceNumber
            ? 'created'
            : invoiceFailed
              ? 'failed'
              : 'waiting',
      number: record?.invoiceNumber ?? null,
      url: record?.invoiceId ? xeroInvoiceUrl(record.invoiceId) : null,
    },
    canCreateInvoice:
      accepted &&
      !invoiceJob &&
      !invoicedByVisit &&
      !record?.invoiceId &&
      Boolean(settings?.tenantId || jobs.length > 0),
  };
}

/** How many quote requests have a write to Xero that failed and is not done (the dashboard's count). */
export async function countFailedSyncs(db: Db): Promise<number> {
  const [row] = await db
    .select({ quotes: countDistinct(xeroSyncJobs.quoteId) })
    .from(xeroSyncJobs)
    .where(failedJob);
  return row?.quotes ?? 0;
}

/** A completed visit's invoice in Xero, as the visit shows it. */
export interface VisitInvoice {
  /** 'waiting': queued or being sent; 'done': approved in Xero; 'failed': its last attempt failed. */
  status: 'waiting' | 'done' | 'failed';
  /** Xero's number of the invoice ('INV-0042') once written. */
  number: string | null;
  /** Why the last attempt failed, while failed. */
  error: string | null;
  /** The sync job that writes it (the quote's Retry makes it due again). */
  jobId: string | null;
}

/**
 * The invoices of these visits in Xero, by visit id; a visit with no invoice queued (not completed,
 * a free re-clean, or quotes not going to Xero) is absent.
 */
export async function readVisitInvoices(
  db: Reader,
  visitIds: readonly string[],
): Promise<Map<string, VisitInvoice>> {
  const found = new Map<string, VisitInvoice>();
  if (visitIds.length === 0) return found;
  const rows = await db
    .select({
      visitId: xeroSyncJobs.visitId,
      jobId: xeroSyncJobs.id,
      status: xeroSyncJobs.status,
      lastError: xeroSyncJobs.lastError,
      number: xeroVisitInvoices.invoiceNumber,
    })
    .from(xeroSyncJobs)
    .leftJoin(xeroVisitInvoices, eq(xeroVisitInvoices.visitId, xeroSyncJobs.visitId))
    .where(and(eq(xeroSyncJobs.action, 'visit-invoice'), inArray(xeroSyncJobs.visitId, [...visitIds])));
  for (const row of rows) {
    const failed = row.status === 'dead' || (row.status === 'pending' && row.lastError !== null);
    found.set(row.visitId, {
      status: row.status === 'done' ? 'done' : failed ? 'failed' : 'waiting',
      number: row.number ?? null,
      error: failed ? (row.lastError ?? 'Xero did not accept the invoice.') : null,
      jobId: row.jobId,
    });
  }
  return found;
}
