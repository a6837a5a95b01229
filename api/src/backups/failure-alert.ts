import { rmSync, writeFileSync } from 'node:fs';
import type { Database } from '../db/database.ts';
import type { Environment } from '../env.ts';
import { formatMelbourneDateTime } from '../lib/melbourne-time.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { type BackupFile, type BackupResult, databaseFilePath, listBackups, takeBackup } from './snapshot.ts';

/** The outbox kind of the mail that tells ADMIN_EMAIL a backup failed. */
export const BACKUP_FAILED_KIND = 'backup-failed';

/**
 * The marker that the current streak of failed snapshots was reported: a small file beside the
 * database file (not in BACKUP_DIR, which may be what is broken), so a restart does not mail again.
 */
export function failureReportedMarker(environment: Environment): string | null {
  const file = databaseFilePath(environment.DATABASE_URL);
  return file === null ? null : `${file}.backup-failure-reported`;
}

/**
 * Takes a snapshot; when it fails (nothing could be written, or the copy failed its integrity
 * check), tells ADMIN_EMAIL once — not again until a snapshot succeeds. Answers the snapshot either way.
 */
export async function takeBackupOrAlert(
  database: Database,
  environment: Environment,
  now = new Date(),
): Promise<BackupResult> {
  const backup = await takeBackup(database, environment, now);
  if (backup.ok) {
    const marker = failureReportedMarker(environment);
    if (marker) rmSync(marker, { force: true });
  } else {
    await alertBackupFailure(database, environment, backup.error ?? `${backup.file} failed.`);
  }
  return backup;
}

/** Queues the one failure mail of the current streak of failed snapshots, unless it was queued already. */
export async function alertBackupFailure(
  database: Database,
  environment: Environment,
  /** What went wrong, in one line. */
  reason: string,
): Promise<void> {
  const to = environment.ADMIN_EMAIL;
  const marker = failureReportedMarker(environment);
  if (!to || !marker) return;
  // Creating the marker exclusively is the claim: of two processes failing at once, one mails.
  try {
    writeFileSync(marker, new Date().toISOString(), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw error;
  }
  try {
    const lastGood: BackupFile | null = listBackups(environment).find((backup) => backup.ok) ?? null;
    const last = lastGood
      ? `The last good backup is ${lastGood.file}, taken ${formatMelbourneDateTime(lastGood.createdAt)} (Melbourne time).`
      : 'No good backup can be found.';
    await database.writes.run((tx) =>
      enqueueMail(tx, {
        kind: BACKUP_FAILED_KIND,
        to,
        subject: 'CleanQuote: a database backup failed',
        text: [
          'A backup of the CleanQuote database failed:',
          '',
          reason,
          '',
          last,
          '',
          'You will not be emailed about further failures until a backup succeeds.',
          'The dashboard’s System Status shows when the last good backup was taken.',
        ].join('\n'),
      }),
    );
  } catch (error) {
    // Not reported after all: the next failure tries again.
    rmSync(marker, { force: true });
    throw error;
  }
}
