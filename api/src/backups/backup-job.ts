import type { ScheduledJob } from '../jobs/job-runner.ts';
import { melbourneHour } from '../lib/melbourne-time.ts';
import { takeBackupOrAlert } from './failure-alert.ts';
import { pruneBackups } from './retention.ts';
import { backupsAreOurs } from './snapshot.ts';

/** Why the job does nothing on a libSQL server: the reason its runs are recorded with. */
export const BACKUPS_BY_DATABASE_SERVER =
  'The database is a libSQL server (DATABASE_URL): it keeps its own backups.';

/**
 * The hourly snapshot: on the hour, Melbourne time, one snapshot into BACKUP_DIR, then retention.
 * Its period is the Melbourne hour with its offset ('2026-04-05T02+11:00'), so the hour that
 * repeats when daylight saving ends is two periods, and the job runner's claim makes it exactly
 * once per hour across processes. A failed snapshot fails the run, which the runner retries. With a
 * remote libSQL server the run is skipped: backups are the server's.
 */
export const backupJob: ScheduledJob = {
  name: 'database-backup',
  schedule: '0 * * * *',
  periodOf: melbourneHour,
  // A start-up within the hour makes up the snapshot missed while down; later ones take their own.
  graceMs: 59 * 60_000,
  async run({ now, database, environment, logger, skip }) {
    if (!backupsAreOurs(environment)) {
      await skip(BACKUPS_BY_DATABASE_SERVER);
      return;
    }
    // A failed snapshot mails ADMIN_EMAIL once per streak of failures.
    const backup = await takeBackupOrAlert(database, environment, now);
    if (!backup.ok) throw new Error(`The snapshot ${backup.file} failed: ${backup.error ?? 'unknown error'}`);
    const deleted = pruneBackups(environment);
    logger.info(
      { file: backup.file, sizeBytes: backup.sizeBytes, deleted: deleted.length },
      'database backup taken',
    );
  },
};
