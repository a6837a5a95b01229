import { copyFileSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@libsql/client';
import type { Environment } from '../env.ts';
import { serversRunningOn } from './server-lock.ts';
import { checkIntegrity, databaseFilePath } from './snapshot.ts';

/** Why a restore was refused: its message is what the command prints. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/** What a restore did. */
export interface RestoreOutcome {
  /** The database file that now holds the snapshot. */
  databasePath: string;
  /** Where the replaced database was kept, or null when there was none. */
  keptAs: string | null;
  /** How many migrations the snapshot lacked and were applied after restoring. */
  migrationsApplied: number;
}

const journalPath = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'drizzle',
  'meta',
  '_journal.json',
);

/** The creation times of the migrations this code has, oldest first. */
function knownMigrations(): number[] {
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { when: number }[] };
  return journal.entries.map((entry) => entry.when).sort((a, b) => a - b);
}

/** How many migrations the database at `path` has applied, and the newest one's time. */
async function appliedMigrations(path: string): Promise<{ count: number; newest: number } | null> {
  const client = createClient({ url: `file:${path}` });
  try {
    const result = await client.execute(
      'SELECT count(*) AS count, max(created_at) AS newest FROM __drizzle_migrations',
    );
    const row = result.rows[0];
    return { count: Number(row?.count ?? 0), newest: Number(row?.newest ?? 0) };
  } catch {
    return null;
  } finally {
    client.close();
  }
}

/** '2026-11-25T04-05-00Z': the UTC second, for a file name. */
function stamp(now: Date): string {
  return `${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z`;
}

/** Moves `path` aside as `<path>.before-restore-<time>` when it exists; returns the new path. */
function keepAside(path: string, now: Date): string | null {
  if (!existsSync(path)) return null;
  const kept = `${path}.before-restore-${stamp(now)}`;
  renameSync(path, kept);
  return kept;
}

/**
 * Restores the snapshot `source` into the embedded database of `environment`: refuses while a
 * server announces itself on that database (server-lock.ts), checks a copy of the snapshot with
 * `PRAGMA integrity_check` and its schema version (the migrations it has applied must all be known
 * to this code: a snapshot of a newer version is refused), folds the current database's WAL into
 * it and keeps it as `<name>.before-restore-<time>`, puts the snapshot in its place and applies
 * the migrations it lacks.
 */
export async function restoreBackup(
  source: string,
  environment: Pick<Environment, 'DATABASE_URL'>,
  now: Date = new Date(),
): Promise<RestoreOutcome> {
  const databasePath = databaseFilePath(environment.DATABASE_URL);
  if (databasePath === null) {
    throw new RestoreRefused(
      'DATABASE_URL is a libSQL server: restore through the server’s own backups, not this command.',
    );
  }
  if (!existsSync(source)) throw new RestoreRefused(`No such file: ${source}`);
  const running = serversRunningOn(databasePath);
  if (running.length > 0) {
    throw new RestoreRefused(
      `A CleanQuote server is running on ${databasePath} (process ${running.join(', ')}, from its ` +
        `${databasePath}.server-<pid>.pid file): stop it first, then restore.`,
    );
  }
  const incoming = `${databasePath}.restoring`;
  rmSync(incoming, { force: true });
  copyFileSync(source, incoming);
  try {
    const damage = await checkIntegrity(incoming);
    if (damage !== null) throw new RestoreRefused(`${source} fails integrity_check: ${damage}`);
    const applied = await appliedMigrations(incoming);
    if (applied === null) {
      throw new RestoreRefused(`${source} is not a CleanQuote database (it has no migrations table).`);
    }
    const known = knownMigrations();
    const newestKnown = known.at(-1) ?? 0;
    if (applied.newest > newestKnown || applied.count > known.length) {
      throw new RestoreRefused(
        `${source} was made by a newer CleanQuote (${applied.count} migrations; this version knows ${known.length}): ` +
          'restore it with that version.',
      );
    }
    // Committed writes may still be in the WAL: fold them into the file before it is kept aside.
    if (existsSync(databasePath)) {
      const current = createClient({ url: `file:${databasePath}` });
      try {
        const checkpoint = await current.execute('PRAGMA wal_checkpoint(TRUNCATE)');
        if (Number(checkpoint.rows[0]?.[0] ?? 1) !== 0) {
          throw new RestoreRefused(
            `${databasePath} is in use by another process (its WAL could not be checkpointed): stop it first, then restore.`,
          );
        }
      } finally {
        current.close();
      }
      rmSync(`${databasePath}-wal`, { force: true });
    } else {
      // A WAL without its database (the file was deleted) must not be replayed onto the snapshot.
      keepAside(`${databasePath}-wal`, now);
    }
    const keptAs = keepAside(databasePath, now);
    rmSync(`${databasePath}-shm`, { force: true });
    renameSync(incoming, databasePath);
    const { openDatabase } = await import('../db/database.ts');
    const database = await openDatabase({ url: `file:${databasePath}` });
    database.close();
    const after = await appliedMigrations(databasePath);
    return { databasePath, keptAs, migrationsApplied: (after?.count ?? applied.count) - applied.count };
  } finally {
    rmSync(incoming, { force: true });
    for (const suffix of ['-journal', '-wal', '-shm']) rmSync(`${incoming}${suffix}`, { force: true });
  }
}

/** The snapshot a restore argument names: a path (from where the command was run), or a file name in BACKUP_DIR. */
export function resolveBackupArgument(
  argument: string,
  backupDirectory: string,
  workingDirectory: string,
): string {
  const asPath = resolve(workingDirectory, argument);
  if (existsSync(asPath)) return asPath;
  return join(resolve(backupDirectory), argument);
}
