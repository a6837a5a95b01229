/**
 * POST /api/collect (the site's page-view beacon) under 50 concurrent connections
 * (autocannon), against the real server process on a file database, beside the submission route's
 * bare baseline — a node:http + @libsql/client server storing each body with one INSERT — measured
 * in the same run, in alternating rounds. Both use WAL with synchronous FULL on the same disk.
 *
 * Prints requests/s, p50/p99 latency, errors and non-2xx answers for each, and the ratio
 * ours/baseline; the goal is 0 errors and every beacon answered 204 (it must never fail a page).
 * `npm run bench`; never part of `npm test`. BENCH_DURATION_S (default 10) and BENCH_CONNECTIONS
 * (default 50) override the run's shape.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
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
const ROUNDS = 2;
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** A page view as the beacon sends it. */
const body = JSON.stringify({
  kind: 'view',
  url: 'https://clean.example/south-yarra?utm_source=newsletter',
  referrer: 'https://www.google.com/',
  width: 390,
});

type Target = LoadTarget;

async function load(target: Target, seconds: number): Promise<Figures> {
  const result = await autocannon({
    url: target.url,
    connections,
    duration: seconds,
    requests: [
      { method: 'POST', body, headers: { 'content-type': 'application/json', 'user-agent': CHROME } },
    ],
  });
  return {
    name: target.name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result['2xx'] + result.non2xx,
  };
}

async function startCollect(directory: string): Promise<Target> {
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
    name: 'POST /api/collect (page view)',
    url: `${server.url}/api/collect`,
    stop: () => server.stop(),
  };
}

const directory = mkdtempSync(join(tmpdir(), 'cleanquote-bench-collect-'));
const targets: Target[] = [];
try {
  console.log(
    `POST a page view: ${connections} connections, ${durationSeconds} s per server in ${ROUNDS} alternating rounds (after ${warmUpSeconds} s warm-up), file databases with WAL + synchronous FULL`,
  );
  targets.push(await startBareInsertBaseline(directory));
  targets.push(await startCollect(directory));
  for (const target of targets) await load(target, warmUpSeconds);
  const rounds = new Map<Target, Figures[]>(targets.map((target) => [target, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of targets) rounds.get(target)?.push(await load(target, durationSeconds / ROUNDS));
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
    `ratio ours / baseline: ${ratio.toFixed(2)}x; 0 errors and 0 non-2xx → ${clean ? 'PASS' : 'FAIL'}`,
  );
  if (!clean) process.exitCode = 1;
} finally {
  for (const target of targets) await target.stop();
  rmSync(directory, { recursive: true, force: true });
}
