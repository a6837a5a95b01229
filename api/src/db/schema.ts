import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

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
    /** new, contacted, quoted, won, lost (DESIGN.md item 9). */
    status: text('status').notNull().default('new'),
    idempotencyKey: text('idempotency_key').unique(),
    /** SHA-256 of the body that came with the idempotency key, to tell a retry from a reuse. */
    requestHash: text('request_hash'),
    termsVersion: text('terms_version'),
    consentedAt: integer('consented_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (table) => [index('quote_requests_created_at').on(table.createdAt)],
);

// Tables of the mail outbox, sessions, team contact and newsletter live in their own files.
export * from './schema-analytics.ts';
export * from './schema-auth.ts';
export * from './schema-jobs.ts';
export * from './schema-newsletter.ts';
export * from './schema-outbox.ts';
export * from './schema-partners.ts';
export * from './schema-team-contact.ts';
