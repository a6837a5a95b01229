import type { QuoteListItem } from './quote-request-queries.ts';

const HOUR_MS = 60 * 60 * 1000;

/** How the 24-hour reply promise stands for one quote. */
export type ReplyTiming =
  | { state: 'due'; hours: number; text: string }
  | { state: 'overdue'; hours: number; text: string }
  | { state: 'answered' };

/**
 * 'Reply due in 5 h' or 'Overdue by 2 h', in whole hours, for a quote still waiting for its first
 * reply (status new); answered quotes have nothing due. A reply due within the hour reads
 * 'Reply due in under 1 h'; one just past due 'Overdue by under 1 h'.
 */
export function replyTiming(quote: Pick<QuoteListItem, 'status' | 'replyDueAt'>, now: number): ReplyTiming {
  if (quote.status !== 'new') return { state: 'answered' };
  const left = Date.parse(quote.replyDueAt) - now;
  if (left >= 0) {
    const hours = Math.floor(left / HOUR_MS);
    return { state: 'due', hours, text: hours < 1 ? 'Reply due in under 1 h' : `Reply due in ${hours} h` };
  }
  const hours = Math.floor(-left / HOUR_MS);
  return { state: 'overdue', hours, text: hours < 1 ? 'Overdue by under 1 h' : `Overdue by ${hours} h` };
}
