import type { PricedQuoteStatus, QuoteLine } from '@cleanquote/quote-core/staff';
import { quoteTotals } from '@cleanquote/quote-core/staff';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { newRowId } from '../db/row-id.ts';
import { pricedQuotes, quoteRequests } from '../db/schema.ts';
import { addDays, melbourneDay } from '../lib/melbourne-time.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { newQuoteToken, quoteTokenHash } from '../priced-quotes/quote-link.ts';

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
 * Stores a sent version of a request's priced quote straight in the database — its sums, its
 * valid-until date, its link's hash and (by default) the mail that carried it — as sending one does,
 * for tests of what happens after sending (the customer's page, the expiry job).
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
