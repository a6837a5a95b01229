import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { databaseFilePath } from './snapshot.ts';

/**
 * Each server process on an embedded database announces itself with a file beside it,
 * `<database>.server-<pid>.pid`, for as long as it runs. `npm run db:restore` reads these files
 * and refuses while one names a live process: replacing the file under a running server would
 * lose what it writes next. A file left by a process that died (kill -9, power loss) names a
 * process that no longer exists, and is ignored.
 */
function pidFilePattern(databasePath: string): RegExp {
  const escaped = basename(databasePath).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}\\.server-(\\d+)\\.pid$`);
}

/** Writes this process's pid file beside the database; returns what removes it (on shutdown). */
export function announceServer(databaseUrl: string): () => void {
  const databasePath = databaseFilePath(databaseUrl);
  if (databasePath === null) return () => {};
  const file = `${databasePath}.server-${process.pid}.pid`;
  writeFileSync(file, `${process.pid}\n`);
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    rmSync(file, { force: true });
  };
  process.once('exit', remove);
  return remove;
}

/** Whether a process with this id is running now (any user's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pids of the live server processes announced on the database at `databasePath`. */
export function serversRunningOn(databasePath: string): number[] {
  const pattern = pidFilePattern(databasePath);
  let names: string[];
  try {
    names = readdirSync(dirname(databasePath));
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const name of names) {
    const match = pattern.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    let written = pid;
    try {
      written = Number(readFileSync(join(dirname(databasePath), name), 'utf8').trim());
    } catch {
      continue;
    }
    if (written === pid && pid !== process.pid && isAlive(pid)) pids.push(pid);
  }
  return pids;
}
