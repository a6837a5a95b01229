import type { NewPartner, PartnerChange } from '@cleanquote/quote-core/staff';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { deletedPartnerKeys, partners, quoteRequests } from '../db/schema.ts';
import type { WriteTransaction } from '../mail/outbox.ts';
import { deleteWebhookOf } from '../webhooks/partner-webhooks.ts';
import type { Partner } from './partner-registry.ts';

/** What deleting a partner did: deleted it, or nothing because it has quotes or is unknown. */
export type PartnerDeletion = 'deleted' | 'has-quote-requests' | 'unknown-partner';

/**
 * Deletes a partner that no quote request came through; one that has any keeps its row (its quotes
 * name it by key), and staff disable it instead. The key is remembered as deleted, so PARTNER_ORIGINS
 * does not seed the partner again at the next start-up. Checked and written in one write, so no quote
 * can arrive in between. The caller reloads the registry.
 */
export function deletePartner(database: Database, key: string): Promise<PartnerDeletion> {
  return database.writes.run(async (tx) => {
    const [partner] = await tx.select({ key: partners.key }).from(partners).where(eq(partners.key, key));
    if (!partner) return 'unknown-partner';
    const [quote] = await tx
      .select({ id: quoteRequests.id })
      .from(quoteRequests)
      // Spelled out so SQLite may use the partial index of partner quotes (schema.ts).
      .where(and(eq(quoteRequests.source, `partner:${key}`), sql`${quoteRequests.source} != 'main-site'`))
      .limit(1);
    if (quote) return 'has-quote-requests';
    // Its webhook (which names the partner) and test deliveries go with it.
    await deleteWebhookOf(tx, key);
    await tx.delete(partners).where(eq(partners.key, key));
    await tx
      .insert(deletedPartnerKeys)
      .values({ key, deletedAt: new Date() })
      .onConflictDoUpdate({ target: deletedPartnerKeys.key, set: { deletedAt: new Date() } });
    return 'deleted';
  });
}

/**
 * Takes a key off the deleted list, in the caller's write: staff adding a partner with that key again
 * want it seeded from PARTNER_ORIGINS like any other.
 */
export function forgetDeletion(tx: WriteTransaction, key: string) {
  return tx.delete(deletedPartnerKeys).where(eq(deletedPartnerKeys.key, key));
}

/**
 * Adds a partner site, enabled, with its key and the origins allowed to use it (each once), and takes
 * the key off the deleted list in the same write. Null, with nothing written, when another partner
 * already has the key. The caller reloads the registry.
 */
export function addPartner(database: Database, { key, name, origins }: NewPartner): Promise<Partner | null> {
  const partner = { key, name, origins: [...new Set(origins)], enabled: true };
  return database.writes.run(async (tx) => {
    const added = await tx
      .insert(partners)
      .values(partner)
      .onConflictDoNothing()
      .returning({ key: partners.key });
    if (added.length === 0) return null;
    await forgetDeletion(tx, key);
    return partner;
  });
}

/**
 * Renames a partner, replaces its origins (each once) or disables / enables it: only what `change`
 * names. False when no partner has the key. The caller reloads the registry.
 */
export async function changePartner(
  database: Database,
  key: string,
  { name, origins, enabled }: PartnerChange,
): Promise<boolean> {
  const updated = await database.writes.run((tx) =>
    tx
      .update(partners)
      .set({
        ...(name === undefined ? {} : { name }),
        ...(origins === undefined ? {} : { origins: [...new Set(origins)] }),
        ...(enabled === undefined ? {} : { enabled }),
        updatedAt: new Date(),
      })
      .where(eq(partners.key, key))
      .returning({ key: partners.key }),
  );
  return updated.length > 0;
}
