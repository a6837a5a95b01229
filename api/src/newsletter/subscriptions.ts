import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { newRowId } from '../db/row-id.ts';
import { newsletterSubscribers } from '../db/schema.ts';
import type { Environment } from '../env.ts';
import { hashToken, randomToken } from '../lib/tokens.ts';
import { RecipientMailLedger, recipientMailLimits } from '../mail/recipient-limits.ts';
import { CONFIRMATION_KIND, queueConfirmation } from './newsletter-mail.ts';

/** A confirmation link works for this long. */
export const CONFIRMATION_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Asking again within this time sends no second confirmation mail (nobody can mail-bomb an address). */
export const CONFIRMATION_RESEND_INTERVAL_MS = 10 * 60 * 1000;
/** Longer than any token of a newsletter link: such a link is refused before the database is asked. */
export const MAX_LINK_TOKEN = 100;

/** What asking to subscribe did; the visitor is told the same whatever it was. */
export type SubscribeOutcome =
  | 'asked'
  | 'asked-again'
  | 'already-subscribed'
  | 'recently-asked'
  | 'recipient-limit';

/**
 * Records an address's consent (time, source) as pending and queues its confirmation mail in the
 * same transaction. One row per address, whatever its state: a subscribed address is left as it is;
 * a pending one asked within the resend interval, or an address past its per-recipient mail limits
 * (shared with quote auto-responses), gets no second mail and nothing changes.
 */
export async function askToSubscribe(
  database: Database,
  environment: Environment,
  { email, source }: { email: string; source: string },
): Promise<SubscribeOutcome> {
  const address = email.toLowerCase();
  return database.writes.run(async (tx) => {
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
    const limits = recipientMailLimits(environment);
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
    await queueConfirmation(tx, environment, { email: address, confirmToken, unsubscribeToken });
    return existing ? 'asked-again' : 'asked';
  });
}

/**
 * Confirms the pending subscription whose mail carried `token`, within its 7 days.
 * @returns false for an unknown, used or expired link.
 */
export async function confirmSubscription(database: Database, token: string, now = new Date()) {
  return database.writes.run(async (tx) => {
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
  });
}

/**
 * Unsubscribes the address whose unsubscribe link carries `token` (again, for one already out).
 * @returns the subscriber's id, or undefined when no subscriber has that link.
 */
export async function unsubscribe(database: Database, token: string, now = new Date()) {
  const [row] = await database.writes.run((tx) =>
    tx
      .update(newsletterSubscribers)
      .set({ status: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null, updatedAt: now })
      .where(eq(newsletterSubscribers.unsubscribeToken, token))
      .returning({ id: newsletterSubscribers.id }),
  );
  return row?.id;
}
