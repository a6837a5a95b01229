import { HttpResponse, http } from 'msw';
import type { PartnerList } from '../../sites/web/src/admin/lib/partners-query.ts';
import type { WebhookDelivery, WebhookSettings } from '../../sites/web/src/admin/partners/webhook-queries.ts';

/*
 * The partner sites staff manage on /partners, as GET /api/partners and the webhook routes answer:
 * a support-coordination agency in Northcote with a webhook, a real-estate agent in Brunswick
 * without one, and one switched off.
 */

/** The embed script every snippet loads (exact version, with its integrity hash). */
export const embedScript = {
  version: '1.4.2',
  url: 'https://sparkleclean.example/embed/cleanquote-embed.1.4.2.js',
  integrity: 'sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC',
} as const satisfies NonNullable<PartnerList['embed']>;

type Partner = PartnerList['partners'][number];

/** A support-coordination agency that has sent quotes, with a webhook. */
export const northsideSupport = {
  key: 'northside-support',
  name: 'Northside Support Co.',
  origins: ['https://northsidesupport.example', 'https://www.northsidesupport.example'],
  enabled: true,
  quoteCount: 23,
} as const satisfies Partner;

/** A real-estate agent's end-of-lease page: no quotes yet, no webhook. */
export const brunswickRealty = {
  key: 'brunswick-realty',
  name: 'Brunswick Realty',
  origins: ['https://brunswickrealty.example'],
  enabled: true,
  quoteCount: 0,
} as const satisfies Partner;

/** A partner staff switched off: its form asks visitors to call instead. */
export const bayside = {
  key: 'bayside-care',
  name: 'Bayside Care Partners',
  origins: ['https://baysidecare.example'],
  enabled: false,
  quoteCount: 7,
} as const satisfies Partner;

/** GET /api/partners answering `partners` and the embed script. */
export const partnersAnswer = (...partners: Partner[]) =>
  http.get('/api/partners', () => HttpResponse.json({ partners, embed: embedScript } satisfies PartnerList));

/** Northside Support's webhook: both events, on. */
export const northsideWebhook = {
  url: 'https://hooks.northsidesupport.example/cleanquote',
  events: ['quote.created', 'quote.status_changed'],
  enabled: true,
  disabledReason: null,
  previousSecretUntil: null,
  createdAt: '2026-02-02T01:10:00.000Z',
  updatedAt: '2026-02-02T01:10:00.000Z',
} as const satisfies WebhookSettings;

/** Its deliveries, newest first: one still failing, one delivered, one given up after 24 hours. */
export const northsideDeliveries = [
  {
    id: 'msg_2xQ7aPz41mVbK9',
    type: 'quote.status_changed',
    status: 'pending',
    attempts: 3,
    lastStatusCode: 503,
    lastError: 'The receiver answered 503 Service Unavailable',
    createdAt: '2026-03-11T23:40:00.000Z',
    deliveredAt: null,
    nextAttemptAt: '2026-03-12T00:20:00.000Z',
  },
  {
    id: 'msg_2xQ5kLm90cRtW3',
    type: 'quote.created',
    status: 'delivered',
    attempts: 1,
    lastStatusCode: 204,
    lastError: null,
    createdAt: '2026-03-11T02:05:00.000Z',
    deliveredAt: '2026-03-11T02:05:01.000Z',
    nextAttemptAt: null,
  },
  {
    id: 'msg_2xP1dHs72nYeQ8',
    type: 'quote.created',
    status: 'dead',
    attempts: 8,
    lastStatusCode: null,
    lastError: 'Connection timed out after 10 s',
    createdAt: '2026-03-08T04:30:00.000Z',
    deliveredAt: null,
    nextAttemptAt: null,
  },
] as const satisfies readonly WebhookDelivery[];

const notFound = (error: string) => HttpResponse.json({ error, requestId: 'story' }, { status: 404 });

/** A partner's webhook routes: its webhook (or 404 without one) and its deliveries. */
export const webhookAnswers = (
  webhooks: Readonly<Record<string, WebhookSettings>>,
  deliveries: Readonly<Record<string, readonly WebhookDelivery[]>> = {},
) => [
  http.get('/api/partners/:key/webhook', ({ params }) => {
    const webhook = webhooks[String(params.key)];
    return webhook ? HttpResponse.json(webhook) : notFound('This partner has no webhook yet.');
  }),
  http.get('/api/partners/:key/webhook/deliveries', ({ params }) =>
    HttpResponse.json({ deliveries: [...(deliveries[String(params.key)] ?? [])] }),
  ),
];
