import type { QuoteReply } from '@cleanquote/quote-core/staff';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { outbox, quoteRequests } from '../db/schema.ts';
import { enqueueMail, type WriteTransaction } from '../mail/outbox.ts';
import type { CaseManagerMailSettings } from './case-manager-updates.ts';
import { type Actor, appendHistory } from './history.ts';
import { moveQuote } from './pipeline.ts';
import type { HistoryEntry } from './quote-view.ts';

/** Outbox kind of a reply from the inbox; it carries its own body (mail-bodies.ts writes none). */
export const QUOTE_REPLY_KIND = 'quote-reply';

/** Margin for clocks: the auto-response is queued after its quote's created_at, in the same write. */
const CLOCK_MARGIN_MS = 60_000;

/**
 * The Message-ID of the auto-response the customer got for this quote, to thread a reply (or a
 * priced quote) under.
 * It was queued with the quote, moments after its created_at: the outbox's created_at index is read
 * from there, so this visits the few mails queued in between, not the whole outbox.
 */
export async function autoResponseMessageId(
  tx: WriteTransaction,
  quote: { id: string; createdAt: Date },
): Promise<string | undefined> {
  const [mail] = await tx
    .select({ messageId: outbox.messageId })
    .from(outbox)
    .where(
      and(
        gte(outbox.createdAt, new Date(quote.createdAt.getTime() - CLOCK_MARGIN_MS)),
        eq(outbox.recordId, quote.id),
        eq(outbox.kind, 'quote-auto-response'),
      ),
    )
    .orderBy(asc(outbox.createdAt))
    .limit(1);
  return mail?.messageId;
}

/** Who a reply comes from and answers to: MAIL_FROM, Reply-To the business. */
export interface ReplySender {
  from: string;
  replyTo: string;
}

/**
 * Queues a reply to the customer through the outbox (threaded under their auto-response by
 * In-Reply-To and References), adds it to the history, and marks a new quote contacted — all in one
 * write (`updates` addresses any mail the move sends). The delivery worker sends the mail.
 * @returns the outbox mail's id and the history entry; undefined when the quote does not exist.
 */
export function sendQuoteReply(
  database: Database,
  id: string,
  { subject, message }: QuoteReply,
  sender: ReplySender,
  actor: Actor,
  updates: CaseManagerMailSettings,
): Promise<{ mailId: string; entry: HistoryEntry } | undefined> {
  return database.writes.run(async (tx): Promise<{ mailId: string; entry: HistoryEntry } | undefined> => {
    const [quote] = await tx
      .select({
        id: quoteRequests.id,
        name: quoteRequests.name,
        email: quoteRequests.email,
        status: quoteRequests.status,
        firstResponseAt: quoteRequests.firstResponseAt,
        createdAt: quoteRequests.createdAt,
      })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, id));
    if (!quote) return undefined;
    const threadUnder = await autoResponseMessageId(tx, quote);
    const mailId = await enqueueMail(tx, {
      kind: QUOTE_REPLY_KIND,
      from: sender.from,
      to: { name: quote.name, address: quote.email },
      replyTo: sender.replyTo,
      subject,
      text: message,
      headers: threadUnder ? { 'In-Reply-To': threadUnder, References: threadUnder } : undefined,
    });
    const at = new Date();
    const entry = await appendHistory(tx, id, actor, at, { kind: 'reply', subject, text: message, mailId });
    if (quote.status === 'new') await moveQuote(tx, id, 'contacted', actor, at, updates);
    else if (!quote.firstResponseAt) {
      await tx.update(quoteRequests).set({ firstResponseAt: at }).where(eq(quoteRequests.id, id));
    }
    return { mailId, entry };
  });
}
