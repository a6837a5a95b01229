import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { jsonRowsInsert } from '../../db/json-rows-insert.ts';
import { newRowId } from '../../db/row-id.ts';
import { quoteRequests } from '../../db/schema.ts';
import { enqueueMails, type OutboxMail, type WriteTransaction } from '../../mail/outbox.ts';
import { newQuoteReference } from './quote-reference.ts';

/** The columns a new quote request is stored with; the intake chooses its id and reference. */
export type QuoteRow = Omit<
  Required<typeof quoteRequests.$inferInsert>,
  'id' | 'reference' | 'status' | 'statusChangedAt' | 'firstResponseAt'
>;

/** A quote request to store, with the mails that go out with it. */
export interface QuoteToStore {
  row: QuoteRow;
  /** The business's and the client's mails, for the id and reference the quote is stored under. */
  mails: (stored: { id: string; reference: string }) => OutboxMail[];
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
  'idempotencyKey',
  'requestHash',
  'termsVersion',
  'consentedAt',
  'createdAt',
] as const satisfies readonly (keyof QuoteRow | 'id' | 'reference')[];

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
 * job — one multi-row INSERT of the quotes, one of their mails — instead of two statements each
 * (docs/decisions/0006-quote-intake-batches.md). Every quote still commits with its mails in the same
 * transaction, and each caller's promise settles only after that commit.
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

/**
 * Writes a batch in the caller's transaction and answers each quote, in order. Safe to run again on a
 * fresh transaction: it decides everything from what the database holds.
 */
async function storeBatch(tx: WriteTransaction, quotes: QuoteToStore[]): Promise<QuoteIntakeAnswer[]> {
  const answers: QuoteIntakeAnswer[] = [];
  let remaining = quotes.map((quote, index) => ({ quote, index }));
  for (let attempt = 1; remaining.length > 0; attempt += 1) {
    if (attempt > REFERENCE_ATTEMPTS) throw new Error('no free quote reference found');
    const rows = remaining.map(({ quote }) => ({
      ...quote.row,
      id: newRowId(),
      reference: newQuoteReference(),
    }));
    // A clash on any unique column — the Idempotency-Key above all — skips the row instead of failing
    // the batch; RETURNING names the rows that went in.
    const inserted = await tx.all<{ id: string }>(insertQuoteRows(rows));
    const insertedIds = new Set(inserted.map((row) => row.id));
    const mails: OutboxMail[] = [];
    const skipped: typeof remaining = [];
    for (const [position, item] of remaining.entries()) {
      const row = rows[position];
      if (!row) continue;
      if (insertedIds.has(row.id)) {
        answers[item.index] = { outcome: 'stored', reference: row.reference };
        mails.push(...item.quote.mails(row));
      } else {
        skipped.push(item);
      }
    }
    // Same transaction as the quotes: the mails exist exactly when their quote does (no lost leads).
    await enqueueMails(tx, mails);

    // A skipped quote either repeats an Idempotency-Key (stored earlier, or earlier in this batch) or,
    // very rarely, drew a reference that is taken: the latter try again with a new one.
    const keys = skipped.flatMap(({ quote }) => (quote.row.idempotencyKey ? [quote.row.idempotencyKey] : []));
    const stored =
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
    const byKey = new Map(stored.map((row) => [row.key, row]));
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
