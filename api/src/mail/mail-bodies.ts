import type { QuoteRequest } from '@cleanquote/quote-core';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { quoteRequests } from '../db/schema.ts';
import { partners } from '../db/schema-partners.ts';
import { storedTextReader } from '../db/stored-text.ts';
import { QUOTE_MAIL_KINDS, type QuoteMailKind, quoteMailBody } from './quote-mails.ts';

/** What a mail says: plain text, and HTML when it has one. */
export interface MailBody {
  text: string;
  html?: string | undefined;
  /** The record it was written from held text that was not UTF-8 (shown with U+FFFD; never sent). */
  malformedRecord?: boolean;
}

const quoteReader = storedTextReader(quoteRequests, [
  'id',
  'reference',
  'source',
  'details',
  'autoResponse',
  'partnerRef',
]);
const partnerReader = storedTextReader(partners, ['key', 'name']);

/** The partners' display names by key, for the sources `partner:<key>` among `sources`. */
async function partnerNames(db: Db, sources: Iterable<string>): Promise<Map<string, string>> {
  const keys = [...new Set([...sources].filter((source) => source.startsWith('partner:')))].map((source) =>
    source.slice('partner:'.length),
  );
  if (keys.length === 0) return new Map();
  const rows = await db.select(partnerReader.selection).from(partners).where(inArray(partners.key, keys));
  return new Map(rows.map((raw) => partnerReader.decode(raw).row).map((row) => [row.key, row.name]));
}

/** The outbox columns a body is found or written from. */
export interface OutboxBodySource {
  id: string;
  kind: string;
  recordId: string | null;
  textBody: string | null;
  htmlBody: string | null;
}

const quoteKinds = new Set<string>(QUOTE_MAIL_KINDS);

/** True when mails of `kind` can be queued without a body, to be written from their record. */
export function writesBodyFromRecord(kind: string): boolean {
  return quoteKinds.has(kind);
}

/**
 * The bodies of outbox mails, by outbox id: a stored body as it is; a mail queued with a record id
 * instead (a quote's two mails) written now from that record — the stored quote, which never changes —
 * with today's public URL. A mail whose record cannot be found has no entry.
 */
export async function mailBodies(
  db: Db,
  mails: readonly OutboxBodySource[],
  publicUrl: string,
): Promise<Map<string, MailBody>> {
  const bodies = new Map<string, MailBody>();
  const fromQuotes: OutboxBodySource[] = [];
  for (const mail of mails) {
    if (mail.textBody !== null) {
      bodies.set(mail.id, { text: mail.textBody, html: mail.htmlBody ?? undefined });
    } else if (mail.recordId !== null && quoteKinds.has(mail.kind)) {
      fromQuotes.push(mail);
    }
  }
  if (fromQuotes.length === 0) return bodies;
  const quoteIds = [...new Set(fromQuotes.map((mail) => mail.recordId as string))];
  // Read as bytes (stored-text.ts): a quote whose text is not UTF-8 must not abort the reader.
  const quotes = await db
    .select(quoteReader.selection)
    .from(quoteRequests)
    .where(inArray(quoteRequests.id, quoteIds));
  const byId = new Map(quotes.map((raw) => quoteReader.decode(raw)).map((read) => [read.row.id, read]));
  const names = await partnerNames(
    db,
    [...byId.values()].map((read) => read.row.source),
  );
  for (const mail of fromQuotes) {
    const read = byId.get(mail.recordId as string);
    if (!read) continue;
    const { row: quote, malformed } = read;
    // `details` holds the request exactly as the shared schema accepted it.
    const request = quote.details as QuoteRequest;
    const partnerName = names.get(quote.source.replace(/^partner:/, '')) ?? null;
    const body = quoteMailBody(mail.kind as QuoteMailKind, { ...quote, request, partnerName }, publicUrl);
    bodies.set(mail.id, malformed.length > 0 ? { ...body, malformedRecord: true } : body);
  }
  return bodies;
}
