import { createHash, randomUUID } from 'node:crypto';
import { business, terms } from '@cleanquote/content';
import { quoteRequestSchema, toFieldErrors } from '@cleanquote/quote-core';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { quoteRequests } from '../../db/schema.ts';
import type { AppEnv } from '../../lib/app-env.ts';
import { invalidBody, readJsonBody } from '../../lib/read-json.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { quoteAutoResponseMail, quoteNotificationMail } from './quote-mails.ts';
import { newQuoteReference } from './quote-reference.ts';

/** Partner keys are short slugs; anything else is treated as no key. */
const PARTNER_KEY = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** Idempotency keys are opaque client strings (a UUID from the wizard), bounded in size. */
const IDEMPOTENCY_KEY = /^[\w-]{8,128}$/;

/** Terms version recorded with each consent: the terms' "last updated" date. */
export const TERMS_VERSION = new Date(`${terms.lastUpdated} UTC`).toISOString().slice(0, 10);

class IdempotencyConflict extends Error {}

/**
 * POST /api/service-form: validates the whole quote request with the shared schema, stores it with
 * two queued mails (the business's notification, the client's auto-response) in one transaction and
 * answers 201 with its reference. With an Idempotency-Key header, a retry of the same body gets the
 * same answer and stores nothing new; the same key with another body is refused with 422.
 */
export const serviceFormRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const parsedBody = await readJsonBody(c);
  if (!parsedBody.ok) return invalidBody(c, { request: 'The body must be a JSON object.' });
  const result = quoteRequestSchema.safeParse(parsedBody.body);
  if (!result.success) return invalidBody(c, toFieldErrors(result.error));
  const request = result.data;

  const idempotencyKey = c.req.header('Idempotency-Key');
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    return invalidBody(c, { 'Idempotency-Key': 'Use 8 to 128 letters, digits, hyphens or underscores.' });
  }
  const partnerKey = c.req.header('X-Partner-Key');
  const source = partnerKey && PARTNER_KEY.test(partnerKey) ? `partner:${partnerKey}` : 'main-site';
  // Hash of the validated request, so a retry of the same answers matches whatever the key order.
  const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');

  try {
    const answer = await c.var.database.writes.run(async (tx) => {
      if (idempotencyKey) {
        const [existing] = await tx
          .select({ reference: quoteRequests.reference, requestHash: quoteRequests.requestHash })
          .from(quoteRequests)
          .where(eq(quoteRequests.idempotencyKey, idempotencyKey));
        if (existing) {
          if (existing.requestHash !== requestHash) throw new IdempotencyConflict();
          return { reference: existing.reference, replayed: true };
        }
      }
      const reference = newQuoteReference();
      const now = new Date();
      await tx.insert(quoteRequests).values({
        id: randomUUID(),
        reference,
        serviceType: request.serviceType,
        name: request.name,
        email: request.email,
        phone: request.phone,
        address: request.address,
        details: request,
        source,
        idempotencyKey: idempotencyKey ?? null,
        requestHash,
        termsVersion: TERMS_VERSION,
        consentedAt: now,
        createdAt: now,
      });
      // Same transaction as the quote: both mails exist exactly when the quote does (no lost leads).
      const environment = c.var.environment;
      const mail = {
        request,
        reference,
        source,
        mailFrom: environment.MAIL_FROM,
        businessEmail: environment.BUSINESS_EMAIL ?? business.email,
        publicUrl: environment.PUBLIC_URL,
      };
      await enqueueMail(tx, quoteNotificationMail(mail));
      await enqueueMail(tx, quoteAutoResponseMail(mail));
      return { reference, replayed: false };
    });
    c.var.logger.info(
      { reference: answer.reference, replayed: answer.replayed, source },
      'quote request received',
    );
    return c.json({ reference: answer.reference }, 201);
  } catch (error) {
    if (error instanceof IdempotencyConflict) {
      return c.json(
        {
          error: 'This Idempotency-Key was already used with a different quote request.',
          requestId: c.var.requestId,
        },
        422,
      );
    }
    throw error;
  }
});
