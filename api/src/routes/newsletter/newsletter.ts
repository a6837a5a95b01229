import { newsletterSignup } from '@cleanquote/quote-core/staff';
import { zValidator } from '@hono/zod-validator';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/app-env.ts';
import { jsonBody } from '../../lib/json-body.ts';
import {
  confirmationLinkGonePage,
  subscribedPage,
  unsubscribedPage,
  unsubscribeLinkGonePage,
} from '../../newsletter/newsletter-pages.tsx';
import {
  askToSubscribe,
  confirmSubscription,
  MAX_LINK_TOKEN,
  unsubscribe,
} from '../../newsletter/subscriptions.ts';
import { submissionSource } from '../../partners/partner-keys.ts';

/** The token of a confirmation or unsubscribe link: a link without a usable one works no more than an unknown one. */
const newsletterLink = z.object({ token: z.string().max(MAX_LINK_TOKEN) });

/** A page a newsletter link opens: never cached, its address (the token) never sent on to another site. */
const linkPage = (c: Context, html: string, status: 200 | 400 | 404) =>
  c.html(html, status, { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });

/** The link's token, or the answer a link that can't work gets. */
const linkToken = (gone: (c: Context) => Response) =>
  zValidator('query', newsletterLink, (result, c) => (result.success ? undefined : gone(c)));

const confirmationGone = (c: Context) => linkPage(c, confirmationLinkGonePage(), 400);
const unsubscribeGone = (c: Context) => linkPage(c, unsubscribeLinkGonePage(), 404);
const unknownUnsubscribeLink = (c: Context) =>
  c.json({ error: 'Unknown unsubscribe link.', requestId: c.get('requestId') as string }, 404);

/**
 * The newsletter with double opt-in:
 * - POST /api/newsletter {email, source?}: records the consent (time, source) as pending and queues a
 *   confirmation mail in the same transaction. Answers 202 whatever the address's state, so the
 *   form reveals nothing about who subscribes; a second request never makes a second row. Past the
 *   address's per-recipient mail limits (shared with quote auto-responses) nothing is recorded or sent.
 * - GET /api/newsletter/confirm?token=…: confirms (subscribed) and shows a page.
 * - GET and POST /api/newsletter/unsubscribe?token=…: the link in every mail and the RFC 8058
 *   one-click POST from mail clients.
 */
export const newsletterRoutes = new Hono<AppEnv>()
  .post('/', jsonBody(newsletterSignup), async (c) => {
    const { email, source: page } = c.req.valid('json');
    const origin = submissionSource(c);
    const source = page ? (origin === 'main-site' ? page : `${origin} ${page}`) : origin;
    const outcome = await askToSubscribe(c.var.database, c.var.environment, { email, source });
    c.var.logger.info({ outcome }, 'newsletter subscription request');
    return c.json(
      { status: 'pending', message: 'Please check your inbox and confirm your subscription.' },
      202,
    );
  })
  .get('/confirm', linkToken(confirmationGone), async (c) =>
    (await confirmSubscription(c.var.database, c.req.valid('query').token))
      ? linkPage(c, subscribedPage(), 200)
      : confirmationGone(c),
  )
  .get('/unsubscribe', linkToken(unsubscribeGone), async (c) => {
    const subscriberId = await unsubscribe(c.var.database, c.req.valid('query').token);
    if (subscriberId === undefined) return unsubscribeGone(c);
    c.var.logger.info({ subscriberId }, 'newsletter unsubscribe');
    return linkPage(c, unsubscribedPage(), 200);
  })
  // RFC 8058: the mail client POSTs "List-Unsubscribe=One-Click" to the URL from the header.
  .post('/unsubscribe', linkToken(unknownUnsubscribeLink), async (c) => {
    const subscriberId = await unsubscribe(c.var.database, c.req.valid('query').token);
    if (subscriberId === undefined) return unknownUnsubscribeLink(c);
    c.var.logger.info({ subscriberId }, 'newsletter unsubscribe');
    return c.json({ status: 'unsubscribed' });
  });
