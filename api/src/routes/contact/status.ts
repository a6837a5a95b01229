import { type QuoteStatus, quoteStatusChange } from '@cleanquote/quote-core/staff';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AuthEnv } from '../../auth/middleware.ts';
import { quoteRequests } from '../../db/schema.ts';
import { parseJsonBody } from '../../lib/validation.ts';
import type { WriteTransaction } from '../../mail/outbox.ts';
import { type Actor, actorOf, appendHistory } from './history.ts';
import { readQuoteDetail } from './quote-view.ts';

/**
 * Moves a quote to `to` in the caller's write transaction: the status, when it changed, the first
 * response (the first move to 'contacted'), and a history entry. Nothing when it already is `to`.
 * @returns false when the quote does not exist.
 */
export async function moveQuote(
  tx: WriteTransaction,
  quoteId: string,
  to: QuoteStatus,
  actor: Actor,
  at: Date,
  reason?: string,
): Promise<boolean> {
  const [quote] = await tx
    .select({ status: quoteRequests.status, firstResponseAt: quoteRequests.firstResponseAt })
    .from(quoteRequests)
    .where(eq(quoteRequests.id, quoteId));
  if (!quote) return false;
  if (quote.status === to) return true;
  await tx
    .update(quoteRequests)
    .set({
      status: to,
      statusChangedAt: at,
      ...(to === 'contacted' && !quote.firstResponseAt ? { firstResponseAt: at } : {}),
    })
    .where(eq(quoteRequests.id, quoteId));
  await appendHistory(tx, quoteId, actor, at, {
    kind: 'status',
    fromStatus: quote.status,
    toStatus: to,
    reason: to === 'lost' ? reason : undefined,
  });
  return true;
}

/**
 * POST /api/contact/:id/status {status, reason?}: any status to any other (reopening included);
 * 'lost' needs a reason. 200 with the whole quote; the same status again changes nothing.
 */
export async function changeStatus(c: Context<AuthEnv>) {
  const parsed = await parseJsonBody(c, quoteStatusChange);
  if (!parsed.success) return parsed.response;
  const { status, reason } = parsed.data;
  const id = c.req.param('id') ?? '';
  const actor = actorOf(c);
  const found = await c.var.database.writes.run((tx) => moveQuote(tx, id, status, actor, new Date(), reason));
  if (!found) return c.json({ error: 'No quote request with that id.', requestId: c.var.requestId }, 404);
  return c.json(await readQuoteDetail(c.var.database.db, id));
}
