import {
  type QuoteRequest,
  SERVICE_LABELS,
  type ServiceType,
  summarizeQuoteRequest,
} from '@cleanquote/quote-core';
import type { QuoteListQuery } from '@cleanquote/quote-core/staff';
import type { Context } from 'hono';
import type { AuthEnv } from '../../auth/middleware.ts';
import type { Db } from '../../db/database.ts';
import { formatMelbourneDateTime, melbourneToday } from '../../lib/melbourne-time.ts';
import {
  type Cursor,
  type Filters,
  FULL_SHAPE,
  type FullQuote,
  filterConditions,
  readCursor,
  readPage,
} from '../../quote-requests/list-query.ts';

/** Quotes read per query while streaming: bounds the memory one export holds, whatever its size. */
export const CSV_BATCH = 1_000;

/** The summary's own columns (quote-core's summarizeQuoteRequest labels), after the contact columns. */
export const ANSWER_COLUMNS = [
  'Bedrooms',
  'Bathrooms',
  'Property type',
  'Window cleaning type',
  'Carpet cleaning needed',
  'Carpet areas',
  'Oven size',
  'Oven condition',
  'Oven extras',
  'Window panels',
  'Window extras',
  'NDIS client',
  'Case manager',
  'Case manager phone',
  'Case manager email',
  'Case manager organisation',
  'Case manager updates',
  'Timing',
  'How they found us',
  'Special requests',
] as const;

/** Summary labels that already have a column of their own (from the quote's columns). */
export const CONTACT_LABELS = ['Service', 'Name', 'Phone', 'Email', 'Property address'] as const;

export const CSV_HEADER = [
  'Reference',
  'Created (Melbourne)',
  'Status',
  'Source',
  'Partner reference',
  'Service',
  'Name',
  'Email',
  'Phone',
  'Address',
  ...ANSWER_COLUMNS,
  'Returning customer',
  'Terms version',
  'Consented at (Melbourne)',
  'First response at (Melbourne)',
] as const;

// OWASP CSV injection: a spreadsheet runs a cell that starts with one of these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: neutralised when a spreadsheet would read it as a formula (a leading single quote),
 * then quoted as RFC 4180 asks when it holds a comma, a double quote or a line break.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csvRow = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

const when = (date: Date | null) => (date ? formatMelbourneDateTime(date) : '');

function quoteRow(quote: FullQuote): string {
  const request = { ...(quote.details as QuoteRequest), serviceType: quote.serviceType as ServiceType };
  const answers = new Map(summarizeQuoteRequest(request).map((line) => [line.label, line.value]));
  return csvRow([
    quote.reference,
    formatMelbourneDateTime(quote.createdAt),
    quote.status,
    quote.source,
    quote.partnerRef ?? '',
    SERVICE_LABELS[quote.serviceType as ServiceType] ?? quote.serviceType,
    quote.name,
    quote.email,
    quote.phone,
    quote.address,
    ...ANSWER_COLUMNS.map((label) => answers.get(label) ?? ''),
    quote.returning ? 'Yes' : 'No',
    quote.termsVersion ?? '',
    when(quote.consentedAt),
    when(quote.firstResponseAt),
  ]);
}

/** Where the batch after `last` starts, in the query's order. */
function cursorAfter(query: QuoteListQuery, last: FullQuote): Cursor {
  const phase = query.sort === 'reply-due' && last.status === 'new' ? 'open' : 'rest';
  return { phase, createdAt: last.createdAt.getTime(), id: last.id };
}

/**
 * Every quote matching `query`, as CSV text, read in keyset batches of {@link CSV_BATCH} only as the
 * reader asks for more (a pull stream: one batch ahead at most), so an export of any size holds one
 * batch in memory.
 */
export function quoteCsvStream(
  db: Db,
  query: QuoteListQuery,
  filters: Filters,
  start: Cursor | undefined,
  onError: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor = start;
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        // A byte-order mark, so spreadsheet programs read the file as UTF-8 (names with accents).
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(CSV_HEADER)}`));
      },
      async pull(controller) {
        if (done) return;
        try {
          const rows = await readPage(db, query, filters, cursor, CSV_BATCH, FULL_SHAPE);
          const last = rows.at(-1);
          if (last) {
            controller.enqueue(encoder.encode(rows.map(quoteRow).join('')));
            cursor = cursorAfter(query, last);
          }
          if (rows.length < CSV_BATCH) {
            done = true;
            controller.close();
          }
        } catch (error) {
          done = true;
          onError(error);
          controller.error(error);
        }
      },
      cancel() {
        done = true;
      },
    },
    { highWaterMark: 1 },
  );
}

/**
 * GET /api/contact.csv: the quotes the list's query matches — all of them, no page limit — as CSV
 * (RFC 4180, a header row, one column per answer, times in Melbourne as yyyy-MM-dd HH:mm), streamed.
 */
export async function exportCsv(c: Context<AuthEnv>, query: QuoteListQuery) {
  const db = c.var.database.db;
  const cursor = await readCursor(db, query);
  if (cursor === null) {
    return c.json(
      {
        error: 'Please check before.',
        fields: { before: 'No quote request with that id' },
        requestId: c.var.requestId,
      },
      400,
    );
  }
  const filters = await filterConditions(db, query);
  const stream = quoteCsvStream(db, query, filters, cursor, (error) =>
    c.var.logger.error({ err: error }, 'quote CSV export failed'),
  );
  return c.body(stream, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="quote-requests-${melbourneToday()}.csv"`,
    'Cache-Control': 'no-store',
  });
}
