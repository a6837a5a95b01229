import { sql } from 'drizzle-orm';
import { blob, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Staff who may sign in to the admin area. The admin is created or updated from ADMIN_EMAIL at start-up. */
export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  /** Stored lower-case; the sign-in form compares lower-cased input. */
  email: text('email').notNull().unique(),
  firstName: text('first_name'),
  /** argon2id (PHC string); never leaves the server. */
  passwordHash: text('password_hash').notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});

/**
 * Sessions in Lucia's scheme: the cookie holds `<id>.<secret>`, only SHA-256(secret) is stored, so a
 * leaked database does not hand out valid cookies.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    secretHash: blob('secret_hash', { mode: 'buffer' }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** Sliding expiry: the session ends after a period without use, refreshed at most hourly. */
    lastVerifiedAt: integer('last_verified_at', { mode: 'timestamp_ms' }).notNull(),
    /** Set when this session entered QUOTE_DASHBOARD_PASSWORD; unlocks the quote inbox for it alone. */
    dashboardUnlockedAt: integer('dashboard_unlocked_at', { mode: 'timestamp_ms' }),
  },
  (table) => [index('sessions_user_id').on(table.userId)],
);
