import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, databaseAnswers, openDatabase } from './database.ts';
import { quoteRequests } from './schema.ts';

let directory: string;
let database: Database;

beforeEach(async () => {
  directory = mkdtempSync(join(tmpdir(), 'cleanquote-db-'));
  database = await openDatabase({ url: `file:${join(directory, 'nested', 'test.db')}` });
});

afterEach(() => {
  database.close();
  rmSync(directory, { recursive: true, force: true });
});

function quoteRow(n: number) {
  return {
    id: `id-${n}`,
    reference: `REF-${n}`,
    serviceType: 'regular-clean',
    name: `Client ${n}`,
    email: `client${n}@example.com`,
    phone: '0491 570 156',
    address: '1 Collins St, Melbourne VIC',
    details: { n },
  };
}

describe('openDatabase on a file', () => {
  it('creates the folder, applies migrations and uses WAL with synchronous FULL', async () => {
    const journal = await database.client.execute('PRAGMA journal_mode');
    expect(journal.rows[0]?.[0]).toBe('wal');
    // synchronous is per connection: check one borrowed by a transaction too, not only the first.
    const tx = await database.client.transaction('read');
    const synchronous = await tx.execute('PRAGMA synchronous');
    tx.close();
    expect(Number(synchronous.rows[0]?.[0])).toBe(2);
    expect(await database.db.select().from(quoteRequests)).toEqual([]);
    expect(await databaseAnswers(database.client)).toBe(true);
  });

  it('reports a closed database as not answering', async () => {
    database.close();
    expect(await databaseAnswers(database.client)).toBe(false);
  });
});

describe('the write queue', () => {
  it('lands 500 concurrent write transactions without SQLITE_BUSY or TRANSACTION_ACTIVE', async () => {
    const writes = Array.from({ length: 500 }, (_, n) =>
      database.writes.run(async (tx) => {
        await tx.insert(quoteRequests).values(quoteRow(n));
        // A read inside the same transaction, as real handlers do (e.g. idempotency checks).
        const [row] = await tx.select({ total: count() }).from(quoteRequests);
        return row?.total ?? 0;
      }),
    );
    // Reads outside the queue keep working while it drains.
    const reads = Array.from({ length: 50 }, () =>
      database.db.select({ total: count() }).from(quoteRequests),
    );
    const results = await Promise.allSettled([...writes, ...reads]);
    const failures = results.filter((result) => result.status === 'rejected');
    expect(failures).toEqual([]);
    const [row] = await database.db.select({ total: count() }).from(quoteRequests);
    expect(row?.total).toBe(500);
    // Writes ran one after another: the n-th write saw exactly n rows.
    const seen = (await Promise.all(writes)).sort((a, b) => a - b);
    expect(seen).toEqual(Array.from({ length: 500 }, (_, n) => n + 1));
  });

  it('rolls back a failing write alone and keeps going', async () => {
    const first = database.writes.run((tx) => tx.insert(quoteRequests).values(quoteRow(1)));
    const duplicate = database.writes.run(async (tx) => {
      await tx.insert(quoteRequests).values(quoteRow(2));
      await tx.insert(quoteRequests).values(quoteRow(1)); // unique id violation
    });
    const after = database.writes.run((tx) => tx.insert(quoteRequests).values(quoteRow(3)));
    await expect(first).resolves.toBeDefined();
    await expect(duplicate).rejects.toThrow();
    await expect(after).resolves.toBeDefined();
    const ids = (await database.db.select({ id: quoteRequests.id }).from(quoteRequests))
      .map((row) => row.id)
      .sort();
    expect(ids).toEqual(['id-1', 'id-3']);
  });

  /** Ids of the quotes a separate connection sees: only what is committed. */
  async function committedIds(): Promise<string[]> {
    const result = await database.client.execute('SELECT id FROM quote_requests ORDER BY id');
    return result.rows.map((row) => String(row.id));
  }

  it('commits the jobs of a batch together, rolls back a failing one alone, and answers after the commit', async () => {
    const seenOutsideDuringB: string[][] = [];
    const seenInsideB: string[] = [];
    const committedWhenSettled = new Map<string, string[]>();
    const settled = (name: string) => async () => {
      committedWhenSettled.set(name, await committedIds());
    };
    // Queued in one turn of the event loop: they share one transaction.
    const a = database.writes.run(async (tx) => {
      await tx.insert(quoteRequests).values(quoteRow(1));
      return 'a';
    });
    const b = database.writes.run(async (tx) => {
      await tx.insert(quoteRequests).values(quoteRow(2));
      // A's row is there inside the shared transaction, but not committed yet.
      seenInsideB.push(
        ...(await tx.select({ id: quoteRequests.id }).from(quoteRequests)).map((row) => row.id),
      );
      seenOutsideDuringB.push(await committedIds());
      return 'b';
    });
    const failing = database.writes.run(async (tx) => {
      await tx.insert(quoteRequests).values(quoteRow(3));
      throw new Error('the job changed its mind');
    });
    const d = database.writes.run(async (tx) => {
      await tx.insert(quoteRequests).values(quoteRow(4));
      return 'd';
    });
    const outcomes = [a, b, failing, d].map((job, index) =>
      job.then(settled(`job ${index}`), settled(`job ${index}`)),
    );

    await expect(a).resolves.toBe('a');
    await expect(b).resolves.toBe('b');
    await expect(failing).rejects.toThrow('the job changed its mind');
    await expect(d).resolves.toBe('d');
    await Promise.all(outcomes);

    expect(seenInsideB.sort()).toEqual(['id-1', 'id-2']);
    expect(seenOutsideDuringB).toEqual([[]]);
    // Each job heard back only once its rows were committed; the failing job's insert is gone.
    expect(committedWhenSettled.get('job 0')).toEqual(expect.arrayContaining(['id-1', 'id-2']));
    expect(committedWhenSettled.get('job 1')).toEqual(expect.arrayContaining(['id-1', 'id-2']));
    expect(committedWhenSettled.get('job 3')).toEqual(['id-1', 'id-2', 'id-4']);
    expect(await committedIds()).toEqual(['id-1', 'id-2', 'id-4']);
  });

  it('runs the others again alone when a failing job took the shared transaction down', async () => {
    const a = database.writes.run((tx) => tx.insert(quoteRequests).values(quoteRow(1)));
    const wrecker = database.writes.run(async (tx) => {
      await tx.insert(quoteRequests).values(quoteRow(2));
      // Ends the transaction the batch shares: nothing of it can commit any more.
      await tx.run(sql`ROLLBACK`);
      throw new Error('wrecked');
    });
    const c = database.writes.run((tx) => tx.insert(quoteRequests).values(quoteRow(3)));
    await expect(a).resolves.toBeDefined();
    await expect(wrecker).rejects.toThrow();
    await expect(c).resolves.toBeDefined();
    expect(await committedIds()).toEqual(['id-1', 'id-3']);
    // The queue keeps working afterwards.
    await database.writes.run((tx) => tx.insert(quoteRequests).values(quoteRow(4)));
    expect(await committedIds()).toEqual(['id-1', 'id-3', 'id-4']);
  });

  it('rolls the whole batch back when a job without a savepoint fails, and runs the others again alone', async () => {
    const a = database.writes.run((tx) => tx.insert(quoteRequests).values(quoteRow(1)), {
      savepoint: false,
    });
    const b = database.writes.run(async (tx) => {
      await tx.insert(quoteRequests).values(quoteRow(2));
      return 'b';
    });
    const failing = database.writes.run(
      async (tx) => {
        await tx.insert(quoteRequests).values(quoteRow(3));
        throw new Error('half-written');
      },
      { savepoint: false },
    );
    const d = database.writes.run((tx) => tx.insert(quoteRequests).values(quoteRow(4)), {
      savepoint: false,
    });
    await expect(a).resolves.toBeDefined();
    await expect(b).resolves.toBe('b');
    await expect(failing).rejects.toThrow('half-written');
    await expect(d).resolves.toBeDefined();
    // The failing job's partial insert never commits; every other job's does, once.
    expect(await committedIds()).toEqual(['id-1', 'id-2', 'id-4']);
  });

  it('drains: resolves once every queued write has finished', async () => {
    const writes = Array.from({ length: 20 }, (_, n) =>
      database.writes.run((tx) => tx.insert(quoteRequests).values(quoteRow(n))),
    );
    expect(database.writes.pending).toBe(20);
    await database.writes.drain();
    expect(database.writes.pending).toBe(0);
    expect(await committedIds()).toHaveLength(20);
    await Promise.all(writes);
  });
});
