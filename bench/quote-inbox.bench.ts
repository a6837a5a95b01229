/**
 * The quote inbox at 1,000 and at 100,000 quotes: GET /api/contact's first page, a search
 * by phone digits and a filtered page (status + service + a seven-day Melbourne date range), each
 * answered by the real app (createApp, in-process) on its own file database with WAL + synchronous
 * FULL, as the server opens it. Both databases hold 100 quotes a day, so the search and the filtered
 * page match about as many quotes in each: what grows is only what the indexes must step over.
 *
 * Prints the median and p95 of each query at each size and the p95 ratio 100k/1k (goal: at most 2 —
 * keyset pages, indexes and the FTS5 trigram search, no OFFSET, no full-table counts). The two
 * sizes are measured in alternation, so whatever else the machine does falls on both. A few more
 * queries are printed for information. `npm run bench`; never part of `npm test`.
 *
 * BENCH_SAMPLES (default 200) overrides the number of timed requests per query and size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../api/src/app.ts';
import { type Database, openDatabase } from '../api/src/db/database.ts';
import { parseEnvironment } from '../api/src/env.ts';
import { createLogger } from '../api/src/lib/logger.ts';
import { melbourneToday } from '../api/src/lib/melbourne-time.ts';
import { type SeededQuotes, seedQuotes } from '../api/src/test-support/seed-quotes.ts';
import { createTestAdmin, signIn } from '../api/src/test-support/sign-in.ts';
import { percentile } from './support/percentile.ts';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WARM_UP = 20;
const GOAL_RATIO = 2;
const SIZES = [1_000, 100_000] as const;

interface Inbox {
  count: number;
  database: Database;
  seeded: SeededQuotes;
  seedMs: number;
  request: (path: string) => Promise<{ ms: number; rows: number }>;
}

async function openInbox(directory: string, count: number): Promise<Inbox> {
  const url = `file:${join(directory, `quotes-${count}.db`)}`;
  const database = await openDatabase({ url });
  const started = performance.now();
  const seeded = await seedQuotes(database, count);
  const seedMs = performance.now() - started;
  const environment = parseEnvironment({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://clean.example',
    DATABASE_URL: url,
  });
  const app = createApp({ environment, database, logger: createLogger('silent') });
  await createTestAdmin(database);
  const cookie = await signIn(app);
  return {
    count,
    database,
    seeded,
    seedMs,
    async request(path) {
      const started = performance.now();
      const response = await app.request(path, { headers: { Cookie: cookie } });
      const body = (await response.json()) as unknown[];
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      return { ms, rows: body.length };
    },
  };
}

/** The Melbourne date `days` before the newest quote. */
const melbourneDate = (newest: Date, days: number) =>
  melbourneToday(new Date(newest.getTime() - days * 24 * 60 * 60 * 1000));

/** Each query's path for one database (the phone search looks for a customer of that database). */
function queries(seeded: SeededQuotes): Record<string, string> {
  const digits = seeded.searchPhone.replace(/\D/g, '');
  return {
    'first page': '/api/contact',
    'search by phone digits': `/api/contact?q=${encodeURIComponent(`${digits.slice(2, 6)} ${digits.slice(6)}`)}`,
    'filtered page': `/api/contact?status=quoted&service=deep-clean&from=${melbourneDate(seeded.newest, 6)}&to=${melbourneDate(seeded.newest, 0)}`,
  };
}

/**
 * For information, not part of the goal: other lists staff open, as pages of 50, so each size returns
 * a full page (a broad search and a partner's quotes match far fewer quotes in the small database).
 */
function moreQueries(): Record<string, string> {
  return {
    'sorted by reply due': '/api/contact?sort=reply-due&limit=50',
    'returning customers': '/api/contact?returning=1&limit=50',
    'broad search (1 in 8)': '/api/contact?q=Richmond&limit=50',
    'one partner (1 in 20)': '/api/contact?source=northside-support&limit=50',
    'short search (2 letters)': '/api/contact?q=ch&limit=50',
    'status + service, no dates': '/api/contact?status=won&service=oven-clean&limit=50',
  };
}

interface Figures {
  median: number;
  p95: number;
  rows: number;
}

/** Times `name` on every inbox, alternating between them request by request. */
async function measure(
  inboxes: Inbox[],
  pathOf: (inbox: Inbox) => string,
  samples: number,
): Promise<Figures[]> {
  const times = inboxes.map(() => [] as number[]);
  const rows = inboxes.map(() => 0);
  for (let round = 0; round < WARM_UP + samples; round += 1) {
    for (const [index, inbox] of inboxes.entries()) {
      const result = await inbox.request(pathOf(inbox));
      rows[index] = result.rows;
      if (round >= WARM_UP) times[index]?.push(result.ms);
    }
  }
  return times.map((list, index) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { median: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), rows: rows[index] ?? 0 };
  });
}

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);

function printRow(name: string, [small, large]: Figures[], goal: boolean): boolean {
  if (!small || !large) throw new Error('missing figures');
  const ratio = large.p95 / small.p95;
  const verdict = goal ? (ratio <= GOAL_RATIO ? 'PASS' : 'FAIL') : 'info';
  console.log(
    [
      name.padEnd(28),
      String(small.rows).padStart(5),
      ms(small.median),
      ms(small.p95),
      String(large.rows).padStart(5),
      ms(large.median),
      ms(large.p95),
      `${ratio.toFixed(2)}x`.padStart(7),
      verdict,
    ].join('  '),
  );
  return ratio <= GOAL_RATIO;
}

const directory = mkdtempSync(join(tmpdir(), 'cleanquote-inbox-bench-'));
const inboxes: Inbox[] = [];
try {
  for (const count of SIZES) {
    const inbox = await openInbox(directory, count);
    inboxes.push(inbox);
    console.log(
      `seeded ${count.toLocaleString('en-AU')} quotes in ${(inbox.seedMs / 1000).toFixed(1)} s (batches of 1,000, the search index filled by its triggers)`,
    );
  }
  console.log(
    `GET /api/contact in-process, ${SAMPLES} timed requests per query and size after ${WARM_UP} warm-up, sizes alternating`,
  );
  console.log(
    [
      'query'.padEnd(28),
      ' rows',
      '1k median'.padStart(9),
      '1k p95'.padStart(9),
      ' rows',
      '100k med.'.padStart(9),
      '100k p95'.padStart(9),
      '  ratio',
      'goal <= 2',
    ].join('  '),
  );
  let allPass = true;
  for (const name of Object.keys(queries(inboxes[0]?.seeded as SeededQuotes))) {
    const figures = await measure(inboxes, (inbox) => queries(inbox.seeded)[name] ?? '', SAMPLES);
    allPass = printRow(name, figures, true) && allPass;
  }
  for (const [name, path] of Object.entries(moreQueries())) {
    printRow(name, await measure(inboxes, () => path, Math.ceil(SAMPLES / 4)), false);
  }
  console.log(`p95 ratio 100k / 1k at most ${GOAL_RATIO}x for each query → ${allPass ? 'PASS' : 'FAIL'}`);
} finally {
  for (const inbox of inboxes) inbox.database.close();
  rmSync(directory, { recursive: true, force: true });
}
