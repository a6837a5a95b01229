import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnvironment } from '../env.ts';
import { validQuoteRequests } from '../test-support/quote-requests.ts';
import { createTestApp } from '../test-support/test-app.ts';
import { listBackups, takeBackup } from './snapshot.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
afterEach(() => testApp?.close());

async function postQuote(name: string): Promise<void> {
  const response = await testApp.app.request('/api/service-form', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...validQuoteRequests.regularClean, name }),
  });
  expect(response.status).toBe(201);
}

async function customersIn(path: string): Promise<string[]> {
  const client = createClient({ url: `file:${path}` });
  try {
    const result = await client.execute('SELECT name FROM quote_requests ORDER BY rowid');
    return result.rows.map((row) => String(row.name));
  } finally {
    client.close();
  }
}

describe('takeBackup', () => {
  it('writes a checked snapshot named by its UTC time, listed newest first', async () => {
    testApp = await createTestApp();
    const environment = parseEnvironment({
      DATABASE_URL: testApp.environment.DATABASE_URL,
      BACKUP_DIR: join(testApp.environment.DATABASE_URL.slice('file:'.length), '..', 'backups'),
    });
    await postQuote('Priya Shah');
    const first = await takeBackup(testApp.database, environment, new Date('2026-11-25T04:05:00.250Z'));
    await postQuote('Tom Nguyen');
    const second = await takeBackup(testApp.database, environment, new Date('2026-11-25T05:05:00Z'));
    // A second one in the same second gets a file of its own.
    const third = await takeBackup(testApp.database, environment, new Date('2026-11-25T05:05:00Z'));

    expect(first).toMatchObject({ file: 'cleanquote-2026-11-25T04-05-00Z.db', ok: true });
    expect(first.sizeBytes).toBeGreaterThan(0);
    expect(await customersIn(first.path)).toEqual(['Priya Shah']);
    expect(await customersIn(second.path)).toEqual(['Priya Shah', 'Tom Nguyen']);
    expect(listBackups(environment)).toEqual([
      { file: third.file, createdAt: new Date('2026-11-25T05:05:00Z'), sizeBytes: third.sizeBytes, ok: true },
      {
        file: 'cleanquote-2026-11-25T05-05-00Z.db',
        createdAt: new Date('2026-11-25T05:05:00Z'),
        sizeBytes: second.sizeBytes,
        ok: true,
      },
      {
        file: 'cleanquote-2026-11-25T04-05-00Z.db',
        createdAt: new Date('2026-11-25T04:05:00Z'),
        sizeBytes: first.sizeBytes,
        ok: true,
      },
    ]);
    expect(third.file).toBe('cleanquote-2026-11-25T05-05-00Z-1.db');
  });

  it('reports a snapshot that could not be written as failed', async () => {
    testApp = await createTestApp();
    const directory = join(testApp.environment.DATABASE_URL.slice('file:'.length), '..');
    const environment = parseEnvironment({
      DATABASE_URL: testApp.environment.DATABASE_URL,
      BACKUP_DIR: join(directory, 'backups'),
    });
    await postQuote('Priya Shah');
    const good = await takeBackup(testApp.database, environment, new Date('2026-11-25T04:00:00Z'));
    // BACKUP_DIR under a plain file: it cannot be created.
    writeFileSync(join(directory, 'not-a-directory'), '');
    const broken = await takeBackup(
      testApp.database,
      { ...environment, BACKUP_DIR: join(directory, 'not-a-directory', 'backups') },
      new Date('2026-11-25T05:00:00Z'),
    );
    expect(broken).toMatchObject({ ok: false, error: expect.stringContaining('could not be created') });
    expect(good.ok).toBe(true);
  });

  it('lists a copy that failed its check as not ok, newest first', async () => {
    testApp = await createTestApp();
    const directory = join(testApp.environment.DATABASE_URL.slice('file:'.length), '..', 'backups');
    const environment = parseEnvironment({
      DATABASE_URL: testApp.environment.DATABASE_URL,
      BACKUP_DIR: directory,
    });
    await takeBackup(testApp.database, environment, new Date('2026-11-25T04:00:00Z'));
    // A directory where the copy is written: VACUUM INTO fails, as on a full or read-only disk.
    mkdirSync(join(directory, 'cleanquote-2026-11-25T05-00-00Z.db.partial', 'x'), { recursive: true });
    const failed = await takeBackup(testApp.database, environment, new Date('2026-11-25T05:00:00Z'));
    expect(failed.ok).toBe(false);
    expect(listBackups(environment).map((backup) => [backup.file, backup.ok])).toEqual([
      ['cleanquote-2026-11-25T05-00-00Z.db.failed', false],
      ['cleanquote-2026-11-25T04-00-00Z.db', true],
    ]);
  });
});
