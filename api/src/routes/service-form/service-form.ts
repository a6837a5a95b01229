import { type PartnerRefResult, readPartnerRef, toFieldErrors } from '@cleanquote/quote-core';
import { quoteRequestSchema } from '@cleanquote/quote-core/schema';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env.ts';
import { invalidBody, readJsonBody } from '../../lib/read-json.ts';
import { checkPartnerKey, PARTNER_REFUSALS } from '../../partners/partner-keys.ts';
import { storeQuoteRequest } from '../../quote-requests/store-quote-request.ts';

/** Idempotency keys are opaque client strings (a UUID from the wizard), bounded in size. */
const IDEMPOTENCY_KEY = /^[\w-]{8,128}$/;

export { TERMS_VERSION } from '../../quote-requests/store-quote-request.ts';

/** What `partnerRef` without X-Partner-Key is told: only a partner's page has a reference to give. */
export const PARTNER_REF_NEEDS_KEY = 'partnerRef needs a partner key';

/**
 * The partner's own reference beside the request (`partnerRef`; absent or null: none). It is not one
 * of the visitor's answers, so the request's schema never sees it, and only a partner's page (one
 * sending X-Partner-Key) has one to give.
 */
function partnerRefOf(body: unknown, withKey: boolean): PartnerRefResult | { ok: true; partnerRef: null } {
  const value =
    typeof body === 'object' && body !== null ? (body as { partnerRef?: unknown }).partnerRef : null;
  if (value === undefined || value === null) return { ok: true, partnerRef: null };
  return withKey ? readPartnerRef(value) : { ok: false, message: PARTNER_REF_NEEDS_KEY };
}

/**
 * POST /api/service-form: validates the whole quote request with the shared schema, stores it with
 * two queued mails (the business's notification, the client's auto-response) in one transaction and
 * answers 201 with its reference. With an Idempotency-Key header, a retry of the same body gets the
 * same answer and stores nothing new; the same key with another body is refused with 422.
 *
 * An X-Partner-Key header attributes the quote to a partner's site (source `partner:<key>`). Only the
 * partner's origins may use it: from any other origin the request is refused with 403 before its body
 * is read, as is every request of a partner staff disabled (with the business's phone number); a key
 * that is not known is a bad field (400). With a key, `partnerRef` in the body is the partner's own
 * reference for the quote, stored with it. A disabled partner's site is refused even earlier, with or
 * without a key, by the origin check (security/baseline.ts).
 */
export const serviceFormRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const partner = await checkPartnerKey(c);
  if (partner.outcome === 'origin-not-allowed') {
    c.var.logger.warn(
      { partnerKey: partner.key, origin: partner.origin },
      'partner key from a foreign origin',
    );
    return c.json({ error: PARTNER_REFUSALS.originNotAllowed, requestId: c.var.requestId }, 403);
  }

  if (partner.outcome === 'partner-disabled') {
    return c.json(
      {
        error: PARTNER_REFUSALS.quotesSwitchedOff,
        partnerDisabled: true,
        requestId: c.var.requestId,
      },
      403,
    );
  }

  const parsedBody = await readJsonBody(c);
  const result = parsedBody.ok ? quoteRequestSchema.safeParse(parsedBody.body) : undefined;
  const fields: Record<string, string> = !parsedBody.ok
    ? { request: 'The body must be a JSON object.' }
    : { ...(result && !result.success ? toFieldErrors(result.error) : {}) };
  const idempotencyKey = c.req.header('Idempotency-Key');
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    fields['Idempotency-Key'] = 'Use 8 to 128 letters, digits, hyphens or underscores.';
  }
  if (partner.outcome === 'unknown-key') {
    fields['X-Partner-Key'] = PARTNER_REFUSALS.unknownKey;
  }
  const partnerRef = partnerRefOf(
    parsedBody.ok ? parsedBody.body : undefined,
    partner.outcome !== 'main-site',
  );
  if (!partnerRef.ok) fields.partnerRef = partnerRef.message;
  if (
    partner.outcome === 'unknown-key' ||
    !result?.success ||
    !partnerRef.ok ||
    Object.keys(fields).length > 0
  ) {
    return invalidBody(c, fields);
  }
  const source = partner.source;
  const answer = await storeQuoteRequest(c, {
    request: result.data,
    source,
    partnerRef: partnerRef.partnerRef,
    idempotencyKey: idempotencyKey ?? null,
  });
  if (answer.outcome === 'conflict') {
    return c.json(
      {
        error: 'This Idempotency-Key was already used with a different quote request.',
        requestId: c.var.requestId,
      },
      422,
    );
  }
  c.var.logger.info(
    { reference: answer.reference, replayed: answer.outcome === 'replayed', source },
    'quote request received',
  );
  return c.json({ reference: answer.reference }, 201);
});
