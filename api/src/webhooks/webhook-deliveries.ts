import { newRowId } from '../db/row-id.ts';
import { webhookDeliveries } from '../db/schema.ts';
import { defineDurableQueue } from '../lib/durable-queue.ts';
import type { WriteTransaction } from '../mail/outbox.ts';

/**
 * Partner webhook deliveries as a durable queue (lib/durable-queue.ts): 'pending' until received
 * (2xx: 'delivered') or given up on ('dead'); a worker's lease alone tells that it is being sent.
 * Their deadline counts from the event, when the delivery was queued.
 */
export const webhookQueue = defineDurableQueue({
  name: 'webhook-deliveries',
  table: webhookDeliveries,
  columns: {
    id: webhookDeliveries.id,
    status: webhookDeliveries.status,
    attempts: webhookDeliveries.attempts,
    sendAfter: webhookDeliveries.nextAttemptAt,
    leaseUntil: webhookDeliveries.leaseUntil,
    lastError: webhookDeliveries.lastError,
    createdAt: webhookDeliveries.createdAt,
  },
  statuses: { due: 'pending', done: 'delivered', dead: 'dead' },
});

/** The body of every webhook: what happened, when, and the event's data. */
export interface WebhookPayload {
  type: string;
  /** When the event happened, ISO 8601 UTC. */
  timestamp: string;
  data: Record<string, unknown>;
}

/** One event to send to a partner's webhook. */
export interface WebhookEventToQueue {
  partnerKey: string;
  type: string;
  /** When the event happened: the payload's timestamp. */
  at: Date;
  data: Record<string, unknown>;
}

/**
 * A new Standard Webhooks message id (`webhook-id`): `msg_` and a time-ordered unique id, so ids of
 * one process sort in the order their events were queued.
 */
export function newWebhookMessageId(): string {
  return `msg_${newRowId().replaceAll('-', '')}`;
}

/**
 * Queues deliveries in the caller's write transaction: they exist exactly when the change they report
 * does, and are due at once. Returns their rows.
 */
export async function queueWebhookDeliveries(
  tx: WriteTransaction,
  events: readonly WebhookEventToQueue[],
  now: Date = new Date(),
) {
  if (events.length === 0) return [];
  const rows = await tx
    .insert(webhookDeliveries)
    .values(
      events.map((event) => {
        const payload: WebhookPayload = {
          type: event.type,
          timestamp: event.at.toISOString(),
          data: event.data,
        };
        return {
          id: newWebhookMessageId(),
          partnerKey: event.partnerKey,
          type: event.type,
          payload: payload as unknown as Record<string, unknown>,
          status: 'pending' as const,
          createdAt: now,
          nextAttemptAt: now,
        };
      }),
    )
    .returning();
  // The woken worker claims through the write queue, so only once this transaction committed.
  webhookQueue.announce();
  return rows;
}

/** A delivery as the API shows it on /partners: never its body or the partner's secret. */
export function presentDelivery(row: typeof webhookDeliveries.$inferSelect) {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

/** A delivery as GET /api/partners/:key/webhook/deliveries lists it. */
export type WebhookDeliveryView = ReturnType<typeof presentDelivery>;
