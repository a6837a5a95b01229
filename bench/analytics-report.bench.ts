/**
 * GET /api/analytics/report for a Melbourne day with 100,000 quote requests, beside a day with 1,000,
 * each answered by the real server process on its own file database (WAL + synchronous FULL), and
 * GET /api/health meanwhile. libSQL on a file runs each statement synchronously on the server's one
 * thread, so a long statement holds every other request: the health check's p99 while reports run
 * shows the longest such hold. Before the report was bounded, 135,031 quotes in one day took it to
 * 3.8 s and stalled /api/health for 3.7 s, and its mail was 31 MB.
 *
 * Prints the report's median and p95 at each size, /api/health's p99 at rest and while reports run,
 * and the size of the report mail each server queued (text + HTML, read from its outbox). Goals: the
 * report under 200 ms at 100,000, health p99 under 50 ms while reports run, the mail under 200 kB.
 * For information, a third server's day also has 100,000 page views and 100,000 funnel events
 * (20,000 visits), which the report groups in SQL too.
 * The two servers are measured in alternating rounds, so whatever else the machine does falls on
 * both. `npm run bench`; never part of `npm test`. BENCH_SAMPLES (default 60) sets the timed
 * reports per size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { type Database, openDatabase } from '../api/src/db/database.ts';
import { jsonRowsInsert } from '../api/src/db/json-rows-insert.ts';
import { funnelEvents, pageViews } from '../api/src/db/schema.ts';
import { melbourneDayBounds } from '../api/src/lib/melbourne-time.ts';
import { seedQuotes } from '../api/src/test-support/seed-quotes.ts';
import { type ServerProcess, startServerProcess } from '../api/src/test-support/server-process.ts';
import { createTestAdmin, testAdmin } from '../api/src/test-support/sign-in.ts';
import { percentile } from './support/percentile.ts';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const WARM_UP = 5;
const ROUNDS = 4;
const REST_MS = 3_000;
const DAY = '2026-11-22';
/** Each server's day: its quote requests, and its page views and funnel events (for information). */
const DAYS = [
  { quotes: 1_000, analytics: 0 },
  { quotes: 100_000, analytics: 0 },
  { quotes: 100_000, analytics: 100_000 },
] as const;
const GOAL_REPORT_MS = 200;
const GOAL_HEALTH_P99_MS = 50;
const GOAL_MAIL_BYTES = 200 * 1024;

interface Target {
  count: number;
  analytics: number;
  databaseUrl: string;
  seedMs: number;
  server: ServerProcess;
  cookie: string;
  reports: number[];
  healthAtRest: number[];
  healthDuringReports: number[];
}

const FUNNEL_PATH = ['started', 'service-type', 'property-size', 'timing', 'contact-info'] as const;

const insertViews = jsonRowsInsert(pageViews, [
  'id',
  'at',
  'day',
  'path',
  'referrerHost',
  'device',
  'visitor',
]);
const insertEvents = jsonRowsInsert(funnelEvents, ['id', 'at', 'day', 'visit', 'step']);

/** `count` page views over 40 pages and `count` funnel events of count / 5 visits, on DAY. */
async function seedAnalytics(database: Database, count: number): Promise<void> {
  const at = melbourneDayBounds(DAY).start.getTime();
  for (let start = 0; start < count; start += 1_000) {
    const numbers = Array.from({ length: Math.min(1_000, count - start) }, (_, n) => start + n);
    const views = numbers.map((n) => ({
      id: `view-${n}`,
      at: new Date(at + n),
      day: DAY,
      path: `/page-${n % 40}`,
      referrerHost: n % 3 ? null : `site${n % 17}.example`,
      device: 'desktop',
      visitor: `visitor-${n % 7_000}`,
    }));
    const events = numbers.map((n) => ({
      id: `event-${n}`,
      at: new Date(at + n),
      day: DAY,
      visit: `visit-${Math.floor(n / 5)}`,
      step: FUNNEL_PATH[n % 5] ?? 'started',
    }));
    await database.writes.run(async (tx) => {
      await tx.run(insertViews(views));
      await tx.run(insertEvents(events));
    });
  }
}

/** A file database holding `count` quote requests spread over the Melbourne day, and the admin. */
async function seedDatabase(
  directory: string,
  count: number,
  analytics: number,
): Promise<{ url: string; seedMs: number }> {
  const url = `file:${join(directory, `report-${count}-${analytics}.db`)}`;
  const database = await openDatabase({ url });
  try {
    const started = performance.now();
    const { start, end } = melbourneDayBounds(DAY);
    const spacingMs = Math.floor((end.getTime() - start.getTime()) / count);
    await seedQuotes(database, count, {
      newest: new Date(start.getTime() + (count - 1) * spacingMs),
      spacingMs,
    });
    await seedAnalytics(database, analytics);
    const seedMs = performance.now() - started;
    await createTestAdmin(database);
    return { url, seedMs };
  } finally {
    database.close();
  }
}

async function startTarget(count: number, analytics: number, url: string, seedMs: number): Promise<Target> {
  const server = await startServerProcess({
    args: ['--api-only'],
    env: { NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: url, ADMIN_EMAIL: testAdmin.email },
  });
  const signIn = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ email: testAdmin.email, password: testAdmin.password }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
  const cookie = (signIn.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
  return {
    count,
    analytics,
    databaseUrl: url,
    seedMs,
    server,
    cookie,
    reports: [],
    healthAtRest: [],
    healthDuringReports: [],
  };
}

/** One report request; its time in ms. */
async function report(target: Target): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${target.server.url}/api/analytics/report?date=${DAY}`, {
    headers: { Cookie: target.cookie },
  });
  const body = (await response.json()) as { contactRequestCount?: number };
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`the report answered ${response.status}`);
  if (body.contactRequestCount !== target.count) {
    throw new Error(`the report counted ${body.contactRequestCount} quotes, not ${target.count}`);
  }
  return ms;
}

/** GET /api/health one after another until `stop()`; the latencies. */
function pollHealth(target: Target, into: number[]) {
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${target.server.url}/api/health`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`health answered ${response.status}`);
      into.push(performance.now() - started);
    }
  })();
  return async () => {
    running = false;
    await done;
  };
}

/** Queues the report mail and reads its size (text + HTML bytes) from the server's outbox. */
async function mailBytes(target: Target): Promise<number> {
  const sent = await fetch(`${target.server.url}/api/analytics/send-report?date=${DAY}`, {
    method: 'POST',
    headers: { Cookie: target.cookie, Origin: target.server.url },
  });
  if (sent.status !== 202) throw new Error(`send-report answered ${sent.status}`);
  const client = createClient({ url: target.databaseUrl });
  try {
    const result = await client.execute(
      `select length(cast(text_body as blob)) + length(cast(html_body as blob)) as bytes
       from outbox where kind = 'daily-analytics-report' order by created_at desc limit 1`,
    );
    return Number(result.rows[0]?.bytes ?? Number.NaN);
  } finally {
    client.close();
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
const verdict = (pass: boolean) => (pass ? 'PASS' : 'OVER');

const directory = mkdtempSync(join(tmpdir(), 'cleanquote-report-bench-'));
const targets: Target[] = [];
try {
  for (const { quotes, analytics } of DAYS) {
    const { url, seedMs } = await seedDatabase(directory, quotes, analytics);
    targets.push(await startTarget(quotes, analytics, url, seedMs));
    console.log(
      `seeded ${quotes.toLocaleString('en-AU')} quote requests${analytics ? ` and ${analytics.toLocaleString('en-AU')} page views and funnel events` : ''} on ${DAY} (Melbourne) in ${(seedMs / 1000).toFixed(1)} s`,
    );
  }
  for (const target of targets) {
    for (let n = 0; n < WARM_UP; n += 1) await report(target);
    const stop = pollHealth(target, target.healthAtRest);
    await new Promise((done) => setTimeout(done, REST_MS));
    await stop();
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of targets) {
      const stop = pollHealth(target, target.healthDuringReports);
      for (let n = 0; n < Math.ceil(SAMPLES / ROUNDS); n += 1) target.reports.push(await report(target));
      await stop();
    }
  }
  const mails = new Map<Target, number>();
  for (const target of targets) mails.set(target, await mailBytes(target));

  console.log(
    `GET /api/analytics/report?date=${DAY} against the server process, ${SAMPLES} per server after ${WARM_UP} warm-up, in ${ROUNDS} alternating rounds; GET /api/health polled one at a time throughout`,
  );
  console.log(
    [
      'that day'.padEnd(24),
      'report med.'.padStart(11),
      'report p95'.padStart(10),
      'health p99 at rest'.padStart(19),
      'health p99 in reports'.padStart(22),
      'health max'.padStart(10),
      'checks'.padStart(7),
      'mail (text+HTML)'.padStart(17),
    ].join('  '),
  );
  for (const target of targets) {
    console.log(
      [
        `${target.count.toLocaleString('en-AU')} quotes${target.analytics ? ' + analytics' : ''}`.padEnd(24),
        ms(percentile(target.reports, 0.5)).padStart(11),
        ms(percentile(target.reports, 0.95)),
        ms(percentile(target.healthAtRest, 0.99)).padStart(19),
        ms(percentile(target.healthDuringReports, 0.99)).padStart(22),
        ms(Math.max(...target.healthDuringReports)),
        String(target.healthDuringReports.length).padStart(7),
        `${((mails.get(target) ?? Number.NaN) / 1024).toFixed(1)} kB`.padStart(17),
      ].join('  '),
    );
  }
  const large = targets.find((target) => target.count === 100_000 && target.analytics === 0);
  const busy = targets.find((target) => target.analytics > 0);
  if (!large || !busy) throw new Error('missing figures');
  const reportP95 = percentile(large.reports, 0.95);
  const healthP99 = percentile(large.healthDuringReports, 0.99);
  const mail = mails.get(large) ?? Number.NaN;
  console.log(
    `report at 100,000 quotes: median ${percentile(large.reports, 0.5).toFixed(1)} ms, p95 ${reportP95.toFixed(1)} ms (goal < ${GOAL_REPORT_MS} ms) → ${verdict(reportP95 < GOAL_REPORT_MS)}`,
  );
  console.log(
    `/api/health p99 while reports run: ${healthP99.toFixed(1)} ms (goal < ${GOAL_HEALTH_P99_MS} ms) → ${verdict(healthP99 < GOAL_HEALTH_P99_MS)}`,
  );
  console.log(
    `report mail at 100,000 quotes: ${(mail / 1024).toFixed(1)} kB (goal < ${GOAL_MAIL_BYTES / 1024} kB) → ${verdict(mail < GOAL_MAIL_BYTES)}`,
  );
  console.log(
    `info: with 100,000 page views and funnel events as well, report p95 ${percentile(busy.reports, 0.95).toFixed(1)} ms, health p99 ${percentile(busy.healthDuringReports, 0.99).toFixed(1)} ms`,
  );
} finally {
  for (const target of targets) await target.server.stop();
  rmSync(directory, { recursive: true, force: true });
}
