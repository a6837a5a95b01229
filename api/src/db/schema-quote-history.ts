import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { quoteRequests } from './schema.ts';

/** What a history entry records; the quote's own 'created' entry is its created_at, not a row. */
/**
 * 'quote': a step of the priced quote (sent, viewed, accepted, changes asked for, declined, expired,
 * reminded), said in `text`; its actor is the staff member, or the customer for their own answers.
 * 'visit': a visit booked, moved, cancelled or completed, said in `text`.
 */
export const QUOTE_HISTORY_KINDS = ['status', 'note', 'reply', 'quote', 'visit'] as const;
export type QuoteHistoryKind = (typeof QUOTE_HISTORY_KINDS)[number];

/**
 * The quote inbox's timeline: every status change, note and reply, with who and when. Append-only —
 * triggers in migration 0004 refuse UPDATE and DELETE — so the record of what was said to a customer
 * and when cannot be rewritten. The actor is copied in (their first name, else email, at the time), so
 * an entry reads the same after the account changes.
 */
export const quoteHistory = sqliteTable(
  'quote_history',
  {
    /** Time-ordered (row-id.ts): entries of one quote sort by (at, id). */
    id: text('id').primaryKey(),
    quoteId: text('quote_id')
      .notNull()
      .references(() => quoteRequests.id),
    kind: text('kind').$type<QuoteHistoryKind>().notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    /** The signed-in staff member's user id (no foreign key: the history outlives accounts). */
    actorUserId: text('actor_user_id'),
    /** Their first name, else their email, when they acted. */
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** kind 'status': the status before and after; `reason` when it became 'lost'. */
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    reason: text('reason'),
    /** kind 'note': the note; kind 'reply': the message sent. */
    text: text('text'),
    /** kind 'reply': the subject and the outbox mail that carries it. */
    subject: text('subject'),
    mailId: text('mail_id'),
  },
  (table) => [index('quote_history_quote_at').on(table.quoteId, table.at, table.id)],
);
