/** Anything that can run a write transaction the way drizzle's database does. */
export interface TransactionRunner<Tx> {
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

type TransactionOf<D> = D extends { transaction<T>(work: (tx: infer Tx) => Promise<T>): Promise<T> }
  ? Tx
  : never;

export interface WriteQueueOptions {
  /** Most jobs committed together in one transaction (default 256). 1 turns group commit off. */
  maxBatch?: number;
}

/** Per-job options of {@link WriteQueue.run}. */
export interface WriteJobOptions {
  /**
   * false: in a shared batch, run the job on the batch's transaction directly instead of inside its
   * own SAVEPOINT (two statements fewer per job). If such a job fails, nothing of the batch is kept:
   * the whole transaction rolls back, the job gets its error and the jobs before it run again, alone.
   * Meant for hot-path jobs that practically never fail; default true.
   */
  savepoint?: boolean;
}

/** Thrown inside a batch to roll it back after a job without a savepoint failed. */
class BatchAborted extends Error {}

interface Job<Tx> {
  work: (tx: Tx) => Promise<unknown>;
  savepoint: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * The single write path to the database. libSQL on a file allows one writer at a time; concurrent
 * drizzle transactions otherwise fail with SQLITE_BUSY or TRANSACTION_ACTIVE under load. Jobs run one
 * after another, in arrival order.
 *
 * Group commit (docs/decisions/0004-group-commit.md): the jobs that arrive while a transaction runs and
 * commits wait, then run together in the next transaction, each inside its own SAVEPOINT (drizzle's
 * nested `tx.transaction()`). One commit — one WAL fsync under synchronous FULL — then serves the whole
 * batch. A failing job rolls back to its savepoint alone; the jobs before it commit, the jobs after it
 * run in the next batch. Every job's promise settles only after its transaction committed (or failed),
 * so a caller never acts on a write that could still be lost.
 */
export class WriteQueue<D extends TransactionRunner<TransactionOf<D>>> {
  readonly #maxBatch: number;
  #waiting: Job<TransactionOf<D>>[] = [];
  #draining = false;
  #pending = 0;
  #idle: (() => void)[] = [];

  constructor(
    private readonly database: D,
    options: WriteQueueOptions = {},
  ) {
    this.#maxBatch = Math.max(1, Math.floor(options.maxBatch ?? 256));
  }

  /** Number of writes waiting or running; useful for health and back-pressure. */
  get pending(): number {
    return this.#pending;
  }

  /**
   * Runs `work` inside a write transaction once every earlier write has finished, and resolves with
   * its result once that transaction has committed. `work` may share its transaction with other jobs
   * (each in its own savepoint), so it must not commit, roll back or end the transaction itself; it
   * may run a second time, alone, if the shared transaction fails before its commit — nothing of the
   * first run is then kept. `options.savepoint: false` skips the job's savepoint (see
   * {@link WriteJobOptions}); a failure of the job then costs the whole batch a rerun.
   */
  run<T>(work: (tx: TransactionOf<D>) => Promise<T>, options: WriteJobOptions = {}): Promise<T> {
    this.#pending += 1;
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push({
        work,
        savepoint: options.savepoint ?? true,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      if (!this.#draining) {
        this.#draining = true;
        // Start on the next turn of the event loop, so requests already read in this turn join the
        // first batch instead of each committing alone.
        setImmediate(() => void this.#drain());
      }
    }).finally(() => {
      this.#pending -= 1;
      if (this.#pending === 0) for (const done of this.#idle.splice(0)) done();
    });
  }

  /** Resolves once every write queued so far has finished (used on shutdown). */
  drain(): Promise<void> {
    if (this.#pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  async #drain(): Promise<void> {
    try {
      while (this.#waiting.length > 0) {
        const batch = this.#waiting.splice(0, this.#maxBatch);
        await this.#runBatch(batch);
        // Let the requests that arrived during this commit reach the queue before the next batch.
        if (this.#waiting.length > 0) await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.#draining = false;
    }
  }

  async #runBatch(batch: Job<TransactionOf<D>>[]): Promise<void> {
    const first = batch[0];
    if (batch.length === 1 && first) {
      // Alone: a plain transaction, exactly as without group commit.
      await this.#runAlone(first);
      return;
    }
    const outcomes: Outcome[] = [];
    let committing = false;
    try {
      await this.database.transaction(async (tx) => {
        const nested = tx as TransactionOf<D> & TransactionRunner<TransactionOf<D>>;
        for (const job of batch) {
          try {
            // drizzle's nested transaction: SAVEPOINT, then RELEASE or ROLLBACK TO on failure.
            // Without a savepoint, the job writes on the shared transaction directly.
            outcomes.push({
              ok: true,
              value: job.savepoint ? await nested.transaction(job.work) : await job.work(tx),
            });
          } catch (error) {
            outcomes.push({ ok: false, error });
            // No savepoint to roll back to: the job may have left partial writes, so nothing of the
            // batch may commit. Rolling the transaction back sends every job before it to run alone.
            if (!job.savepoint) throw new BatchAborted();
            // Commit the jobs before this one now; the ones after it start the next batch. Going on
            // could run them on a transaction the failure took down.
            break;
          }
        }
        committing = true;
      });
    } catch (error) {
      if (committing && !transactionWasGone(error) && !(error instanceof BatchAborted)) {
        // COMMIT itself failed (disk full, I/O error): nothing of the batch is kept.
        for (const [index, outcome] of outcomes.entries()) {
          batch[index]?.reject(outcome.ok ? error : outcome.error);
        }
      } else {
        // The shared transaction ended before its commit — it could not begin, or a job's failure
        // took it down — so nothing of it is kept. Each job that did not fail by itself runs again,
        // alone; a job that failed keeps its own error.
        const ran = outcomes.length === 0 ? batch : batch.slice(0, outcomes.length);
        for (const [index, job] of ran.entries()) {
          const outcome = outcomes[index];
          if (outcome && !outcome.ok) job.reject(outcome.error);
          else await this.#runAlone(job);
        }
        if (outcomes.length === 0) return;
      }
      this.#waiting.unshift(...batch.slice(outcomes.length));
      return;
    }
    for (const [index, outcome] of outcomes.entries()) {
      if (outcome.ok) batch[index]?.resolve(outcome.value);
      else batch[index]?.reject(outcome.error);
    }
    // Jobs after a failed one go first in the next batch, keeping arrival order.
    this.#waiting.unshift(...batch.slice(outcomes.length));
  }

  async #runAlone(job: Job<TransactionOf<D>>): Promise<void> {
    try {
      job.resolve(await this.database.transaction(job.work));
    } catch (error) {
      job.reject(error);
    }
  }
}

/** True when COMMIT failed only because a job's failure had already ended the transaction. */
function transactionWasGone(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === 'TRANSACTION_CLOSED' ||
    (typeof message === 'string' && /no transaction is active|transaction is closed/i.test(message))
  );
}
