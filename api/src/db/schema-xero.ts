import type { XeroReportType } from '@cleanquote/content';
import type { XeroTaxType } from '@cleanquote/quote-core/staff';
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** A grant's state: usable, or refused by Xero at the last refresh (staff must connect again). */
export const XERO_GRANT_STATUSES = ['active', 'reconnect-needed'] as const;
export type XeroGrantStatus = (typeof XERO_GRANT_STATUSES)[number];

/**
 * One consent at Xero: the token set it gave (access and refresh token), sealed with SECRETS_KEY
 * (src/security/secret-box.ts; the key id is part of the sealed text). One grant can cover several
 * organisations. `version` is the compare-and-swap guard of the single-flight refresh: Xero's
 * refresh tokens rotate, so only the process that moved the version on may refresh
 * (docs/decisions/0019-xero.md).
 */
export const xeroGrants = sqliteTable('xero_grants', {
  id: text('id').primaryKey(),
  /** SecretBox-sealed JSON {accessToken, refreshToken}; never plain. */
  sealedTokens: text('sealed_tokens').notNull(),
  accessExpiresAt: integer('access_expires_at', { mode: 'timestamp_ms' }).notNull(),
  version: integer('version').notNull().default(1),
  /** While set and in the future, one process is refreshing this grant's tokens. */
  refreshingUntil: integer('refreshing_until', { mode: 'timestamp_ms' }),
  status: text('status', { enum: XERO_GRANT_STATUSES }).notNull().default('active'),
  /** When the admin was told to reconnect (once per lost grant). */
  reconnectMailedAt: integer('reconnect_mailed_at', { mode: 'timestamp_ms' }),
  /**
   * The scopes Xero granted, space-separated, as its token answer said (not what was asked for). Null
   * for a grant stored before scopes were kept: it counts as read-only until connected again.
   */
  scopes: text('scopes'),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/** An organisation (Xero tenant) connected through a grant. */
export const xeroConnections = sqliteTable(
  'xero_connections',
  {
    tenantId: text('tenant_id').primaryKey(),
    /** Xero's id of the connection (DELETE /connections/{id} removes it at Xero). */
    connectionId: text('connection_id').notNull(),
    grantId: text('grant_id')
      .notNull()
      .references(() => xeroGrants.id, { onDelete: 'cascade' }),
    tenantName: text('tenant_name').notNull(),
    tenantType: text('tenant_type').notNull(),
    connectedAt: integer('connected_at', { mode: 'timestamp_ms' }).notNull(),
    /** Xero's last update of the connection, or ours (a new consent). */
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('xero_connections_grant').on(table.grantId)],
);

/**
 * A pending consent: the OAuth `state` (only its hash), the session that started it and the PKCE
 * verifier (sealed). Single use, 10 minutes.
 */
export const xeroConsents = sqliteTable('xero_consents', {
  stateHash: text('state_hash').primaryKey(),
  sessionId: text('session_id').notNull(),
  sealedVerifier: text('sealed_verifier').notNull(),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * A weekly report schedule: its job `xero-weekly:<id>` fires at `hour`:00 on
 * `dayOfWeek` (0 = Sunday) in Melbourne time. One per organisation, day and hour: scheduling the same
 * slot again replaces its recipients and reports.
 */
export const xeroSchedules = sqliteTable(
  'xero_schedules',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => xeroConnections.tenantId, { onDelete: 'cascade' }),
    dayOfWeek: integer('day_of_week').notNull(),
    hour: integer('hour').notNull(),
    emailRecipients: text('email_recipients', { mode: 'json' }).$type<string[]>().notNull(),
    reportTypes: text('report_types', { mode: 'json' }).$type<XeroReportType[]>().notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (table) => [uniqueIndex('xero_schedules_slot').on(table.tenantId, table.dayOfWeek, table.hour)],
);

/**
 * Where quotes and invoices go in Xero: one row (id 'sync'). `tenantId` null: nothing is sent. The
 * choice outlives a disconnection, so connecting the same organisation again resumes sending.
 */
export const xeroSyncSettings = sqliteTable('xero_sync_settings', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id'),
  accountCode: text('account_code').notNull(),
  taxType: text('tax_type').$type<XeroTaxType>().notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/** What a sync job asks of Xero. */
export const XERO_SYNC_ACTIONS = ['quote', 'status', 'invoice', 'visit-invoice'] as const;
export type XeroSyncAction = (typeof XERO_SYNC_ACTIONS)[number];

/** A sync job's state: waiting its turn (tried or not), done, or given up after 24 hours. */
export const XERO_SYNC_JOB_STATUSES = ['pending', 'done', 'dead'] as const;
export type XeroSyncJobStatus = (typeof XERO_SYNC_JOB_STATUSES)[number];

/** What a job sends, fixed when it was queued (a later change of settings alters no sent version). */
export interface XeroSyncPayload {
  accountCode: string;
  taxType: XeroTaxType;
  /** For 'status': the Xero quote status the customer's answer sets. */
  quoteStatus?: 'ACCEPTED' | 'DECLINED';
}

/**
 * The durable queue of writes to Xero, each inserted in the same transaction as the change that
 * causes it (a version sent, the customer's answer, the invoice button) and sent by the sync worker.
 * One job per quote, version and action: a repeated press or a retried request queues nothing twice.
 */
export const xeroSyncJobs = sqliteTable(
  'xero_sync_jobs',
  {
    id: text('id').primaryKey(),
    /** The quote request (quote_requests.id). */
    quoteId: text('quote_id').notNull(),
    version: integer('version').notNull(),
    action: text('action').$type<XeroSyncAction>().notNull(),
    /** The completed visit a 'visit-invoice' job approves the invoice of; '' for the quote's jobs. */
    visitId: text('visit_id').notNull().default(''),
    tenantId: text('tenant_id').notNull(),
    payload: text('payload', { mode: 'json' }).$type<XeroSyncPayload>().notNull(),
    status: text('status').$type<XeroSyncJobStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Why the last attempt failed, in words staff can act on. */
    lastError: text('last_error'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** The first attempt: retries go on for 24 hours after it (or after a Retry or a reconnect). */
    firstAttemptAt: integer('first_attempt_at', { mode: 'timestamp_ms' }),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    doneAt: integer('done_at', { mode: 'timestamp_ms' }),
    /** Claimed by a worker until then; a crashed worker's claim runs out and the job is sent again. */
    leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
  },
  (table) => [
    uniqueIndex('xero_sync_jobs_quote_version_action_visit').on(
      table.quoteId,
      table.version,
      table.action,
      table.visitId,
    ),
    index('xero_sync_jobs_status_next_attempt').on(table.status, table.nextAttemptAt),
  ],
);

/** What exists in Xero for a quote request: its contact, its Xero quote and its invoice. */
export const xeroQuotes = sqliteTable('xero_quotes', {
  quoteId: text('quote_id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  contactId: text('contact_id'),
  xeroQuoteId: text('xero_quote_id'),
  xeroQuoteNumber: text('xero_quote_number'),
  invoiceId: text('invoice_id'),
  invoiceNumber: text('invoice_number'),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * The invoice in Xero for a completed visit: a one-off's is the quote's invoice (approved), an
 * occurrence of a series gets one of its own (the per-visit amount).
 */
export const xeroVisitInvoices = sqliteTable('xero_visit_invoices', {
  visitId: text('visit_id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  invoiceId: text('invoice_id'),
  invoiceNumber: text('invoice_number'),
  /** Xero's status of the invoice once written ('AUTHORISED'). */
  invoiceStatus: text('invoice_status'),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});
