import type { QuoteNote } from '@cleanquote/quote-core/staff';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { quoteRequests } from '../db/schema.ts';
import { type Actor, appendHistory } from './history.ts';
import type { HistoryEntry } from './quote-view.ts';

/**
 * Adds a staff note to a quote's history.
 * @returns the entry as the history shows it; undefined when the quote does not exist.
 */
export function addQuoteNote(
  database: Database,
  quoteId: string,
  { text }: QuoteNote,
  actor: Actor,
): Promise<HistoryEntry | undefined> {
  return database.writes.run(async (tx) => {
    const [quote] = await tx
      .select({ id: quoteRequests.id })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, quoteId));
    if (!quote) return undefined;
    return appendHistory(tx, quoteId, actor, new Date(), { kind: 'note', text });
  });
}
