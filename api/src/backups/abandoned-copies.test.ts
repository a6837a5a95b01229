/**
 * A snapshot whose process died (kill -9, power loss) leaves its half-written copy in BACKUP_DIR;
 * the next backup removes it, and never a copy another live process is still writing.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnvironment } from '../env.ts';
import { createTestApp } from '../test-support/test-app.ts';
import { listBackups, takeBackup, UNNAMED_PARTIAL_MAX_AGE_MS } from './snapshot.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
afterEach(() => testApp?.close());

/** The id of a process that has ended. */
function endedProcessId(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  if (child.pid === undefined) throw new Error('no child process was started');
  return child.pid;
}

describe('the next backup after a snapshot that crashed', () => {
  it('removes the copies of dead processes, keeping those a live process is writing', async () => {
    testApp = await createTestApp();
    const directory = join(testApp.environment.DATABASE_URL.slice('file:'.length), '..', 'backups');
    const environment = parseEnvironment({
      DATABASE_URL: testApp.environment.DATABASE_URL,
      BACKUP_DIR: directory,
    });
    await takeBackup(testApp.database, environment, new Date('2026-11-25T03:05:00Z'));

    const dead = endedProcessId();
    const hourAgo = new Date(Date.now() - UNNAMED_PARTIAL_MAX_AGE_MS - 60_000);
    const leftByCrashes = [
      `cleanquote-2026-11-25T04-05-00Z.db.${dead}.partial`,
      `cleanquote-2026-11-25T04-05-00Z.db.${dead}.partial-journal`,
      // A server restarted in a container often gets the same process id as the one that died.
      `cleanquote-2026-11-25T04-06-00Z.db.${process.pid}.partial`,
      // An earlier version's copy, untouched for over an hour.
      'cleanquote-2026-11-25T02-05-00Z.db.partial',
    ];
    const stillWritten = [
      // The parent process (the test runner) is alive: its copy may still be written.
      `cleanquote-2026-11-25T05-04-00Z.db.${process.ppid}.partial`,
      // An earlier version's copy written to a moment ago.
      'cleanquote-2026-11-25T05-04-30Z.db.partial',
    ];
    for (const name of [...leftByCrashes, ...stillWritten])
      writeFileSync(join(directory, name), 'half a copy');
    utimesSync(join(directory, 'cleanquote-2026-11-25T02-05-00Z.db.partial'), hourAgo, hourAgo);

    const next = await takeBackup(testApp.database, environment, new Date('2026-11-25T05:05:00Z'));
    expect(next.ok).toBe(true);
    expect(readdirSync(directory).sort()).toEqual(
      ['cleanquote-2026-11-25T03-05-00Z.db', 'cleanquote-2026-11-25T05-05-00Z.db', ...stillWritten].sort(),
    );
    expect(listBackups(environment).map((backup) => backup.file)).toEqual([
      'cleanquote-2026-11-25T05-05-00Z.db',
      'cleanquote-2026-11-25T03-05-00Z.db',
    ]);
  });

  it('gives a snapshot in the same second as a copy still being written a name of its own', async () => {
    testApp = await createTestApp();
    const directory = join(testApp.environment.DATABASE_URL.slice('file:'.length), '..', 'backups');
    const environment = parseEnvironment({
      DATABASE_URL: testApp.environment.DATABASE_URL,
      BACKUP_DIR: directory,
    });
    await takeBackup(testApp.database, environment, new Date('2026-11-25T03:05:00Z'));
    writeFileSync(join(directory, `cleanquote-2026-11-25T05-05-00Z.db.${process.ppid}.partial`), 'half');
    const [first, second] = await Promise.all([
      takeBackup(testApp.database, environment, new Date('2026-11-25T05:05:00Z')),
      takeBackup(testApp.database, environment, new Date('2026-11-25T05:05:00Z')),
    ]);
    expect([first?.file, second?.file].sort()).toEqual([
      'cleanquote-2026-11-25T05-05-00Z-1.db',
      'cleanquote-2026-11-25T05-05-00Z-2.db',
    ]);
    expect(first?.ok && second?.ok).toBe(true);
  });
});
