import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2's defaults are argon2id with OWASP's minimum cost: 19 MiB, 2 passes, 1 lane.

/** Thrown when too many password checks are already waiting: the caller answers 503 with Retry-After. */
export class PasswordChecksBusy extends Error {
  constructor() {
    super('Too many sign-in attempts are being checked right now.');
  }
}

/**
 * Lets at most `concurrency` argon2 computations run at once and `maxWaiting` wait; more are refused.
 * Each one takes a CPU core and 19 MiB for tens of milliseconds, so a flood of sign-ins would
 * otherwise take every core (and libuv's thread pool) from quote submissions and health checks.
 */
export class HashingGate {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrency) {
      if (this.#waiting.length >= this.maxWaiting) throw new PasswordChecksBusy();
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next waiter, or free it.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}

/** One core is left to the event loop (at least one computation runs). */
const gate = new HashingGate(Math.max(1, availableParallelism() - 1), 64);

/** Hashes a password with argon2id; returns the PHC string ($argon2id$v=19$m=19456,t=2,p=1$…). */
export function hashPassword(password: string): Promise<string> {
  return gate.run(() => hash(password));
}

/**
 * Checks a password against an argon2 PHC hash; false for a wrong password or a malformed hash.
 * @throws PasswordChecksBusy when too many checks are waiting.
 */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return gate.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification when there is no account to check, so a sign-in attempt for an
 * unknown email takes as long as one for a known email with a wrong password.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not the password of anyone');
  await verifyPassword(await dummyHash, password);
  return false;
}
