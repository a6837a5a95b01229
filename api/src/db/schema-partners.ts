import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Partner sites that embed the quote wizard: staff add, rename and disable them on
 * /partners; PARTNER_ORIGINS seeds them at start-up. A quote sent with a partner's key is accepted
 * only from its origins while it is enabled, and recorded with source `partner:<key>`.
 */
export const partners = sqliteTable('partners', {
  /** The key the partner's snippet carries (`partner-key`): lower-case letters, digits, hyphens. */
  key: text('key').primaryKey(),
  /** How staff and the inbox name the partner. */
  name: text('name').notNull(),
  /** The origins (https://agency.example) allowed to submit quotes with this key. */
  origins: text('origins', { mode: 'json' }).$type<string[]>().notNull(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
  createdAt: integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});

/**
 * Keys of partners staff deleted. PARTNER_ORIGINS seeds its keyed partners into the table at every
 * start-up; a key listed here is not seeded again, so a deleted partner stays deleted until staff add
 * it again (which takes its key off this list).
 */
export const deletedPartnerKeys = sqliteTable('deleted_partner_keys', {
  key: text('key').primaryKey(),
  deletedAt: integer('deleted_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});
