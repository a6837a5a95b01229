import type { WriteTransaction } from '../mail/outbox.ts';

/** A quote request as stored, as the events about it need it. */
export interface QuoteForEvents {
  id: string;
  reference: string;
  serviceType: string;
  /** 'main-site' or 'partner:<key>'. */
  source: string;
  partnerRef?: string | null | undefined;
  createdAt: Date;
}

/**
 * Queues `quote.created` for each partner quote whose partner's webhook wants it, in the caller's
 * write transaction (the intake's), so a delivery exists exactly when its quote does.
 */
export async function quotesCreated(
  _tx: WriteTransaction,
  _quotes: readonly QuoteForEvents[],
): Promise<void> {
  // Filled in by the partner webhooks.
}

/** A status change as the pipeline made it. */
export interface QuoteStatusChangeEvent {
  quoteId: string;
  from: string;
  to: string;
  at: Date;
}

/**
 * Queues `quote.status_changed` for a partner quote whose partner's webhook wants it, in the write
 * transaction that changed the status.
 */
export async function quoteStatusChanged(
  _tx: WriteTransaction,
  _change: QuoteStatusChangeEvent,
): Promise<void> {
  // Filled in by the partner webhooks.
}
