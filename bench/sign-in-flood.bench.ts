/**
 * Quote submissions and health checks during a flood of wrong sign-ins, against the real
 * server process: their p99 latency at rest, then while 400 concurrent wrong sign-ins arrive again
 * and again — from one address (the failure limit answers almost all of them with 429 before any
 * hashing) and from 400 addresses (TRUST_PROXY=1 and X-Forwarded-For: every attempt is hashed, one
 * at a time through the argon2 gate, and attempts beyond its waiting room get 503).
 *
 * Before the fix 400 concurrent sign-ins took quote POSTs to 4.4 s and /api/health to 11.9 s. Any 400
 * concurrent requests queue the others behind them, so the baseline is a flood of 400 concurrent
 * health checks in the same run; goal: p99 during each sign-in flood at most 1.5× that + 50 ms.
 * `npm run bench`; never part of `npm test`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validQuoteRequests } from '../api/src/test-support/quote-requests.ts';
import { startServerProcess } from '../api/src/test-support/server-process.ts';
import { percentile } from './support/percentile.ts';

const SAMPLE_SECONDS = Number(process.env.BENCH_DURATION_S ?? 6);
const FLOOD_SIZE = 400;
/** A sign-in flood may cost at most this much more than a flood of plain requests of the same size. */
const GOAL_FACTOR = 1.5;
const GOAL_SLACK_MS = 50;
const admin = { email: 'owner@sparkleclean.example', password: 'correct horse battery staple' };

const p99 = (samples: number[]) => percentile(samples, 0.99);

/** Sends quote POSTs and health GETs, two of each in flight, for `seconds`; their latencies. */
async function sample(url: string, seconds: number) {
  const quote: number[] = [];
  const health: number[] = [];
  const until = Date.now() + seconds * 1000;
  const body = JSON.stringify(validQuoteRequests.regularClean);
  const loop = async (send: () => Promise<Response>, into: number[]) => {
    while (Date.now() < until) {
      const started = performance.now();
      const response = await send();
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`sample answered ${response.status}`);
      into.push(performance.now() - started);
    }
  };
  const postQuote = () =>
    fetch(`${url}/api/service-form`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
  const getHealth = () => fetch(`${url}/api/health`);
  await Promise.all([
    loop(postQuote, quote),
    loop(postQuote, quote),
    loop(getHealth, health),
    loop(getHealth, health),
  ]);
  return { quote, health };
}

type Flood = 'plain' | 'one address' | 'many addresses';

/**
 * Waves of FLOOD_SIZE concurrent requests until `stop()`; counts the answers by status. 'plain' sends
 * GET /api/health: the cost of any 400 concurrent requests, the baseline the sign-in floods compare to.
 */
function flood(url: string, kind: Flood) {
  const manyAddresses = kind === 'many addresses';
  const statuses = new Map<number, number>();
  let running = true;
  let wave = 0;
  const attempt = async (n: number) => {
    const response =
      kind === 'plain'
        ? await fetch(`${url}/api/health`)
        : await fetch(`${url}/api/login`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              ...(manyAddresses
                ? { 'X-Forwarded-For': `10.${wave % 250}.${Math.floor(n / 250)}.${n % 250}` }
                : {}),
            },
            body: JSON.stringify({ email: admin.email, password: `guess ${wave}-${n}` }),
          });
    await response.arrayBuffer();
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  };
  const done = (async () => {
    while (running) {
      wave += 1;
      await Promise.all(Array.from({ length: FLOOD_SIZE }, (_, n) => attempt(n)));
    }
  })();
  return {
    statuses,
    async stop() {
      running = false;
      await done;
    },
  };
}

async function main() {
  const directory = mkdtempSync(join(tmpdir(), 'cleanquote-bench-sign-in-'));
  const server = await startServerProcess({
    env: {
      DATABASE_URL: `file:${join(directory, 'bench.db')}`,
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      TRUST_PROXY: '1',
      PUBLIC_POST_RATE_LIMIT: '1000000',
    },
    args: ['--api-only'],
  });
  try {
    await sample(server.url, 1); // warm-up
    const rest = await sample(server.url, SAMPLE_SECONDS);
    const rows = [{ name: 'at rest', ...rest, statuses: '' }];
    for (const kind of ['plain', 'one address', 'many addresses'] as const) {
      const attack = flood(server.url, kind);
      const during = await sample(server.url, SAMPLE_SECONDS);
      await attack.stop();
      const statuses = [...attack.statuses].map(([status, count]) => `${count}×${status}`).join(' ');
      rows.push({
        name: kind === 'plain' ? `${FLOOD_SIZE} health checks (baseline)` : `${FLOOD_SIZE} sign-ins, ${kind}`,
        ...during,
        statuses,
      });
    }
    console.log(
      `${'while'.padEnd(34)} ${'quote POST p99'.padStart(15)} ${'health p99'.padStart(11)} ${'samples'.padStart(8)}  sign-in answers`,
    );
    let pass = true;
    const [, baseline] = rows;
    const allowed = (samples: number[]) => GOAL_FACTOR * p99(samples) + GOAL_SLACK_MS;
    for (const [index, row] of rows.entries()) {
      const quote = p99(row.quote);
      const health = p99(row.health);
      if (index >= 2 && baseline && (quote > allowed(baseline.quote) || health > allowed(baseline.health))) {
        pass = false;
      }
      console.log(
        `${row.name.padEnd(34)} ${`${quote.toFixed(1)} ms`.padStart(15)} ${`${health.toFixed(1)} ms`.padStart(11)} ${String(row.quote.length + row.health.length).padStart(8)}  ${row.statuses}`,
      );
    }
    console.log(
      `\n${pass ? 'PASS' : 'FAIL'}: p99 during each sign-in flood ≤ ${GOAL_FACTOR}× the plain flood's + ${GOAL_SLACK_MS} ms (before the fix: 4.4 s and 11.9 s)`,
    );
  } finally {
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

await main();
