import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Counted events of the limits every app process on this database shares (failed sign-ins and
 * wrong dashboard passwords per client address): one row per event, so "10 in 15 minutes" means
 * exactly that whichever process answered. Rows older than their window are deleted as they pass.
 */
export const rateLimitEvents = sqliteTable(
  'rate_limit_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** What is limited and for whom, e.g. the client's address or 'unlock <address>'. */
    key: text('key').notNull(),
    /** When the event leaves its limit's window (ms since the epoch): counted until then. */
    expiresAt: integer('expires_at').notNull(),
  },
  (table) => [
    index('rate_limit_events_key_expires_at').on(table.key, table.expiresAt),
    index('rate_limit_events_expires_at').on(table.expiresAt),
  ],
);
