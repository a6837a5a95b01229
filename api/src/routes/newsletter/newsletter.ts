import { business } from '@cleanquote/content';
import { emailAddress } from '@cleanquote/quote-core/staff';
import { and, eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { newRowId } from '../../db/row-id.ts';
import { newsletterSubscribers } from '../../db/schema.ts';
import type { AppEnv } from '../../lib/app-env.ts';
import { escapeHtml, htmlPage } from '../../lib/html-page.ts';
import { jsonBody } from '../../lib/json-body.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { enqueueMail, type WriteTransaction } from '../../mail/outbox.ts';
import { RecipientMailLedger, recipientMailLimits } from '../../mail/recipient-limits.ts';
import { submissionSource } from '../../partners/partner-keys.ts';

/** A confirmation link works for this long. */
export const CONFIRMATION_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Asking again within this time sends no second confirmation mail (nobody can mail-bomb an address). */
export const CONFIRMATION_RESEND_INTERVAL_MS = 10 * 60 * 1000;

/** Outbox kind of the double opt-in mail; it counts toward the per-recipient mail limits. */
const CONFIRMATION_KIND = 'newsletter-confirmation';

const subscribeBody = z.object({
  email: emailAddress,
  /** Where on the site the visitor subscribed (e.g. 'home-newsletter'); recorded with the consent. */
  source: z
    .string()
    .trim()
    .max(100)
    .regex(/^[\w .:/-]*$/, 'Letters, digits and - _ . : / only')
    .optional(),
});

/** The one-click unsubscribe URL of a subscriber (RFC 8058); GET and POST both work. */
export function unsubscribeUrl(publicUrl: string, unsubscribeToken: string): string {
  return `${publicUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`;
}

/**
 * Headers every newsletter mail carries: List-Unsubscribe with the HTTPS one-click link and
 * List-Unsubscribe-Post, so mail clients offer an unsubscribe button that works with one POST.
 */
export function newsletterHeaders(publicUrl: string, unsubscribeToken: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(publicUrl, unsubscribeToken)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/**
 * The footer every newsletter mail ends with: who sends it (Spam Act 2003: sender identification)
 * and the unsubscribe link.
 */
export function newsletterFooter(publicUrl: string, unsubscribeToken: string): string {
  return [
    '—',
    `${business.name} · ABN ${business.abn} · ${business.city} ${business.region}`,
    `${business.email} · ${business.phone} · ${publicUrl}`,
    `Unsubscribe at any time with one click: ${unsubscribeUrl(publicUrl, unsubscribeToken)}`,
  ].join('\n');
}

async function queueConfirmation(
  tx: WriteTransaction,
  c: Context<AppEnv>,
  email: string,
  confirmToken: string,
  unsubscribeToken: string,
) {
  const publicUrl = c.var.environment.PUBLIC_URL;
  const confirmUrl = `${publicUrl}/api/newsletter/confirm?token=${encodeURIComponent(confirmToken)}`;
  await enqueueMail(tx, {
    kind: CONFIRMATION_KIND,
    from: c.var.environment.MAIL_FROM,
    to: email,
    recipientFromRequest: true,
    subject: `Please confirm your subscription to ${business.name} news`,
    text: [
      'Hello,',
      '',
      `Someone (we hope you) asked to receive cleaning tips and offers from ${business.name} at this address.`,
      'Please confirm by opening this link:',
      '',
      confirmUrl,
      '',
      `The link works for 7 days. If you did not ask for this, ignore this email: you will not hear from us again.`,
      '',
      newsletterFooter(publicUrl, unsubscribeToken),
    ].join('\n'),
    headers: newsletterHeaders(publicUrl, unsubscribeToken),
  });
}

function resultPage(c: Context<AppEnv>, status: 200 | 400 | 404, title: string, text: string) {
  return c.html(
    htmlPage({
      title: `${title} · ${business.name}`,
      body: `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>\n<p><a href="/">Back to ${escapeHtml(business.name)}</a></p>`,
    }),
    status,
    { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  );
}

async function unsubscribe(c: Context<AppEnv>, token: string | undefined): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const now = new Date();
  const [row] = await c.var.database.writes.run((tx) =>
    tx
      .update(newsletterSubscribers)
      .set({ status: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null, updatedAt: now })
      .where(eq(newsletterSubscribers.unsubscribeToken, token))
      .returning({ id: newsletterSubscribers.id }),
  );
  if (row) c.var.logger.info({ subscriberId: row.id }, 'newsletter unsubscribe');
  return row !== undefined;
}

/**
 * The newsletter with double opt-in (DESIGN.md item 6):
 * - POST /api/newsletter {email, source?}: records the consent (time, source) as pending and queues a
 *   confirmation mail in the same transaction. Answers 202 whatever the address's state, so the
 *   form reveals nothing about who subscribes; a second request never makes a second row. Past the
 *   address's per-recipient mail limits (shared with quote auto-responses) nothing is recorded or sent.
 * - GET /api/newsletter/confirm?token=…: confirms (subscribed) and shows a page.
 * - GET and POST /api/newsletter/unsubscribe?token=…: the link in every mail and the RFC 8058
 *   one-click POST from mail clients.
 */
export const newsletterRoutes = new Hono<AppEnv>()
  .post('/', jsonBody(subscribeBody), async (c) => {
    const { email, source: page } = c.req.valid('json');
    const address = email.toLowerCase();
    const origin = submissionSource(c);
    const source = page ? (origin === 'main-site' ? page : `${origin} ${page}`) : origin;
    const outcome = await c.var.database.writes.run(async (tx) => {
      const now = new Date();
      const [existing] = await tx
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, address));
      if (existing?.status === 'subscribed') return 'already-subscribed';
      if (
        existing?.status === 'pending' &&
        existing.confirmationSentAt &&
        now.getTime() - existing.confirmationSentAt.getTime() < CONFIRMATION_RESEND_INTERVAL_MS
      ) {
        return 'recently-asked';
      }
      // Past the address's mail limits nothing changes: no mail, and a link sent earlier keeps working.
      const ledger = await RecipientMailLedger.read(tx, [address], now);
      const limits = recipientMailLimits(c.var.environment);
      if (!ledger.allowance(address, CONFIRMATION_KIND, limits).allowed) return 'recipient-limit';
      const confirmToken = randomToken();
      const fields = {
        status: 'pending' as const,
        source,
        consentedAt: now,
        confirmTokenHash: Buffer.from(hashToken(confirmToken)),
        confirmationSentAt: now,
        updatedAt: now,
      };
      const unsubscribeToken = existing?.unsubscribeToken ?? randomToken();
      if (existing) {
        await tx.update(newsletterSubscribers).set(fields).where(eq(newsletterSubscribers.id, existing.id));
      } else {
        await tx
          .insert(newsletterSubscribers)
          .values({ id: newRowId(), email: address, unsubscribeToken, createdAt: now, ...fields });
      }
      await queueConfirmation(tx, c, address, confirmToken, unsubscribeToken);
      return existing ? 'asked-again' : 'asked';
    });
    c.var.logger.info({ outcome }, 'newsletter subscription request');
    return c.json(
      { status: 'pending', message: 'Please check your inbox and confirm your subscription.' },
      202,
    );
  })
  .get('/confirm', async (c) => {
    const token = c.req.query('token');
    const now = new Date();
    const confirmed =
      token && token.length <= 100
        ? await c.var.database.writes.run(async (tx) => {
            const [row] = await tx
              .select()
              .from(newsletterSubscribers)
              .where(
                and(
                  eq(newsletterSubscribers.confirmTokenHash, Buffer.from(hashToken(token))),
                  eq(newsletterSubscribers.status, 'pending'),
                ),
              );
            const sentAt = row?.confirmationSentAt?.getTime() ?? 0;
            if (!row || now.getTime() - sentAt > CONFIRMATION_LINK_TTL_MS) return false;
            await tx
              .update(newsletterSubscribers)
              .set({ status: 'subscribed', confirmedAt: now, confirmTokenHash: null, updatedAt: now })
              .where(eq(newsletterSubscribers.id, row.id));
            return true;
          })
        : false;
    return confirmed
      ? resultPage(
          c,
          200,
          'You are subscribed',
          `Thank you for confirming. You will now receive news from ${business.name}; every email has a one-click unsubscribe link.`,
        )
      : resultPage(
          c,
          400,
          'This link no longer works',
          'The confirmation link is invalid, already used or older than 7 days. Please subscribe again on our website.',
        );
  })
  .get('/unsubscribe', async (c) =>
    (await unsubscribe(c, c.req.query('token')))
      ? resultPage(
          c,
          200,
          'You are unsubscribed',
          `You will not receive any more newsletters from ${business.name}.`,
        )
      : resultPage(
          c,
          404,
          'This link no longer works',
          'We could not find a subscription for this link. You will not receive newsletters through it.',
        ),
  )
  .post('/unsubscribe', async (c) => {
    // RFC 8058: the mail client POSTs "List-Unsubscribe=One-Click" to the URL from the header.
    const done = await unsubscribe(c, c.req.query('token'));
    return done
      ? c.json({ status: 'unsubscribed' })
      : c.json({ error: 'Unknown unsubscribe link.', requestId: c.var.requestId }, 404);
  });
