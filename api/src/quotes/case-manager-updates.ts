import type { WriteTransaction } from '../mail/outbox.ts';
import type { QuoteStatusChangeEvent } from '../webhooks/quote-events.ts';

/**
 * Queues the short update mail to a case manager who asked for one ('Email me when this request
 * moves on') when the request becomes Quoted, Won or Lost, in the write transaction that changed it.
 */
export async function notifyCaseManager(
  _tx: WriteTransaction,
  _change: QuoteStatusChangeEvent,
): Promise<void> {
  // Filled in by the case-manager updates.
}
