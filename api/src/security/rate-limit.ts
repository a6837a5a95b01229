import { and, count, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { rateLimitEvents } from '../db/schema.ts';
import type { WriteTransaction } from '../mail/outbox.ts';

/** The outcome of counting one event against a limit. */
export interface LimitDecision {
  allowed: boolean;
  /** Whole seconds until the next event would be allowed (for Retry-After); 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * Counts events per key in a sliding window (a log of timestamps, so "10 in 15 minutes" means
 * exactly that). In memory, so each app process counts apart: it guards the public POSTs against
 * floods without a database write per request (see SCALING.md). Keys that fall idle are swept, and
 * the number of keys is capped so a flood of addresses cannot exhaust memory.
 */
export class SlidingWindowLimiter {
  readonly #events = new Map<string, number[]>();
  #sinceSweep = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly maxKeys = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  #recent(key: string, now: number): number[] {
    const events = this.#events.get(key);
    if (!events) return [];
    const cutoff = now - this.windowMs;
    while (events.length > 0 && (events[0] ?? 0) <= cutoff) events.shift();
    if (events.length === 0) this.#events.delete(key);
    return events;
  }

  #retryAfter(events: number[], now: number): number {
    const oldest = events[events.length - this.limit] ?? now;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }

  /** Whether the key is over its limit right now, without counting anything. */
  check(key: string): LimitDecision {
    const now = this.now();
    const events = this.#recent(key, now);
    return events.length >= this.limit
      ? { allowed: false, retryAfterSeconds: this.#retryAfter(events, now) }
      : { allowed: true, retryAfterSeconds: 0 };
  }

  /** Records one event for the key. */
  record(key: string): void {
    const now = this.now();
    const events = this.#recent(key, now);
    if (events.length === 0) {
      if (this.#events.size >= this.maxKeys) {
        // Map iteration follows insertion order: the first key is the longest-lived one.
        const first = this.#events.keys().next();
        if (!first.done) this.#events.delete(first.value);
      }
      this.#events.set(key, events);
    }
    events.push(now);
    if (events.length > this.limit) events.splice(0, events.length - this.limit);
    this.#sweep(now);
  }

  /** Counts one event and says whether it is within the limit (a refused event is not counted). */
  hit(key: string): LimitDecision {
    const decision = this.check(key);
    if (decision.allowed) this.record(key);
    return decision;
  }

  /** Takes back the key's latest event (an attempt counted in advance that did not happen after all). */
  release(key: string): void {
    const events = this.#events.get(key);
    events?.pop();
    if (events?.length === 0) this.#events.delete(key);
  }

  /** Forgets a key (e.g. the failures of an address that then signed in). */
  reset(key: string): void {
    this.#events.delete(key);
  }

  #sweep(now: number): void {
    this.#sinceSweep += 1;
    if (this.#sinceSweep < 1_000) return;
    this.#sinceSweep = 0;
    for (const key of [...this.#events.keys()]) this.#recent(key, now);
  }
}

/** How often (in counted events) a shared limiter deletes the expired events of every key. */
export const SHARED_SWEEP_EVERY = 500;

/**
 * The same sliding window as {@link SlidingWindowLimiter}, held in the database so that every app
 * process on it counts against one limit: two processes behind a load balancer must not double the
 * number of password guesses an address gets. Counting is one conditional INSERT through the write
 * queue, so concurrent attempts — in this process or another — can never pass the limit together.
 * Meant for rare events (failed sign-ins): each counted event is a write.
 */
export class SharedSlidingWindowLimiter {
  #sinceSweep = 0;

  constructor(
    private readonly database: Database,
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async #retryAfter(key: string, now: number): Promise<number> {
    // The event whose leaving the window frees a place: the limit-th newest.
    const [oldest] = await this.database.db
      .select({ expiresAt: rateLimitEvents.expiresAt })
      .from(rateLimitEvents)
      .where(and(eq(rateLimitEvents.key, key), gt(rateLimitEvents.expiresAt, now)))
      .orderBy(desc(rateLimitEvents.expiresAt), desc(rateLimitEvents.id))
      .limit(1)
      .offset(this.limit - 1);
    return Math.max(1, Math.ceil(((oldest?.expiresAt ?? now) - now) / 1000));
  }

  /** Whether the key is over its limit right now, without counting anything. */
  async check(key: string): Promise<LimitDecision> {
    const now = this.now();
    const [row] = await this.database.db
      .select({ events: count() })
      .from(rateLimitEvents)
      .where(and(eq(rateLimitEvents.key, key), gt(rateLimitEvents.expiresAt, now)));
    return (row?.events ?? 0) >= this.limit
      ? { allowed: false, retryAfterSeconds: await this.#retryAfter(key, now) }
      : { allowed: true, retryAfterSeconds: 0 };
  }

  /** Records one event for the key, whatever the count. */
  async record(key: string): Promise<void> {
    const now = this.now();
    await this.database.writes.run(async (tx) => {
      await tx.insert(rateLimitEvents).values({ key, expiresAt: now + this.windowMs });
      await this.#sweep(tx, now);
    });
  }

  /** Counts one event and says whether it is within the limit (a refused event is not counted). */
  async hit(key: string): Promise<LimitDecision> {
    const now = this.now();
    const counted = await this.database.writes.run(async (tx) => {
      // One statement decides and counts: within the write transaction no other attempt, from any
      // process, can slip between the count and the insert.
      const result = await tx.run(sql`
        INSERT INTO ${rateLimitEvents} (${sql.identifier(rateLimitEvents.key.name)}, ${sql.identifier(rateLimitEvents.expiresAt.name)})
        SELECT ${key}, ${now + this.windowMs}
        WHERE (SELECT count(*) FROM ${rateLimitEvents}
               WHERE ${rateLimitEvents.key} = ${key} AND ${rateLimitEvents.expiresAt} > ${now}) < ${this.limit}`);
      await this.#sweep(tx, now);
      return result.rowsAffected > 0;
    });
    return counted
      ? { allowed: true, retryAfterSeconds: 0 }
      : { allowed: false, retryAfterSeconds: await this.#retryAfter(key, now) };
  }

  /** Takes back the key's latest event (an attempt counted in advance that did not happen after all). */
  async release(key: string): Promise<void> {
    await this.database.writes.run(async (tx) => {
      const [latest] = await tx
        .select({ id: rateLimitEvents.id })
        .from(rateLimitEvents)
        .where(eq(rateLimitEvents.key, key))
        .orderBy(desc(rateLimitEvents.expiresAt), desc(rateLimitEvents.id))
        .limit(1);
      if (latest) await tx.delete(rateLimitEvents).where(eq(rateLimitEvents.id, latest.id));
    });
  }

  /** Forgets a key (e.g. the failures of an address that then signed in). */
  async reset(key: string): Promise<void> {
    await this.database.writes.run((tx) => tx.delete(rateLimitEvents).where(eq(rateLimitEvents.key, key)));
  }

  async #sweep(tx: WriteTransaction, now: number): Promise<void> {
    this.#sinceSweep += 1;
    if (this.#sinceSweep < SHARED_SWEEP_EVERY) return;
    this.#sinceSweep = 0;
    await tx.delete(rateLimitEvents).where(lte(rateLimitEvents.expiresAt, now));
  }
}
