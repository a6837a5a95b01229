/** The outcome of counting one event against a limit. */
export interface LimitDecision {
  allowed: boolean;
  /** Whole seconds until the next event would be allowed (for Retry-After); 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * Counts events per key in a sliding window (a log of timestamps, so "10 in 15 minutes" means
 * exactly that). In memory: one Node process serves the app. Keys that fall idle are swept, and the
 * number of keys is capped so a flood of addresses cannot exhaust memory.
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
