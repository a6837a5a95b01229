import type { WebhookEvent } from '@cleanquote/quote-core/staff';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { partners } from './schema-partners.ts';

/** The events a partner's webhook can be sent: the staff contract's list. */
export { WEBHOOK_EVENTS, type WebhookEvent } from '@cleanquote/quote-core/staff';

/** Where a webhook delivery is: waiting for its next attempt, received (2xx), or given up. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'dead'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * A partner's webhook: where the events about its quotes are sent, which, and the signing secret
 * (Standard Webhooks `whsec_…`), sealed with SECRETS_KEY. After a rotation the previous secret also
 * signs until `previousSecretUntil`, so a receiver can switch without losing a delivery.
 */
export const partnerWebhooks = sqliteTable('partner_webhooks', {
  partnerKey: text('partner_key')
    .primaryKey()
    .references(() => partners.key),
  url: text('url').notNull(),
  events: text('events', { mode: 'json' }).$type<WebhookEvent[]>().notNull(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
  secretSealed: text('secret_sealed').notNull(),
  previousSecretSealed: text('previous_secret_sealed'),
  previousSecretUntil: integer('previous_secret_until', { mode: 'timestamp_ms' }),
  /** Why the app turned the webhook off by itself (the receiver answered 410 Gone); null otherwise. */
  disabledReason: text('disabled_reason'),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * Webhook deliveries, written in the same transaction as the change they report and sent from here
 * by a worker (like the mail outbox). `id` is the Standard Webhooks `webhook-id`: the same on every
 * attempt, so a receiver that dedupes by it sees each event once.
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    partnerKey: text('partner_key').notNull(),
    type: text('type').notNull(),
    /** The body sent, `{type, timestamp, data}`, fixed when the event happened. */
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    deliveredAt: integer('delivered_at', { mode: 'timestamp_ms' }),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    /** Claimed by a worker until then; a crashed worker's claim runs out and the delivery is sent again. */
    leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
  },
  (table) => [
    index('webhook_deliveries_status_next_attempt').on(table.status, table.nextAttemptAt),
    index('webhook_deliveries_partner_created_at').on(table.partnerKey, table.createdAt, table.id),
  ],
);
