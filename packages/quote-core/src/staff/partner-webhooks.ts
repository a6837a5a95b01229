import { z } from 'zod';

/** The events a partner's webhook can be sent about its quotes and their visits. */
export const WEBHOOK_EVENTS = [
  'quote.created',
  'quote.status_changed',
  'visit.booked',
  'visit.rescheduled',
  'visit.cancelled',
  'visit.completed',
] as const;
/** One event a partner's webhook can subscribe to. */
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event staff send with 'Send test event': never about a quote. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Where a webhook delivery is: waiting for its next attempt, received (2xx), or given up. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'dead'] as const;
/** One state of a webhook delivery. */
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The longest webhook URL accepted. */
export const MAX_WEBHOOK_URL = 2_000;

const URL_EXAMPLE = 'like https://partner.example/webhooks';

/**
 * A webhook URL as the form and the API check it before the server's own checks: an absolute
 * https:// (or http://) URL without a user name or password (a secret in a URL would be shown on
 * /partners). Whether plain http is allowed and where the name resolves are the server's checks.
 */
export const webhookUrl = z
  .string({ error: `Enter the address events are sent to, ${URL_EXAMPLE}` })
  .transform((value, ctx) => {
    const text = value.trim();
    const refuse = (message: string) => {
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    };
    if (text === '') return refuse(`Enter the address events are sent to, ${URL_EXAMPLE}`);
    if (text.length > MAX_WEBHOOK_URL) return refuse(`At most ${MAX_WEBHOOK_URL} characters`);
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return refuse(`Enter a full address, ${URL_EXAMPLE}`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      return refuse(`The address must start with https://, ${URL_EXAMPLE}`);
    }
    if (url.username !== '' || url.password !== '') {
      return refuse('The address may not contain a user name or password');
    }
    // A fragment never reaches the receiver: keep the address as it will be called.
    url.hash = '';
    return url.href;
  });

/** PUT /api/partners/:key/webhook: where the partner's events go, which, and whether they are sent. */
export const partnerWebhook = z.object({
  url: webhookUrl,
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `Choose from ${WEBHOOK_EVENTS.join(', ')}` }), {
      error: 'Choose the events to send',
    })
    .min(1, 'Choose at least one event to send')
    .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event))),
  enabled: z.boolean({ error: 'enabled is true or false' }),
});
/** A partner's webhook as a form or client sends it. */
export type PartnerWebhookInput = z.input<typeof partnerWebhook>;
/** A partner's webhook as the API reads it: the URL normalised, each event once, in a fixed order. */
export type PartnerWebhook = z.output<typeof partnerWebhook>;
