import {
  DEFAULT_PRICE_LIST,
  discountItems,
  durationItems,
  type FrequencyDiscounts,
  type PriceList,
  priceItems,
  type VisitDurations,
  withPrices,
} from '@cleanquote/quote-core/staff';
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
  /**
   * The entry's path in the price list: a price ('services.end-of-lease.bedroomCents'), a time
   * ('durations.end-of-lease.baseMinutes') or a discount ('frequencyDiscountPercent.weekly').
   */
  key: string;
  /** The price, time or discount in words when it changed. */
  label: string;
  /**
   * What `oldCents` and `newCents` count: whole cents for a price, whole minutes for a time, whole
   * percent for a discount.
   */
  unit: 'cents' | 'minutes' | 'percent';
  /** The amount before, in `unit` (the name is kept from when the list held only prices). */
  oldCents: number;
  /** The amount after, in `unit`. */
  newCents: number;
}

/**
 * The price list as PUT /api/prices may send it: without `durations`, the times stay as they are;
 * without `frequencyDiscountPercent`, the discounts do.
 */
export type PriceListUpdate = Omit<PriceList, 'durations' | 'frequencyDiscountPercent'> & {
  durations?: VisitDurations | undefined;
  frequencyDiscountPercent?: FrequencyDiscounts | undefined;
};

/** Every price, time and discount of a list, flat: its key, its words and its amount in its unit. */
function entriesOf(list: PriceList) {
  return [
    ...priceItems(list).map(({ key, label, cents }) => ({ key, label, amount: cents })),
    ...durationItems(list).map(({ key, label, minutes }) => ({ key, label, amount: minutes })),
    ...discountItems(list).map(({ key, label, percent }) => ({ key, label, amount: percent })),
  ];
}

/**
 * Times and discounts are stored beside the prices, under their 'durations.' and
 * 'frequencyDiscountPercent.' keys; their amounts are minutes and percent.
 */
function unitOf(key: string): PriceChange['unit'] {
  if (key.startsWith('durations.')) return 'minutes';
  if (key.startsWith('frequencyDiscountPercent.')) return 'percent';
  return 'cents';
}

/** Most changes GET /api/prices/history lists, newest first: years of an ordinary business's edits. */
export const PRICE_HISTORY_LIMIT = 1_000;

/**
 * The price list as it stands: the defaults, with every price, time and discount staff changed in
 * their place (a time or a discount is a row of the same table, its key under 'durations.' or
 * 'frequencyDiscountPercent.', its amount minutes or percent).
 */
export async function readPriceList(db: Db | WriteTransaction): Promise<PriceList> {
  const rows = await db.select({ key: prices.key, cents: prices.cents }).from(prices);
  return withPrices(DEFAULT_PRICE_LIST, new Map(rows.map((row) => [row.key, row.cents])));
}

/**
 * Saves the whole price list in one write: each price, time or discount that differs from the
 * current one is stored and gets one history row naming who changed it, from what to what. Amounts
 * sent unchanged write nothing, so saving the screen without edits leaves the history as it was; a
 * list sent without its times or its discounts keeps them as they are.
 * @returns the price list as saved.
 */
export function savePriceList(database: Database, update: PriceListUpdate, actor: Actor): Promise<PriceList> {
  return database.writes.run(async (tx) => {
    const stored = await readPriceList(tx);
    const current = new Map(entriesOf(stored).map((entry) => [entry.key, entry]));
    const list: PriceList = {
      ...update,
      durations: update.durations ?? stored.durations,
      frequencyDiscountPercent: update.frequencyDiscountPercent ?? stored.frequencyDiscountPercent,
    };
    const at = new Date();
    for (const entry of entriesOf(list)) {
      const before = current.get(entry.key);
      if (!before || before.amount === entry.amount) continue;
      await tx
        .insert(prices)
        .values({ key: entry.key, cents: entry.amount, updatedAt: at })
        .onConflictDoUpdate({ target: prices.key, set: { cents: entry.amount, updatedAt: at } });
      await tx.insert(priceChanges).values({
        id: newRowId(),
        at,
        actorUserId: actor.userId,
        actorName: actor.name,
        actorEmail: actor.email,
        key: entry.key,
        label: before.label,
        oldCents: before.amount,
        newCents: entry.amount,
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
    unit: unitOf(row.key),
    oldCents: row.oldCents,
    newCents: row.newCents,
  }));
}
