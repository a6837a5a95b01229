import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { quoteRequests, teams, visits } from '../db/schema.ts';
import { insertSentQuote } from '../test-support/priced-quotes.ts';
import { validQuoteRequests } from '../test-support/quote-requests.ts';
import { type ServerProcess, startServerProcess } from '../test-support/server-process.ts';
import { createTestApp } from '../test-support/test-app.ts';
import { SLOT_TAKEN_MESSAGE } from './booking-section.tsx';
import { quotedDurationMinutes } from './customer-booking.ts';
import { offeredWindowsFor } from './visits.ts';
import { slotValue } from './window-labels.ts';

const CUSTOMERS = 20;

type Call = (path: string, init?: RequestInit) => Promise<Response>;

let cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/**
 * Twenty customers, each with an accepted quote for the same clean, and only one team working: the
 * next offered window has exactly one free place. Answers their links and that window's slot value.
 */
async function twentyAcceptedCustomers(call: Call, database: Database) {
  for (let index = 0; index < CUSTOMERS; index += 1) {
    const submitted = await call('/api/service-form', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...validQuoteRequests.regularClean, email: `customer${index}@example.com` }),
    });
    expect(submitted.status).toBe(201);
  }
  await database.writes.run((tx) => tx.update(teams).set({ active: false }).where(eq(teams.id, 'team-2')));
  const requests = await database.db.select({ id: quoteRequests.id }).from(quoteRequests);
  expect(requests).toHaveLength(CUSTOMERS);
  const quotes = [];
  for (const request of requests) {
    quotes.push(await insertSentQuote(database, request.id, { status: 'accepted', withMail: false }));
  }
  const durationMinutes = await quotedDurationMinutes(database.db, (quotes[0] as { id: string }).id);
  const { windows } = await offeredWindowsFor(database.db, { durationMinutes, now: new Date() });
  const window = windows[0];
  if (!window) throw new Error('no window is offered');
  return { tokens: quotes.map((quote) => quote.token), slot: slotValue(window.start) };
}

/** Every customer posts 'Book this time' for the same slot at once, spread over the given apps. */
async function bookAllAtOnce(calls: Call[], tokens: string[], slot: string) {
  return Promise.all(
    tokens.map(async (token, index) => {
      const call = calls[index % calls.length] as Call;
      const response = await call(`/quote/${token}/book`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ slot }).toString(),
        redirect: 'manual',
      });
      return { status: response.status, page: await response.text() };
    }),
  );
}

async function bookedVisits(database: Database) {
  return database.db.select().from(visits).where(eq(visits.status, 'booked'));
}

describe('the last free place of a window', () => {
  it('goes to exactly one of twenty customers booking it at once; nineteen are told it was just taken', async () => {
    const test = await createTestApp({ PUBLIC_POST_RATE_LIMIT: '1000000' });
    cleanups.push(test.close);
    const call: Call = async (path, init) => test.app.request(path, init);
    const { tokens, slot } = await twentyAcceptedCustomers(call, test.database);

    const answers = await bookAllAtOnce([call], tokens, slot);

    expect(answers.filter((answer) => answer.status === 303)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(CUSTOMERS - 1);
    for (const answer of refused) expect(answer.page).toContain(SLOT_TAKEN_MESSAGE);
    const booked = await bookedVisits(test.database);
    expect(booked).toHaveLength(1);
    expect(booked[0]?.start.toISOString()).toBe(new Date(slot).toISOString());
  });

  it('goes to exactly one customer when two server processes on one database file take the bookings', async () => {
    const test = await createTestApp({ PUBLIC_POST_RATE_LIMIT: '1000000' });
    cleanups.push(test.close);
    const { tokens, slot } = await twentyAcceptedCustomers(
      async (path, init) => test.app.request(path, init),
      test.database,
    );
    const servers: ServerProcess[] = await Promise.all(
      [0, 1].map(() =>
        startServerProcess({
          args: ['--api-only'],
          env: {
            NODE_ENV: 'test',
            LOG_LEVEL: 'silent',
            DATABASE_URL: test.environment.DATABASE_URL,
            PUBLIC_POST_RATE_LIMIT: '1000000',
          },
        }),
      ),
    );
    for (const server of servers) cleanups.push(() => server.stop());
    const calls = servers.map(
      (server): Call =>
        (path, init) =>
          fetch(`${server.url}${path}`, init),
    );

    const answers = await bookAllAtOnce(calls, tokens, slot);

    expect(answers.filter((answer) => answer.status === 303)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(CUSTOMERS - 1);
    // Read through a connection of its own: what both processes committed.
    const reader = await openDatabase({ url: test.environment.DATABASE_URL });
    cleanups.push(() => reader.close());
    expect(await bookedVisits(reader)).toHaveLength(1);
  });
});
