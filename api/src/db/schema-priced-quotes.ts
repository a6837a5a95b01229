import type { PricedQuoteStatus, QuoteFrequency, QuoteLine } from '@cleanquote/quote-core/staff';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { quoteRequests } from './schema.ts';

/**
 * The price list, one row per price changed from its default (`key` is the price's dotted path in the
 * PriceList JSON, e.g. 'services.end-of-lease.bedroomCents'). A price without a row is the default in
 * code, so a price added later starts at a sensible amount without a data migration.
 */
export const prices = sqliteTable('prices', {
  key: text('key').primaryKey(),
  cents: integer('cents').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/** Every change to the price list: who, when, which price, old → new. Append-only. */
export const priceChanges = sqliteTable(
  'price_changes',
  {
    id: text('id').primaryKey(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    actorUserId: text('actor_user_id'),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    key: text('key').notNull(),
    /** The price in words when it changed, so the entry reads the same after labels change. */
    label: text('label').notNull(),
    oldCents: integer('old_cents').notNull(),
    newCents: integer('new_cents').notNull(),
  },
  (table) => [index('price_changes_at').on(table.at, table.id)],
);

/**
 * Priced quotes: one row per version of the quote for a request. Version 1 is drafted from the
 * request's answers; sending a version fixes it (lines, totals, valid-until) and gives it a link of
 * its own; editing after that drafts the next version, and sending that supersedes the earlier one.
 *
 * The customer's link carries a 128-bit random token; only its SHA-256 is stored here, so a copy of
 * this table holds no working link.
 */
export const pricedQuotes = sqliteTable(
  'priced_quotes',
  {
    id: text('id').primaryKey(),
    quoteId: text('quote_id')
      .notNull()
      .references(() => quoteRequests.id),
    version: integer('version').notNull(),
    status: text('status').$type<PricedQuoteStatus>().notNull().default('draft'),
    lines: text('lines', { mode: 'json' }).$type<QuoteLine[]>().notNull(),
    note: text('note').notNull().default(''),
    /** The total per visit, after the frequency discount (GST included). */
    totalCents: integer('total_cents').notNull(),
    /** How often the clean is done: once, or a series every 1, 2 or 4 weeks. */
    frequency: text('frequency').$type<QuoteFrequency>().notNull().default('once'),
    /** The lines' sum before the discount; null on versions made before discounts (then the total). */
    subtotalCents: integer('subtotal_cents'),
    /** The frequency discount in whole percent, fixed with the version (0 for a one-off). */
    discountPercent: integer('discount_percent').notNull().default(0),
    /** The amount taken off the subtotal, rounded once to the cent (positive). */
    discountCents: integer('discount_cents').notNull().default(0),
    /** How long the visit takes (15–720 minutes): staff's figure, else the price list's estimate. */
    durationMinutes: integer('duration_minutes'),
    gstCents: integer('gst_cents').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    /** The Melbourne date through which the quote can be accepted ('2026-12-25'). */
    validUntil: text('valid_until'),
    /** Hex SHA-256 of the customer's link token; set when the version is sent. */
    tokenHash: text('token_hash').unique(),
    /** The outbox mail that carried the quote to the customer. */
    mailId: text('mail_id'),
    viewedAt: integer('viewed_at', { mode: 'timestamp_ms' }),
    /** When the customer accepted, declined or asked for changes. */
    answeredAt: integer('answered_at', { mode: 'timestamp_ms' }),
    /** The full name typed when accepting. */
    acceptedName: text('accepted_name'),
    /** The changes asked for, or the reason for declining (may be empty). */
    answerText: text('answer_text'),
    remindedAt: integer('reminded_at', { mode: 'timestamp_ms' }),
    expiredAt: integer('expired_at', { mode: 'timestamp_ms' }),
  },
  (table) => [
    uniqueIndex('priced_quotes_quote_version').on(table.quoteId, table.version),
    // The expiry and reminder job reads the sent, unanswered quotes only.
    index('priced_quotes_status_valid_until').on(table.status, table.validUntil),
    // The daily report counts a day's sent and answered quotes from these, not the whole table.
    index('priced_quotes_sent_at').on(table.sentAt),
    index('priced_quotes_answered_at').on(table.answeredAt),
  ],
);

/**
 * More links to a sent version's page besides the one its quote mail carried: a mail staff send
 * later (the clean is done, report a problem) needs a working link, and staff never hold the first
 * one. As for that one, only the token's SHA-256 is stored.
 */
export const quoteLinks = sqliteTable('quote_links', {
  tokenHash: text('token_hash').primaryKey(),
  pricedQuoteId: text('priced_quote_id')
    .notNull()
    .references(() => pricedQuotes.id),
  /** What the link was made for ('visit-completed'). */
  purpose: text('purpose').notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});
