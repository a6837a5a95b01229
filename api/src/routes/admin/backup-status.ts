import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { backupsAreOurs, databaseFilePath, listBackups } from '../../backups/snapshot.ts';
import type { Environment } from '../../env.ts';

/** A backup older than this leaves the hourly schedule behind: the dashboard shows it failing. */
export const BACKUP_STALE_AFTER_MS = 2 * 60 * 60 * 1000;

/** The Backups line of the System Status. */
export type BackupStatus =
  /** A remote libSQL server: its backups are the server's, none are taken here. */
  | { kind: 'server' }
  | {
      kind: 'files';
      /** When the newest snapshot that passed its integrity check was taken (ISO), or null. */
      lastGoodAt: string | null;
      /** The newest snapshot failed its check, or none is newer than two hours. */
      failing: boolean;
      /** The newest snapshot attempt failed its check (a `.failed` file is the newest). */
      lastFailed: boolean;
      /** BACKUP_DIR is on the database file's own filesystem: losing that disk loses both. */
      sameDisk: boolean;
    };

/** The device of a path, or of its nearest existing parent (BACKUP_DIR exists after the first snapshot). */
function deviceOf(path: string): number | null {
  let current = path;
  while (!existsSync(current)) {
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
  return statSync(current).dev;
}

/** Reads BACKUP_DIR: the newest good snapshot, whether it is recent, and whether it shares the database's disk. */
export function backupStatus(environment: Environment, now: Date): BackupStatus {
  const file = databaseFilePath(environment.DATABASE_URL);
  if (!backupsAreOurs(environment) || file === null) return { kind: 'server' };
  const directory = resolve(environment.BACKUP_DIR);
  const backups = listBackups(environment);
  const lastGood = backups.find((backup) => backup.ok) ?? null;
  const lastFailed = backups[0]?.ok === false;
  const stale = lastGood !== null && now.getTime() - lastGood.createdAt.getTime() > BACKUP_STALE_AFTER_MS;
  const databaseDevice = deviceOf(file);
  return {
    kind: 'files',
    lastGoodAt: lastGood ? lastGood.createdAt.toISOString() : null,
    failing: stale || lastFailed,
    lastFailed,
    sameDisk: databaseDevice !== null && deviceOf(directory) === databaseDevice,
  };
}
