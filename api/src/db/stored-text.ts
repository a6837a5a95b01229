import type { Client } from '@libsql/client';
import { type Column, getTableColumns, getTableName, is, type SQL, sql } from 'drizzle-orm';
import { type SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';

/*
 * libSQL aborts the whole process (a Rust panic, not an exception) when it reads a TEXT value whose
 * bytes are not UTF-8. Such a value can only come from outside the app's validation — an older
 * version that stored a lone surrogate through SQLite's JSON functions, or another writer. Two
 * defences keep one bad row from taking the site down:
 *  - at start-up, `repairMalformedText` finds such values in every table (reading them as hex,
 *    which is always safe) and rewrites them with U+FFFD in place of the bad bytes;
 *  - the readers of customer data (the quote list, the outbox list, the mail worker) read text columns
 *    through `storedTextReader`, so a value that arrived after start-up still cannot crash them.
 */

const strict = new TextDecoder('utf-8', { fatal: true });
const lossy = new TextDecoder('utf-8');

/** Text from its stored bytes (hex); bytes that are not UTF-8 become U+FFFD and `valid` is false. */
export function decodeStoredText(hex: string): { text: string; valid: boolean } {
  const bytes = Buffer.from(hex, 'hex');
  try {
    return { text: strict.decode(bytes), valid: true };
  } catch {
    return { text: lossy.decode(bytes), valid: false };
  }
}

type TableColumn = Column & { columnType: string; name: string };

function isTextColumn(column: Column): boolean {
  return (column as TableColumn).columnType.startsWith('SQLiteText');
}

/** The hex of a text column's bytes, or NULL: `hex(NULL)` would be '' and lose the difference. */
function hexOf(column: Column): SQL<string | null> {
  return sql<string | null>`iif(${column} IS NULL, NULL, hex(${column}))`;
}

/** Reads rows of one table whose text may not be UTF-8: a selection to query with, and its decoder. */
export interface StoredTextReader<Row> {
  /** For `select(…)` or `returning(…)`: text columns as hex, the others as they are. */
  readonly selection: Record<string, SQL | SQLiteColumn>;
  /** The row as drizzle would have read it; `malformed` names the columns whose bytes were not UTF-8. */
  decode(raw: Record<string, unknown>): { row: Row; malformed: string[] };
}

/**
 * A reader for `keys` of `table` (all columns when omitted) that never hands libSQL text to decode.
 * JSON columns are parsed after decoding, as drizzle does.
 */
export function storedTextReader<T extends SQLiteTable, K extends keyof T['$inferSelect'] & string>(
  table: T,
  keys?: readonly K[],
): StoredTextReader<Pick<T['$inferSelect'], K>> {
  const columns = getTableColumns(table) as Record<string, Column>;
  const picked = (keys ?? (Object.keys(columns) as K[])).map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return { key, column, text: isTextColumn(column) };
  });
  const selection: Record<string, SQL | SQLiteColumn> = Object.fromEntries(
    picked.map(({ key, column, text }) => [key, text ? hexOf(column) : (column as SQLiteColumn)]),
  );
  return {
    selection,
    decode(raw) {
      const row: Record<string, unknown> = {};
      const malformed: string[] = [];
      for (const { key, column, text } of picked) {
        const value = raw[key];
        if (!text || value === null || value === undefined) {
          row[key] = value;
          continue;
        }
        const decoded = decodeStoredText(String(value));
        if (!decoded.valid) malformed.push((column as TableColumn).name);
        row[key] = column.mapFromDriverValue(decoded.text);
      }
      return { row: row as Pick<T['$inferSelect'], K>, malformed };
    },
  };
}

/** One value that was not UTF-8 and has been rewritten. */
export interface MalformedTextRepair {
  table: string;
  column: string;
  /** The row's primary key (or rowid). */
  rowKey: string;
}

/** What an outbox mail whose own text had to be repaired says to staff. */
export const REPAIRED_MAIL_ERROR =
  'Stored text of this mail was not valid UTF-8 and was repaired with U+FFFD; check the mail, then retry it.';

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Finds every stored text value that is not UTF-8 in the tables of `schema` and rewrites it with
 * U+FFFD in place of the bad bytes. A queued mail among them is dead-lettered with
 * {@link REPAIRED_MAIL_ERROR} instead of being sent with damaged text. Only values containing a
 * character outside printable ASCII are read (as hex), so a clean database costs one scan per table.
 */
export async function repairMalformedText(
  client: Client,
  schema: Record<string, unknown>,
): Promise<MalformedTextRepair[]> {
  const repairs: MalformedTextRepair[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, SQLiteTable)) continue;
    const name = getTableName(table);
    const columns = Object.values(getTableColumns(table)).filter(isTextColumn) as TableColumn[];
    if (columns.length === 0) continue;
    const primary = Object.values(getTableColumns(table)).find((column) => column.primary) as
      | TableColumn
      | undefined;
    const key = primary ? quoteIdentifier(primary.name) : 'rowid';
    const suspect = (column: TableColumn) => `${quoteIdentifier(column.name)} GLOB '*[^ -~]*'`;
    const scan = await client.execute(
      `SELECT rowid AS row_number, hex(${key}) AS row_key, ${columns
        .map(
          (column, index) =>
            `iif(${suspect(column)}, hex(${quoteIdentifier(column.name)}), NULL) AS c${index}`,
        )
        .join(', ')} FROM ${quoteIdentifier(name)} WHERE ${columns.map(suspect).join(' OR ')}`,
    );
    for (const row of scan.rows) {
      const fixes: { column: TableColumn; text: string }[] = [];
      columns.forEach((column, index) => {
        const hex = row[`c${index}`];
        if (typeof hex !== 'string') return;
        const decoded = decodeStoredText(hex);
        if (!decoded.valid) fixes.push({ column, text: decoded.text });
      });
      if (fixes.length === 0) continue;
      const assignments = fixes.map(({ column }) => `${quoteIdentifier(column.name)} = ?`);
      const args: (string | number | bigint)[] = fixes.map(({ text }) => text);
      if (name === 'outbox') {
        assignments.push(
          `status = iif(status IN ('queued', 'sending'), 'dead', status)`,
          `last_error = iif(status IN ('queued', 'sending'), ?, last_error)`,
          'lease_until = NULL',
        );
        args.push(REPAIRED_MAIL_ERROR);
      }
      args.push(row.row_number as number);
      await client.execute({
        sql: `UPDATE ${quoteIdentifier(name)} SET ${assignments.join(', ')} WHERE rowid = ?`,
        args,
      });
      const rowKey = decodeStoredText(String(row.row_key ?? '')).text;
      for (const { column } of fixes) repairs.push({ table: name, column: column.name, rowKey });
    }
  }
  return repairs;
}
