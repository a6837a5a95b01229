import { type QuoteRequest, summarizeQuoteRequest, toSubmission } from '@cleanquote/quote-core';
import { FLOW_NAMES, validAnswers } from '@cleanquote/quote-core/test-fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { melbourneToday } from '../../lib/melbourne-time.ts';
import { BROAD_SEARCH_MATCHES } from '../../quote-requests/list-query.ts';
import { createQuoteRequestDesk, type QuoteRequestDesk } from '../../test-support/quote-request-desk.ts';
import { validQuoteRequests } from '../../test-support/quote-requests.ts';
import { seedQuotes } from '../../test-support/seed-quotes.ts';
import { desc, quoteRequests } from '../../test-support/stored-rows.ts';
import { ANSWER_COLUMNS, CONTACT_LABELS, CSV_BATCH, CSV_HEADER, csvCell } from './csv.ts';

let inbox: QuoteRequestDesk;
beforeEach(async () => {
  inbox = await createQuoteRequestDesk();
});
afterEach(() => inbox.close());

/** RFC 4180 rows: quoted fields may hold commas, doubled quotes and line breaks; rows end with CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += char;
  }
  if (field !== '' || row.length > 0) throw new Error('the CSV does not end with CRLF');
  return rows;
}

/** The CSV's rows as records by header, after checking the header row (decoding drops the BOM). */
function records(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  expect(header).toEqual([...CSV_HEADER]);
  return rows.map((row) => {
    expect(row).toHaveLength(CSV_HEADER.length);
    return Object.fromEntries(CSV_HEADER.map((name, index) => [name, row[index] ?? '']));
  });
}

describe('csvCell', () => {
  it('quotes as RFC 4180 asks and neutralises what a spreadsheet would run as a formula', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`).replace(/^"/, '').startsWith(`'${start}`), JSON.stringify(start)).toBe(
        true,
      );
    }
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""x"")"',
    );
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('has a column for every answer the summary can give, in every flow', () => {
    const columns = new Set<string>([...CONTACT_LABELS, ...ANSWER_COLUMNS]);
    for (const flow of FLOW_NAMES) {
      for (const line of summarizeQuoteRequest(
        toSubmission(validAnswers(flow, { specialRequests: 'x' })) as QuoteRequest,
      )) {
        expect(columns.has(line.label), `${flow}: ${line.label}`).toBe(true);
      }
    }
  });
});

describe('GET /api/contact.csv', () => {
  it('answers exactly the filtered quotes as a CSV download, in Melbourne time, with formulas neutralised', async () => {
    const risky = await inbox.storeQuote({
      status: 'quoted',
      serviceType: 'window-clean',
      createdAt: new Date('2026-11-05T13:30:00Z'),
      firstResponseAt: new Date('2026-11-05T20:05:00Z'),
      request: {
        ...validQuoteRequests.windowClean,
        name: '=cmd|"/c calc"!A1',
        email: 'risky@example.com',
        phone: '+61 491 570 158',
        address: '12 "Rose" Cottage, Fitzroy, VIC',
        specialRequests: 'Key under the mat,\nthe dog is friendly',
      },
    });
    await inbox.storeQuote({
      status: 'quoted',
      serviceType: 'oven-clean',
      request: validQuoteRequests.ovenClean,
    });
    await inbox.storeQuote({
      status: 'new',
      serviceType: 'window-clean',
      request: validQuoteRequests.windowClean,
    });
    const response = await inbox.get('/api/contact.csv?status=quoted&service=window-clean');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="quote-requests-${melbourneToday()}.csv"`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A UTF-8 byte-order mark first, so spreadsheet programs read the accents right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = records(new TextDecoder().decode(bytes));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Reference: risky.reference,
      // 13:30 UTC on 5 November is 00:30 on the 6th in Melbourne (daylight saving, UTC+11).
      'Created (Melbourne)': '2026-11-06 00:30',
      Status: 'quoted',
      Source: 'main-site',
      Service: 'Window Cleaning',
      Name: '\'=cmd|"/c calc"!A1',
      Email: 'risky@example.com',
      Phone: "'+61 491 570 158",
      Address: '12 "Rose" Cottage, Fitzroy, VIC',
      'Window cleaning type': expect.any(String),
      'Window panels': String(validQuoteRequests.windowClean.windowPanels),
      'Special requests': 'Key under the mat,\nthe dog is friendly',
      Bedrooms: '',
      'Returning customer': 'No',
      'Terms version': '2025-07-19',
      'Consented at (Melbourne)': '2026-11-01 11:00',
      'First response at (Melbourne)': '2026-11-06 07:05',
    });
    expect(rows[0]?.['Window cleaning type']).not.toBe('');
  });

  it('marks a customer returning from their second quote on, as the list does, and filters by it', async () => {
    const first = await inbox.storeQuote({ email: 'ash@example.com', phone: '0491 570 130' });
    const second = await inbox.storeQuote({ email: 'ash.other@example.com', phone: '0491570130' });
    const all = records(await (await inbox.get('/api/contact.csv')).text());
    expect(all.map((row) => [row.Reference, row['Returning customer']])).toEqual([
      [second.reference, 'Yes'],
      [first.reference, 'No'],
    ]);
    const returning = records(await (await inbox.get('/api/contact.csv?returning=1')).text());
    expect(returning.map((row) => row.Reference)).toEqual([second.reference]);
  });

  it('answers a header row alone when nothing matches, and 400 naming a bad query field', async () => {
    await inbox.storeQuote();
    expect(records(await (await inbox.get('/api/contact.csv?status=lost')).text())).toEqual([]);
    const bad = await inbox.get('/api/contact.csv?from=yesterday');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: object }).fields).toHaveProperty('from');
  });

  it('streams a big export in keyset batches, reading the database only as the body is read', async () => {
    const count = 20 * CSV_BATCH + 7;
    await seedQuotes(inbox.database, count);
    const statements = vi.spyOn(inbox.database.client, 'execute');
    const response = await inbox.get('/api/contact.csv');
    expect(response.status).toBe(200);
    expect(response.body).toBeInstanceOf(ReadableStream);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    let chunks = 0;
    const first = await reader.read();
    text += decoder.decode(first.value, { stream: true });
    // Nothing more is read while nobody reads the body: the stream waits for its reader.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const readEarly = statements.mock.calls.length;
    expect(readEarly).toBeLessThanOrEqual(4);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      text += decoder.decode(value, { stream: true });
    }
    // One query per batch of 1,000, each turned into text and handed on before the next is read.
    expect(chunks).toBeGreaterThanOrEqual(count / CSV_BATCH);
    expect(statements.mock.calls.length).toBeLessThanOrEqual(Math.ceil(count / CSV_BATCH) + 3);
    const rows = records(text);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row.Reference)).size).toBe(count);
    expect(rows[0]?.Reference).toBe(`CQ-S${String(count - 1).padStart(7, '0')}`);
    expect(rows.at(-1)?.Reference).toBe('CQ-S0000000');
  });

  it('finds every match of a broad search (more than the trigram threshold) newest first, in the list and the CSV', async () => {
    await seedQuotes(inbox.database, 20_000);
    const all = await inbox.database.db
      .select({ id: quoteRequests.id, reference: quoteRequests.reference, address: quoteRequests.address })
      .from(quoteRequests)
      .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id));
    const expected = all.filter((quote) => quote.address.toLowerCase().includes('richmond'));
    expect(expected.length).toBeGreaterThan(BROAD_SEARCH_MATCHES);
    expect(await inbox.listIds('?q=RICHMOND&limit=50')).toEqual(
      expected.slice(0, 50).map((quote) => quote.id),
    );
    const csv = records(await (await inbox.get('/api/contact.csv?q=richmond')).text());
    expect(csv.map((row) => row.Reference)).toEqual(expected.map((quote) => quote.reference));
  });
});
