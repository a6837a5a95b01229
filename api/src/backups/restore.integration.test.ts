import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { scheduledJobs } from '../db/schema.ts';
import { type Environment, parseEnvironment } from '../env.ts';
import { repositoryRoot, type ServerProcess, startServerProcess } from '../test-support/server-process.ts';
import { RestoreRefused, restoreBackup } from './restore.ts';
import { takeBackup } from './snapshot.ts';

let directory: string;
let environment: Environment;
let variables: Record<string, string>;
const open: Database[] = [];
let server: ServerProcess | undefined;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'cleanquote-restore-'));
  variables = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: `file:${join(directory, 'cleanquote.db')}`,
    BACKUP_DIR: join(directory, 'backups'),
  };
  environment = parseEnvironment(variables);
});
afterEach(async () => {
  await server?.stop();
  server = undefined;
  for (const database of open.splice(0)) database.close();
  rmSync(directory, { recursive: true, force: true });
});

async function openApp(): Promise<Database> {
  const database = await openDatabase({ url: environment.DATABASE_URL });
  open.push(database);
  return database;
}

async function query(path: string, sql: string) {
  const client = createClient({ url: `file:${path}` });
  try {
    return (await client.execute(sql)).rows;
  } finally {
    client.close();
  }
}

function restoreCommand(file: string) {
  return spawnSync('npm', ['run', '--silent', 'db:restore', '--', file], {
    cwd: repositoryRoot,
    env: { ...process.env, ...variables },
    encoding: 'utf8',
  });
}

describe('restoring a snapshot', () => {
  it('keeps the replaced database beside it, with the writes still in its WAL', async () => {
    const database = await openApp();
    const backup = await takeBackup(database, environment, new Date('2026-11-25T04:00:00Z'));
    await database.writes.run((tx) =>
      tx.insert(scheduledJobs).values({ name: 'after-the-snapshot', registeredAt: new Date() }),
    );
    // Restored while that write is still only in the WAL, as a process killed with -9 leaves it.
    expect(statSync(join(directory, 'cleanquote.db-wal')).size).toBeGreaterThan(0);
    const outcome = await restoreBackup(backup.path, environment, new Date('2026-11-25T05:06:07Z'));
    const databasePath = join(directory, 'cleanquote.db');
    expect(outcome).toEqual({
      databasePath,
      keptAs: `${databasePath}.before-restore-2026-11-25T05-06-07Z`,
      migrationsApplied: 0,
    });
    const after = "SELECT name FROM scheduled_jobs WHERE name = 'after-the-snapshot'";
    expect(await query(outcome.keptAs ?? '', after)).toHaveLength(1);
    expect(await query(databasePath, after)).toHaveLength(0);
  });

  it('applies the migrations a snapshot of an older version lacks', async () => {
    // An older version's database: the same migrations but the last two.
    const migrations = join(directory, 'older-migrations');
    cpSync(resolve(repositoryRoot, 'api', 'drizzle'), migrations, { recursive: true });
    const journalPath = join(migrations, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
    const total = journal.entries.length;
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, total - 2) }));
    const older = join(directory, 'older.db');
    const client = createClient({ url: `file:${older}` });
    await migrate(drizzle(client), { migrationsFolder: migrations });
    client.close();

    const outcome = await restoreBackup(older, environment);
    expect(outcome.migrationsApplied).toBe(2);
    expect(await query(outcome.databasePath, 'SELECT count(*) AS count FROM __drizzle_migrations')).toEqual([
      expect.objectContaining({ count: total }),
    ]);
  });

  it('refuses a damaged file, a file that is not a CleanQuote database, and a newer version’s', async () => {
    const database = await openApp();
    const backup = await takeBackup(database, environment, new Date('2026-11-25T04:00:00Z'));
    database.close();
    open.splice(0);
    const damaged = join(directory, 'damaged.db');
    const bytes = readFileSync(backup.path);
    bytes.fill(0x55, 4096, 12_288);
    writeFileSync(damaged, bytes);
    await expect(restoreBackup(damaged, environment)).rejects.toThrow(/fails integrity_check/);

    const other = join(directory, 'other.db');
    await query(other, 'CREATE TABLE notes (body TEXT)');
    await expect(restoreBackup(other, environment)).rejects.toThrow(/not a CleanQuote database/);

    const newer = join(directory, 'newer.db');
    cpSync(backup.path, newer);
    await query(
      newer,
      `INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('next', ${Date.parse('2099-01-01')})`,
    );
    // The migrations this version ships, from drizzle's journal: the snapshot holds one more.
    const shipped = (
      JSON.parse(readFileSync(join(import.meta.dirname, '../../drizzle/meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      }
    ).entries.length;
    await expect(restoreBackup(newer, environment)).rejects.toThrow(
      new RestoreRefused(
        `${newer} was made by a newer CleanQuote (${shipped + 1} migrations; this version knows ${shipped}): restore it with that version.`,
      ).message,
    );
    // Nothing was replaced.
    expect(readdirSync(directory).filter((name) => name.includes('before-restore'))).toEqual([]);
  });

  it('refuses through the command while a server runs on the database, and restores once it stopped', async () => {
    const database = await openApp();
    const backup = await takeBackup(database, environment, new Date('2026-11-25T04:00:00Z'));
    database.close();
    open.splice(0);
    server = await startServerProcess({ env: variables, startTimeoutMs: 60_000 });
    const refused = restoreCommand(backup.file);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      `Not restored: A CleanQuote server is running on ${join(directory, 'cleanquote.db')} (process ${server.child.pid}`,
    );
    expect(existsSync(join(directory, 'cleanquote.db.restoring'))).toBe(false);
    await server.stop();
    server = undefined;
    const restored = restoreCommand(backup.file);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toMatch(/The replaced database is kept as .*cleanquote\.db\.before-restore-/);
  }, 120_000);
});
