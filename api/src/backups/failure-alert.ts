import { rmSync, writeFileSync } from 'node:fs';
import type { Database } from '../db/database.ts';
import type { Environment } from '../env.ts';
import { formatMelbourneDateTime } from '../lib/melbourne-time.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { type Backup, databaseFile, listBackups, takeBackup } from './snapshot.ts';

/** The outbox kind of the mail that tells ADMIN_EMAIL a backup failed. */
export const BACKUP_FAILED_KIND = 'backup-failed';

/**
 * The marker that the current streak of failed snapshots was reported: a small file beside the
 * database file (not in BACKUP_DIR, which may be what is broken), so a restart does not mail again.
 */
export function failureReportedMarker(environment: Environment): string | null {
  const file = databaseFile(environment);
  return file === null ? null : `${file}.backup-failure-reported`;
}

/**
 * Takes a snapshot; when it fails (an error, or a file that fails its integrity check), tells
 * ADMIN_EMAIL once — not again until a snapshot succeeds — and throws.
 */
export async function takeBackupOrAlert(
  database: Database,
  environment: Environment,
  now = new Date(),
): Promise<Backup> {
  let failure: unknown;
  try {
    const backup = await takeBackup(database, environment, now);
    if (backup.ok) {
      const marker = failureReportedMarker(environment);
      if (marker) rmSync(marker, { force: true });
      return backup;
    }
    failure = new Error(`${backup.file} failed its integrity check.`);
  } catch (error) {
    failure = error;
  }
  await alertBackupFailure(database, environment, failure);
  throw failure;
}

/** Queues the one failure mail of the current streak of failed snapshots, unless it was queued already. */
export async function alertBackupFailure(
  database: Database,
  environment: Environment,
  failure: unknown,
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
    let lastGood: Backup | null = null;
    try {
      lastGood = (await listBackups(environment)).find((backup) => backup.ok) ?? null;
    } catch {
      // BACKUP_DIR unreadable: the mail says no good backup can be found.
    }
    const reason = failure instanceof Error ? failure.message : String(failure);
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
