import type { PricedQuoteStatus, QuoteListQuery } from '@cleanquote/quote-core/staff';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Context } from 'hono';
import type { Db } from '../db/database.ts';
import { quoteRequests } from '../db/schema.ts';
import { decodeStoredText, type StoredTextReader, storedTextReader } from '../db/stored-text.ts';
import { addDays, melbourneDayStart } from '../lib/melbourne-time.ts';
import { awaitingCustomer, latestQuoteStatus } from '../priced-quotes/latest-version.ts';
import { acceptedNotBooked } from '../schedule/booking-counts.ts';
import { phoneDigits } from './phone-digits.ts';

/** The parameters a client may send, in the order the Link header repeats them. */
const QUERY_PARAMS = [
  'status',
  'service',
  'source',
  'q',
  'from',
  'to',
  'returning',
  'awaiting',
  'sort',
] as const;

// Column references written out for the correlated subqueries, where drizzle would leave the outer
// table unnamed.
const outer = (column: string) => sql.raw(`"quote_requests"."${column}"`);

/**
 * True for a quote when an EARLIER quote has the same email (case-insensitive) or the same phone digits:
 * two index seeks (quote_requests_email_key, quote_requests_phone_digits) per quote.
 */
export const returningCustomer: SQL<number> = sql<number>`(exists (select 1 from "quote_requests" as "earlier" where lower("earlier"."email") = lower(${outer('email')}) and ("earlier"."created_at", "earlier"."id") < (${outer('created_at')}, ${outer('id')})) or (${outer('phone_digits')} != '' and exists (select 1 from "quote_requests" as "earlier" where "earlier"."phone_digits" = ${outer('phone_digits')} and ("earlier"."created_at", "earlier"."id") < (${outer('created_at')}, ${outer('id')}))))`;

/** Looks like (part of) a phone number: digits with the usual spacing and punctuation. */
const PHONE_LIKE = /^[\d\s()+.\-/]+$/u;
/** FTS5's trigram index needs three characters; shorter text is matched by a scan instead. */
const TRIGRAM = 3;

/** A phrase for an FTS5 query: the text in double quotes, its own double quotes doubled. */
const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** `LIKE` pattern for a substring, with LIKE's wildcards in the text escaped. */
const likeSubstring = (text: string) => `%${text.replace(/[\\%_]/g, (wildcard) => `\\${wildcard}`)}%`;

/**
 * Beyond this many trigram matches, a page is read newest first through the created_at index, testing
 * each quote against the matches, and stops at the page's end; up to it, the matches found (read once,
 * at most this many) are looked up by rowid and sorted. Each way's cost stays bounded whatever the
 * table's size (docs/decisions/0013).
 */
export const BROAD_SEARCH_MATCHES = 2_000;

/**
 * `q`: a substring of the name, email or address, case-insensitive (and accent-insensitive); and when
 * q looks like a phone number, its digits within the phone's digits ('0491 570' finds '0491570158').
 * Three characters or more go through the FTS5 trigram table quote_search; shorter ones scan.
 */
async function searchCondition(db: Db, q: string): Promise<{ condition: SQL; byMatches: boolean }> {
  const digits = PHONE_LIKE.test(q) ? phoneDigits(q) : '';
  const match: string[] = [];
  const scans: SQL[] = [];
  if ([...q].length >= TRIGRAM) match.push(`{name email address} : ${phrase(q)}`);
  else {
    const pattern = likeSubstring(q);
    scans.push(
      sql`(${quoteRequests.name} like ${pattern} escape '\\' or ${quoteRequests.email} like ${pattern} escape '\\' or ${quoteRequests.address} like ${pattern} escape '\\')`,
    );
  }
  if (digits.length >= TRIGRAM) match.push(`phone_digits : ${phrase(digits)}`);
  else if (digits !== '') scans.push(sql`instr(${quoteRequests.phoneDigits}, ${digits}) > 0`);
  const conditions = [...scans];
  let byMatches = false;
  if (match.length > 0) {
    const expression = match.map((part) => `(${part})`).join(' OR ');
    const matches = sql`select "rowid" from "quote_search" where "quote_search" match ${expression}`;
    const found = await db.all<{ rowid: number }>(sql`${matches} limit ${BROAD_SEARCH_MATCHES + 1}`);
    if (found.length > BROAD_SEARCH_MATCHES) {
      // `+rowid` keeps the planner from driving the query by the matches (then sorting them all).
      conditions.unshift(sql`+"quote_requests"."rowid" in (${matches})`);
    } else {
      // The matches in hand: looked up by rowid, without asking the trigram index again.
      const rowids = JSON.stringify(found.map((row) => row.rowid));
      conditions.unshift(sql`${outer('rowid')} in (select "value" from json_each(${rowids}))`);
      byMatches = scans.length === 0;
    }
  }
  const condition =
    conditions.length === 1 ? (conditions[0] as SQL) : sql`(${sql.join(conditions, sql` or `)})`;
  return { condition, byMatches };
}

/** The stored source a `source` parameter names: 'main-site', or 'partner:<key>' for a key. */
function storedSource(source: string): string {
  return source === 'main-site' || source.startsWith('partner:') ? source : `partner:${source}`;
}

/** A query's filters as SQL; see {@link filterConditions}. */
export interface Filters {
  conditions: SQL[];
  /**
   * True when a search found few enough quotes to read them by rowid: then no other index may drive the
   * query (SQLite would step through, say, every open quote testing each against the matches).
   */
  byMatches: boolean;
}

/** A column as a query term: `+column` keeps SQLite from driving the query by its index. */
const term = (filters: Pick<Filters, 'byMatches'>, column: SQLiteColumn) =>
  filters.byMatches ? sql`+${column}` : sql`${column}`;

/** The filters of a query (everything but the cursor and the order), as SQL conditions. */
export async function filterConditions(db: Db, query: QuoteListQuery): Promise<Filters> {
  const search = query.q ? await searchCondition(db, query.q) : undefined;
  const filters: Filters = { conditions: [], byMatches: search?.byMatches ?? false };
  const { conditions } = filters;
  const createdAt = term(filters, quoteRequests.createdAt);
  if (query.status) conditions.push(sql`${term(filters, quoteRequests.status)} = ${query.status}`);
  if (query.service) conditions.push(sql`${term(filters, quoteRequests.serviceType)} = ${query.service}`);
  if (query.source) {
    const source = storedSource(query.source);
    conditions.push(sql`${term(filters, quoteRequests.source)} = ${source}`);
    // Spelled out so SQLite may use the partial index of partner quotes (schema.ts).
    if (source !== 'main-site') conditions.push(sql`${quoteRequests.source} != 'main-site'`);
  }
  if (query.from) conditions.push(sql`${createdAt} >= ${melbourneDayStart(query.from).getTime()}`);
  // `to` is inclusive: everything before the next Melbourne day begins.
  if (query.to) conditions.push(sql`${createdAt} < ${melbourneDayStart(addDays(query.to, 1)).getTime()}`);
  if (query.returning === '1' || query.returning === 'true') conditions.push(returningCustomer);
  if (query.awaiting === 'customer') conditions.push(awaitingCustomer);
  if (query.awaiting === 'booking') conditions.push(acceptedNotBooked);
  if (search) conditions.push(search.condition);
  return filters;
}

/**
 * Where a page continues. Newest first, the cursor is the last quote shown. Sorted by reply due, the
 * list is two runs — the open quotes (status new), oldest first, so the most overdue lead; then the
 * rest, newest first — and the cursor says which run it is in ('open:<id>'), so a quote marked
 * contacted between two pages does not send the next page past the open quotes still to show.
 */
export interface Cursor {
  phase: 'open' | 'rest';
  createdAt: number;
  id: string;
}

const OPEN_PREFIX = 'open:';

/** The `before` value that continues after `row`. */
export function cursorValue(query: QuoteListQuery, row: { id: string; status: string }): string {
  return query.sort === 'reply-due' && row.status === 'new' ? `${OPEN_PREFIX}${row.id}` : row.id;
}

/** The cursor `before` names; null when it names no quote (400). */
export async function readCursor(db: Db, query: QuoteListQuery): Promise<Cursor | undefined | null> {
  if (query.before === undefined) return undefined;
  const open = query.before.startsWith(OPEN_PREFIX);
  const id = open ? query.before.slice(OPEN_PREFIX.length) : query.before;
  const [row] = await db
    .select({ createdAt: sql<number>`${quoteRequests.createdAt}`, status: quoteRequests.status })
    .from(quoteRequests)
    .where(eq(quoteRequests.id, id));
  if (!row) return null;
  // A bare id in the reply-due order: the run the quote is in now.
  const phase = query.sort === 'reply-due' && (open || row.status === 'new') ? 'open' : 'rest';
  return { phase, createdAt: row.createdAt, id };
}

type QuoteRow = typeof quoteRequests.$inferSelect;

/** How a page's rows are read: the selection and its decoder. */
export interface PageShape<Row> {
  selection: Record<string, SQL | SQLiteColumn>;
  decode(raw: Record<string, unknown>): Row;
}

const listReader = storedTextReader(quoteRequests, [
  'id',
  'reference',
  'serviceType',
  'name',
  'email',
  'phone',
  'address',
  'source',
  'partnerRef',
  'status',
  'createdAt',
  'replyDueAt',
  'statusChangedAt',
  'firstResponseAt',
]);

/**
 * A quote as the list shows it: its columns, the special requests, the returning flag and the status
 * of its priced quote's latest version.
 */
export type ListedQuote = Pick<
  QuoteRow,
  typeof listReader extends StoredTextReader<infer R> ? keyof R : never
> & {
  /** The special requests (the list's `message`), when there are any. */
  message: string | undefined;
  returning: boolean;
  quoteStatus: PricedQuoteStatus | null;
};

// The list reads the special requests out of `details` in SQL: the whole request is the row's largest
// value, and a page of 500 does not need it. Read as bytes, like every text of a quote (stored-text.ts).
const specialRequests = sql<
  string | null
>`iif(json_type(${quoteRequests.details}, '$.specialRequests') = 'text', hex(json_extract(${quoteRequests.details}, '$.specialRequests')), NULL)`;

/** Rows for GET /api/contact. */
export const LIST_SHAPE: PageShape<ListedQuote> = {
  selection: {
    ...listReader.selection,
    message: specialRequests,
    returning: returningCustomer,
    quoteStatus: latestQuoteStatus,
  },
  decode(raw) {
    const message = typeof raw.message === 'string' ? decodeStoredText(raw.message).text : undefined;
    return {
      ...listReader.decode(raw).row,
      message: message?.trim() ? message : undefined,
      returning: Boolean(raw.returning),
      quoteStatus: (raw.quoteStatus as PricedQuoteStatus | null | undefined) ?? null,
    };
  },
};

const fullReader = storedTextReader(quoteRequests);

/** A quote with every column (the CSV's rows). */
export type FullQuote = QuoteRow & { returning: boolean };

/** Rows for the CSV: every column, the answers included. */
export const FULL_SHAPE: PageShape<FullQuote> = {
  selection: { ...fullReader.selection, returning: returningCustomer },
  decode: (raw) => ({ ...fullReader.decode(raw).row, returning: Boolean(raw.returning) }),
};

const olderThan = (filters: Filters, cursor: Cursor) =>
  sql`(${term(filters, quoteRequests.createdAt)}, ${term(filters, quoteRequests.id)}) < (${cursor.createdAt}, ${cursor.id})`;
const newerThan = (filters: Filters, cursor: Cursor) =>
  sql`(${term(filters, quoteRequests.createdAt)}, ${term(filters, quoteRequests.id)}) > (${cursor.createdAt}, ${cursor.id})`;

/**
 * One page of the list: at most `limit` quotes matching `filters` (from {@link filterConditions}),
 * after `cursor`, in the query's order, read as `shape` says. Keyset only — each page seeks to its
 * cursor in an index; nothing is counted or skipped.
 */
export async function readPage<Row>(
  db: Db,
  query: QuoteListQuery,
  filters: Filters,
  cursor: Cursor | undefined,
  limit: number,
  { selection, decode }: PageShape<Row>,
): Promise<Row[]> {
  const { conditions } = filters;
  const status = term(filters, quoteRequests.status);
  if (query.sort === 'newest') {
    const raw = await db
      .select(selection)
      .from(quoteRequests)
      .where(and(...conditions, cursor ? olderThan(filters, cursor) : undefined))
      .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
      .limit(limit);
    return raw.map(decode);
  }
  const rows: Row[] = [];
  if ((!cursor || cursor.phase === 'open') && (!query.status || query.status === 'new')) {
    const raw = await db
      .select(selection)
      .from(quoteRequests)
      .where(and(sql`${status} = 'new'`, ...conditions, cursor ? newerThan(filters, cursor) : undefined))
      .orderBy(asc(quoteRequests.createdAt), asc(quoteRequests.id))
      .limit(limit);
    rows.push(...raw.map(decode));
  }
  if (rows.length < limit && query.status !== 'new') {
    const raw = await db
      .select(selection)
      .from(quoteRequests)
      .where(
        and(
          sql`${status} != 'new'`,
          ...conditions,
          cursor?.phase === 'rest' ? olderThan(filters, cursor) : undefined,
        ),
      )
      .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
      .limit(limit - rows.length);
    rows.push(...raw.map(decode));
  }
  return rows;
}

/** Sets `Link: <…>; rel="next"` on a full page, repeating every parameter the request gave. */
export function linkNextPage(
  c: Context,
  query: QuoteListQuery,
  rows: readonly { id: string; status: string }[],
  limit: number,
) {
  const last = rows.at(-1);
  if (rows.length < limit || !last) return;
  const given = c.req.query();
  const params = new URLSearchParams();
  for (const name of QUERY_PARAMS) {
    const value = given[name] === undefined ? undefined : query[name];
    if (value !== undefined) params.set(name, String(value));
  }
  params.set('limit', String(limit));
  params.set('before', cursorValue(query, last));
  c.header('Link', `<${c.req.path}?${params}>; rel="next"`);
}
