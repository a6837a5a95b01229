import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { outbox } from './schema.ts';

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
});
