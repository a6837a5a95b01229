/**
 * Booking under load: POST /quote/<token>/book from many customers at once against the real server
 * process on a file database, beside POST /api/service-form (the quote POST every lead makes)
 * measured on the same server in the same run. Every booking is answered 303 (booked) or 409 (that
 * time was just taken); afterwards no team holds two visits whose busy times overlap.
 *
 * Prints requests/s, p50 and p99 latency, errors, the booked and refused counts, and the ratio of the
 * booking's p99 to the quote POST's. `npm run bench`; never part of `npm test`.
 *
 * BENCH_DURATION_S (default 10), BENCH_CONNECTIONS (default 50) and BENCH_CUSTOMERS (default 2,000)
 * override the run's shape.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../api/src/db/database.ts';
import { quoteRequests } from '../api/src/db/schema.ts';
import { quotedDurationMinutes } from '../api/src/schedule/customer-booking.ts';
import { offeredWindowsFor } from '../api/src/schedule/visits.ts';
import { slotValue } from '../api/src/schedule/window-labels.ts';
import { insertSentQuote } from '../api/src/test-support/priced-quotes.ts';
import { validQuoteRequests } from '../api/src/test-support/quote-requests.ts';
import { seedQuotes } from '../api/src/test-support/seed-quotes.ts';
import { startServerProcess } from '../api/src/test-support/server-process.ts';
import { type Figures, figuresRow } from './support/post-load.ts';

const durationSeconds = Number(process.env.BENCH_DURATION_S ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const customers = Number(process.env.BENCH_CUSTOMERS ?? 2_000);

interface Answers {
  figures: Figures;
  statuses: Map<number, number>;
}

async function load(
  name: string,
  url: string,
  request: (index: number) => { path: string; body: string; contentType: string },
): Promise<Answers> {
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    duration: durationSeconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (base) => {
          const { path, body, contentType } = request(next);
          next += 1;
          return { ...base, path, body, headers: { ...base.headers, 'content-type': contentType } };
        },
      },
    ],
  });
  const statuses = new Map(
    Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [Number(status), count ?? 0]),
  );
  return {
    statuses,
    figures: {
      name,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      total: result['2xx'] + result.non2xx,
    },
  };
}

const directory = mkdtempSync(join(tmpdir(), 'cleanquote-bench-booking-'));
const databaseUrl = `file:${join(directory, 'bench.db')}`;
try {
  // Customers with accepted quotes, each holding the link to their page.
  const database = await openDatabase({ url: databaseUrl });
  await seedQuotes(database, customers);
  const tokens: string[] = [];
  for (const { id } of await database.db.select({ id: quoteRequests.id }).from(quoteRequests)) {
    tokens.push((await insertSentQuote(database, id, { status: 'accepted', withMail: false })).token);
  }
  const firstQuote = await database.db.query.pricedQuotes.findFirst();
  const durationMinutes = await quotedDurationMinutes(database.db, firstQuote?.id ?? '');
  const { windows } = await offeredWindowsFor(database.db, { durationMinutes, now: new Date() });
  // The busiest case: every customer wants one of the first week's windows.
  const slots = windows.slice(0, 40).map((window) => slotValue(window.start));
  database.close();

  const server = await startServerProcess({
    args: ['--api-only'],
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      PUBLIC_POST_RATE_LIMIT: '100000000',
    },
  });
  try {
    const quotePost = await load('POST /api/service-form (baseline)', server.url, () => ({
      path: '/api/service-form',
      body: JSON.stringify(validQuoteRequests.regularClean),
      contentType: 'application/json',
    }));
    const booking = await load('POST /quote/<token>/book', server.url, (index) => ({
      path: `/quote/${tokens[index % tokens.length]}/book`,
      body: new URLSearchParams({ slot: slots[index % slots.length] ?? '' }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    }));

    const reader = await openDatabase({ url: databaseUrl });
    const rows = await reader.client.execute(
      "select id, team_id, start, duration_minutes from visits where status = 'booked'",
    );
    reader.close();
    const booked = rows.rows.map((row) => ({
      id: String(row.id),
      teamId: String(row.team_id),
      start: new Date(Number(row.start)),
      durationMinutes: Number(row.duration_minutes),
    }));
    // No team holds two visits whose busy times overlap (the buffer is the default 30 minutes).
    const clashes = booked.filter((visit) =>
      booked.some(
        (other) =>
          other.id !== visit.id &&
          other.teamId === visit.teamId &&
          other.start < new Date(visit.start.getTime() + (visit.durationMinutes + 30) * 60_000) &&
          visit.start < new Date(other.start.getTime() + (other.durationMinutes + 30) * 60_000),
      ),
    );

    console.log(
      `\nBooking under load: ${connections} connections, ${durationSeconds} s each, ${customers} customers with accepted quotes, ${slots.length} windows wanted`,
    );
    console.log(
      `${'route'.padEnd(34)}${'req/s'.padStart(8)}${'p50'.padStart(9)}${'p99'.padStart(9)}${'errors'.padStart(7)}`,
    );
    console.log(figuresRow(quotePost.figures));
    console.log(figuresRow(booking.figures));
    const answered = [...booking.statuses].map(([status, count]) => `${count} × ${status}`).join(', ');
    console.log(
      `booking answers: ${answered}; visits booked: ${booked.length}; overlapping busy times: ${clashes.length}`,
    );
    console.log(
      `booking p99 / quote POST p99: ${(booking.figures.p99 / Math.max(1, quotePost.figures.p99)).toFixed(2)}`,
    );
    const unexpected = [...booking.statuses.keys()].filter((status) => status !== 303 && status !== 409);
    if (clashes.length > 0 || unexpected.length > 0 || booking.figures.errors > 0) {
      console.log(
        `FAIL: ${clashes.length} overlapping visits, answers ${unexpected.join(', ') || 'as expected'}`,
      );
      process.exitCode = 1;
    } else {
      console.log('PASS: every booking answered 303 or 409, and no team is booked twice');
    }
  } finally {
    await server.stop();
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}
