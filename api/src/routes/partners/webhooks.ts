import { partnerWebhook } from '@cleanquote/quote-core/staff';
import { type Context, Hono } from 'hono';
import { type AuthEnv, requireAdmin } from '../../auth/middleware.ts';
import { jsonBody } from '../../lib/json-body.ts';
import { invalidBody } from '../../lib/read-json.ts';
import { pathParams } from '../../lib/request-validators.ts';
import { partnerExists } from '../../partners/partner-list.ts';
import {
  listDeliveries,
  presentWebhook,
  queueTestEvent,
  readWebhook,
  retryDelivery,
  rotateWebhookSecret,
  saveWebhook,
} from '../../webhooks/partner-webhooks.ts';
import { presentDelivery } from '../../webhooks/webhook-deliveries.ts';
import { SECRETS_KEY_NEEDED, WebhookSecrets } from '../../webhooks/webhook-secrets.ts';
import { checkWebhookUrl } from '../../webhooks/webhook-url.ts';

const NO_PARTNER = 'No partner has this key.';
const NO_WEBHOOK = 'This partner has no webhook yet.';

async function partnerKnown(c: Context<AuthEnv>, key: string): Promise<boolean> {
  // The partners PARTNER_ORIGINS configures are in the table once the registry has read it.
  await c.var.partners.snapshot();
  return partnerExists(c.var.database.db, key);
}

/** The partner a route under /:key is about. */
const byKey = pathParams('key');

/**
 * A partner's webhook, managed by staff on /partners (behind the admin session; no quote data, so no
 * dashboard unlock):
 * - PUT /api/partners/:key/webhook {url, events, enabled} → 200 the webhook; the first PUT also
 *   answers its signing `secret`, the only time it is shown. 400 naming `url` for an address that is
 *   not https to a public address; 503 without SECRETS_KEY (nothing is stored).
 * - GET /api/partners/:key/webhook → the webhook (never its secret); 404 without one.
 * - POST …/webhook/rotate → 200 {secret, previousSecretUntil}: the new secret, once; the old one
 *   signs beside it for 24 hours.
 * - POST …/webhook/test → 202 the queued `webhook.test` delivery.
 * - GET …/webhook/deliveries → {deliveries}, newest first.
 * - POST …/webhook/deliveries/:id/retry → 202 the delivery, queued again (a dead one only: 409 else).
 */
export const partnerWebhookRoutes = new Hono<AuthEnv>()
  .use(requireAdmin)
  .put('/:key/webhook', byKey, jsonBody(partnerWebhook), async (c) => {
    const { key } = c.req.valid('param');
    const change = c.req.valid('json');
    const { database, environment } = c.var;
    if (!(await partnerKnown(c, key))) {
      return c.json({ error: NO_PARTNER, requestId: c.var.requestId }, 404);
    }
    const secrets = WebhookSecrets.from(environment);
    if (!secrets) return c.json({ error: SECRETS_KEY_NEEDED, requestId: c.var.requestId }, 503);
    // A URL already saved passed these checks then, and is checked again before every delivery:
    // switching off a webhook whose receiver's name no longer resolves must still work.
    const stored = await readWebhook(database.db, key);
    if (stored?.url !== change.url) {
      const target = await checkWebhookUrl(change.url, {
        allowedHttpOrigins: environment.WEBHOOK_ALLOWED_HTTP_ORIGINS,
      });
      if (!target.ok) return invalidBody(c, { url: target.reason });
    }
    const saved = await saveWebhook(database, secrets, key, change);
    if (saved.outcome === 'unknown-partner') {
      return c.json({ error: NO_PARTNER, requestId: c.var.requestId }, 404);
    }
    c.var.logger.info(
      { partnerKey: key, outcome: saved.outcome, enabled: change.enabled },
      'partner webhook set',
    );
    // The secret is shown this once: it is stored sealed and never read back to a browser.
    const secret: { secret?: string } = saved.outcome === 'created' ? { secret: saved.secret } : {};
    return c.json({ ...presentWebhook(saved.webhook), ...secret }, 200);
  })
  .get('/:key/webhook', byKey, async (c) => {
    const { key } = c.req.valid('param');
    const webhook = await readWebhook(c.var.database.db, key);
    if (!webhook) {
      const known = await partnerKnown(c, key);
      return c.json({ error: known ? NO_WEBHOOK : NO_PARTNER, requestId: c.var.requestId }, 404);
    }
    return c.json(presentWebhook(webhook), 200);
  })
  .post('/:key/webhook/rotate', byKey, async (c) => {
    const { key } = c.req.valid('param');
    const secrets = WebhookSecrets.from(c.var.environment);
    if (!secrets) return c.json({ error: SECRETS_KEY_NEEDED, requestId: c.var.requestId }, 503);
    const rotated = await rotateWebhookSecret(c.var.database, secrets, key);
    if (!rotated) {
      const known = await partnerKnown(c, key);
      return c.json({ error: known ? NO_WEBHOOK : NO_PARTNER, requestId: c.var.requestId }, 404);
    }
    c.var.logger.info({ partnerKey: key }, 'partner webhook secret rotated');
    const { previousSecretUntil } = presentWebhook(rotated.webhook);
    return c.json({ secret: rotated.secret, previousSecretUntil }, 200);
  })
  .post('/:key/webhook/test', byKey, async (c) => {
    const { key } = c.req.valid('param');
    const delivery = await queueTestEvent(c.var.database, key);
    if (!delivery) {
      const known = await partnerKnown(c, key);
      return c.json({ error: known ? NO_WEBHOOK : NO_PARTNER, requestId: c.var.requestId }, 404);
    }
    return c.json(presentDelivery(delivery), 202);
  })
  .get('/:key/webhook/deliveries', byKey, async (c) => {
    const { key } = c.req.valid('param');
    const [known, rows] = await Promise.all([partnerKnown(c, key), listDeliveries(c.var.database.db, key)]);
    if (!known) return c.json({ error: NO_PARTNER, requestId: c.var.requestId }, 404);
    return c.json({ deliveries: rows.map(presentDelivery) }, 200);
  })
  .post('/:key/webhook/deliveries/:id/retry', pathParams('key', 'id'), async (c) => {
    const { key, id } = c.req.valid('param');
    const retry = await retryDelivery(c.var.database, key, id);
    switch (retry.outcome) {
      case 'queued':
        c.var.logger.info({ partnerKey: key, deliveryId: retry.delivery.id }, 'webhook delivery retried');
        return c.json(presentDelivery(retry.delivery), 202);
      case 'unknown-delivery':
        return c.json(
          { error: 'This partner has no delivery with that id.', requestId: c.var.requestId },
          404,
        );
      case 'not-dead':
        return c.json(
          {
            error: 'Only a dead delivery can be retried: this one is delivered or still being tried.',
            requestId: c.var.requestId,
          },
          409,
        );
      case 'webhook-disabled':
        return c.json(
          { error: 'The webhook is disabled. Enable it, then retry.', requestId: c.var.requestId },
          409,
        );
    }
  });
