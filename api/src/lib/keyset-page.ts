import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Context } from 'hono';
import { z } from 'zod';
import type { Db } from '../db/database.ts';

/**
 * Every admin list pages newest first by (created_at, id), never by created_at alone: one batch
 * writes hundreds of rows with the same created_at, and a cursor on the time alone skips them.
 * `?before=<id>` names the last row already shown; the next page continues after it.
 */
export const pageQuery = {
  before: z.string().min(1).max(200).optional(),
};

/** The columns a list pages by. */
export interface PageKey {
  table: SQLiteTable;
  createdAt: SQLiteColumn;
  id: SQLiteColumn;
}

/** Newest first, ties by id: the order every keyset page uses. */
export function newestFirst(key: PageKey): SQL[] {
  return [desc(key.createdAt), desc(key.id)];
}

/**
 * The condition for rows after the row `beforeId` in {@link newestFirst} order; undefined without a
 * cursor, null when `beforeId` names no row (the caller answers 400).
 */
export async function afterCursor(
  db: Db,
  key: PageKey,
  beforeId: string | undefined,
): Promise<SQL | undefined | null> {
  if (beforeId === undefined) return undefined;
  const [cursor] = await db
    .select({ createdAt: key.createdAt, id: key.id })
    .from(key.table)
    .where(eq(key.id, beforeId));
  if (!cursor) return null;
  return or(
    lt(key.createdAt, cursor.createdAt),
    and(eq(key.createdAt, cursor.createdAt), lt(key.id, cursor.id)),
  ) as SQL;
}

/** Sets `Link: <…?before=<last id>>; rel="next"` when the page is full (more rows may follow). */
export function linkNextPage(
  c: Context,
  rows: readonly { id: string }[],
  limit: number,
  query: Record<string, string | number | undefined> = {},
): void {
  const last = rows.at(-1);
  if (rows.length < limit || !last) return;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...query, limit, before: last.id })) {
    if (value !== undefined) params.set(name, String(value));
  }
  c.header('Link', `<${c.req.path}?${params}>; rel="next"`);
}
