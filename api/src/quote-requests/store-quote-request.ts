import { createHash } from 'node:crypto';
import { business, terms } from '@cleanquote/content';
import type { QuoteRequest } from '@cleanquote/quote-core';
import type { Context } from 'hono';
import type { Database } from '../db/database.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { randomToken } from '../lib/tokens.ts';
import { quoteMails } from '../mail/quote-mails.ts';
import { recipientMailLimits } from '../mail/recipient-limits.ts';
import { phoneDigits } from './phone-digits.ts';
import { QuoteIntake, type QuoteIntakeAnswer } from './quote-intake.ts';

/** Terms version recorded with each consent: the terms' "last updated" date. */
export const TERMS_VERSION = new Date(`${terms.lastUpdated} UTC`).toISOString().slice(0, 10);

// One intake per database: the quotes waiting for the same write share a batch.
const intakes = new WeakMap<Database['writes'], QuoteIntake>();

function intakeFor(database: Database): QuoteIntake {
  let intake = intakes.get(database.writes);
  if (!intake) {
    intake = new QuoteIntake(database.writes);
    intakes.set(database.writes, intake);
  }
  return intake;
}

/** A validated quote request to store, with where it came from and its idempotency key. */
export interface QuoteRequestToStore {
  readonly request: QuoteRequest;
  /** 'main-site' or 'partner:<key>'. */
  readonly source: string;
  /** The partner's own reference for the quote (checked, with a partner key), or null/absent for none. */
  readonly partnerRef?: string | null | undefined;
  /** With a key, a repeat of the same request is answered from the stored quote (`replayed`). */
  readonly idempotencyKey: string | null;
}

/**
 * Stores a validated quote request with its queued mails (the business's notification, the client's
 * auto-response unless their address reached its mail limits) in one transaction: the one way in for
 * the JSON route (POST /api/service-form) and the wizard's no-script form (POST /service-form), so
 * both keep the same idempotency and the same limits: the same key and request answer the stored
 * quote; the same key with another request is a `conflict`.
 */
export function storeQuoteRequest(
  c: Context<AppEnv>,
  { request, source, partnerRef = null, idempotencyKey }: QuoteRequestToStore,
): Promise<QuoteIntakeAnswer> {
  // Hash of the validated request, so a retry of the same answers matches whatever the key order; a
  // partner's reference is part of what was sent (a retry naming another one is another request).
  const sent = partnerRef === null ? request : { request, partnerRef };
  const requestHash = createHash('sha256').update(JSON.stringify(sent)).digest('hex');
  const { environment, database } = c.var;
  const now = new Date();
  return intakeFor(database).store({
    row: {
      serviceType: request.serviceType,
      name: request.name,
      email: request.email,
      phone: request.phone,
      phoneDigits: phoneDigits(request.phone),
      address: request.address,
      details: request,
      source,
      partnerRef,
      idempotencyKey,
      requestHash,
      termsVersion: TERMS_VERSION,
      // The case manager's unsubscribe link, made when they ask for updates (case-manager-updates.ts).
      caseManagerUpdatesToken: request.caseManagerUpdates ? randomToken() : null,
      consentedAt: now,
      createdAt: now,
    },
    recipientLimits: recipientMailLimits(environment),
    mails: ({ id, reference, autoResponse }) =>
      quoteMails(
        { id, reference, source, request, autoResponse },
        {
          mailFrom: environment.MAIL_FROM,
          businessEmail: environment.BUSINESS_EMAIL ?? business.email,
        },
      ),
  });
}
