import { DEFAULT_PRICE_LIST, type PriceList, priceItems, withPrices } from '@cleanquote/quote-core/staff';
import { desc } from 'drizzle-orm';
import type { Database, Db } from '../db/database.ts';
import { newRowId } from '../db/row-id.ts';
import { priceChanges, prices } from '../db/schema.ts';
import type { WriteTransaction } from '../mail/outbox.ts';
import type { Actor } from '../quote-requests/history.ts';

/** One change of the price list, as GET /api/prices/history shows it. */
export interface PriceChange {
  id: string;
  at: string;
  actor: { name: string; email: string };
  /** The price's path in the price list ('services.end-of-lease.bedroomCents'). */
  key: string;
  /** The price in words when it changed. */
  label: string;
  oldCents: number;
  newCents: number;
}

/** Most changes GET /api/prices/history lists, newest first: years of an ordinary business's edits. */
export const PRICE_HISTORY_LIMIT = 1_000;

/** The price list as it stands: the defaults, with every price staff changed in their place. */
export async function readPriceList(db: Db | WriteTransaction): Promise<PriceList> {
  const rows = await db.select({ key: prices.key, cents: prices.cents }).from(prices);
  return withPrices(DEFAULT_PRICE_LIST, new Map(rows.map((row) => [row.key, row.cents])));
}

/**
 * Saves the whole price list in one write: each price that differs from the current one is stored
 * and gets one history row naming who changed it, from what to what. Prices sent unchanged write
 * nothing, so saving the screen without edits leaves the history as it was.
 * @returns the price list as saved.
 */
export function savePriceList(database: Database, list: PriceList, actor: Actor): Promise<PriceList> {
  return database.writes.run(async (tx) => {
    const current = new Map(priceItems(await readPriceList(tx)).map((item) => [item.key, item]));
    const at = new Date();
    for (const item of priceItems(list)) {
      const before = current.get(item.key);
      if (!before || before.cents === item.cents) continue;
      await tx
        .insert(prices)
        .values({ key: item.key, cents: item.cents, updatedAt: at })
        .onConflictDoUpdate({ target: prices.key, set: { cents: item.cents, updatedAt: at } });
      await tx.insert(priceChanges).values({
        id: newRowId(),
        at,
        actorUserId: actor.userId,
        actorName: actor.name,
        actorEmail: actor.email,
        key: item.key,
        label: before.label,
        oldCents: before.cents,
        newCents: item.cents,
      });
    }
    return readPriceList(tx);
  });
}

/** The price list's changes, newest first (at most {@link PRICE_HISTORY_LIMIT}). */
export async function readPriceHistory(db: Db): Promise<PriceChange[]> {
  const rows = await db
    .select()
    .from(priceChanges)
    .orderBy(desc(priceChanges.at), desc(priceChanges.id))
    .limit(PRICE_HISTORY_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: { name: row.actorName, email: row.actorEmail },
    key: row.key,
    label: row.label,
    oldCents: row.oldCents,
    newCents: row.newCents,
  }));
}
