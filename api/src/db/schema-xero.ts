import type { XeroReportType } from '@cleanquote/content';
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
