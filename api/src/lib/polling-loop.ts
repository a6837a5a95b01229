/**
 * The rhythm of a durable queue's worker (durable-queue.ts): a pass runs when the worker is woken
 * (something was queued) and every `pollIntervalMs` otherwise (retries that come due, work queued by
 * another process). Never two passes at once: a wake during a pass runs another right after it, so
 * nothing queued meanwhile waits for the poll.
 */
export class PollingLoop {
  readonly #pass: () => Promise<void>;
  readonly #pollIntervalMs: number;
  readonly #onError: (error: unknown) => void;
  #timer: NodeJS.Timeout | undefined;
  #current: Promise<void> | undefined;
  #again = false;
  #started = false;
  #stopped = false;

  /**
   * @param pass - one pass over the queue; it should return once nothing more is due.
   * @param onError - what a failed pass is told to (the database may be closing or briefly
   *   unavailable: the next pass tries again).
   */
  constructor(pass: () => Promise<void>, pollIntervalMs: number, onError: (error: unknown) => void) {
    this.#pass = pass;
    this.#pollIntervalMs = pollIntervalMs;
    this.#onError = onError;
  }

  /** True once stopped: a pass still running should take nothing new. */
  get stopped(): boolean {
    return this.#stopped;
  }

  /** Runs the first pass now, then polls. */
  start(): void {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    this.#schedule(0);
  }

  /** Runs a pass now, or right after the one running. */
  wake(): void {
    if (this.#stopped || !this.#started) return;
    if (this.#current) {
      this.#again = true;
      return;
    }
    this.#schedule(0);
  }

  /**
   * Stops passing and waits for the pass running (and `alsoWaitFor`, work the pass started), at most
   * `graceMs`.
   */
  async stop(graceMs: number, alsoWaitFor: readonly Promise<unknown>[] = []): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    const pending = [this.#current, ...alsoWaitFor].filter(Boolean);
    if (pending.length === 0) return;
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(pending),
      new Promise<void>((resolve) => {
        timeout = setTimeout(resolve, graceMs);
      }),
    ]);
    clearTimeout(timeout);
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#current = this.#run().finally(() => {
        this.#current = undefined;
        if (this.#again) {
          this.#again = false;
          this.#schedule(0);
        } else {
          this.#schedule(this.#pollIntervalMs);
        }
      });
    }, delayMs);
  }

  async #run(): Promise<void> {
    try {
      do {
        this.#again = false;
        await this.#pass();
      } while (this.#again && !this.#stopped);
    } catch (error) {
      this.#onError(error);
    }
  }
}
