import { createHash, randomUUID } from 'node:crypto';
import { business, terms } from '@cleanquote/content';
import { toFieldErrors } from '@cleanquote/quote-core';
import { quoteRequestSchema } from '@cleanquote/quote-core/schema';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { quoteRequests } from '../../db/schema.ts';
import type { AppEnv } from '../../lib/app-env.ts';
import { invalidBody, readJsonBody } from '../../lib/read-json.ts';
import { checkPartnerKey } from '../../lib/submission-source.ts';
import { enqueueMails, type WriteTransaction } from '../../mail/outbox.ts';
import { quoteAutoResponseMail, quoteNotificationMail } from './quote-mails.ts';
import { newQuoteReference } from './quote-reference.ts';

/** Idempotency keys are opaque client strings (a UUID from the wizard), bounded in size. */
const IDEMPOTENCY_KEY = /^[\w-]{8,128}$/;

/** Terms version recorded with each consent: the terms' "last updated" date. */
export const TERMS_VERSION = new Date(`${terms.lastUpdated} UTC`).toISOString().slice(0, 10);

class IdempotencyConflict extends Error {}

const quoteColumns = [
  'id',
  'reference',
  'serviceType',
  'name',
  'email',
  'phone',
  'address',
  'details',
  'source',
  'idempotencyKey',
  'requestHash',
  'termsVersion',
  'consentedAt',
  'createdAt',
] as const;
type QuoteColumn = (typeof quoteColumns)[number];

function buildQuoteInsert(tx: WriteTransaction) {
  const row: Record<string, unknown> = {};
  for (const column of quoteColumns) row[column] = sql.placeholder(column);
  return tx
    .insert(quoteRequests)
    .values(row as typeof quoteRequests.$inferInsert)
    .onConflictDoNothing({ target: quoteRequests.idempotencyKey })
    .prepare();
}

// The quote's INSERT, built once per write transaction (a batch of quotes shares one) instead of once
// per request: drizzle's query building cost more CPU than SQLite's insert (0004).
const quoteInserts = new WeakMap<WriteTransaction, ReturnType<typeof buildQuoteInsert>>();

/** Every column the INSERT binds, with the type drizzle maps it from (a JSON object, a Date…). */
type QuoteValues = Pick<Required<typeof quoteRequests.$inferInsert>, QuoteColumn>;

function insertQuote(tx: WriteTransaction, values: QuoteValues) {
  let prepared = quoteInserts.get(tx);
  if (!prepared) {
    prepared = buildQuoteInsert(tx);
    quoteInserts.set(tx, prepared);
  }
  return prepared.run(values);
}

/**
 * POST /api/service-form: validates the whole quote request with the shared schema, stores it with
 * two queued mails (the business's notification, the client's auto-response) in one transaction and
 * answers 201 with its reference. With an Idempotency-Key header, a retry of the same body gets the
 * same answer and stores nothing new; the same key with another body is refused with 422.
 *
 * An X-Partner-Key header attributes the quote to a partner's site (source `partner:<key>`). Only the
 * origins PARTNER_ORIGINS lists for that key may use it: from any other origin the request is refused
 * with 403 before its body is read; a key that is not configured is a bad field (400).
 */
export const serviceFormRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const partner = checkPartnerKey(c);
  if (partner.outcome === 'origin-not-allowed') {
    c.var.logger.warn(
      { partnerKey: partner.key, origin: partner.origin },
      'partner key from a foreign origin',
    );
    return c.json(
      {
        error: 'This site is not allowed to send quote requests with this partner key.',
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
    fields['X-Partner-Key'] = 'Unknown partner key. Check the key your embed code was given.';
  }
  if (partner.outcome === 'unknown-key' || !result?.success || Object.keys(fields).length > 0) {
    return invalidBody(c, fields);
  }
  const request = result.data;
  const source = partner.source;
  // Hash of the validated request, so a retry of the same answers matches whatever the key order.
  const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');

  try {
    const answer = await c.var.database.writes.run(
      async (tx) => {
        const reference = newQuoteReference();
        const now = new Date();
        // The unique Idempotency-Key decides: a first request inserts its quote, a retry inserts nothing
        // and is answered from the stored one (one statement in the common case, not a lookup first).
        const inserted = await insertQuote(tx, {
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
        if (inserted.rowsAffected === 0) {
          const [existing] = await tx
            .select({ reference: quoteRequests.reference, requestHash: quoteRequests.requestHash })
            .from(quoteRequests)
            .where(eq(quoteRequests.idempotencyKey, idempotencyKey ?? ''));
          if (!existing) throw new Error('idempotency key conflict without a stored quote');
          // Answered, not thrown: the job runs without a savepoint, and a throw rolls back its batch.
          if (existing.requestHash !== requestHash) return { conflict: true } as const;
          return { reference: existing.reference, replayed: true } as const;
        }
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
        await enqueueMails(tx, [quoteNotificationMail(mail), quoteAutoResponseMail(mail)]);
        return { reference, replayed: false } as const;
      },
      // No savepoint (two statements fewer per quote): this job fails only on a database or
      // programming error, and then its whole batch rolls back and the other jobs run again alone, so
      // a partial quote can never commit.
      { savepoint: false },
    );
    if ('conflict' in answer) throw new IdempotencyConflict();
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
