import type { StoredMailStatus } from '@cleanquote/quote-core/staff';
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Where an outbox mail is in its life:
 * - queued: waiting for its next attempt (`nextAttemptAt`);
 * - sending: leased by a delivery worker until `leaseUntil` (a crashed worker's lease runs out);
 * - sent: accepted by the SMTP server;
 * - dead: gave up after the configured number of attempts, or the server refused it for good;
 * - captured: no SMTP_URL configured, so the mail is kept here, readable by staff, never sent.
 * A queued mail whose `sendAfter` is still to come is shown to staff as scheduled.
 */
export type OutboxStatus = StoredMailStatus;

/**
 * Every email the business sends, written in the same transaction as the record it belongs to (so
 * neither exists without the other) and delivered from here by the worker in src/mail/delivery.ts.
 */
export const outbox = sqliteTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    /** What the mail is for: quote-notification, quote-auto-response, team-contact, newsletter-confirmation… */
    kind: text('kind').notNull(),
    /**
     * Fixed when the mail is queued, so a retry after a crash between sending and recording 'sent'
     * carries the same Message-ID and the receiving side can tell it is the same message.
     */
    messageId: text('message_id').notNull().unique(),
    /** Sender; null means MAIL_FROM at delivery time. */
    fromAddress: text('from_address'),
    toAddress: text('to_address').notNull(),
    toName: text('to_name'),
    replyToAddress: text('reply_to_address'),
    replyToName: text('reply_to_name'),
    subject: text('subject').notNull(),
    /** Null when the body is written from `recordId` at delivery (mail/mail-bodies.ts). */
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    /**
     * The record a body-less mail is written from (a quote request's id for its two mails), so a
     * quote's commit does not carry two more copies of its answers (0006).
     */
    recordId: text('record_id'),
    /**
     * The recipient, lower-cased, of a mail whose address came from a request (a quote's
     * auto-response, a newsletter confirmation); null for mail to the business or staff. The
     * per-recipient limits count these rows (mail/recipient-limits.ts).
     */
    limitedRecipient: text('limited_recipient'),
    /** Extra headers (List-Unsubscribe…), already stripped of line breaks. */
    headers: text('headers', { mode: 'json' }).$type<Record<string, string>>(),
    /**
     * A secret the body carries only until delivery (the customer's quote link): once the mail is
     * sent it is replaced by '[link sent to the customer]' in both bodies and this is cleared, so the
     * mail log never shows a working link of a delivered mail.
     */
    secretUntilSent: text('secret_until_sent'),
    status: text('status').$type<OutboxStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    /**
     * A mail that may not be sent before this time (a visit's reminder, 24 hours before it); the mail
     * log shows it as scheduled until then. Null: send as soon as possible.
     */
    sendAfter: integer('send_after', { mode: 'timestamp_ms' }),
    /**
     * A calendar invite the mail carries (RFC 5545 text with its METHOD): sent inline as a
     * text/calendar part and again as invite.ics, as mail clients differ in which they read.
     */
    calendarInvite: text('calendar_invite'),
    leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    /** The Date header, fixed at enqueue time like the Message-ID. */
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (table) => [
    index('outbox_status_next_attempt').on(table.status, table.nextAttemptAt),
    index('outbox_created_at').on(table.createdAt),
    // Only mail to request-given addresses: the limits' count visits an address's few recent rows.
    index('outbox_limited_recipient_created_at')
      .on(table.limitedRecipient, table.createdAt)
      .where(sql.raw(`"limited_recipient" IS NOT NULL`)),
  ],
);
