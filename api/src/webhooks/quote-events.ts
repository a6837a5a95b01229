import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { partnerWebhooks, quoteRequests, type WebhookEvent } from '../db/schema.ts';
import type { WriteTransaction } from '../mail/outbox.ts';
import { queueWebhookDeliveries, type WebhookEventToQueue } from './webhook-deliveries.ts';

/** How a partner's quote names its partner in `quote_requests.source`. */
const PARTNER_SOURCE = 'partner:';

/** The partner key of a quote's source, or undefined for the main site's. */
function partnerKeyOf(source: string): string | undefined {
  return source.startsWith(PARTNER_SOURCE) ? source.slice(PARTNER_SOURCE.length) : undefined;
}

function wants(webhook: { enabled: boolean; events: readonly WebhookEvent[] }, event: WebhookEvent): boolean {
  return webhook.enabled && webhook.events.includes(event);
}

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
export async function quotesCreated(tx: WriteTransaction, quotes: readonly QuoteForEvents[]): Promise<void> {
  const partnerQuotes = quotes.flatMap((quote) => {
    const partnerKey = partnerKeyOf(quote.source);
    return partnerKey === undefined ? [] : [{ quote, partnerKey }];
  });
  // The main site's quotes (nearly all of them) cost no query.
  if (partnerQuotes.length === 0) return;
  const keys = [...new Set(partnerQuotes.map(({ partnerKey }) => partnerKey))];
  const webhooks = await tx
    .select({
      partnerKey: partnerWebhooks.partnerKey,
      enabled: partnerWebhooks.enabled,
      events: partnerWebhooks.events,
    })
    .from(partnerWebhooks)
    .where(inArray(partnerWebhooks.partnerKey, keys));
  const subscribed = new Set(
    webhooks.filter((webhook) => wants(webhook, 'quote.created')).map((webhook) => webhook.partnerKey),
  );
  if (subscribed.size === 0) return;
  const events: WebhookEventToQueue[] = partnerQuotes
    .filter(({ partnerKey }) => subscribed.has(partnerKey))
    .map(({ quote, partnerKey }) => ({
      partnerKey,
      type: 'quote.created',
      at: quote.createdAt,
      data: {
        reference: quote.reference,
        partnerRef: quote.partnerRef ?? null,
        service: quote.serviceType,
        status: 'new',
        createdAt: quote.createdAt.toISOString(),
      },
    }));
  await queueWebhookDeliveries(tx, events);
}

/** A partner quote's reference, service and partner's reference, with its partner's webhook; undefined otherwise. */
async function partnerWebhookOf(tx: WriteTransaction, quoteId: string) {
  const [found] = await tx
    .select({
      reference: quoteRequests.reference,
      serviceType: quoteRequests.serviceType,
      partnerRef: quoteRequests.partnerRef,
      partnerKey: partnerWebhooks.partnerKey,
      enabled: partnerWebhooks.enabled,
      events: partnerWebhooks.events,
    })
    .from(quoteRequests)
    .innerJoin(
      partnerWebhooks,
      eq(partnerWebhooks.partnerKey, sql`substr(${quoteRequests.source}, ${PARTNER_SOURCE.length + 1})`),
    )
    .where(and(eq(quoteRequests.id, quoteId), like(quoteRequests.source, `${PARTNER_SOURCE}%`)));
  return found;
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
  tx: WriteTransaction,
  change: QuoteStatusChangeEvent,
): Promise<void> {
  // One lookup by primary keys: a main-site quote, or a partner without a webhook, finds no row.
  const found = await partnerWebhookOf(tx, change.quoteId);
  if (!found || !wants(found, 'quote.status_changed')) return;
  await queueWebhookDeliveries(tx, [
    {
      partnerKey: found.partnerKey,
      type: 'quote.status_changed',
      at: change.at,
      data: {
        reference: found.reference,
        partnerRef: found.partnerRef ?? null,
        service: found.serviceType,
        status: change.to,
        previousStatus: change.from,
        changedAt: change.at.toISOString(),
      },
    },
  ]);
}

/** What happened to a visit, as a partner's webhook names it. */
export type VisitEventType = 'visit.booked' | 'visit.rescheduled' | 'visit.cancelled' | 'visit.completed';

/**
 * Queues a visit event for a partner quote whose partner's webhook wants it, in the write transaction
 * that changed the visit. No personal data: the reference, the partner's own reference and the
 * arrival window.
 */
export async function visitChanged(
  tx: WriteTransaction,
  change: { quoteId: string; type: VisitEventType; start: Date; end: Date; at: Date },
): Promise<void> {
  const found = await partnerWebhookOf(tx, change.quoteId);
  if (!found || !wants(found, change.type)) return;
  await queueWebhookDeliveries(tx, [
    {
      partnerKey: found.partnerKey,
      type: change.type,
      at: change.at,
      data: {
        reference: found.reference,
        partnerRef: found.partnerRef ?? null,
        start: change.start.toISOString(),
        end: change.end.toISOString(),
      },
    },
  ]);
}
