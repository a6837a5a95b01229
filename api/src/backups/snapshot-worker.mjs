// Writes one snapshot off the main thread: `VACUUM INTO` on a connection of its own to the live
// database, then `PRAGMA integrity_check` on the copy. libSQL's calls are synchronous, so on the
// server's thread a snapshot of a large database would stall every request for its whole duration;
// here the server goes on answering and committing quotes meanwhile (WAL: a reader never blocks
// writers). Plain JavaScript so it starts the same under tsx, vitest and plain node.
import { parentPort, workerData } from 'node:worker_threads';
import { createClient } from '@libsql/client';

/** @type {{ databaseUrl: string, target: string }} */
const { databaseUrl, target } = workerData;

function oneLine(error) {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}

async function snapshot() {
  const source = createClient({ url: databaseUrl, timeout: 5_000 });
  try {
    await source.execute({ sql: 'VACUUM INTO ?', args: [target] });
  } finally {
    source.close();
  }
  const copy = createClient({ url: `file:${target}` });
  try {
    // One self-contained file: no -wal beside it when it is opened again.
    await copy.execute('PRAGMA journal_mode = DELETE');
    const lines = (await copy.execute('PRAGMA integrity_check')).rows.map((row) => String(row[0]));
    return lines.length === 1 && lines[0] === 'ok' ? null : lines.join('; ').slice(0, 500);
  } finally {
    copy.close();
  }
}

snapshot().then(
  (damage) => parentPort?.postMessage({ error: damage }),
  (error) => parentPort?.postMessage({ error: oneLine(error) }),
);
