import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { backupJob } from '../backups/backup-job.ts';
import { backupsAreOurs, databaseFilePath, listBackups } from '../backups/snapshot.ts';
import type { Database } from '../db/database.ts';
import type { Environment } from '../env.ts';
import { lastJobRun } from '../jobs/job-runner.ts';

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
      /**
       * The newest attempt failed, or the newest good snapshot is older than two hours. Before the
       * first snapshot of a new install nothing has failed yet: not failing.
       */
      failing: boolean;
      /**
       * The newest attempt failed: a `.failed` file is the newest, or the hourly job's last run
       * failed after the newest good snapshot (when BACKUP_DIR is unusable, no file says so).
       */
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

/**
 * Reads BACKUP_DIR and the hourly job's last run: the newest good snapshot, whether it is recent,
 * whether the newest attempt failed, and whether BACKUP_DIR shares the database's disk.
 */
export async function backupStatus(
  database: Database,
  environment: Environment,
  now: Date,
): Promise<BackupStatus> {
  const file = databaseFilePath(environment.DATABASE_URL);
  if (!backupsAreOurs(environment) || file === null) return { kind: 'server' };
  const directory = resolve(environment.BACKUP_DIR);
  const backups = listBackups(environment);
  const lastGood = backups.find((backup) => backup.ok) ?? null;
  // Unreadable when the database is down: the files alone then tell.
  const lastRun = await lastJobRun(database, backupJob.name).catch(() => null);
  const jobFailed =
    lastRun?.status === 'failed' && (lastGood === null || lastRun.startedAt > lastGood.createdAt);
  const lastFailed = backups[0]?.ok === false || jobFailed;
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
