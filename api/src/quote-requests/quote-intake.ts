import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { jsonRowsInsert } from '../db/json-rows-insert.ts';
import { newRowId } from '../db/row-id.ts';
import { type AutoResponse, quoteRequests } from '../db/schema.ts';
import { enqueueMails, type OutboxMail, type WriteTransaction } from '../mail/outbox.ts';
import type { QuoteMailKind } from '../mail/quote-mails.ts';
import { RecipientMailLedger, type RecipientMailLimits } from '../mail/recipient-limits.ts';
import { quotesCreated } from '../webhooks/quote-events.ts';
import { newQuoteReference } from './quote-reference.ts';

/** The columns a new quote request is stored with; the intake chooses its id, reference and auto-response. */
export type QuoteRow = Omit<
  Required<typeof quoteRequests.$inferInsert>,
  | 'id'
  | 'reference'
  | 'status'
  | 'statusChangedAt'
  | 'firstResponseAt'
  | 'autoResponse'
  | 'partnerRef'
  | 'caseManagerUpdatesToken'
  | 'caseManagerUpdatesStoppedAt'
> & {
  /** The partner's own reference, for a partner's quote that came with one. */
  partnerRef?: string | null | undefined;
  /** The case manager's unsubscribe token, when they asked to hear how the request moves on. */
  caseManagerUpdatesToken?: string | null | undefined;
};

/** A quote request to store, with the mails that go out with it. */
export interface QuoteToStore {
  row: QuoteRow;
  /** The per-recipient mail limits the client's address (`row.email`) is held to. */
  recipientLimits: RecipientMailLimits;
  /**
   * The business's and the client's mails, for the id and reference the quote is stored under and
   * the auto-response the intake decided for it.
   */
  mails: (stored: { id: string; reference: string; autoResponse: AutoResponse }) => OutboxMail[];
}

/**
 * What became of a quote request: stored under a new reference, answered from the quote stored
 * earlier with the same Idempotency-Key and body (`replayed`), or refused because that key came with
 * another body (`conflict`).
 */
export type QuoteIntakeAnswer =
  | { outcome: 'stored'; reference: string }
  | { outcome: 'replayed'; reference: string }
  | { outcome: 'conflict' };

interface Pending {
  quote: QuoteToStore;
  resolve: (answer: QuoteIntakeAnswer) => void;
  reject: (error: unknown) => void;
}

const quoteColumns = [
  'id',
  'reference',
  'serviceType',
  'name',
  'email',
  'phone',
  'phoneDigits',
  'address',
  'details',
  'source',
  'partnerRef',
  'caseManagerUpdatesToken',
  'idempotencyKey',
  'requestHash',
  'termsVersion',
  'autoResponse',
  'consentedAt',
  'createdAt',
] as const satisfies readonly (keyof QuoteRow | 'id' | 'reference' | 'autoResponse')[];

// One statement text for any batch (json-rows-insert.ts), so no query is built per quote or per batch.
const insertQuoteRows = jsonRowsInsert(
  quoteRequests,
  quoteColumns,
  `ON CONFLICT DO NOTHING RETURNING ${quoteRequests.id.name}`,
);

/** Most quotes written by one INSERT: bounds a batch's JSON and the wait of its last caller. */
const MAX_BATCH = 256;
/** Attempts at a reference no stored quote has (31⁸ codes: a second attempt is already rare). */
const REFERENCE_ATTEMPTS = 5;

/**
 * Stores quote requests in batches: the requests that arrive while the write queue is busy share one
 * job — one read of their clients' recent mail, one multi-row INSERT of the quotes, one of their
 * mails — instead of statements for each (docs/decisions/0006-quote-intake-batches.md). Every quote
 * still commits with its mails in the same transaction, and each caller's promise settles only after
 * that commit. The client's auto-response is held to the per-recipient mail limits
 * (mail/recipient-limits.ts): past them the quote and the business's notification are stored all
 * the same, and the quote records that its auto-response was not sent.
 */
export class QuoteIntake {
  #open: Pending[] | undefined;

  constructor(private readonly writes: Database['writes']) {}

  /** Stores `quote` with its mails; resolves once they are committed. */
  store(quote: QuoteToStore): Promise<QuoteIntakeAnswer> {
    return new Promise<QuoteIntakeAnswer>((resolve, reject) => {
      const pending: Pending = { quote, resolve, reject };
      if (this.#open && this.#open.length < MAX_BATCH) {
        this.#open.push(pending);
        return;
      }
      const batch: Pending[] = [pending];
      this.#open = batch;
      this.writes
        .run(
          (tx) => {
            // From here on, newcomers start the next batch: this one is being written.
            if (this.#open === batch) this.#open = undefined;
            return storeBatch(
              tx,
              batch.map((item) => item.quote),
            );
          },
          // No savepoint: the job fails only on a database or programming error, and then the write
          // queue's whole transaction rolls back (0004), so a partial batch can never commit.
          { savepoint: false },
        )
        .then(
          (answers) => {
            for (const [index, item] of batch.entries()) {
              const answer = answers[index];
              if (answer) item.resolve(answer);
              else item.reject(new Error('the quote intake lost an answer'));
            }
          },
          (error: unknown) => {
            for (const item of batch) item.reject(error);
          },
        );
    });
  }
}

const AUTO_RESPONSE: QuoteMailKind = 'quote-auto-response';

/**
 * Decides the auto-response of each quote, in order, on a copy of `ledger`: 'not-sent' past the
 * address's limits, else 'with-answers' for the first auto-response to the address in 24 hours and
 * 'without-answers' after it. Quotes earlier in the list count toward the later ones' limits.
 */
function planAutoResponses(
  ledger: RecipientMailLedger,
  quotes: readonly QuoteToStore[],
): { ledger: RecipientMailLedger; decisions: AutoResponse[] } {
  const planned = ledger.copy();
  const decisions = quotes.map(({ row, recipientLimits }): AutoResponse => {
    const allowance = planned.allowance(row.email, AUTO_RESPONSE, recipientLimits);
    if (!allowance.allowed) return 'not-sent';
    planned.count(row.email, AUTO_RESPONSE);
    return allowance.sameKindToday === 0 ? 'with-answers' : 'without-answers';
  });
  return { ledger: planned, decisions };
}

/**
 * Writes a batch in the caller's transaction and answers each quote, in order. Safe to run again on a
 * fresh transaction: it decides everything from what the database holds.
 */
async function storeBatch(tx: WriteTransaction, quotes: QuoteToStore[]): Promise<QuoteIntakeAnswer[]> {
  const answers: QuoteIntakeAnswer[] = [];
  // What the clients' addresses got in the last day, read once for the batch in its transaction, so
  // the count and the mails commit together; it then counts this batch's own auto-responses.
  let ledger = await RecipientMailLedger.read(
    tx,
    quotes.map((quote) => quote.row.email),
  );
  let remaining = quotes.map((quote, index) => ({ quote, index }));
  for (let attempt = 1; remaining.length > 0; attempt += 1) {
    if (attempt > REFERENCE_ATTEMPTS) throw new Error('no free quote reference found');
    // Decided before the INSERT, so each row goes in with its auto-response in the same statement.
    let plan = planAutoResponses(
      ledger,
      remaining.map(({ quote }) => quote),
    );
    const rows = remaining.map(({ quote }, position) => ({
      ...quote.row,
      id: newRowId(),
      reference: newQuoteReference(),
      autoResponse: plan.decisions[position] ?? 'not-sent',
    }));
    // A clash on any unique column — the Idempotency-Key above all — skips the row instead of failing
    // the batch; RETURNING names the rows that went in.
    const inserted = await tx.all<{ id: string }>(insertQuoteRows(rows));
    const insertedIds = new Set(inserted.map((row) => row.id));
    const stored: { item: (typeof remaining)[number]; row: (typeof rows)[number] }[] = [];
    const skipped: typeof remaining = [];
    for (const [position, item] of remaining.entries()) {
      const row = rows[position];
      if (!row) continue;
      if (insertedIds.has(row.id)) stored.push({ item, row });
      else skipped.push(item);
    }
    if (skipped.length > 0 && stored.length > 0) {
      // A skipped quote queues no mail, so it must not take a place under the limits: decide again
      // for the stored ones alone and correct the (rare) rows whose auto-response changes.
      plan = planAutoResponses(
        ledger,
        stored.map(({ item }) => item.quote),
      );
      for (const [position, { row }] of stored.entries()) {
        const decision = plan.decisions[position] ?? 'not-sent';
        if (decision === row.autoResponse) continue;
        row.autoResponse = decision;
        await tx.update(quoteRequests).set({ autoResponse: decision }).where(eq(quoteRequests.id, row.id));
      }
    }
    if (stored.length > 0) ledger = plan.ledger;
    const mails: OutboxMail[] = [];
    for (const { item, row } of stored) {
      answers[item.index] = { outcome: 'stored', reference: row.reference };
      mails.push(...item.quote.mails(row));
    }
    // Same transaction as the quotes: the mails exist exactly when their quote does (no lost leads),
    // and so do the partners' webhook deliveries.
    await enqueueMails(tx, mails);
    await quotesCreated(
      tx,
      stored.map(({ row }) => row),
    );

    // A skipped quote either repeats an Idempotency-Key (stored earlier, or earlier in this batch) or,
    // very rarely, drew a reference that is taken: the latter try again with a new one.
    const keys = skipped.flatMap(({ quote }) => (quote.row.idempotencyKey ? [quote.row.idempotencyKey] : []));
    const earlierQuotes =
      keys.length === 0
        ? []
        : await tx
            .select({
              key: quoteRequests.idempotencyKey,
              reference: quoteRequests.reference,
              requestHash: quoteRequests.requestHash,
            })
            .from(quoteRequests)
            .where(inArray(quoteRequests.idempotencyKey, keys));
    const byKey = new Map(earlierQuotes.map((row) => [row.key, row]));
    remaining = [];
    for (const item of skipped) {
      const earlier = item.quote.row.idempotencyKey ? byKey.get(item.quote.row.idempotencyKey) : undefined;
      if (!earlier) remaining.push(item);
      else if (earlier.requestHash === item.quote.row.requestHash)
        answers[item.index] = { outcome: 'replayed', reference: earlier.reference };
      else answers[item.index] = { outcome: 'conflict' };
    }
  }
  return answers;
}
