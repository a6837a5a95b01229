import { type PartnerWebhook, WEBHOOK_TEST_EVENT } from '@cleanquote/quote-core/staff';
import { and, desc, eq } from 'drizzle-orm';
import type { Database, Db } from '../db/database.ts';
import { partners, partnerWebhooks, webhookDeliveries } from '../db/schema.ts';
import type { WriteTransaction } from '../mail/outbox.ts';
import { queueWebhookDeliveries, webhookQueue } from './webhook-deliveries.ts';
import { newWebhookSecret, PREVIOUS_SECRET_SIGNS_MS, type WebhookSecrets } from './webhook-secrets.ts';

/** A partner's webhook as stored. */
export type StoredWebhook = typeof partnerWebhooks.$inferSelect;

/** How many deliveries the log on /partners shows, newest first. */
export const DELIVERY_LOG_LIMIT = 100;

/** A partner's webhook as the API shows it: never a secret, sealed or not. */
export function presentWebhook(row: StoredWebhook) {
  return {
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    /** Why the app turned it off by itself (the receiver answered 410 Gone), or null. */
    disabledReason: row.disabledReason,
    /** Until when the secret replaced by the last rotation still signs, or null. */
    previousSecretUntil:
      row.previousSecretUntil && row.previousSecretSealed ? row.previousSecretUntil.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function partnerExists(tx: WriteTransaction, key: string): Promise<boolean> {
  const [partner] = await tx.select({ key: partners.key }).from(partners).where(eq(partners.key, key));
  return partner !== undefined;
}

/** The webhook of a partner, or undefined. */
export async function readWebhook(db: Db, partnerKey: string): Promise<StoredWebhook | undefined> {
  const [row] = await db.select().from(partnerWebhooks).where(eq(partnerWebhooks.partnerKey, partnerKey));
  return row;
}

/** What saving a webhook did: created it (with its new secret), changed it, or found no partner. */
export type WebhookSaved =
  | { outcome: 'created'; webhook: StoredWebhook; secret: string }
  | { outcome: 'updated'; webhook: StoredWebhook }
  | { outcome: 'unknown-partner' };

/**
 * Sets a partner's webhook. The first save generates its signing secret (returned once, stored
 * sealed); later saves keep it. Enabling a webhook clears the reason the app had disabled it.
 */
export function saveWebhook(
  database: Database,
  secrets: WebhookSecrets,
  partnerKey: string,
  change: PartnerWebhook,
  now = new Date(),
): Promise<WebhookSaved> {
  return database.writes.run(async (tx): Promise<WebhookSaved> => {
    if (!(await partnerExists(tx, partnerKey))) return { outcome: 'unknown-partner' };
    const [updated] = await tx
      .update(partnerWebhooks)
      .set({
        url: change.url,
        events: change.events,
        enabled: change.enabled,
        ...(change.enabled ? { disabledReason: null } : {}),
        updatedAt: now,
      })
      .where(eq(partnerWebhooks.partnerKey, partnerKey))
      .returning();
    if (updated) return { outcome: 'updated', webhook: updated };
    const secret = newWebhookSecret();
    const [created] = await tx
      .insert(partnerWebhooks)
      .values({
        partnerKey,
        url: change.url,
        events: change.events,
        enabled: change.enabled,
        secretSealed: secrets.seal(partnerKey, secret),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error(`the webhook of ${partnerKey} was not stored`);
    return { outcome: 'created', webhook: created, secret };
  });
}

/**
 * Gives a webhook a new signing secret (returned once). The one it replaces keeps signing beside it
 * for {@link PREVIOUS_SECRET_SIGNS_MS}, so the receiver can switch without refusing a delivery.
 * @returns undefined when the partner has no webhook.
 */
export function rotateWebhookSecret(
  database: Database,
  secrets: WebhookSecrets,
  partnerKey: string,
  now = new Date(),
): Promise<{ webhook: StoredWebhook; secret: string } | undefined> {
  return database.writes.run(async (tx) => {
    const [current] = await tx
      .select({ secretSealed: partnerWebhooks.secretSealed })
      .from(partnerWebhooks)
      .where(eq(partnerWebhooks.partnerKey, partnerKey));
    if (!current) return undefined;
    const secret = newWebhookSecret();
    const [webhook] = await tx
      .update(partnerWebhooks)
      .set({
        secretSealed: secrets.seal(partnerKey, secret),
        previousSecretSealed: current.secretSealed,
        previousSecretUntil: new Date(now.getTime() + PREVIOUS_SECRET_SIGNS_MS),
        updatedAt: now,
      })
      .where(eq(partnerWebhooks.partnerKey, partnerKey))
      .returning();
    return webhook && { webhook, secret };
  });
}

/**
 * Queues a `webhook.test` event for a partner's webhook; it is sent even while the webhook is
 * disabled, so staff can check a receiver before switching it on.
 * @returns the delivery, or undefined when the partner has no webhook.
 */
export function queueTestEvent(database: Database, partnerKey: string, now = new Date()) {
  return database.writes.run(async (tx) => {
    const [webhook] = await tx
      .select({ partnerKey: partnerWebhooks.partnerKey })
      .from(partnerWebhooks)
      .where(eq(partnerWebhooks.partnerKey, partnerKey));
    if (!webhook) return undefined;
    const [delivery] = await queueWebhookDeliveries(
      tx,
      [{ partnerKey, type: WEBHOOK_TEST_EVENT, at: now, data: { partnerKey } }],
      now,
    );
    return delivery;
  });
}

/** A partner's deliveries, newest first ({@link DELIVERY_LOG_LIMIT} at most). */
export function listDeliveries(db: Db, partnerKey: string) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.partnerKey, partnerKey))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_LIMIT);
}

/** What a retry did: queued the delivery again, or why not. */
export type DeliveryRetry =
  | { outcome: 'queued'; delivery: typeof webhookDeliveries.$inferSelect }
  | { outcome: 'unknown-delivery' | 'not-dead' | 'webhook-disabled' };

/**
 * Sends a dead delivery again, with the same webhook-id, at once. A failure then follows the usual
 * rules: retried while the event is less than 24 hours old, else dead again with its new error.
 */
export function retryDelivery(
  database: Database,
  partnerKey: string,
  deliveryId: string,
  now = new Date(),
): Promise<DeliveryRetry> {
  return database.writes.run(async (tx): Promise<DeliveryRetry> => {
    const [delivery] = await tx
      .select({ status: webhookDeliveries.status, type: webhookDeliveries.type })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.partnerKey, partnerKey)));
    if (!delivery) return { outcome: 'unknown-delivery' };
    if (delivery.status !== 'dead') return { outcome: 'not-dead' };
    if (delivery.type !== WEBHOOK_TEST_EVENT) {
      const [webhook] = await tx
        .select({ enabled: partnerWebhooks.enabled })
        .from(partnerWebhooks)
        .where(eq(partnerWebhooks.partnerKey, partnerKey));
      if (!webhook?.enabled) return { outcome: 'webhook-disabled' };
    }
    await webhookQueue.retry(tx, eq(webhookDeliveries.id, deliveryId), { countAfresh: false, now });
    const [queued] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    if (!queued) return { outcome: 'unknown-delivery' };
    return { outcome: 'queued', delivery: queued };
  });
}

/** Removes a partner's webhook and its delivery log, in the caller's write (the partner is deleted). */
export async function deleteWebhookOf(tx: WriteTransaction, partnerKey: string): Promise<void> {
  await tx.delete(webhookDeliveries).where(eq(webhookDeliveries.partnerKey, partnerKey));
  await tx.delete(partnerWebhooks).where(eq(partnerWebhooks.partnerKey, partnerKey));
}
