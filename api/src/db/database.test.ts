import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
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
});
