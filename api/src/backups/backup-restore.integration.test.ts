import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { parseEnvironment } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { validQuoteRequests } from '../test-support/quote-requests.ts';
import { repositoryRoot, type ServerProcess, startServerProcess } from '../test-support/server-process.ts';
import { cookiePair, testAdmin } from '../test-support/sign-in.ts';
import { listBackups, takeBackup } from './snapshot.ts';

const QUOTES = 1_000;
const WRITERS = 8;
let directory: string;
let database: Database | undefined;
let server: ServerProcess | undefined;

afterEach(async () => {
  await server?.stop();
  database?.close();
  rmSync(directory, { recursive: true, force: true });
});

/** The customers in a database file, in the order their rows were committed. */
async function customersIn(path: string): Promise<string[]> {
  const client = createClient({ url: `file:${path}` });
  try {
    const rows = await client.execute('SELECT name FROM quote_requests ORDER BY rowid');
    return rows.rows.map((row) => String(row.name));
  } finally {
    client.close();
  }
}

async function integrityOf(path: string): Promise<string> {
  const client = createClient({ url: `file:${path}` });
  try {
    return String((await client.execute('PRAGMA integrity_check')).rows[0]?.[0]);
  } finally {
    client.close();
  }
}

/** Every quote request the running server lists to a signed-in admin, following its Link rel="next" pages. */
async function customersListedBy(running: ServerProcess): Promise<string[]> {
  const login = await fetch(`${running.url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: testAdmin.email, password: testAdmin.password }),
  });
  expect(login.status).toBe(200);
  const cookie = cookiePair(login);
  const names: string[] = [];
  let next: string | null = `${running.url}/api/contact?limit=500`;
  while (next) {
    const response: Response = await fetch(next, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    names.push(...((await response.json()) as { name: string }[]).map((quote) => quote.name));
    const link = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('Link') ?? '');
    next = link?.[1] ? new URL(link[1], running.url).href : null;
  }
  return names;
}

describe('snapshots while quotes are written, and a restore from the newest', () => {
  it('holds a prefix of the acknowledged quotes in every snapshot; the restored server has them all', async () => {
    directory = mkdtempSync(join(tmpdir(), 'cleanquote-backup-restore-'));
    const databasePath = join(directory, 'cleanquote.db');
    const variables = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: `file:${databasePath}`,
      BACKUP_DIR: join(directory, 'backups'),
      // One client sends all 1,000: the public-POST limit is not what this test is about.
      PUBLIC_POST_RATE_LIMIT: '100000',
      ADMIN_EMAIL: testAdmin.email,
      ADMIN_PASSWORD: testAdmin.password,
    };
    const environment = parseEnvironment(variables);
    database = await openDatabase({ url: environment.DATABASE_URL });
    const app = createApp({ environment, database, logger: createLogger('silent') });

    const acknowledged: string[] = [];
    let sent = 0;
    const writer = async () => {
      while (sent < QUOTES) {
        const n = sent;
        sent += 1;
        const name = `Customer ${String(n).padStart(4, '0')}`;
        const response = await app.request('/api/service-form', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            ...validQuoteRequests.regularClean,
            name,
            email: `customer${n}@example.com`,
          }),
        });
        expect(response.status).toBe(201);
        acknowledged.push(name);
      }
    };
    const writing = Promise.all(Array.from({ length: WRITERS }, writer));
    let done = false;
    void writing.finally(() => {
      done = true;
    });

    // Snapshots one after another until the last quote is acknowledged, each named a second apart.
    const snapshots: { file: string; path: string; acknowledgedBefore: string[] }[] = [];
    const first = Date.parse('2026-11-25T04:00:00Z');
    while (!done) {
      const acknowledgedBefore = [...acknowledged];
      const backup = await takeBackup(database, environment, new Date(first + snapshots.length * 1000));
      expect(backup).toMatchObject({ ok: true });
      snapshots.push({ file: backup.file, path: backup.path, acknowledgedBefore });
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await writing;
    expect(acknowledged).toHaveLength(QUOTES);
    const committed = await customersIn(databasePath);
    expect(new Set(committed)).toEqual(new Set(acknowledged));

    let partial = 0;
    for (const snapshot of snapshots) {
      expect(await integrityOf(snapshot.path)).toBe('ok');
      const held = await customersIn(snapshot.path);
      // A prefix of the commits: nothing later without everything earlier.
      expect(held).toEqual(committed.slice(0, held.length));
      // Every quote acknowledged before the snapshot began is in it.
      expect(held).toEqual(expect.arrayContaining(snapshot.acknowledgedBefore));
      if (held.length > 0 && held.length < QUOTES) partial += 1;
    }
    // The snapshots were taken while quotes were being written, not only before or after.
    expect(partial).toBeGreaterThan(0);
    const newest = listBackups(environment)[0];
    const last = snapshots.at(-1);
    expect(newest?.file).toBe(last?.file);

    // The disk is lost: the database and its WAL are gone.
    database.close();
    database = undefined;
    for (const name of readdirSync(directory)) {
      if (name.startsWith('cleanquote.db')) rmSync(join(directory, name));
    }
    const restore = spawnSync('npm', ['run', '--silent', 'db:restore', '--', newest?.file ?? ''], {
      cwd: repositoryRoot,
      env: { ...process.env, ...variables },
      encoding: 'utf8',
    });
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    expect(restore.stdout).toContain(
      `Restored ${join(directory, 'backups', newest?.file ?? '')} into ${databasePath}`,
    );

    server = await startServerProcess({ env: variables, startTimeoutMs: 60_000 });
    const listed = await customersListedBy(server);
    expect(listed).toEqual(expect.arrayContaining(last?.acknowledgedBefore ?? []));
    expect(new Set(listed)).toEqual(new Set(await customersIn(last?.path ?? '')));
  }, 240_000);
});
