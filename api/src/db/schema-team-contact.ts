import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Messages sent through the contact dialog to a team member or the customer-service inbox. */
export const teamContactMessages = sqliteTable(
  'team_contact_messages',
  {
    id: text('id').primaryKey(),
    /** The recipient as resolved on the server from packages/content, never an address the browser chose. */
    recipientId: text('recipient_id').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    senderName: text('sender_name').notNull(),
    senderEmail: text('sender_email').notNull(),
    senderPhone: text('sender_phone'),
    subject: text('subject'),
    message: text('message').notNull(),
    /** 'main-site' or the partner origin the message came from. */
    source: text('source').notNull().default('main-site'),
    /** The outbox mail that carries it. */
    outboxId: text('outbox_id').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (table) => [index('team_contact_messages_created_at').on(table.createdAt)],
);
