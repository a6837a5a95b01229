/**
 * POST /api/service-form under 50 concurrent connections (autocannon), against the real server
 * process on a file database, beside a bare node:http + @libsql/client one-INSERT-per-request
 * baseline measured in the same run. Both use WAL with synchronous FULL on the same disk.
 *
 * Prints requests/s, p99 latency, errors and non-2xx answers for each, and the ratio ours/baseline
 * (target: at least 1.0 with 0 errors). `npm run bench`; never part of `npm test`.
 *
 * BENCH_DURATION_S (default 10) and BENCH_CONNECTIONS (default 50) override the run's shape.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import autocannon from 'autocannon';
import { validQuoteRequests } from '../api/src/test-support/quote-requests.ts';
import { startServerProcess } from '../api/src/test-support/server-process.ts';
import {
  combineRounds,
  type Figures,
  figuresRow,
  type LoadTarget,
  startBareInsertBaseline,
} from './support/post-load.ts';

const durationSeconds = Number(process.env.BENCH_DURATION_S ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmUpSeconds = 2;
/** Each server's time is split into this many rounds, alternating with the other server's. */
const ROUNDS = 2;
const body = JSON.stringify(validQuoteRequests.regularClean);

async function load(
  name: string,
  url: string,
  seconds: number,
  withIdempotencyKeys: boolean,
): Promise<Figures> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
        // The wizard sends a fresh Idempotency-Key with every new quote request; so do we.
        ...(withIdempotencyKeys
          ? {
              setupRequest: (request) => ({
                ...request,
                headers: { ...request.headers, 'idempotency-key': randomUUID() },
              }),
            }
          : {}),
      },
    ],
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

/**
 * What one durable commit costs on this disk: sequential one-row autocommit INSERTs with WAL and
 * synchronous FULL (each one fsyncs the WAL). The baseline pays this once per request; group commit
 * pays it once per batch — so this figure decides most of the ratio.
 */
async function commitCost(directory: string): Promise<{ median: number; p90: number }> {
  const client = createClient({ url: `file:${join(directory, 'commit-cost.db')}` });
  try {
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA synchronous = FULL');
    await client.execute('CREATE TABLE commits (id INTEGER PRIMARY KEY, at INTEGER NOT NULL)');
    const times: number[] = [];
    for (let n = 0; n < 200; n += 1) {
      const started = performance.now();
      await client.execute({ sql: 'INSERT INTO commits (at) VALUES (?)', args: [Date.now()] });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { median: times[100] ?? 0, p90: times[180] ?? 0 };
  } finally {
    client.close();
  }
}

/** A server under test: where to send the load, and how to stop it. */
interface Target extends LoadTarget {
  withIdempotencyKeys: boolean;
}

async function startRoute(directory: string): Promise<Target> {
  const server = await startServerProcess({
    args: ['--api-only'],
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: `file:${join(directory, 'cleanquote.db')}`,
      // One client address sends everything here: lift the per-IP limit out of the way.
      PUBLIC_POST_RATE_LIMIT: '100000000',
    },
  });
  return {
    name: 'POST /api/service-form',
    url: `${server.url}/api/service-form`,
    withIdempotencyKeys: true,
    stop: () => server.stop(),
  };
}

const directory = mkdtempSync(join(tmpdir(), 'cleanquote-bench-'));
const targets: Target[] = [];
try {
  console.log(
    `POST a quote request: ${connections} connections, ${durationSeconds} s per server in ${ROUNDS} alternating rounds (after ${warmUpSeconds} s warm-up), file databases with WAL + synchronous FULL`,
  );
  const commit = await commitCost(directory);
  console.log(
    `one durable commit on this disk: ${commit.median.toFixed(2)} ms median, ${commit.p90.toFixed(2)} ms p90 (200 autocommit INSERTs)`,
  );
  const baseline: Target = { ...(await startBareInsertBaseline(directory)), withIdempotencyKeys: false };
  targets.push(baseline);
  const route = await startRoute(directory);
  targets.push(route);
  for (const target of targets)
    await load(target.name, target.url, warmUpSeconds, target.withIdempotencyKeys);
  // Alternating rounds share out whatever else the machine is doing between the two servers.
  const rounds = new Map<Target, Figures[]>(targets.map((target) => [target, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of targets) {
      rounds
        .get(target)
        ?.push(await load(target.name, target.url, durationSeconds / ROUNDS, target.withIdempotencyKeys));
    }
  }
  const [bare, ours] = targets.map((target) => combineRounds(rounds.get(target) ?? []));
  if (!bare || !ours) throw new Error('missing figures');
  console.log(
    [
      'server'.padEnd(34),
      'req/s'.padStart(8),
      'p50'.padStart(9),
      'p99'.padStart(9),
      ' errors',
      'non-2xx',
      'requests',
    ].join('  '),
  );
  console.log(figuresRow(bare));
  console.log(figuresRow(ours));
  const ratio = ours.requestsPerSecond / bare.requestsPerSecond;
  const clean = ours.errors === 0 && ours.non2xx === 0;
  console.log(
    `ratio ours / baseline: ${ratio.toFixed(2)}x (target >= 1.00x with 0 errors) → ${ratio >= 1 && clean ? 'PASS' : 'FAIL'}`,
  );
  if (!clean) {
    console.log(`our route had ${ours.errors} errors and ${ours.non2xx} non-2xx answers`);
    process.exitCode = 1;
  }
} finally {
  for (const target of targets) await target.stop();
  rmSync(directory, { recursive: true, force: true });
}
