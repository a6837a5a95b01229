/** Anything that can run a write transaction the way drizzle's database does. */
export interface TransactionRunner<Tx> {
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

type TransactionOf<D> = D extends { transaction<T>(work: (tx: infer Tx) => Promise<T>): Promise<T> }
  ? Tx
  : never;

/**
 * The single write path to the database. libSQL on a file allows one writer at a time; concurrent
 * drizzle transactions otherwise fail with SQLITE_BUSY or TRANSACTION_ACTIVE under load. Each job
 * runs in its own transaction, one after another, in arrival order; a failing job rolls back alone
 * and never blocks the jobs behind it.
 */
export class WriteQueue<D extends TransactionRunner<TransactionOf<D>>> {
  #tail: Promise<unknown> = Promise.resolve();
  #pending = 0;

  constructor(private readonly database: D) {}

  /** Number of writes waiting or running; useful for health and back-pressure. */
  get pending(): number {
    return this.#pending;
  }

  /** Runs `work` inside a write transaction once every earlier write has finished. */
  run<T>(work: (tx: TransactionOf<D>) => Promise<T>): Promise<T> {
    this.#pending += 1;
    const result = this.#tail.then(() => this.database.transaction(work));
    // The chain continues whether this job succeeded or not.
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result.finally(() => {
      this.#pending -= 1;
    });
  }

  /** Resolves once every write queued so far has finished (used on shutdown). */
  async drain(): Promise<void> {
    await this.#tail;
  }
}
