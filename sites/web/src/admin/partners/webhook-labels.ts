import type { WebhookDeliveryStatus, WebhookEvent } from '@cleanquote/quote-core/staff';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';

/*
 * The webhook part of a partner's card in words: what each event means, what each delivery status is
 * called, and when a delivery's log should be read again by itself.
 */

/** What each event a webhook can be sent means, in a few words (shown under its checkbox). */
export const EVENT_DESCRIPTIONS: Readonly<Record<WebhookEvent, string>> = {
  'quote.created': 'A quote request is received',
  'quote.status_changed': 'Its status changes',
  'visit.booked': 'A visit is booked',
  'visit.rescheduled': 'A visit moves to another time',
  'visit.cancelled': 'A visit is cancelled',
  'visit.completed': 'A visit is done',
};

/** What a delivery's status is called on screen. */
const DELIVERY_STATUS_LABELS: Readonly<Record<WebhookDeliveryStatus, string>> = {
  pending: 'Pending',
  delivered: 'Delivered',
  dead: 'Dead',
};

/** A delivery's status as staff read it ('Pending', 'Delivered', 'Dead'); an unknown one as stored. */
export function deliveryStatusLabel(status: string): string {
  return Object.hasOwn(DELIVERY_STATUS_LABELS, status)
    ? DELIVERY_STATUS_LABELS[status as WebhookDeliveryStatus]
    : status;
}

/** How often the delivery log is read again while a delivery is still on its way. */
export const PENDING_DELIVERY_POLL_MS = 3000;

/**
 * The log's next reading: every few seconds while any delivery is pending (it moves on by itself
 * within seconds), otherwise only when staff do something.
 */
export function deliveryPollInterval(deliveries: readonly { status: string }[] | undefined): number | false {
  return deliveries?.some((delivery) => delivery.status === 'pending') ? PENDING_DELIVERY_POLL_MS : false;
}

/**
 * True when, since the last reading `before`, a delivery was delivered or given up (one that was
 * pending, or one that settled before it was ever seen). A receiver answering 410 Gone switches the
 * webhook off, so the webhook is read again then. The first reading (no `before`) says false: the
 * webhook was read beside it.
 */
export function deliverySettled(
  before: readonly { id: string; status: string }[] | undefined,
  after: readonly { id: string; status: string }[],
): boolean {
  if (before === undefined) return false;
  const seen = new Map(before.map((delivery) => [delivery.id, delivery.status]));
  return after.some((delivery) => delivery.status !== 'pending' && seen.get(delivery.id) !== delivery.status);
}

/** An instant as the API writes it into a sentence (ISO 8601 in UTC). */
const ISO_INSTANT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z\b/g;

/**
 * A sentence from the server (why the app switched a webhook off) with each instant in it shown in
 * Melbourne time, as every time in the admin area is.
 */
export function withMelbourneTimes(sentence: string): string {
  return sentence.replace(ISO_INSTANT, (instant) => formatMelbourneTime(instant) || instant);
}
