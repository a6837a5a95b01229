/**
 * What an online snapshot costs the quotes being written meanwhile: POST /api/service-form under
 * autocannon against the app served in this process on a file database (WAL, synchronous FULL),
 * in alternating rounds without and with snapshots (`takeBackup`, the hourly job's and staff's
 * path) taken back to back in the same process. Prints requests/s, p50/p99 and errors for both,
 * the snapshots taken, their median duration and size. `npm run bench`; never part of `npm test`.
 *
 * BENCH_DURATION_S (default 6 per round), BENCH_CONNECTIONS (default 20) and BENCH_SEED_QUOTES
 * (default 5000: the database's size when snapshots begin) override the run's shape.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createApp } from '../api/src/app.ts';
import { takeBackup } from '../api/src/backups/snapshot.ts';
import { openDatabase } from '../api/src/db/database.ts';
import { parseEnvironment } from '../api/src/env.ts';
import { createLogger } from '../api/src/lib/logger.ts';
import { listen } from '../api/src/test-support/http-server.ts';
import { validQuoteRequests } from '../api/src/test-support/quote-requests.ts';
import { combineRounds, type Figures, figuresRow } from './support/post-load.ts';

const durationSeconds = Number(process.env.BENCH_DURATION_S ?? 6);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const seedQuotes = Number(process.env.BENCH_SEED_QUOTES ?? 5_000);
const ROUNDS = 2;
const body = JSON.stringify(validQuoteRequests.regularClean);

const directory = mkdtempSync(join(tmpdir(), 'cleanquote-bench-backup-'));
const environment = parseEnvironment({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATABASE_URL: `file:${join(directory, 'cleanquote.db')}`,
  BACKUP_DIR: join(directory, 'backups'),
  PUBLIC_POST_RATE_LIMIT: '100000000',
});
const database = await openDatabase({ url: environment.DATABASE_URL });
const app = createApp({ environment, database, logger: createLogger('silent') });
const server = await listen(app);
const url = `http://127.0.0.1:${server.port}/api/service-form`;

async function load(name: string, seconds: number): Promise<Figures> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [{ method: 'POST', body, headers: { 'content-type': 'application/json' } }],
  });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result['2xx'] + result.non2xx,
  };
}

const snapshotTimes: number[] = [];
let lastSize = 0;
let snapshotsFailed = 0;
let clockSecond = Date.parse('2030-01-01T00:00:00Z');

/** Snapshots back to back until `stop` says so: far more often than hourly, the worst case. */
async function snapshotUntil(stop: () => boolean): Promise<void> {
  while (!stop()) {
    const started = performance.now();
    const backup = await takeBackup(database, environment, new Date(clockSecond));
    clockSecond += 1000;
    snapshotTimes.push(performance.now() - started);
    lastSize = backup.sizeBytes;
    if (!backup.ok) snapshotsFailed += 1;
    rmSync(backup.path, { force: true });
    await new Promise((done) => setTimeout(done, 5));
  }
}

try {
  console.log(
    `POST a quote request while snapshots are taken: ${connections} connections, ${durationSeconds} s per round, ${ROUNDS} alternating rounds, ${seedQuotes} quotes stored first`,
  );
  await load('seed', Math.max(1, Math.ceil(seedQuotes / 300)));
  const quiet: Figures[] = [];
  const busy: Figures[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    quiet.push(await load('quotes, no snapshot', durationSeconds));
    let done = false;
    const snapshots = snapshotUntil(() => done);
    busy.push(await load('quotes, snapshots back to back', durationSeconds));
    done = true;
    await snapshots;
  }
  console.log(
    `${'server'.padEnd(34)}  ${'req/s'.padStart(8)}  ${'p50'.padStart(9)}  ${'p99'.padStart(9)}  ${'errors'.padStart(7)}  ${'non-2xx'.padStart(7)}  ${'total'.padStart(8)}`,
  );
  const withoutSnapshots = combineRounds(quiet);
  const withSnapshots = combineRounds(busy);
  console.log(figuresRow(withoutSnapshots));
  console.log(figuresRow(withSnapshots));
  const sorted = [...snapshotTimes].sort((a, b) => a - b);
  console.log(
    `snapshots: ${snapshotTimes.length} taken (${snapshotsFailed} failed), median ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms, last one ${(lastSize / 1e6).toFixed(1)} MB`,
  );
  console.log(
    `ratio with/without snapshots: ${(withSnapshots.requestsPerSecond / withoutSnapshots.requestsPerSecond).toFixed(2)} (requests/s)`,
  );
} finally {
  await server.close();
  database.close();
  rmSync(directory, { recursive: true, force: true });
}
