import { QUOTE_REMINDER_DAYS_BEFORE, type QuoteStatus } from '@cleanquote/quote-core/staff';
import { and, eq, gte, inArray, isNull, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { pricedQuotes, quoteRequests } from '../db/schema.ts';
import type { Environment } from '../env.ts';
import type { ScheduledJob } from '../jobs/job-runner.ts';
import { addDays, melbourneDay, melbourneHour } from '../lib/melbourne-time.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { type Actor, appendHistory, businessActor } from '../quote-requests/history.ts';
import { AWAITING_ANSWER, findQuoteById, noLaterSentVersion, quoteMailThread } from './customer-quote.ts';
import { reminderMail } from './quote-answer-mails.ts';

const HOUR_MS = 60 * 60 * 1000;

/** A sent version still awaiting its answer, the latest of its request. */
interface WaitingQuote {
  id: string;
  validUntil: string;
  remindedAt: Date | null;
}

/** The versions awaiting an answer whose valid-until date is on or before `throughDay`. */
function waitingQuotesThrough(database: Database, throughDay: string): Promise<WaitingQuote[]> {
  return database.db
    .select({
      id: pricedQuotes.id,
      validUntil: sql<string>`${pricedQuotes.validUntil}`,
      remindedAt: pricedQuotes.remindedAt,
    })
    .from(pricedQuotes)
    .where(
      and(
        inArray(pricedQuotes.status, AWAITING_ANSWER),
        lte(pricedQuotes.validUntil, throughDay),
        noLaterSentVersion(),
      ),
    );
}

/**
 * Marks one version expired, with 'Quote expired' in its request's history, in one write. The
 * UPDATE's condition (still awaiting an answer, its date passed) makes it happen once, whichever
 * process or rerun gets there first.
 */
function expireQuote(
  database: Database,
  id: string,
  today: string,
  at: Date,
  actor: Actor,
): Promise<boolean> {
  return database.writes.run(async (tx) => {
    const [expired] = await tx
      .update(pricedQuotes)
      .set({ status: 'expired', expiredAt: at, updatedAt: at })
      .where(
        and(
          eq(pricedQuotes.id, id),
          inArray(pricedQuotes.status, AWAITING_ANSWER),
          lt(pricedQuotes.validUntil, today),
        ),
      )
      .returning({ quoteId: pricedQuotes.quoteId });
    if (!expired) return false;
    await appendHistory(tx, expired.quoteId, actor, at, { kind: 'quote', text: 'Quote expired' });
    return true;
  });
}

/** The request's statuses that close it: a customer who booked or said no by phone is not reminded. */
const CLOSED_REQUEST: QuoteStatus[] = ['won', 'lost'];

/**
 * Reminds the customer of one version, in one write: remindedAt, the reminder through the outbox (a
 * reply to the quote's own mail) and 'Reminder sent to the customer'. The UPDATE's condition (not
 * reminded yet, still awaiting an answer and valid, the request still open) makes it happen once.
 */
function remindCustomer(
  database: Database,
  id: string,
  { today, reminderDay, at }: { today: string; reminderDay: string; at: Date },
  environment: Environment,
): Promise<boolean> {
  return database.writes.run(async (tx) => {
    const [reminded] = await tx
      .update(pricedQuotes)
      .set({ remindedAt: at, updatedAt: at })
      .where(
        and(
          eq(pricedQuotes.id, id),
          isNull(pricedQuotes.remindedAt),
          inArray(pricedQuotes.status, AWAITING_ANSWER),
          gte(pricedQuotes.validUntil, today),
          lte(pricedQuotes.validUntil, reminderDay),
          sql`exists (select 1 from ${quoteRequests} where ${quoteRequests.id} = ${pricedQuotes.quoteId} and ${notInArray(quoteRequests.status, CLOSED_REQUEST)})`,
        ),
      )
      .returning({ id: pricedQuotes.id });
    if (!reminded) return false;
    const quote = await findQuoteById(tx, id);
    if (!quote) throw new Error(`priced quote ${id} has no request`);
    const thread = await quoteMailThread(tx, quote.version.mailId);
    await enqueueMail(tx, reminderMail({ quote, environment, thread }));
    await appendHistory(tx, quote.request.id, businessActor(environment), at, {
      kind: 'quote',
      text: 'Reminder sent to the customer',
    });
    return true;
  });
}

/**
 * Hourly, for every sent quote still awaiting its answer (the latest version of its request): once
 * Melbourne's date reaches its valid-until date − 3 days, one reminder to the customer; once the date
 * is past its valid-until date, it expires. Each quote's change is its own write whose UPDATE
 * carries the condition, so each happens exactly once across processes, retries and reruns; a run
 * missed while the server was down is simply done by the next one (the work is read from the quotes'
 * state, not from the hour).
 */
export const quoteExpiryJob: ScheduledJob = {
  name: 'quote-expiry',
  schedule: '5 * * * *',
  periodOf: melbourneHour,
  graceMs: HOUR_MS,
  async run({ now, database, environment, logger }) {
    const today = melbourneDay(now);
    const reminderDay = addDays(today, QUOTE_REMINDER_DAYS_BEFORE);
    let reminded = 0;
    let expired = 0;
    for (const quote of await waitingQuotesThrough(database, reminderDay)) {
      if (quote.validUntil < today) {
        if (await expireQuote(database, quote.id, today, now, businessActor(environment))) expired += 1;
      } else if (quote.remindedAt === null) {
        if (await remindCustomer(database, quote.id, { today, reminderDay, at: now }, environment))
          reminded += 1;
      }
    }
    logger.info({ reminded, expired }, 'priced quotes reminded and expired');
  },
};
