import type { QuoteStatus } from '@cleanquote/quote-core/staff';
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** The reply the business promises on every quote (a detailed quote within 24 hours). */
export const REPLY_PROMISE_MS = 24 * 60 * 60 * 1000;

/**
 * The auto-response a quote request got, decided when it was stored:
 * - with-answers: the first to that address in 24 hours; it greets by name and repeats the answers;
 * - without-answers: a later one; it says 'your request' and repeats nothing the customer typed, so
 *   repeated requests cannot make the business mail someone else's words to a stranger;
 * - not-sent: the address had reached its per-recipient mail limit (mail/recipient-limits.ts).
 */
export const AUTO_RESPONSES = ['with-answers', 'without-answers', 'not-sent'] as const;
export type AutoResponse = (typeof AUTO_RESPONSES)[number];

/** Quote requests from the wizard: the business's leads. Nothing here is ever deleted by the app. */
export const quoteRequests = sqliteTable(
  'quote_requests',
  {
    id: text('id').primaryKey(),
    /** Short reference the client sees on the thank-you page and in emails. */
    reference: text('reference').notNull().unique(),
    serviceType: text('service_type').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    /** The whole validated request body as JSON, so no answer is lost. */
    details: text('details', { mode: 'json' }).notNull(),
    /** 'main-site' or the partner key the wizard was embedded with. */
    source: text('source').notNull().default('main-site'),
    /** new, contacted, quoted, won, lost: the pipeline staff move a request through; see QUOTE_STATUSES. */
    status: text('status').$type<QuoteStatus>().notNull().default('new'),
    /** When `status` last changed; null while it is still the status the quote was stored with. */
    statusChangedAt: integer('status_changed_at', { mode: 'timestamp_ms' }),
    /** The first 'Mark as Contacted' or reply sent: the first response, for the reply-time report. */
    firstResponseAt: integer('first_response_at', { mode: 'timestamp_ms' }),
    /**
     * The phone number's digits only ('0491 570 158' → '0491570158'): search by digits and the
     * returning-customer match. Written by the intake; a trigger fills it for rows inserted without
     * it (migration 0004), so it always holds.
     */
    phoneDigits: text('phone_digits').notNull().default(''),
    /** The partner's own reference for the request (`partner-ref`, e.g. a client id); partner quotes only. */
    partnerRef: text('partner_ref'),
    /**
     * A case manager who asked to hear when the request moves on: the token of their unsubscribe link
     * (kept as is, like the newsletter's: every update mail carries it and all it can do is stop
     * them); null when they did not ask.
     */
    caseManagerUpdatesToken: text('case_manager_updates_token').unique(),
    /** When the case manager stopped the updates for this request. */
    caseManagerUpdatesStoppedAt: integer('case_manager_updates_stopped_at', { mode: 'timestamp_ms' }),
    idempotencyKey: text('idempotency_key').unique(),
    /** SHA-256 of the body that came with the idempotency key, to tell a retry from a reuse. */
    requestHash: text('request_hash'),
    termsVersion: text('terms_version'),
    /** Which auto-response the client got (AUTO_RESPONSES); its body is written from it at delivery. */
    autoResponse: text('auto_response').$type<AutoResponse>().notNull().default('with-answers'),
    consentedAt: integer('consented_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    /** The 24-hour reply promise: computed from created_at, never written (a virtual column). */
    replyDueAt: integer('reply_due_at', { mode: 'timestamp_ms' }).generatedAlwaysAs(
      sql.raw(`"created_at" + ${REPLY_PROMISE_MS}`),
      { mode: 'virtual' },
    ),
  },
  // Every list pages by (created_at, id) (lib/keyset-page.ts); each filter the inbox narrows by most
  // leads its own index, so a page never scans the quotes it does not show (docs/decisions/0013).
  // Name, email, address and phone digits are also in the FTS5 trigram table `quote_search`
  // (migration 0004, kept by triggers): drizzle-kit cannot declare it, and a migration that rebuilds
  // this table must recreate those triggers.
  (table) => [
    index('quote_requests_created_at').on(table.createdAt, table.id),
    index('quote_requests_status_created_at').on(table.status, table.createdAt, table.id),
    index('quote_requests_email_key').on(sql`lower(${table.email})`, table.createdAt, table.id),
    index('quote_requests_phone_digits').on(table.phoneDigits, table.createdAt, table.id),
    // Partner quotes only (a partial index): a partner's few quotes are found without stepping over
    // the main site's, and a main-site quote costs no index entry here.
    index('quote_requests_partner_created_at')
      .on(table.source, table.createdAt, table.id)
      .where(sql.raw(`"source" != 'main-site'`)),
  ],
);

// Tables of the mail outbox, sessions, team contact and newsletter live in their own files.
export * from './schema-analytics.ts';
export * from './schema-auth.ts';
export * from './schema-jobs.ts';
export * from './schema-newsletter.ts';
export * from './schema-outbox.ts';
export * from './schema-partners.ts';
export * from './schema-priced-quotes.ts';
export * from './schema-quote-history.ts';
export * from './schema-rate-limits.ts';
export * from './schema-schedule.ts';
export * from './schema-team-contact.ts';
export * from './schema-webhooks.ts';
export * from './schema-xero.ts';
