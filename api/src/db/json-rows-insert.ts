import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';

const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const LONE_SURROGATES = /[\uD800-\uDFFF]/gu;

/**
 * A lone surrogate, bound as a parameter, is stored as U+FFFD by the driver; but inside the JSON
 * parameter JSON.stringify writes it as a `\ud800` escape, which json_each decodes into bytes that are
 * not UTF-8 — and libSQL aborts the process when it later reads them. Replace it as the driver does.
 */
function wellFormed(text: string): string {
  return LONE_SURROGATE.test(text) ? text.replace(LONE_SURROGATES, '\uFFFD') : text;
}

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Builds a multi-row INSERT into `table` whose text never changes and whose only parameter is the
 * rows, sent as one JSON array of arrays that SQLite unpacks with json_each:
 *
 *   INSERT INTO "t" ("a", "b") SELECT value->>0, value->>1 FROM json_each(?) WHERE true <tail>
 *
 * drizzle's insert builder walks every value of every row to build the statement, which cost more CPU
 * than SQLite's own work for a batch of quotes (docs/decisions/0006-quote-intake-batches.md); this costs
 * one JSON.stringify. Each value is first encoded as drizzle would bind it (the column's
 * `mapToDriverValue`: a Date becomes epoch milliseconds, a JSON column its text), so what is stored is
 * identical to a drizzle insert of the same rows. `WHERE true` lets an `ON CONFLICT` clause follow the
 * SELECT (SQLite's upsert parsing rule).
 *
 * @param table the drizzle table.
 * @param keys the columns to fill, by their property names (an undefined value is stored as NULL);
 *   the other columns take their SQL defaults.
 * @param tail SQL after the SELECT, e.g. `ON CONFLICT DO NOTHING RETURNING "id"`.
 * @returns a function that makes the statement for some rows (at least one).
 */
export function jsonRowsInsert<T extends SQLiteTable, K extends keyof T['$inferInsert'] & string>(
  table: T,
  keys: readonly K[],
  tail = '',
): (rows: readonly Pick<T['$inferInsert'], K>[]) => SQL {
  const columns = getTableColumns(table);
  const picked = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return { key, column };
  });
  const head = sql.raw(
    `INSERT INTO ${quoteName(getTableName(table))} (${picked.map(({ column }) => quoteName(column.name)).join(', ')}) SELECT ${picked.map((_, index) => `value->>${index}`).join(', ')} FROM json_each(`,
  );
  const end = sql.raw(`) WHERE true${tail ? ` ${tail}` : ''}`);
  return (rows) => {
    if (rows.length === 0) throw new Error('jsonRowsInsert needs at least one row');
    const encoded = rows.map((row) =>
      picked.map(({ key, column }) => {
        const value = row[key];
        if (value === null || value === undefined) return null;
        const encoded: unknown = column.mapToDriverValue(value);
        return typeof encoded === 'string' ? wellFormed(encoded) : encoded;
      }),
    );
    return sql`${head}${JSON.stringify(encoded)}${end}`;
  };
}
