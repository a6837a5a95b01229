import { count, eq, like } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { partners, quoteRequests } from '../db/schema.ts';

/** How many quote requests came through each partner, by key (a partner with none is absent). */
export async function partnerQuoteCounts(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ source: quoteRequests.source, quotes: count() })
    .from(quoteRequests)
    .where(like(quoteRequests.source, 'partner:%'))
    .groupBy(quoteRequests.source);
  return new Map(rows.map((row) => [row.source.slice('partner:'.length), row.quotes]));
}

/**
 * True when a partner has this key, enabled or not. The partners PARTNER_ORIGINS configures are in
 * the table once the registry has read it: take its snapshot first.
 */
export async function partnerExists(db: Db, key: string): Promise<boolean> {
  const [partner] = await db.select({ key: partners.key }).from(partners).where(eq(partners.key, key));
  return partner !== undefined;
}
