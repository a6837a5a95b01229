import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createClient } from '@libsql/client';
import type { Database } from '../db/database.ts';
import type { Environment } from '../env.ts';
import { isAlive } from './server-lock.ts';

/** One snapshot file in BACKUP_DIR, as staff and the commands see it. */
export interface BackupFile {
  /** The file's name in BACKUP_DIR: `cleanquote-2026-11-25T04-05-00Z.db` (`.failed` appended when it failed). */
  file: string;
  /** When the snapshot was taken (the UTC time in its name). */
  createdAt: Date;
  /** The file's size in bytes (0 when nothing could be written). */
  sizeBytes: number;
  /** True once the copy passed `PRAGMA integrity_check`; only such a file counts as a backup. */
  ok: boolean;
}

/** What {@link takeBackup} returns: the file, and why it failed when it did. */
export interface BackupResult extends BackupFile {
  /** The full path of the file. */
  path: string;
  /** One line saying what went wrong, when `ok` is false. */
  error?: string;
}

/**
 * Emits 'taken' with each {@link BackupResult} this process produced (good or failed), so staff can be
 * told of a failure the moment it happens.
 */
export const backupEvents = new EventEmitter();

const NAME_PATTERN = /^cleanquote-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z(?:-(\d+))?\.db(\.failed)?$/;

/** The path of an embedded database's file, or null for a remote libSQL server or `:memory:`. */
export function databaseFilePath(databaseUrl: string): string | null {
  if (!databaseUrl.startsWith('file:')) return null;
  return resolve(databaseUrl.slice('file:'.length).replace(/^\/\/(?=\/)/, ''));
}

/**
 * Whether this app takes its own backups: only of an embedded file database. A remote libSQL server
 * (libsql://, Turso) keeps its own backups and point-in-time recovery.
 */
export function backupsAreOurs(environment: Pick<Environment, 'DATABASE_URL'>): boolean {
  return databaseFilePath(environment.DATABASE_URL) !== null;
}

/** `cleanquote-2026-11-25T04-05-00Z.db`: the UTC second, sortable, and valid on every filesystem. */
export function backupFileName(createdAt: Date, sequence = 0): string {
  const stamp = createdAt.toISOString().slice(0, 19).replaceAll(':', '-');
  return `cleanquote-${stamp}Z${sequence > 0 ? `-${sequence}` : ''}.db`;
}

function parseName(file: string): { createdAt: Date; sequence: number; ok: boolean } | null {
  const match = NAME_PATTERN.exec(file);
  if (!match) return null;
  const [, day, hour, minute, second, sequence, failed] = match;
  return {
    createdAt: new Date(`${day}T${hour}:${minute}:${second}Z`),
    sequence: Number(sequence ?? 0),
    ok: failed === undefined,
  };
}

function wholeSecond(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / 1000) * 1000);
}

function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}

/**
 * Checks a database file with `PRAGMA integrity_check`, on a connection of its own. Returns null when
 * it is sound, else what SQLite reported. The file is left in rollback-journal mode, so it stays one
 * self-contained file (no -wal beside it) when it is opened again.
 */
export async function checkIntegrity(path: string): Promise<string | null> {
  const client = createClient({ url: `file:${path}` });
  try {
    await client.execute('PRAGMA journal_mode = DELETE');
    const result = await client.execute('PRAGMA integrity_check');
    const lines = result.rows.map((row) => String(row[0]));
    return lines.length === 1 && lines[0] === 'ok' ? null : lines.join('; ').slice(0, 500);
  } catch (error) {
    return oneLine(error);
  } finally {
    client.close();
  }
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/**
 * A copy being written: `<snapshot>.<pid>.partial`, written by process <pid>, with SQLite's
 * -journal, -wal or -shm beside it while it is open. Earlier versions wrote `<snapshot>.partial`.
 */
const PARTIAL_PATTERN = /^(cleanquote-.+\.db(?:\.(\d+))?\.partial)(?:-journal|-wal|-shm)?$/;

/**
 * How old a copy of an earlier version (no writer named) must be before it is taken for abandoned:
 * a snapshot writes its copy in seconds, and one still running after this long is not coming back.
 */
export const UNNAMED_PARTIAL_MAX_AGE_MS = 60 * 60 * 1000;

/** The copies this process is writing now, by path: never removed as abandoned. */
const writing = new Set<string>();

function partialPath(path: string): string {
  return `${path}.${process.pid}.partial`;
}

/**
 * Removes the copies in `directory` that a snapshot left when its process died (kill -9, power
 * loss) before renaming or failing them: those of a process that no longer runs, or of a previous
 * process that had this one's id (not among the copies this process is writing), and those of an
 * earlier version older than {@link UNNAMED_PARTIAL_MAX_AGE_MS}. A copy another live process is
 * writing is left alone. Returns the names removed.
 */
export function removeAbandonedCopies(directory: string, now: Date = new Date()): string[] {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = PARTIAL_PATTERN.exec(name);
    if (!match) continue;
    const [, copy = name, writer] = match;
    const path = join(directory, name);
    if (writing.has(join(directory, copy))) continue;
    const pid = writer === undefined ? undefined : Number(writer);
    const abandoned =
      pid === undefined
        ? now.getTime() - modifiedAt(path) > UNNAMED_PARTIAL_MAX_AGE_MS
        : pid === process.pid || !isAlive(pid);
    if (!abandoned) continue;
    try {
      rmSync(path, { force: true });
      removed.push(name);
    } catch {
      // Removed by another process's snapshot meanwhile, or not ours to remove: left for the next one.
    }
  }
  return removed;
}

function modifiedAt(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

const workerFile = fileURLToPath(new URL('./snapshot-worker.mjs', import.meta.url));

/** Runs snapshot-worker.mjs: resolves null when the copy at `target` passed integrity_check, else why not. */
function snapshotInWorker(databaseUrl: string, target: string): Promise<string | null> {
  return new Promise((done, fail) => {
    const worker = new Worker(workerFile, { workerData: { databaseUrl, target } });
    let answered = false;
    worker.once('message', (message: { error: string | null }) => {
      answered = true;
      done(message.error);
    });
    worker.once('error', fail);
    worker.once('exit', (code) => {
      if (!answered) fail(new Error(`the snapshot worker exited (${code}) without an answer`));
    });
  });
}

/**
 * Writes the snapshot's copy at `partial` (unless `error` already says why it can't be), then gives
 * it its final name, or keeps it as `<name>.failed` with why.
 */
async function writeCopy(
  databaseUrl: string,
  {
    file,
    path,
    partial,
    now,
    error: before,
  }: { file: string; path: string; partial: string; now: Date; error: string | null },
): Promise<BackupResult> {
  let error = before;
  if (error === null) {
    try {
      rmSync(partial, { force: true });
      error = await snapshotInWorker(databaseUrl, partial);
    } catch (cause) {
      error = oneLine(cause);
    }
  }
  let result: BackupResult;
  if (error === null) {
    renameSync(partial, path);
    result = { file, path, createdAt: wholeSecond(now), sizeBytes: fileSize(path), ok: true };
  } else {
    const failedPath = `${path}.failed`;
    try {
      if (existsSync(partial)) renameSync(partial, failedPath);
      else writeFileSync(failedPath, '');
    } catch {
      // BACKUP_DIR itself is unusable: the returned result still says so.
    }
    result = {
      file: `${file}.failed`,
      path: failedPath,
      createdAt: wholeSecond(now),
      sizeBytes: fileSize(failedPath),
      ok: false,
      error,
    };
  }
  try {
    for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${partial}${suffix}`, { force: true });
  } catch {
    // Nothing was left behind where nothing could be written.
  }
  return result;
}

/**
 * Takes a consistent snapshot of the embedded database while it serves: `VACUUM INTO` reads one
 * transaction's view of the database (a WAL reader, so writers go on) into a new, compact file —
 * never a file copied mid-write. It runs on a connection of its own in a worker thread
 * (snapshot-worker.mjs): libSQL's calls block their thread, and on the server's thread a snapshot of
 * a large database would hold up every request until it finished. The copy is written under a temporary name,
 * checked with `PRAGMA integrity_check`, and only then given its final name in BACKUP_DIR; a copy
 * that fails is kept as `<name>.failed` so the failure shows in the list. Copies left half-written
 * by a snapshot whose process died are removed first ({@link removeAbandonedCopies}).
 *
 * It deliberately does not go through the write queue: a snapshot writes nothing to the database,
 * and quotes keep being committed while it runs.
 *
 * @param _database the open database the snapshot is of (its file is found through DATABASE_URL).
 * @param now the snapshot's time, which names the file (the job passes its clock's time).
 */
export async function takeBackup(
  _database: Pick<Database, 'client'>,
  environment: Pick<Environment, 'DATABASE_URL' | 'BACKUP_DIR'>,
  now: Date = new Date(),
): Promise<BackupResult> {
  if (!backupsAreOurs(environment)) {
    throw new Error('The database is a libSQL server: it keeps its own backups.');
  }
  const directory = resolve(environment.BACKUP_DIR);
  let file = backupFileName(now);
  let error: string | null = null;
  try {
    mkdirSync(directory, { recursive: true });
  } catch (cause) {
    error = `BACKUP_DIR ${directory} could not be created: ${oneLine(cause)}`;
  }
  if (error === null) removeAbandonedCopies(directory);
  // Two snapshots in one second (a staff click during the hourly one) each get their own file.
  const copiesBeingWritten = error === null ? partialsIn(directory) : new Set<string>();
  for (
    let sequence = 1;
    ['', '.failed'].some((suffix) => existsSync(join(directory, `${file}${suffix}`))) ||
    copiesBeingWritten.has(file) ||
    writing.has(partialPath(join(directory, file)));
    sequence += 1
  ) {
    file = backupFileName(now, sequence);
  }
  const path = join(directory, file);
  const partial = partialPath(path);
  // Marked as this process's own until it is renamed or failed: a concurrent snapshot leaves it be.
  writing.add(partial);
  let result: BackupResult;
  try {
    result = await writeCopy(environment.DATABASE_URL, { file, path, partial, now, error });
  } finally {
    writing.delete(partial);
  }
  backupEvents.emit('taken', result);
  return result;
}

/** The snapshot names whose copies are being written (or were left) in `directory`. */
function partialsIn(directory: string): Set<string> {
  const names = new Set<string>();
  try {
    for (const name of readdirSync(directory)) {
      const copy = PARTIAL_PATTERN.exec(name)?.[1];
      if (copy) names.add(copy.replace(/(?:\.\d+)?\.partial$/, ''));
    }
  } catch {
    // An unreadable directory fails the snapshot itself, which says why.
  }
  return names;
}

/**
 * The snapshots in BACKUP_DIR, newest first, good and failed (`ok: false`). Files that are not
 * snapshots (and a snapshot still being written) are not listed.
 */
export function listBackups(environment: Pick<Environment, 'BACKUP_DIR'>): BackupFile[] {
  const directory = resolve(environment.BACKUP_DIR);
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return [];
  }
  const found: (BackupFile & { sequence: number })[] = [];
  for (const file of names) {
    const parsed = parseName(file);
    if (!parsed) continue;
    found.push({
      file,
      createdAt: parsed.createdAt,
      sizeBytes: fileSize(join(directory, file)),
      ok: parsed.ok,
      sequence: parsed.sequence,
    });
  }
  found.sort(
    (a, b) =>
      b.createdAt.getTime() - a.createdAt.getTime() || b.sequence - a.sequence || Number(a.ok) - Number(b.ok),
  );
  return found.map(({ sequence: _sequence, ...backup }) => backup);
}

/** The newest snapshot that passed its check, or null when there is none. */
export function newestGoodBackup(environment: Pick<Environment, 'BACKUP_DIR'>): BackupFile | null {
  return listBackups(environment).find((backup) => backup.ok) ?? null;
}
