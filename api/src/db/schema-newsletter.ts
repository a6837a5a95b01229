import { sql } from 'drizzle-orm';
import { blob, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** pending: asked, confirmation mail sent; subscribed: confirmed the link; unsubscribed: opted out. */
export const NEWSLETTER_STATUSES = ['pending', 'subscribed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/**
 * Newsletter subscribers, one row per address (Spam Act 2003: consent with time and source, double
 * opt-in, a working unsubscribe in every mail).
 */
export const newsletterSubscribers = sqliteTable('newsletter_subscribers', {
  id: text('id').primaryKey(),
  /** Trimmed and lower-cased, so subscribing twice finds the same row. */
  email: text('email').notNull().unique(),
  status: text('status').$type<NewsletterStatus>().notNull().default('pending'),
  /** Where the consent was given: 'website', a page name, or a partner origin. */
  source: text('source').notNull(),
  /** When the visitor asked to subscribe (the express consent), and when they confirmed it. */
  consentedAt: integer('consented_at', { mode: 'timestamp_ms' }).notNull(),
  confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
  unsubscribedAt: integer('unsubscribed_at', { mode: 'timestamp_ms' }),
  /** SHA-256 of the confirmation token mailed to the address; cleared once confirmed. */
  confirmTokenHash: blob('confirm_token_hash', { mode: 'buffer' }),
  confirmationSentAt: integer('confirmation_sent_at', { mode: 'timestamp_ms' }),
  /**
   * Token of the unsubscribe link. Kept as is (not hashed) because every future newsletter mail must
   * carry it; all it can do is unsubscribe this one address.
   */
  unsubscribeToken: text('unsubscribe_token').notNull().unique(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});
