/**
 * Where the scheduled jobs read the time. Injected, so a test can stand at any instant — 9:05 on the
 * day daylight saving changes, three days before a quote's valid-until date — instead of waiting for
 * it.
 */
export interface Clock {
  now(): Date;
}

/** The real time. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and move by hand. */
export class ManualClock implements Clock {
  #now: number;

  constructor(start: Date | string | number) {
    this.#now = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.#now);
  }

  set(instant: Date | string | number): void {
    this.#now = new Date(instant).getTime();
  }

  advance(milliseconds: number): void {
    this.#now += milliseconds;
  }
}
