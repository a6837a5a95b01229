import { EventEmitter } from 'node:events';
import { newRowId } from '../db/row-id.ts';
import { webhookDeliveries } from '../db/schema.ts';
import type { WriteTransaction } from '../mail/outbox.ts';

/** Emits 'enqueued' when a delivery is queued, so the worker sends it at once instead of at its next poll. */
export const webhookSignal = new EventEmitter();
webhookSignal.setMaxListeners(0);

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
  // The worker claims through the write queue, so it reads these only once this transaction committed.
  webhookSignal.emit('enqueued');
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
