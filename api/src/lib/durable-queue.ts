import { EventEmitter } from 'node:events';
import {
  and,
  asc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lt,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable, SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import type { Database, Db } from '../db/database.ts';
import { type Clock, systemClock } from '../jobs/clock.ts';
import { PollingLoop } from './polling-loop.ts';

/** The transaction handed to `database.writes.run(tx => …)`. */
type WriteTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * How long to wait before the next attempt after `attempts` failed ones: `baseMs` × `factor`^(attempts−1),
 * capped at `maxMs`, then multiplied by a random factor drawn from `jitter`.
 */
export interface Backoff {
  /** The wait after the first failed attempt. */
  baseMs: number;
  /** How much longer each next wait is: 2 doubles it, 4 makes it four times longer. */
  factor: number;
  /** The longest planned wait (before jitter). */
  maxMs: number;
  /**
   * The planned wait is multiplied by a random number in [low, high), so that many rows failing
   * together don't all come back together: [0.5, 1] spreads each wait over its upper half, [0.8, 1.2]
   * is ±20%. Absent: the planned wait exactly.
   */
  jitter?: readonly [low: number, high: number] | undefined;
}

/** The wait, in milliseconds, after `attempts` failed attempts under `policy`; `random` draws in [0, 1). */
export function backoff(policy: Backoff): (attempts: number, random?: () => number) => number {
  const { baseMs, factor, maxMs, jitter } = policy;
  return (attempts, random = Math.random) => {
    const planned = Math.min(maxMs, baseMs * factor ** Math.max(0, attempts - 1));
    if (!jitter) return planned;
    const [low, high] = jitter;
    return Math.round(planned * (low + (high - low) * random()));
  };
}

/** The columns the queue reads and writes, as the table's drizzle columns. */
export interface QueueColumns {
  /** A text primary key. */
  id: SQLiteColumn;
  status: SQLiteColumn;
  /** Attempts made: one more at every claim, so an attempt that crashed the worker counts too. */
  attempts: SQLiteColumn;
  /** The send-after time: the row is not claimed before it (a timestamp_ms column). */
  sendAfter: SQLiteColumn;
  /** Held by a worker until then (a nullable timestamp_ms column); a crashed worker's lease runs out. */
  leaseUntil: SQLiteColumn;
  /** Why the last attempt failed; cleared when the row is done or retried afresh. */
  lastError?: SQLiteColumn | undefined;
  /** When the row was queued: the start of a deadline counted from the event. */
  createdAt?: SQLiteColumn | undefined;
  /** Set by the first claim: the start of a deadline counted from the first attempt. */
  firstAttemptAt?: SQLiteColumn | undefined;
  /** Set to now at every write the queue makes. */
  updatedAt?: SQLiteColumn | undefined;
}

/** The status values a row moves through. */
export interface QueueStatuses {
  /** Waiting for its send-after time: queued, or failed and waiting to be tried again. */
  due: string;
  /**
   * Held by a worker. Omitted when a held row keeps its due status and only its lease tells that it
   * is held.
   */
  leased?: string | undefined;
  done: string;
  /**
   * Given up on. It may equal `due` when the table has no word of its own for it: the row then
   * counts as dead because its (nullable) send-after time is cleared.
   */
  dead: string;
}

/** How a claimed row is read: a selection for RETURNING and how to turn its result into a row. */
export interface QueueRowReader<R> {
  selection: Record<string, SQL | SQLiteColumn>;
  decode(raw: Record<string, unknown>): R;
}

/** What declares a queue over one table; see {@link defineDurableQueue}. */
export interface DurableQueueDeclaration<T extends SQLiteTable, R> {
  /** For logs and errors. */
  name: string;
  table: T;
  columns: QueueColumns;
  statuses: QueueStatuses;
  /** The order in which due rows are claimed (default: the earliest send-after time first). */
  order?: readonly SQL[] | undefined;
  /** How a claimed row is read (default: every column, as drizzle maps it). */
  read?: QueueRowReader<R> | undefined;
}

/** How a queue's rows are retried and given up on: given when a worker connects to the queue. */
export interface QueuePolicy {
  backoff: Backoff;
  /** Dead once this many attempts have failed. */
  maxAttempts?: number | undefined;
  /**
   * Dead when an attempt fails `afterMs` after the row was queued ('created') or first attempted
   * ('first-attempt'). The last wait is shortened so that an attempt falls on the deadline itself.
   */
  deadline?: { afterMs: number; from: 'created' | 'first-attempt' } | undefined;
  /**
   * How long a claim holds: longer than an attempt can last, so that only a crashed worker's row is
   * ever taken over.
   */
  leaseMs: number;
  /** Where "now" is read (default: the real time). */
  clock?: Clock | undefined;
  /** The jitter's random source, in [0, 1) (default Math.random). */
  random?: (() => number) | undefined;
}

/** A row held by one worker: only that worker's outcome is written. */
export interface Claim<R> {
  id: string;
  /** Attempts made, this one included. */
  attempts: number;
  row: R;
  /** The start of the row's deadline, when its policy has one. */
  deadlineFrom: Date | null;
}

/** What {@link DurableQueue.fail} did with a failed attempt. */
export interface FailOutcome {
  dead: boolean;
  /** When the row is tried again; null when it is dead. */
  sendAfter: Date | null;
}

/** The row a declared queue's claims carry. */
export type QueueRow<Q> = Q extends DurableQueueDefinition<infer _T, infer R> ? R : never;

/** Values to write besides the queue's own columns (the queue's row may set its own, such as sentAt). */
export type QueueSet<T extends SQLiteTable> = SQLiteUpdateSetSource<T>;

const CLAIMED_ID = '__queueId';
const CLAIMED_ATTEMPTS = '__queueAttempts';
const CLAIMED_SINCE = '__queueSince';

/**
 * A durable queue over one table's rows: each row is one piece of work (a mail to send, a webhook to
 * post, a write to Xero, a scheduled job's run) that must happen once, survive a crash, and be tried
 * again with backoff until it is done or given up on (dead).
 *
 * A row is due when its status is the due one and its send-after time has come. A worker claims one
 * due row at a time in one UPDATE (through the write queue, so on a libSQL file it never races another
 * write): the claim counts the attempt and leases the row, so no other worker, in this process or
 * another, takes it until the lease runs out — which happens only when its worker crashed, and then
 * the row is taken over. The worker then does what the row asks and records the outcome: done, or
 * failed (tried again after a {@link backoff} wait; dead after `maxAttempts` attempts or after the
 * deadline). Only the claim's holder can record an outcome: a claim taken over since then finds the
 * row changed and writes nothing. Retry ({@link DurableQueueDefinition.retry}) makes a dead row due
 * again. Enqueuing announces the row ({@link DurableQueueDefinition.announce}), which wakes the
 * workers at once; they also poll, for retries that come due and rows queued by another process.
 *
 * A piece of work that waits for a time is a row with that send-after time, not a timer: it
 * survives restarts, and whichever process is up when it comes due runs it.
 *
 * Declaring a new queue — say, a reminder mailed the day before a booked visit:
 *
 * 1. A table with the queue's columns beside the row's own (a drizzle migration creates it):
 *    ```ts
 *    export const visitReminders = sqliteTable('visit_reminders', {
 *      id: text('id').primaryKey(),
 *      visitId: text('visit_id').notNull(),
 *      status: text('status').$type<'waiting' | 'sent' | 'dead'>().notNull(),
 *      attempts: integer('attempts').notNull().default(0),
 *      sendAfter: integer('send_after', { mode: 'timestamp_ms' }).notNull(),
 *      leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
 *      lastError: text('last_error'),
 *    }, (table) => [index('visit_reminders_due').on(table.status, table.sendAfter)]);
 *    ```
 * 2. The queue, declared once next to the code that enqueues:
 *    ```ts
 *    export const reminderQueue = defineDurableQueue({
 *      name: 'visit-reminders',
 *      table: visitReminders,
 *      columns: { id: visitReminders.id, status: visitReminders.status, attempts: visitReminders.attempts,
 *        sendAfter: visitReminders.sendAfter, leaseUntil: visitReminders.leaseUntil,
 *        lastError: visitReminders.lastError },
 *      statuses: { due: 'waiting', done: 'sent', dead: 'dead' },
 *    });
 *    ```
 * 3. Enqueue in the transaction of the change it belongs to, due when it should happen, and announce:
 *    `await tx.insert(visitReminders).values({ id, visitId, status: 'waiting', sendAfter: dayBefore });
 *    reminderQueue.announce();`
 * 4. A worker started with the server, doing only what a row does:
 *    ```ts
 *    const queue = reminderQueue.connect(database, {
 *      backoff: { baseMs: 60_000, factor: 2, maxMs: 3_600_000, jitter: [0.5, 1] },
 *      maxAttempts: 10, leaseMs: 60_000,
 *    });
 *    const worker = queue.worker({
 *      pollIntervalMs: 30_000,
 *      async process(claim) {
 *        try { await mailReminder(claim.row); await queue.complete(claim); }
 *        catch (error) { await queue.fail(claim, { error: String(error) }); }
 *      },
 *      onError: (error) => logger.error({ err: error }, 'reminder pass failed'),
 *    }).start();
 *    ```
 */
export function defineDurableQueue<T extends SQLiteTable, R = T['$inferSelect']>(
  declaration: DurableQueueDeclaration<T, R>,
): DurableQueueDefinition<T, R> {
  return new DurableQueueDefinition(declaration);
}

/** A declared queue: its table and statuses, its wake-up, and Retry. See {@link defineDurableQueue}. */
export class DurableQueueDefinition<T extends SQLiteTable, R> {
  readonly name: string;
  readonly table: T;
  readonly columns: QueueColumns;
  readonly statuses: QueueStatuses;
  readonly order: readonly SQL[];
  readonly read: QueueRowReader<R>;
  readonly #keys: Map<SQLiteColumn, string>;
  readonly #enqueued = new EventEmitter().setMaxListeners(0);

  constructor(declaration: DurableQueueDeclaration<T, R>) {
    this.name = declaration.name;
    this.table = declaration.table;
    this.columns = declaration.columns;
    this.statuses = declaration.statuses;
    this.order = declaration.order ?? [asc(declaration.columns.sendAfter)];
    const all = getTableColumns(declaration.table) as Record<string, SQLiteColumn>;
    this.#keys = new Map(Object.entries(all).map(([key, column]) => [column, key]));
    this.read = declaration.read ?? {
      selection: all,
      decode: (raw) => raw as R,
    };
    for (const [role, column] of Object.entries(declaration.columns)) {
      if (column && !this.#keys.has(column)) {
        throw new Error(`queue ${this.name}: its ${role} column is not a column of its table`);
      }
    }
  }

  /** The row's property name of one of the queue's columns (for drizzle's `set`). */
  key(column: SQLiteColumn): string {
    return this.#keys.get(column) as string;
  }

  /**
   * Wakes this process's workers of the queue: call it when a row was queued or made due. Inside the
   * write transaction that queued it is fine: a worker woken this way claims through the write
   * queue, so after that transaction committed.
   */
  announce(): void {
    this.#enqueued.emit('enqueued');
  }

  /** Calls `listener` at every {@link announce}; returns what stops it. */
  onAnnounce(listener: () => void): () => void {
    this.#enqueued.on('enqueued', listener);
    return () => this.#enqueued.off('enqueued', listener);
  }

  /** Free to claim: no lease, or one that ran out. */
  unleased(now: Date): SQL {
    const { leaseUntil } = this.columns;
    return or(isNull(leaseUntil), lt(leaseUntil, now)) as SQL;
  }

  /**
   * Retry: makes the rows matching `where` (the caller says which: dead ones, failed ones…) due now
   * and wakes the workers. A row a worker holds right now is left alone. `countAfresh` also sets its
   * attempts to 0 and clears its first attempt (its deadline starts again) and its last error.
   * @returns the ids of the rows made due.
   */
  async retry(
    tx: WriteTransaction,
    where: SQL | undefined,
    { countAfresh, now = new Date() }: { countAfresh: boolean; now?: Date },
  ): Promise<string[]> {
    const { columns } = this;
    const values: Record<string, unknown> = {
      [this.key(columns.status)]: this.statuses.due,
      [this.key(columns.sendAfter)]: now,
      [this.key(columns.leaseUntil)]: null,
    };
    if (columns.updatedAt) values[this.key(columns.updatedAt)] = now;
    if (countAfresh) {
      values[this.key(columns.attempts)] = 0;
      if (columns.firstAttemptAt) values[this.key(columns.firstAttemptAt)] = null;
      if (columns.lastError) values[this.key(columns.lastError)] = null;
    }
    const rows = (await tx
      .update(this.table as SQLiteTable)
      .set(values)
      .where(and(where, this.unleased(now)))
      .returning({ id: columns.id })) as { id: string }[];
    if (rows.length > 0) this.announce();
    return rows.map((row) => row.id);
  }

  /** The queue on `database`, claiming and recording outcomes under `policy`. */
  connect(database: Database, policy: QueuePolicy): DurableQueue<T, R> {
    return new DurableQueue(this, database, policy);
  }
}

/** A declared queue on one database under one policy: claims, outcomes and workers. */
export class DurableQueue<T extends SQLiteTable, R> {
  readonly definition: DurableQueueDefinition<T, R>;
  readonly database: Database;
  readonly clock: Clock;
  readonly #policy: QueuePolicy;
  readonly #delay: (attempts: number, random?: () => number) => number;
  readonly #random: () => number;
  readonly #returning: Record<string, SQL | SQLiteColumn>;

  constructor(definition: DurableQueueDefinition<T, R>, database: Database, policy: QueuePolicy) {
    this.definition = definition;
    this.database = database;
    this.#policy = policy;
    this.clock = policy.clock ?? systemClock;
    this.#random = policy.random ?? Math.random;
    this.#delay = backoff(policy.backoff);
    const { columns } = definition;
    const since = policy.deadline?.from === 'first-attempt' ? columns.firstAttemptAt : columns.createdAt;
    if (policy.deadline && !since) {
      throw new Error(
        `queue ${definition.name}: a deadline from '${policy.deadline.from}' needs that column`,
      );
    }
    this.#returning = {
      ...definition.read.selection,
      [CLAIMED_ID]: columns.id,
      [CLAIMED_ATTEMPTS]: columns.attempts,
      ...(since ? { [CLAIMED_SINCE]: since } : {}),
    };
  }

  /** The backoff wait after `attempts` failed attempts, with this queue's jitter. */
  delayAfter(attempts: number): number {
    return this.#delay(attempts, this.#random);
  }

  /** Due now: waiting and its time has come, or held under a lease that ran out. */
  dueWhere(now: Date): SQL {
    const { columns, statuses } = this.definition;
    const waiting = and(
      eq(columns.status, statuses.due),
      lte(columns.sendAfter, now),
      this.definition.unleased(now),
    ) as SQL;
    if (!statuses.leased || statuses.leased === statuses.due) return waiting;
    return or(waiting, and(eq(columns.status, statuses.leased), lt(columns.leaseUntil, now))) as SQL;
  }

  /** Whether a row matching `where` is due: a read, so an idle poll never takes a turn to write. */
  async hasDue(where?: SQL): Promise<boolean> {
    const { table, columns } = this.definition;
    const found = await this.database.db
      .select({ id: columns.id })
      .from(table as SQLiteTable)
      .where(and(this.dueWhere(this.clock.now()), where))
      .limit(1);
    return found.length > 0;
  }

  /**
   * Claims the first due row (matching `where`, if given) for this worker: one UPDATE that counts the
   * attempt and leases the row, so two workers never hold the same row. `set` adds the row's own
   * values. In `tx` when given, else in a write of its own.
   * @returns the claim, or undefined when nothing is due.
   */
  async claim(
    options: {
      where?: SQL | undefined;
      set?: QueueSet<T> | undefined;
      tx?: WriteTransaction | undefined;
    } = {},
  ): Promise<Claim<R> | undefined> {
    const [claim] = await this.claimUpTo(1, options);
    return claim;
  }

  /**
   * Claims up to `count` due rows at once, in the order they are due, as {@link claim} claims one: a
   * worker with room for several rows takes them in one write.
   */
  claimUpTo(
    count: number,
    options: {
      where?: SQL | undefined;
      set?: QueueSet<T> | undefined;
      tx?: WriteTransaction | undefined;
    } = {},
  ): Promise<Claim<R>[]> {
    const work = async (tx: WriteTransaction) => {
      const { table, columns, order } = this.definition;
      const now = this.clock.now();
      const due = and(this.dueWhere(now), options.where);
      const first = tx
        .select({ id: columns.id })
        .from(table as SQLiteTable)
        .where(due)
        .orderBy(...order)
        .limit(count);
      const claimed = (await tx
        .update(table as SQLiteTable)
        .set({ ...this.#leaseValues(now, sql`${columns.attempts} + 1`), ...options.set })
        .where(and(inArray(columns.id, first), due))
        .returning(this.#returning)) as Record<string, unknown>[];
      return claimed.map((raw) => this.#claimOf(raw));
    };
    return options.tx ? work(options.tx) : this.database.writes.run(work);
  }

  /**
   * Inserts a row already claimed by this worker (its first attempt), unless a row with its key
   * exists: for work that is queued and started at once, such as a scheduled job's run at its time.
   * @returns the claim, or undefined when the row existed.
   */
  async insertClaimed(tx: WriteTransaction, values: T['$inferInsert']): Promise<Claim<R> | undefined> {
    const { table } = this.definition;
    const now = this.clock.now();
    const [raw] = (await tx
      .insert(table as SQLiteTable)
      .values({ ...values, ...this.#leaseValues(now, 1) } as SQLiteTable['$inferInsert'])
      .onConflictDoNothing()
      .returning(this.#returning)) as Record<string, unknown>[];
    return raw ? this.#claimOf(raw) : undefined;
  }

  /**
   * Records the claimed row as done (and `set`, the row's own values such as when it was sent).
   * @returns false when the claim was lost (its lease ran out and another worker took the row).
   */
  complete(
    claim: Claim<R>,
    options: { set?: QueueSet<T> | undefined; tx?: WriteTransaction | undefined } = {},
  ): Promise<boolean> {
    const { columns, statuses } = this.definition;
    const now = this.clock.now();
    const values: Record<string, unknown> = { [this.#key(columns.status)]: statuses.done };
    if (columns.lastError) values[this.#key(columns.lastError)] = null;
    return this.#record(claim, now, values, options);
  }

  /**
   * Records a failed attempt: due again after the backoff wait (or `retryAfterMs`, when the other
   * side said how long to wait), or dead — when `dead` says it can never succeed, after `maxAttempts`
   * attempts, or once the deadline has passed. A wait that would cross the deadline is shortened to
   * end on it; a `retryAfterMs` that crosses it makes the row dead instead.
   * @returns what became of the row; undefined when the claim was lost.
   */
  async fail(
    claim: Claim<R>,
    options: {
      error: string;
      retryAfterMs?: number | undefined;
      dead?: boolean | undefined;
      set?: QueueSet<T> | undefined;
      tx?: WriteTransaction | undefined;
    },
  ): Promise<FailOutcome | undefined> {
    const { columns, statuses } = this.definition;
    const { maxAttempts, deadline } = this.#policy;
    const now = this.clock.now();
    const deadlineAt =
      deadline && claim.deadlineFrom ? claim.deadlineFrom.getTime() + deadline.afterMs : undefined;
    let dead =
      options.dead === true ||
      (maxAttempts !== undefined && claim.attempts >= maxAttempts) ||
      (deadlineAt !== undefined && now.getTime() >= deadlineAt);
    let sendAfter: Date | null = null;
    if (!dead) {
      let at = now.getTime() + (options.retryAfterMs ?? this.delayAfter(claim.attempts));
      if (deadlineAt !== undefined && at > deadlineAt) {
        if (options.retryAfterMs !== undefined) dead = true;
        else at = deadlineAt;
      }
      if (!dead) sendAfter = new Date(at);
    }
    const values: Record<string, unknown> = {
      [this.#key(columns.status)]: dead ? statuses.dead : statuses.due,
    };
    if (columns.lastError) values[this.#key(columns.lastError)] = options.error;
    if (sendAfter) values[this.#key(columns.sendAfter)] = sendAfter;
    // A dead row has no next attempt; a table whose dead status is its due one can only say so this way.
    else if (!columns.sendAfter.notNull) values[this.#key(columns.sendAfter)] = null;
    const held = await this.#record(claim, now, values, options);
    return held ? { dead, sendAfter } : undefined;
  }

  /** Records the claimed row as dead at once, with `error`: it can never succeed as it is. */
  async deadLetter(
    claim: Claim<R>,
    error: string,
    options: { set?: QueueSet<T> | undefined; tx?: WriteTransaction | undefined } = {},
  ): Promise<boolean> {
    return (await this.fail(claim, { ...options, error, dead: true })) !== undefined;
  }

  /** A worker that claims this queue's due rows and hands each to `process`. */
  worker(options: QueueWorkerOptions<R>): QueueWorker<T, R> {
    return new QueueWorker(this, options);
  }

  #key(column: SQLiteColumn): string {
    return this.definition.key(column);
  }

  #leaseValues(now: Date, attempts: SQL | number): Record<string, unknown> {
    const { columns, statuses } = this.definition;
    const values: Record<string, unknown> = {
      [this.#key(columns.status)]: statuses.leased ?? statuses.due,
      [this.#key(columns.attempts)]: attempts,
      [this.#key(columns.leaseUntil)]: new Date(now.getTime() + this.#policy.leaseMs),
    };
    if (columns.firstAttemptAt) {
      values[this.#key(columns.firstAttemptAt)] = sql`coalesce(${columns.firstAttemptAt}, ${now.getTime()})`;
    }
    if (columns.updatedAt) values[this.#key(columns.updatedAt)] = now;
    return values;
  }

  #claimOf(raw: Record<string, unknown>): Claim<R> {
    const { [CLAIMED_ID]: id, [CLAIMED_ATTEMPTS]: attempts, [CLAIMED_SINCE]: since, ...selected } = raw;
    return {
      id: id as string,
      attempts: attempts as number,
      row: this.definition.read.decode(selected),
      deadlineFrom: since instanceof Date ? since : null,
    };
  }

  /** Writes an outcome (and the lease's end) only while `claim` still holds the row. */
  async #record(
    claim: Claim<R>,
    now: Date,
    values: Record<string, unknown>,
    options: { set?: QueueSet<T> | undefined; tx?: WriteTransaction | undefined },
  ): Promise<boolean> {
    const { table, columns, statuses } = this.definition;
    values[this.#key(columns.leaseUntil)] = null;
    if (columns.updatedAt) values[this.#key(columns.updatedAt)] = now;
    const work = async (tx: WriteTransaction) => {
      const result = await tx
        .update(table as SQLiteTable)
        .set({ ...values, ...options.set })
        .where(
          and(
            eq(columns.id, claim.id),
            eq(columns.attempts, claim.attempts),
            eq(columns.status, statuses.leased ?? statuses.due),
          ),
        );
      return result.rowsAffected > 0;
    };
    return options.tx ? work(options.tx) : this.database.writes.run(work);
  }
}

/** What a worker does with the rows it claims; see {@link DurableQueue.worker}. */
export interface QueueWorkerOptions<R> {
  /**
   * Does what the row asks and records the outcome (complete, fail or deadLetter). Returning 'pause'
   * ends the pass: the rest waits for the next poll (the server this queue talks to is down, and
   * each row would only spend a timeout and an attempt).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a process that only records outcomes returns nothing.
  process(claim: Claim<R>): Promise<void | 'pause'>;
  /** How often due rows are looked for besides the wake-up on {@link DurableQueueDefinition.announce}. */
  pollIntervalMs: number;
  /** Rows processed at once (default 1). */
  concurrency?: number | undefined;
  /**
   * Rows of one group (a partner, a quote) are never processed at once: while one is in flight, the
   * others of its group wait.
   */
  oneAtATime?: { column: SQLiteColumn; of(row: R): string } | undefined;
  /** Which due rows this worker may claim (read at every claim), besides being due. */
  where?: (() => SQL | undefined) | undefined;
  /** Told of a failed pass or a `process` that threw (its row's lease runs out and it is tried again). */
  onError(error: unknown): void;
}

/**
 * Claims due rows and processes them, woken on enqueue and polling otherwise (polling-loop.ts). A
 * poll first reads whether anything is due, so an idle worker never takes a turn in the write queue;
 * a wake-up claims at once.
 */
export class QueueWorker<T extends SQLiteTable, R> {
  readonly #queue: DurableQueue<T, R>;
  readonly #options: QueueWorkerOptions<R>;
  readonly #loop: PollingLoop;
  readonly #inFlight = new Map<Promise<void>, string | undefined>();
  #unsubscribe: (() => void) | undefined;
  #woken = false;
  #paused = false;

  constructor(queue: DurableQueue<T, R>, options: QueueWorkerOptions<R>) {
    this.#queue = queue;
    this.#options = options;
    this.#loop = new PollingLoop(
      async () => {
        await this.runDue();
      },
      options.pollIntervalMs,
      options.onError,
    );
  }

  /** Starts listening for announced rows and polling. */
  start(): this {
    this.#unsubscribe ??= this.#queue.definition.onAnnounce(() => this.wake());
    this.#loop.start();
    return this;
  }

  /** Looks for due rows now. */
  wake(): void {
    this.#woken = true;
    this.#loop.wake();
  }

  /** True once stopped: nothing more is claimed. */
  get stopped(): boolean {
    return this.#loop.stopped;
  }

  /**
   * Stops claiming and waits for the rows in flight, at most `graceMs`. A row still in flight after
   * that keeps its lease and is taken over once it runs out.
   */
  async stop(graceMs = 5_000): Promise<void> {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    await this.#loop.stop(graceMs, [...this.#inFlight.keys()]);
  }

  /**
   * One pass: claims and processes due rows until none is due (or a row asked to pause). Rows still
   * in flight when it returns (with a concurrency above 1) wake the worker as they finish.
   * @returns how many rows it claimed.
   */
  async runDue(): Promise<number> {
    const { concurrency = 1, oneAtATime } = this.#options;
    let claimed = 0;
    let direct = this.#woken;
    this.#woken = false;
    this.#paused = false;
    while (!this.#loop.stopped && !this.#paused) {
      if (this.#inFlight.size >= concurrency) {
        await Promise.race(this.#inFlight.keys());
        continue;
      }
      const busy = [...new Set(this.#inFlight.values())].filter((group) => group !== undefined);
      const where = and(
        this.#options.where?.(),
        oneAtATime && busy.length > 0 ? notInArray(oneAtATime.column, busy) : undefined,
      );
      // Woken, or rows were just found: straight to the claim (through the write queue, so after
      // the transaction that queued the row).
      if (!direct && !(await this.#queue.hasDue(where))) break;
      // Rows of one group must not be claimed together: one at a time then.
      const room = oneAtATime ? 1 : concurrency - this.#inFlight.size;
      const claims = await this.#queue.claimUpTo(room, { where });
      if (claims.length === 0) break;
      direct = true;
      claimed += claims.length;
      for (const claim of claims) this.#start(claim);
    }
    if (concurrency === 1) await Promise.all(this.#inFlight.keys());
    return claimed;
  }

  #start(claim: Claim<R>): void {
    const { concurrency = 1, oneAtATime } = this.#options;
    const processing: Promise<void> = this.#options
      .process(claim)
      .then((outcome) => {
        if (outcome === 'pause') this.#paused = true;
      })
      .catch((error: unknown) => this.#options.onError(error))
      .finally(() => {
        this.#inFlight.delete(processing);
        // Another row of its group may be due, left behind by a pass that has ended.
        if (concurrency > 1 && !this.#paused) this.wake();
      });
    this.#inFlight.set(processing, oneAtATime?.of(claim.row));
  }
}
