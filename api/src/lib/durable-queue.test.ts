import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, type SQL } from 'drizzle-orm';
import { integer, type SQLiteTable, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { ManualClock } from '../jobs/clock.ts';
import {
  backoff,
  type Claim,
  type DurableQueue,
  defineDurableQueue,
  type QueuePolicy,
  type QueueWorker,
} from './durable-queue.ts';

/** A queue's table as a new queue would declare it: the queue's columns and a payload of its own. */
const tasks = sqliteTable('queue_test_tasks', {
  id: text('id').primaryKey(),
  payload: text('payload').notNull(),
  status: text('status').notNull(),
  attempts: integer('attempts').notNull().default(0),
  sendAfter: integer('send_after', { mode: 'timestamp_ms' }).notNull(),
  leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
  lastError: text('last_error'),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  firstAttemptAt: integer('first_attempt_at', { mode: 'timestamp_ms' }),
});

const CREATE_TASKS = `CREATE TABLE queue_test_tasks (
  id text PRIMARY KEY, payload text NOT NULL, status text NOT NULL, attempts integer NOT NULL DEFAULT 0,
  send_after integer NOT NULL, lease_until integer, last_error text, created_at integer NOT NULL,
  first_attempt_at integer)`;

const columns = {
  id: tasks.id,
  status: tasks.status,
  attempts: tasks.attempts,
  sendAfter: tasks.sendAfter,
  leaseUntil: tasks.leaseUntil,
  lastError: tasks.lastError,
  createdAt: tasks.createdAt,
  firstAttemptAt: tasks.firstAttemptAt,
};

/** A held row changes status (the outbox's 'sending'). */
const withLeasedStatus = defineDurableQueue({
  name: 'test-tasks',
  table: tasks,
  columns,
  statuses: { due: 'waiting', leased: 'working', done: 'done', dead: 'dead' },
});
/** A held row keeps its due status; only its lease tells (webhook deliveries, Xero writes). */
const leaseOnly = defineDurableQueue({
  name: 'test-tasks-lease-only',
  table: tasks,
  columns,
  statuses: { due: 'waiting', done: 'done', dead: 'dead' },
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = new Date('2026-11-28T09:00:00+11:00');

let directory: string;
let url: string;
const opened: Database[] = [];
const workers: QueueWorker<typeof tasks, typeof tasks.$inferSelect>[] = [];

beforeEach(async () => {
  directory = mkdtempSync(join(tmpdir(), 'cleanquote-queue-'));
  url = `file:${join(directory, 'queue.db')}`;
  const first = await openConnection();
  await first.client.execute(CREATE_TASKS);
});

afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop(1_000);
  for (const database of opened.splice(0)) database.close();
  rmSync(directory, { recursive: true, force: true });
});

/** One app process's connection to the shared database file. */
async function openConnection(): Promise<Database> {
  const database = await openDatabase({ url });
  opened.push(database);
  return database;
}

function policy(overrides: Partial<QueuePolicy> = {}): QueuePolicy {
  return {
    backoff: { baseMs: MINUTE, factor: 2, maxMs: HOUR },
    leaseMs: 5 * MINUTE,
    ...overrides,
  };
}

async function enqueue(
  database: Database,
  ids: readonly string[],
  sendAfter = START,
  payloadOf = (id: string) => `work ${id}`,
) {
  await database.writes.run((tx) =>
    tx
      .insert(tasks)
      .values(
        ids.map((id) => ({ id, payload: payloadOf(id), status: 'waiting', sendAfter, createdAt: sendAfter })),
      ),
  );
}

/** The claim `queue` makes now (of a row matching `where`); the test fails if nothing was due. */
async function claimDue<T extends SQLiteTable, R>(queue: DurableQueue<T, R>, where?: SQL): Promise<Claim<R>> {
  const claim = await queue.claim({ where });
  if (!claim) throw new Error('nothing was due');
  return claim;
}

async function stored(database: Database, id: string) {
  const [row] = await database.db.select().from(tasks).where(eq(tasks.id, id));
  if (!row) throw new Error(`no task ${id}`);
  return row;
}

describe('claiming', () => {
  it('two workers on one database file process each of 1,000 rows exactly once', async () => {
    const [a, b] = [await openConnection(), await openConnection()];
    const ids = Array.from({ length: 1_000 }, (_, n) => `task-${String(n).padStart(4, '0')}`);
    await enqueue(a, ids);
    const clock = new ManualClock(START);
    const processed = new Map<string, string[]>();
    const errors: unknown[] = [];
    const workerOn = (database: Database, name: string) => {
      const queue = withLeasedStatus.connect(database, policy({ clock }));
      return queue.worker({
        pollIntervalMs: HOUR,
        concurrency: 32,
        async process(claim) {
          processed.set(claim.id, [...(processed.get(claim.id) ?? []), name]);
          await queue.complete(claim);
        },
        onError: (error) => errors.push(error),
      });
    };
    const [first, second] = [workerOn(a, 'a'), workerOn(b, 'b')];
    const claimed = await Promise.all([first.runDue(), second.runDue()]);
    await vi.waitFor(() => expect(processed.size).toBe(1_000), { timeout: 30_000 });
    await first.stop();
    await second.stop();

    expect(errors).toEqual([]);
    expect([...processed.values()].filter((by) => by.length !== 1)).toEqual([]);
    expect(claimed[0] + claimed[1]).toBe(1_000);
    // Both really competed for the rows.
    expect(claimed[0]).toBeGreaterThan(0);
    expect(claimed[1]).toBeGreaterThan(0);
    const rows = await a.db.select().from(tasks);
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1 && row.leaseUntil === null)).toBe(
      true,
    );
  }, 40_000);

  it('claims the earliest due row first, and a row not yet due only once its send-after time has come', async () => {
    const database = await openConnection();
    const clock = new ManualClock(START);
    const queue = withLeasedStatus.connect(database, policy({ clock }));
    // A reminder for a visit tomorrow: a row due then, not a timer.
    await enqueue(database, ['tomorrow'], new Date(START.getTime() + 24 * HOUR));
    await enqueue(database, ['later'], new Date(START.getTime() - MINUTE));
    await enqueue(database, ['earlier'], new Date(START.getTime() - HOUR));
    const earlier = await claimDue(queue);
    const later = await claimDue(queue);
    expect([earlier.id, later.id]).toEqual(['earlier', 'later']);
    for (const claim of [earlier, later]) await queue.complete(claim);
    expect(await queue.claim()).toBeUndefined();
    expect(await queue.hasDue()).toBe(false);
    clock.advance(24 * HOUR);
    expect(await queue.hasDue()).toBe(true);
    const reminder = await queue.claim();
    expect(reminder).toMatchObject({ id: 'tomorrow', attempts: 1, row: { payload: 'work tomorrow' } });
  });

  describe.each([
    ['a held row has a status of its own', withLeasedStatus],
    ['a held row keeps its due status', leaseOnly],
  ])('a lease (%s)', (_layout, definition) => {
    it('keeps the row from every other worker until it runs out, then the other worker takes it over', async () => {
      const [a, b] = [await openConnection(), await openConnection()];
      const clock = new ManualClock(START);
      const crashed = definition.connect(a, policy({ clock }));
      const other = definition.connect(b, policy({ clock }));
      await enqueue(a, ['visit']);

      const lost = await claimDue(crashed);
      expect(lost).toMatchObject({ id: 'visit', attempts: 1 });
      clock.advance(5 * MINUTE - 1);
      expect(await other.claim()).toBeUndefined();

      clock.advance(2);
      const taken = await claimDue(other);
      expect(taken).toMatchObject({ id: 'visit', attempts: 2 });
      // The first worker comes back: its outcome is not written, the holder's is.
      expect(await crashed.complete(lost)).toBe(false);
      expect(await crashed.fail(lost, { error: 'late' })).toBeUndefined();
      expect(await other.complete(taken)).toBe(true);
      expect(await stored(a, 'visit')).toMatchObject({ status: 'done', attempts: 2, leaseUntil: null });
    });
  });
});

describe('backoff', () => {
  it('stays within its bounds: base × factor^(n−1), capped, times a jitter factor from its range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3_600_000 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 200 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.option(
          fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })),
        ),
        (baseMs, factor, capTimes, attempts, draw, spread) => {
          const maxMs = baseMs * capTimes;
          const jitter = spread ? ([spread[0], spread[0] + spread[1]] as const) : undefined;
          const wait = backoff({ baseMs, factor, maxMs, jitter })(attempts, () => draw);
          const planned = Math.min(maxMs, baseMs * factor ** (attempts - 1));
          const [low, high] = jitter ?? [1, 1];
          expect(wait).toBeGreaterThanOrEqual(Math.floor(planned * low));
          expect(wait).toBeLessThanOrEqual(Math.ceil(planned * high));
          expect(wait).toBeLessThanOrEqual(Math.ceil(maxMs * high));
          // Never shorter than the previous attempt's wait with the same draw.
          const before = backoff({ baseMs, factor, maxMs, jitter })(attempts - 1, () => draw);
          expect(wait).toBeGreaterThanOrEqual(before);
        },
      ),
    );
  });

  it('rounds to whole milliseconds at both ends of its jitter', () => {
    const wait = backoff({ baseMs: 5_000, factor: 4, maxMs: 3 * HOUR, jitter: [0.8, 1.2] });
    expect([wait(1, () => 0), wait(1, () => 0.5), wait(1, () => 0.999_999)]).toEqual([4_000, 5_000, 6_000]);
    expect(wait(12, () => 0.5)).toBe(3 * HOUR);
    expect(backoff({ baseMs: 60_000, factor: 2, maxMs: 30 * MINUTE })(3)).toBe(4 * MINUTE);
  });
});

describe('failing', () => {
  async function failAll(queue: DurableQueue<typeof tasks, typeof tasks.$inferSelect>, clock: ManualClock) {
    const outcomes: { attempts: number; at: number; dead: boolean; sendAfter: number | null }[] = [];
    for (;;) {
      const claim = await queue.claim();
      if (!claim) return outcomes;
      const outcome = await queue.fail(claim, { error: `refused at attempt ${claim.attempts}` });
      if (!outcome) throw new Error('lost the claim');
      outcomes.push({
        attempts: claim.attempts,
        at: (clock.now().getTime() - START.getTime()) / MINUTE,
        dead: outcome.dead,
        sendAfter: outcome.sendAfter && (outcome.sendAfter.getTime() - START.getTime()) / MINUTE,
      });
      if (outcome.sendAfter) clock.set(outcome.sendAfter);
    }
  }

  it('is tried again after each backoff wait, and dead after the count of attempts', async () => {
    const database = await openConnection();
    const clock = new ManualClock(START);
    const queue = withLeasedStatus.connect(database, policy({ clock, maxAttempts: 4 }));
    await enqueue(database, ['mail']);
    expect(await failAll(queue, clock)).toEqual([
      { attempts: 1, at: 0, dead: false, sendAfter: 1 },
      { attempts: 2, at: 1, dead: false, sendAfter: 3 },
      { attempts: 3, at: 3, dead: false, sendAfter: 7 },
      { attempts: 4, at: 7, dead: true, sendAfter: null },
    ]);
    expect(await stored(database, 'mail')).toMatchObject({
      status: 'dead',
      attempts: 4,
      leaseUntil: null,
      lastError: 'refused at attempt 4',
    });
    clock.advance(24 * HOUR);
    expect(await queue.claim()).toBeUndefined();
  });

  it('is dead at once when the attempt says it can never succeed', async () => {
    const database = await openConnection();
    const queue = withLeasedStatus.connect(database, policy({ maxAttempts: 16 }));
    await enqueue(database, ['refused'], new Date());
    expect(await queue.deadLetter(await claimDue(queue), '550 No such user')).toBe(true);
    expect(await stored(database, 'refused')).toMatchObject({ status: 'dead', attempts: 1 });
  });

  it('is dead after the deadline counted from when it was queued, its last wait ending on the deadline', async () => {
    const database = await openConnection();
    const clock = new ManualClock(START);
    const queue = leaseOnly.connect(
      database,
      policy({
        clock,
        backoff: { baseMs: 20 * MINUTE, factor: 4, maxMs: 3 * HOUR },
        deadline: { afterMs: 2 * HOUR, from: 'created' },
      }),
    );
    await enqueue(database, ['event']);
    expect(await failAll(queue, clock)).toEqual([
      { attempts: 1, at: 0, dead: false, sendAfter: 20 },
      { attempts: 2, at: 20, dead: false, sendAfter: 100 },
      // 320 minutes more would pass the deadline: the last attempt is made on it.
      { attempts: 3, at: 100, dead: false, sendAfter: 120 },
      { attempts: 4, at: 120, dead: true, sendAfter: null },
    ]);
  });

  it('counts a deadline from the first attempt when so declared, and honours a wait the other side asked for', async () => {
    const database = await openConnection();
    const clock = new ManualClock(START);
    const queue = leaseOnly.connect(
      database,
      policy({
        clock,
        backoff: { baseMs: MINUTE, factor: 4, maxMs: HOUR },
        deadline: { afterMs: HOUR, from: 'first-attempt' },
      }),
    );
    // Queued a day before it was first tried.
    await enqueue(database, ['write'], new Date(START.getTime() - 24 * HOUR));
    const first = await claimDue(queue);
    expect(first.deadlineFrom).toEqual(START);
    expect(await queue.fail(first, { error: '429', retryAfterMs: 30 * MINUTE })).toEqual({
      dead: false,
      sendAfter: new Date(START.getTime() + 30 * MINUTE),
    });
    clock.advance(30 * MINUTE);
    const second = await claimDue(queue);
    // The first attempt stays the start of the deadline.
    expect(second.deadlineFrom).toEqual(START);
    // A wait past the deadline can't be shortened without going against what was asked: dead.
    expect(await queue.fail(second, { error: '429', retryAfterMs: 31 * MINUTE })).toEqual({
      dead: true,
      sendAfter: null,
    });
  });

  it('clears the send-after time of a dead row where the table has no dead status of its own', async () => {
    // A scheduled job's runs: 'failed' is both waiting to be tried again and given up on.
    const runs = sqliteTable('queue_test_runs', {
      id: text('id').primaryKey(),
      status: text('status').notNull(),
      attempts: integer('attempts').notNull(),
      nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }),
      leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
      error: text('error'),
    });
    const runQueue = defineDurableQueue({
      name: 'test-runs',
      table: runs,
      columns: {
        id: runs.id,
        status: runs.status,
        attempts: runs.attempts,
        sendAfter: runs.nextAttemptAt,
        leaseUntil: runs.leaseUntil,
        lastError: runs.error,
      },
      statuses: { due: 'failed', leased: 'running', done: 'succeeded', dead: 'failed' },
    });
    const database = await openConnection();
    await database.client.execute(
      `CREATE TABLE queue_test_runs (id text PRIMARY KEY, status text NOT NULL, attempts integer NOT NULL,
        next_attempt_at integer, lease_until integer, error text)`,
    );
    const clock = new ManualClock(START);
    const queue = runQueue.connect(database, policy({ clock, maxAttempts: 2 }));
    const first = await database.writes.run((tx) =>
      queue.insertClaimed(tx, { id: 'daily-report', status: 'running', attempts: 0 }),
    );
    if (!first) throw new Error('the run was not inserted');
    expect(first).toMatchObject({ id: 'daily-report', attempts: 1 });
    expect(
      await database.writes.run((tx) =>
        queue.insertClaimed(tx, { id: 'daily-report', status: 'running', attempts: 0 }),
      ),
    ).toBeUndefined();
    expect(await queue.fail(first, { error: 'mail server down' })).toMatchObject({ dead: false });
    clock.advance(MINUTE);
    const second = await claimDue(queue);
    expect(second).toMatchObject({ id: 'daily-report', attempts: 2 });
    expect(await queue.fail(second, { error: 'mail server down' })).toEqual({
      dead: true,
      sendAfter: null,
    });
    const [row] = await database.db.select().from(runs);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 2,
      nextAttemptAt: null,
      error: 'mail server down',
    });
    clock.advance(24 * HOUR);
    expect(await queue.claim()).toBeUndefined();
  });
});

describe('Retry', () => {
  it('makes a dead row due again, counted afresh or not, and leaves a held row alone', async () => {
    const database = await openConnection();
    const clock = new ManualClock(START);
    const queue = withLeasedStatus.connect(database, policy({ clock, maxAttempts: 1 }));
    await enqueue(database, ['dead-mail', 'dead-delivery', 'held']);
    for (const id of ['dead-mail', 'dead-delivery']) {
      await queue.fail(await claimDue(queue, eq(tasks.id, id)), { error: 'gave up' });
    }
    const held = await claimDue(queue, eq(tasks.id, 'held'));
    expect(await queue.claim()).toBeUndefined();

    const now = clock.now();
    const announced = vi.fn();
    const stop = withLeasedStatus.onAnnounce(announced);
    const retried = await database.writes.run(async (tx) => [
      ...(await withLeasedStatus.retry(tx, eq(tasks.id, 'dead-mail'), { countAfresh: true, now })),
      ...(await withLeasedStatus.retry(tx, eq(tasks.id, 'dead-delivery'), { countAfresh: false, now })),
      ...(await withLeasedStatus.retry(tx, eq(tasks.id, 'held'), { countAfresh: true, now })),
    ]);
    stop();
    expect(retried).toEqual(['dead-mail', 'dead-delivery']);
    expect(announced).toHaveBeenCalled();
    expect(await stored(database, 'dead-mail')).toMatchObject({
      status: 'waiting',
      attempts: 0,
      lastError: null,
    });
    expect(await stored(database, 'dead-delivery')).toMatchObject({
      status: 'waiting',
      attempts: 1,
      lastError: 'gave up',
    });
    expect(await stored(database, 'held')).toMatchObject({ status: 'working', attempts: 1 });
    const again = [(await queue.claim())?.id, (await queue.claim())?.id].sort();
    expect(again).toEqual(['dead-delivery', 'dead-mail']);
    expect(await queue.complete(held)).toBe(true);
  });
});

describe('the worker', () => {
  it('is woken by an enqueue: the row is processed long before the next poll', async () => {
    const database = await openConnection();
    const queue = withLeasedStatus.connect(database, policy());
    const looked = vi.spyOn(queue, 'hasDue');
    const processed: string[] = [];
    const worker = queue
      .worker({
        // Only the wake-up can get the row processed within the test.
        pollIntervalMs: HOUR,
        async process(claim) {
          processed.push(claim.id);
          await queue.complete(claim);
        },
        onError: () => {},
      })
      .start();
    workers.push(worker);
    // The first pass, at start, has looked and found nothing.
    await vi.waitFor(() => expect(looked).toHaveBeenCalled());
    await looked.mock.results[0]?.value;
    await database.writes.run(async (tx) => {
      await tx.insert(tasks).values({
        id: 'new',
        payload: 'send',
        status: 'waiting',
        sendAfter: new Date(),
        createdAt: new Date(),
      });
      withLeasedStatus.announce();
    });
    await vi.waitFor(async () => expect((await stored(database, 'new')).status).toBe('done'), {
      timeout: 2_000,
      interval: 5,
    });
    expect(processed).toEqual(['new']);
  });

  it('processes rows of one group one at a time, and other groups meanwhile', async () => {
    const database = await openConnection();
    const queue = leaseOnly.connect(database, policy());
    // The group is the payload: a partner's deliveries, say.
    await enqueue(database, ['a-1', 'a-2', 'b-1'], new Date(), (id) => id.slice(0, 1));
    const inFlight = new Set<string>();
    const seen: string[][] = [];
    const releases: (() => void)[] = [];
    const worker = queue.worker({
      pollIntervalMs: HOUR,
      concurrency: 3,
      oneAtATime: { column: tasks.payload, of: (row) => row.payload },
      async process(claim) {
        inFlight.add(claim.id);
        seen.push([...inFlight].sort());
        await new Promise<void>((resolve) => releases.push(resolve));
        inFlight.delete(claim.id);
        await queue.complete(claim);
      },
      onError: () => {},
    });
    workers.push(worker);
    expect(await worker.runDue()).toBe(2);
    expect(seen.at(-1)).toEqual(['a-1', 'b-1']);
    for (const release of releases.splice(0)) release();
    await vi.waitFor(async () => expect((await stored(database, 'a-1')).status).toBe('done'));
    expect(await worker.runDue()).toBe(1);
    expect(seen.at(-1)).toEqual(['a-2']);
    for (const release of releases.splice(0)) release();
    await vi.waitFor(async () => expect((await stored(database, 'a-2')).status).toBe('done'));
  });
});
