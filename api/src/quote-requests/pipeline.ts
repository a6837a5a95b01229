import type { QuoteStatus, QuoteStatusChange } from '@cleanquote/quote-core/staff';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { quoteRequests } from '../db/schema.ts';
import type { WriteTransaction } from '../mail/outbox.ts';
import { quoteStatusChanged } from '../webhooks/quote-events.ts';
import { type CaseManagerMailSettings, notifyCaseManager } from './case-manager-updates.ts';
import { type Actor, appendHistory } from './history.ts';

/**
 * Moves a quote to `to` in the caller's write transaction: the status, when it changed, the first
 * response (the first move to 'contacted'), and a history entry. Nothing when it already is `to`.
 * `updates` addresses the mail to a case manager who follows the request (case-manager-updates.ts).
 * @returns false when the quote does not exist.
 */
export async function moveQuote(
  tx: WriteTransaction,
  quoteId: string,
  to: QuoteStatus,
  actor: Actor,
  at: Date,
  updates: CaseManagerMailSettings,
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
  // Who follows the request hears of the move in the same write: the partner's webhook, the case manager.
  const change = { quoteId, from: quote.status, to, at };
  await quoteStatusChanged(tx, change);
  await notifyCaseManager(tx, change, updates);
  return true;
}

/**
 * Changes a quote's status: any status to any other (reopening included); a lost quote keeps its
 * reason in the history. The same status again changes nothing.
 * @returns false when the quote does not exist.
 */
export function changeQuoteStatus(
  database: Database,
  quoteId: string,
  { status, reason }: QuoteStatusChange,
  actor: Actor,
  updates: CaseManagerMailSettings,
): Promise<boolean> {
  return database.writes.run((tx) => moveQuote(tx, quoteId, status, actor, new Date(), updates, reason));
}
