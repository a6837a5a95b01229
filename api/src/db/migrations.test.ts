import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { parseEnvironment } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { validQuoteRequests } from '../test-support/quote-requests.ts';
import { openDatabase } from './database.ts';
import { outbox, quoteHistory, quoteRequests } from './schema.ts';

const committedMigrations = resolve(import.meta.dirname, '..', '..', 'drizzle');

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'cleanquote-migrations-'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

/** A database as a server of an earlier release left it: only the first `count` migrations applied. */
async function databaseAtMigration(url: string, count: number) {
  const folder = join(directory, 'migrations');
  cpSync(committedMigrations, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(journalPath, JSON.stringify(journal));
  const client = createClient({ url });
  await migrate(drizzle(client), { migrationsFolder: folder });
  return client;
}

describe('committed migrations', () => {
  it('keep every queued mail, with its body, when 0002 makes bodies optional', async () => {
    const url = `file:${join(directory, 'upgrade.db')}`;
    const before = await databaseAtMigration(url, 2);
    await before.execute({
      sql: `INSERT INTO outbox (id, kind, message_id, to_address, subject, text_body, html_body, status, next_attempt_at)
            VALUES ('mail-1', 'team-contact', '<mail-1@clean.example>', 'sarah@sparkleclean.example', 'Website message', 'Hello Sarah', '<p>Hello Sarah</p>', 'queued', 1795300000000)`,
    });
    before.close();

    const database = await openDatabase({ url });
    try {
      const [mail] = await database.db.select().from(outbox).where(eq(outbox.id, 'mail-1'));
      expect(mail).toMatchObject({
        kind: 'team-contact',
        subject: 'Website message',
        textBody: 'Hello Sarah',
        htmlBody: '<p>Hello Sarah</p>',
        recordId: null,
        status: 'queued',
        nextAttemptAt: new Date(1795300000000),
      });
    } finally {
      database.close();
    }
  });

  it('give quotes stored before 0004 their phone digits, search index and reply promise', async () => {
    const url = `file:${join(directory, 'inbox-upgrade.db')}`;
    const before = await databaseAtMigration(url, 4);
    await before.execute({
      sql: `INSERT INTO quote_requests (id, reference, service_type, name, email, phone, address, details, created_at)
            VALUES ('quote-1', 'CQ-OLD1', 'regular-clean', 'Zoë Old', 'zoe@example.com', '+61 (0)491-570 158', '3 Lygon St, Carlton, VIC', '{}', 1795300000000)`,
    });
    before.close();

    const database = await openDatabase({ url });
    try {
      const [quote] = await database.db.select().from(quoteRequests).where(eq(quoteRequests.id, 'quote-1'));
      expect(quote).toMatchObject({
        phoneDigits: '610491570158',
        status: 'new',
        statusChangedAt: null,
        firstResponseAt: null,
        replyDueAt: new Date(1795300000000 + 24 * 60 * 60 * 1000),
      });
      const found = await database.client.execute(
        `SELECT rowid FROM quote_search WHERE quote_search MATCH '"zoe old" OR "0491570"'`,
      );
      expect(found.rows).toHaveLength(1);
      expect(await database.db.select().from(quoteHistory)).toEqual([]);
      // A row inserted without its digits (by another writer) gets them from the trigger, and is searchable.
      await database.client.execute(
        `INSERT INTO quote_requests (id, reference, service_type, name, email, phone, address, details)
         VALUES ('quote-2', 'CQ-NEW2', 'deep-clean', 'Sam New', 'sam@example.com', '03 5550 0123', '1 High St', '{}')`,
      );
      const [added] = await database.db.select().from(quoteRequests).where(eq(quoteRequests.id, 'quote-2'));
      expect(added?.phoneDigits).toBe('0355500123');
      const byDigits = await database.client.execute(
        `SELECT rowid FROM quote_search WHERE quote_search MATCH 'phone_digits : "5550012"'`,
      );
      expect(byDigits.rows).toHaveLength(1);
      // FTS5's own check against the quotes table: it fails if the triggers ever indexed other values.
      await expect(
        database.client.execute(`INSERT INTO quote_search(quote_search, rank) VALUES ('integrity-check', 1)`),
      ).resolves.toBeDefined();
    } finally {
      database.close();
    }
  });

  it('count the last day’s auto-responses and confirmations toward the per-recipient limits from 0008 on', async () => {
    const url = `file:${join(directory, 'limits-upgrade.db')}`;
    const before = await databaseAtMigration(url, 8);
    const now = Date.now();
    const mails = [
      ['recent-1', 'quote-auto-response', 'Repeat@Example.com', now - 60_000],
      ['recent-2', 'quote-auto-response', 'repeat@example.com', now - 2 * 60 * 60 * 1000],
      ['recent-3', 'newsletter-confirmation', 'REPEAT@example.com', now - 30_000],
      ['old', 'quote-auto-response', 'repeat@example.com', now - 25 * 60 * 60 * 1000],
      ['business', 'quote-notification', 'hello@sparkleclean.example', now - 60_000],
    ] as const;
    for (const [id, kind, to, at] of mails) {
      await before.execute({
        sql: `INSERT INTO outbox (id, kind, message_id, to_address, subject, text_body, status, next_attempt_at, created_at)
              VALUES (?, ?, ?, ?, 'Mail', 'Hello', 'sent', ?, ?)`,
        args: [id, kind, `<${id}@clean.example>`, to, at, at],
      });
    }
    before.close();

    const database = await openDatabase({ url });
    try {
      const rows = await database.db.select().from(outbox);
      expect(Object.fromEntries(rows.map((row) => [row.id, row.limitedRecipient]))).toEqual({
        'recent-1': 'repeat@example.com',
        'recent-2': 'repeat@example.com',
        'recent-3': 'repeat@example.com',
        old: null,
        business: null,
      });
      // Three mails in the last day, two in the last hour: a limit of 3 a day leaves none for a quote.
      const environment = parseEnvironment({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: url,
        RECIPIENT_MAIL_LIMIT_DAY: '3',
      });
      const app = createApp({ environment, database, logger: createLogger('silent') });
      const response = await app.request('/api/service-form', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...validQuoteRequests.regularClean, email: 'repeat@example.com' }),
      });
      expect(response.status).toBe(201);
      const [quote] = await database.db.select().from(quoteRequests);
      expect(quote?.autoResponse).toBe('not-sent');
    } finally {
      database.close();
    }
  });
});
