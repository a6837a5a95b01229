import type { PricedQuoteStatus, QuoteFrequency, QuoteLine } from '@cleanquote/quote-core/staff';
import { quoteTotals } from '@cleanquote/quote-core/staff';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { newRowId } from '../db/row-id.ts';
import { pricedQuotes, quoteRequests } from '../db/schema.ts';
import { addDays, melbourneDay } from '../lib/melbourne-time.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { VIEW_QUOTE_LINK_TEXT } from '../priced-quotes/priced-quote-mail.ts';
import { newQuoteToken, quoteTokenHash } from '../priced-quotes/quote-link.ts';
import type { ReceivedMail } from './smtp-test-server.ts';

/** Lines of a small end of lease quote: $495.00 in all. */
export const SAMPLE_LINES: QuoteLine[] = [
  { description: 'End of Lease Cleaning', quantity: 1, unitPriceCents: 29_500 },
  { description: 'Bedrooms', quantity: 2, unitPriceCents: 7_000 },
  { description: 'Bathrooms', quantity: 1, unitPriceCents: 6_000 },
];

/** What {@link insertSentQuote} writes; everything has a default. */
export interface SentQuoteRow {
  version?: number;
  status?: PricedQuoteStatus;
  lines?: QuoteLine[];
  note?: string;
  sentAt?: Date;
  /** Default: the Melbourne date of `sentAt` + 30 days. */
  validUntil?: string;
  /** Whether the quote's mail is queued too (for threading); default true. */
  withMail?: boolean;
  gstRegistered?: boolean;
}

/**
 * Stores a sent version of a request's priced quote straight in the database, for the states staff
 * can't reach through the API (two versions both still awaiting an answer) — its sums, its
 * valid-until date, its link's hash and (by default) the mail that carried it — as sending one does.
 * @returns the link's token and the version's id.
 */
export async function insertSentQuote(
  database: Database,
  quoteId: string,
  row: SentQuoteRow = {},
): Promise<{ token: string; id: string; mailId: string | null }> {
  const token = newQuoteToken();
  const id = newRowId();
  const sentAt = row.sentAt ?? new Date();
  const lines = row.lines ?? SAMPLE_LINES;
  const totals = quoteTotals(lines, row.gstRegistered ?? true);
  const mailId = await database.writes.run(async (tx) => {
    const [request] = await tx
      .select({ name: quoteRequests.name, email: quoteRequests.email, reference: quoteRequests.reference })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, quoteId));
    if (!request) throw new Error(`no quote request ${quoteId}`);
    const mailId =
      row.withMail === false
        ? null
        : await enqueueMail(tx, {
            kind: 'priced-quote',
            to: { name: request.name, address: request.email },
            subject: `Your quote from Sparkle Clean (${request.reference})`,
            text: `Your quote: https://clean.example/quote/${token}`,
          });
    await tx.insert(pricedQuotes).values({
      id,
      quoteId,
      version: row.version ?? 1,
      status: row.status ?? 'sent',
      lines,
      note: row.note ?? '',
      totalCents: totals.totalCents,
      gstCents: totals.gstCents,
      createdAt: sentAt,
      updatedAt: sentAt,
      sentAt,
      validUntil: row.validUntil ?? addDays(melbourneDay(sentAt), 30),
      tokenHash: quoteTokenHash(token),
      mailId,
    });
    return mailId;
  });
  return { token, id, mailId };
}

/** The customer's link token in a received priced-quote mail. */
export function quoteTokenIn(mail: ReceivedMail): string {
  const token = mail.text.match(
    new RegExp(`${VIEW_QUOTE_LINK_TEXT}: \\S+/quote/([A-Za-z0-9_-]{22})\\b`),
  )?.[1];
  if (!token) throw new Error(`no quote link in ${mail.text}`);
  return token;
}

/** Calls the app as signed-in staff (an app.request or fetch bound to a session). */
export type StaffCall = (path: string, init?: RequestInit) => Response | Promise<Response>;

/**
 * Prices a request's quote and sends it through the staff API, as staff do (POST …/quote for the
 * first version, PUT for the next), then waits for the mail on the SMTP test server.
 * @returns the customer's link token (only the mail has it) and the mail.
 */
export async function sendQuoteAsStaff(
  staff: StaffCall,
  id: string,
  received: readonly ReceivedMail[],
  {
    lines = SAMPLE_LINES,
    note = '',
    frequency,
    durationMinutes,
  }: { lines?: QuoteLine[]; note?: string; frequency?: QuoteFrequency; durationMinutes?: number } = {},
): Promise<{ token: string; mail: ReceivedMail }> {
  const before = new Set(received);
  const json = { 'Content-Type': 'application/json' };
  const body = JSON.stringify({
    lines,
    note,
    ...(frequency ? { frequency } : {}),
    ...(durationMinutes ? { durationMinutes } : {}),
  });
  let drafted = await staff(`/api/contact/${id}/quote`, { method: 'POST', headers: json, body });
  if (drafted.status === 409)
    drafted = await staff(`/api/contact/${id}/quote`, { method: 'PUT', headers: json, body });
  if (drafted.status !== 200 && drafted.status !== 201)
    throw new Error(`drafting answered ${drafted.status}`);
  const sent = await staff(`/api/contact/${id}/quote/send`, { method: 'POST', headers: json, body: '{}' });
  if (sent.status !== 200) throw new Error(`sending answered ${sent.status}`);
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const mail = received.find(
      (candidate) => !before.has(candidate) && candidate.text.includes(VIEW_QUOTE_LINK_TEXT),
    );
    if (mail) return { token: quoteTokenIn(mail), mail };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the quote mail did not arrive');
}
