import { business } from '@cleanquote/content';
import { quoteReply } from '@cleanquote/quote-core/staff';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AuthEnv } from '../../auth/middleware.ts';
import { outbox, quoteRequests } from '../../db/schema.ts';
import { parseJsonBody } from '../../lib/validation.ts';
import { enqueueMail, type WriteTransaction } from '../../mail/outbox.ts';
import { actorOf, appendHistory } from './history.ts';
import type { HistoryEntry } from './quote-view.ts';
import { moveQuote } from './status.ts';

/** Outbox kind of a reply from the inbox; it carries its own body (mail-bodies.ts writes none). */
export const QUOTE_REPLY_KIND = 'quote-reply';

/** Margin for clocks: the auto-response is queued after its quote's created_at, in the same write. */
const CLOCK_MARGIN_MS = 60_000;

/**
 * The Message-ID of the auto-response the customer got for this quote, to thread the reply under.
 * It was queued with the quote, moments after its created_at: the outbox's created_at index is read
 * from there, so this visits the few mails queued in between, not the whole outbox.
 */
async function autoResponseMessageId(
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

/**
 * POST /api/contact/:id/reply {subject, message}: queues the reply through the outbox to the customer
 * (from MAIL_FROM, Reply-To the business, threaded under their auto-response by In-Reply-To and
 * References), adds it to the history, and marks a new quote contacted. 202 {mailId, entry}: the mail
 * is sent by the delivery worker.
 */
export async function sendReply(c: Context<AuthEnv>) {
  const parsed = await parseJsonBody(c, quoteReply);
  if (!parsed.success) return parsed.response;
  const { subject, message } = parsed.data;
  const id = c.req.param('id') ?? '';
  const actor = actorOf(c);
  const { environment } = c.var;
  const sent = await c.var.database.writes.run(
    async (tx): Promise<{ mailId: string; entry: HistoryEntry } | undefined> => {
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
        from: environment.MAIL_FROM,
        to: { name: quote.name, address: quote.email },
        replyTo: environment.BUSINESS_EMAIL ?? business.email,
        subject,
        text: message,
        headers: threadUnder ? { 'In-Reply-To': threadUnder, References: threadUnder } : undefined,
      });
      const at = new Date();
      const entry = await appendHistory(tx, id, actor, at, { kind: 'reply', subject, text: message, mailId });
      if (quote.status === 'new') await moveQuote(tx, id, 'contacted', actor, at);
      else if (!quote.firstResponseAt) {
        await tx.update(quoteRequests).set({ firstResponseAt: at }).where(eq(quoteRequests.id, id));
      }
      return { mailId, entry };
    },
  );
  if (!sent) return c.json({ error: 'No quote request with that id.', requestId: c.var.requestId }, 404);
  return c.json(sent, 202);
}
