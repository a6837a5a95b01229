/**
 * POST /api/collect (the site's page-view beacon, issue 15) under 50 concurrent connections
 * (autocannon), against the real server process on a file database, beside the submission route's
 * bare baseline — a node:http + @libsql/client server storing each body with one INSERT — measured
 * in the same run, in alternating rounds. Both use WAL with synchronous FULL on the same disk.
 *
 * Prints requests/s, p50/p99 latency, errors and non-2xx answers for each, and the ratio
 * ours/baseline; the goal is 0 errors and every beacon answered 204 (it must never fail a page).
 * `npm run bench`; never part of `npm test`. BENCH_DURATION_S (default 10) and BENCH_CONNECTIONS
 * (default 50) override the run's shape.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { repositoryRoot, startServerProcess } from '../api/src/test-support/server-process.ts';
import { freePort } from '../api/src/test-support/smtp-test-server.ts';

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

interface Figures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

interface Target {
  name: string;
  url: string;
  stop(): Promise<void>;
}

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

async function waitUntilAnswering(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the baseline server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error('the baseline server did not start');
}

async function startBaseline(directory: string): Promise<Target> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/bare-insert-server.ts'], {
    cwd: repositoryRoot,
    env: { ...process.env, PORT: String(port), DATABASE_URL: `file:${join(directory, 'baseline.db')}` },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitUntilAnswering(url, child);
  return {
    name: 'bare node:http + libSQL INSERT',
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done(undefined)));
    },
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

function combine(rounds: Figures[]): Figures {
  const first = rounds[0];
  if (!first) throw new Error('no rounds');
  const sum = (pick: (round: Figures) => number) => rounds.reduce((total, round) => total + pick(round), 0);
  return {
    name: first.name,
    requestsPerSecond: sum((round) => round.requestsPerSecond) / rounds.length,
    p50: Math.max(...rounds.map((round) => round.p50)),
    p99: Math.max(...rounds.map((round) => round.p99)),
    errors: sum((round) => round.errors),
    non2xx: sum((round) => round.non2xx),
    total: sum((round) => round.total),
  };
}

function row(figures: Figures): string {
  return [
    figures.name.padEnd(34),
    figures.requestsPerSecond.toFixed(0).padStart(8),
    `${figures.p50} ms`.padStart(9),
    `${figures.p99} ms`.padStart(9),
    String(figures.errors).padStart(7),
    String(figures.non2xx).padStart(7),
    String(figures.total).padStart(8),
  ].join('  ');
}

const directory = mkdtempSync(join(tmpdir(), 'cleanquote-bench-collect-'));
const targets: Target[] = [];
try {
  console.log(
    `POST a page view: ${connections} connections, ${durationSeconds} s per server in ${ROUNDS} alternating rounds (after ${warmUpSeconds} s warm-up), file databases with WAL + synchronous FULL`,
  );
  targets.push(await startBaseline(directory));
  targets.push(await startCollect(directory));
  for (const target of targets) await load(target, warmUpSeconds);
  const rounds = new Map<Target, Figures[]>(targets.map((target) => [target, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of targets) rounds.get(target)?.push(await load(target, durationSeconds / ROUNDS));
  }
  const [bare, ours] = targets.map((target) => combine(rounds.get(target) ?? []));
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
  console.log(row(bare));
  console.log(row(ours));
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
