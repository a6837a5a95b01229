import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database.ts';
import { jsonRowsInsert } from './json-rows-insert.ts';
import { outbox } from './schema.ts';

let directory: string;
let database: Database;
beforeEach(async () => {
  directory = mkdtempSync(join(tmpdir(), 'cleanquote-json-rows-'));
  database = await openDatabase({ url: `file:${join(directory, 'test.db')}` });
});
afterEach(() => {
  database.close();
  rmSync(directory, { recursive: true, force: true });
});

const at = new Date('2026-11-22T01:02:03.456Z');
function mail(id: string, overrides: Partial<typeof outbox.$inferInsert> = {}) {
  return {
    id,
    kind: 'test',
    messageId: `<${id}@clean.example>`,
    toAddress: 'client@example.com',
    toName: null,
    subject: 'Ünïcode "quotes", \\ backslashes, \n line breaks and emoji 🧽',
    textBody: 'x'.repeat(5_000),
    headers: { 'List-Unsubscribe': '<https://clean.example/u?t=1>' },
    nextAttemptAt: at,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  } satisfies typeof outbox.$inferInsert;
}
const columns = [
  'id',
  'kind',
  'messageId',
  'toAddress',
  'toName',
  'subject',
  'textBody',
  'headers',
  'nextAttemptAt',
  'createdAt',
  'updatedAt',
] as const;

describe('jsonRowsInsert', () => {
  it('stores a lone surrogate as U+FFFD, as drizzle does, never as bytes that are not UTF-8', async () => {
    const insert = jsonRowsInsert(outbox, columns);
    // Reading bytes that are not UTF-8 aborts the process inside libSQL: this test would crash, not fail.
    await database.db.run(insert([mail('a-1', { toName: 'Jo\ud800', subject: '\udfff' })]));
    await database.db.insert(outbox).values(mail('b-1', { toName: 'Jo\ud800', subject: '\udfff' }));
    const rows = await database.db.select({ toName: outbox.toName, subject: outbox.subject }).from(outbox);
    expect(rows).toEqual([
      { toName: 'Jo\ufffd', subject: '\ufffd' },
      { toName: 'Jo\ufffd', subject: '\ufffd' },
    ]);
  });

  it('stores exactly what drizzle’s own insert stores: text, JSON, dates, nulls, defaults', async () => {
    const insert = jsonRowsInsert(outbox, columns);
    await database.db.run(insert([mail('a-1'), mail('a-2', { toName: 'Priya', headers: null })]));
    await database.db.insert(outbox).values([mail('b-1'), mail('b-2', { toName: 'Priya', headers: null })]);
    const rows = await database.db.select().from(outbox).orderBy(asc(outbox.id));
    expect(rows).toHaveLength(4);
    const [a1, a2, b1, b2] = rows;
    expect({ ...a1, id: '', messageId: '' }).toEqual({ ...b1, id: '', messageId: '' });
    expect({ ...a2, id: '', messageId: '' }).toEqual({ ...b2, id: '', messageId: '' });
    expect(a1).toMatchObject({ status: 'queued', attempts: 0, nextAttemptAt: at, toName: null });
    expect(a1?.headers).toEqual({ 'List-Unsubscribe': '<https://clean.example/u?t=1>' });
    expect(a2?.toName).toBe('Priya');
  });

  it('runs the tail after the rows, so a conflict clause can skip rows and RETURNING name the stored ones', async () => {
    const insert = jsonRowsInsert(outbox, columns, 'ON CONFLICT DO NOTHING RETURNING id');
    await database.db.run(insert([mail('taken')]));
    const stored = await database.db.all<{ id: string }>(
      insert([mail('new-1'), mail('taken'), mail('new-2')]),
    );
    expect(stored.map((row) => row.id).sort()).toEqual(['new-1', 'new-2']);
  });

  it('refuses an empty list of rows', () => {
    expect(() => jsonRowsInsert(outbox, columns)([])).toThrow(/at least one row/);
  });
});
