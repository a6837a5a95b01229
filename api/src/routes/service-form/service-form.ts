import { type IssueList, type PartnerRefResult, readPartnerRef, toFieldErrors } from '@cleanquote/quote-core';
import { quoteRequestSchema } from '@cleanquote/quote-core/schema';
import { zValidator } from '@hono/zod-validator';
import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../lib/app-env.ts';
import { invalidBody, readJsonBody } from '../../lib/read-json.ts';
import { checkPartnerKey, PARTNER_REFUSALS, type PartnerKeyCheck } from '../../partners/partner-keys.ts';
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

/** What the request says besides the visitor's answers, and the problems with it. */
interface RequestExtras {
  /** A key from a partner's site that may submit, or the main site's. */
  partner: Extract<PartnerKeyCheck, { outcome: 'main-site' | 'partner' | 'unknown-key' }>;
  idempotencyKey: string | null;
  partnerRef: string | null;
  /** Each bad header or field outside the answers, by name; empty when there is none. */
  fields: Record<string, string>;
}

type ServiceFormEnv = { Variables: AppEnv['Variables'] & { extras?: RequestExtras } };

/** The Idempotency-Key and X-Partner-Key headers and the partner's reference in `body`, checked. */
function requestExtras(c: Context<AppEnv>, partner: RequestExtras['partner'], body: unknown): RequestExtras {
  const fields: Record<string, string> = {};
  const idempotencyKey = c.req.header('Idempotency-Key');
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    fields['Idempotency-Key'] = 'Use 8 to 128 letters, digits, hyphens or underscores.';
  }
  if (partner.outcome === 'unknown-key') fields['X-Partner-Key'] = PARTNER_REFUSALS.unknownKey;
  const partnerRef = partnerRefOf(body, partner.outcome !== 'main-site');
  if (!partnerRef.ok) fields.partnerRef = partnerRef.message;
  return {
    partner,
    idempotencyKey: idempotencyKey ?? null,
    partnerRef: partnerRef.ok ? partnerRef.partnerRef : null,
    fields,
  };
}

/**
 * Refuses a partner key from a foreign origin or of a disabled partner (403, before the body is
 * read), then reads the body once: malformed JSON is a 400 naming `request` with every other
 * problem, and what the request says besides its answers is checked for the handler.
 */
const partnerAndHeaders = createMiddleware<ServiceFormEnv>(async (c, next) => {
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
      { error: PARTNER_REFUSALS.quotesSwitchedOff, partnerDisabled: true, requestId: c.var.requestId },
      403,
    );
  }
  const read = await readJsonBody(c);
  const extras = requestExtras(c, partner, read.ok ? read.body : undefined);
  if (!read.ok) return invalidBody(c, { request: 'The body must be a JSON object.', ...extras.fields });
  c.set('extras', extras);
  await next();
});

/** What {@link partnerAndHeaders} found; it runs before the body's validator and the handler. */
function extrasOf(c: Context<ServiceFormEnv>): RequestExtras {
  const { extras } = c.var;
  if (!extras) throw new Error('the partner key and headers are checked before the answers');
  return extras;
}

/** Bad answers are named in one 400 together with every other problem of the request. */
const refuseAnswers = (
  result: { success: true } | { success: false; error: IssueList },
  c: Context<ServiceFormEnv>,
) => (result.success ? undefined : invalidBody(c, { ...toFieldErrors(result.error), ...extrasOf(c).fields }));

/** The visitor's answers, by the shared schema. */
const quoteRequestBody = zValidator<
  typeof quoteRequestSchema,
  'json',
  ServiceFormEnv,
  string,
  typeof refuseAnswers
>('json', quoteRequestSchema, refuseAnswers);

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
export const serviceFormRoutes = new Hono<ServiceFormEnv>().post(
  '/',
  partnerAndHeaders,
  quoteRequestBody,
  async (c) => {
    const request = c.req.valid('json');
    const { partner, idempotencyKey, partnerRef, fields } = extrasOf(c);
    if (partner.outcome === 'unknown-key' || Object.keys(fields).length > 0) return invalidBody(c, fields);
    const source = partner.source;
    const answer = await storeQuoteRequest(c, { request, source, partnerRef, idempotencyKey });
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
  },
);
