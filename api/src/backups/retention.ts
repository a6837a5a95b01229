import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Environment } from '../env.ts';
import { melbourneDay } from '../lib/melbourne-time.ts';
import { type BackupFile, listBackups } from './snapshot.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The good snapshots retention keeps, from a newest-first list: the newest of each of the newest
 * `hourly` hours, and the newest of each of the newest `daily` Melbourne days. A snapshot can be
 * both. Hours are whole UTC hours, which are Melbourne's hours too (its offsets are whole hours).
 */
export function backupsToKeep(backups: readonly BackupFile[], hourly: number, daily: number): Set<string> {
  const keep = new Set<string>();
  const hours = new Set<number>();
  const days = new Set<string>();
  for (const backup of backups) {
    if (!backup.ok) continue;
    const hour = Math.floor(backup.createdAt.getTime() / HOUR_MS);
    if (!hours.has(hour) && hours.size < hourly) {
      hours.add(hour);
      keep.add(backup.file);
    }
    const day = melbourneDay(backup.createdAt);
    if (!days.has(day) && days.size < daily) {
      days.add(day);
      keep.add(backup.file);
    }
  }
  return keep;
}

/**
 * Deletes the snapshots retention does not keep (BACKUP_RETAIN_HOURLY hourly, BACKUP_RETAIN_DAILY
 * daily), and failed copies older than the newest good snapshot: once a snapshot succeeded, an
 * earlier failure has nothing left to say. Returns the names deleted.
 */
export function pruneBackups(
  environment: Pick<Environment, 'BACKUP_DIR' | 'BACKUP_RETAIN_HOURLY' | 'BACKUP_RETAIN_DAILY'>,
): string[] {
  const backups = listBackups(environment);
  const keep = backupsToKeep(backups, environment.BACKUP_RETAIN_HOURLY, environment.BACKUP_RETAIN_DAILY);
  const newestGood = backups.find((backup) => backup.ok);
  const deleted: string[] = [];
  for (const backup of backups) {
    const superseded = !backup.ok && newestGood !== undefined && backup.createdAt < newestGood.createdAt;
    if (keep.has(backup.file) || (!backup.ok && !superseded)) continue;
    rmSync(join(resolve(environment.BACKUP_DIR), backup.file), { force: true });
    deleted.push(backup.file);
  }
  return deleted;
}
