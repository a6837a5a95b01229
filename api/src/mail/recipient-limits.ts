import { sql } from 'drizzle-orm';
import { outbox } from '../db/schema.ts';
import type { Environment } from '../env.ts';
import type { WriteTransaction } from './outbox.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How much mail one address given in a request may get: at most `perHour` such mails in any hour and
 * `perDay` in any 24 hours, whichever kind (auto-responses and newsletter confirmations together).
 */
export interface RecipientMailLimits {
  perHour: number;
  perDay: number;
}

/** The limits configured by RECIPIENT_MAIL_LIMIT_HOUR and RECIPIENT_MAIL_LIMIT_DAY. */
export function recipientMailLimits(
  environment: Pick<Environment, 'RECIPIENT_MAIL_LIMIT_HOUR' | 'RECIPIENT_MAIL_LIMIT_DAY'>,
): RecipientMailLimits {
  return {
    perHour: environment.RECIPIENT_MAIL_LIMIT_HOUR,
    perDay: environment.RECIPIENT_MAIL_LIMIT_DAY,
  };
}

/** The key an address is counted under: one mailbox, whatever case it was typed in. */
export function recipientKey(address: string): string {
  return address.trim().toLowerCase();
}

/** What the limits say about one more mail to an address. */
export type RecipientMailAllowance =
  | { allowed: false }
  | {
      allowed: true;
      /** Mails of the same kind this address got in the last 24 hours (0: this is the first). */
      sameKindToday: number;
    };

interface Tally {
  lastHour: number;
  lastDay: number;
  /** Mails of the last 24 hours by kind. */
  byKind: Map<string, number>;
}

const emptyTally = (): Tally => ({ lastHour: 0, lastDay: 0, byKind: new Map() });

/**
 * The mail some addresses got recently, as a write transaction sees it: read from the outbox rows
 * queued with `recipientFromRequest` (outbox.ts), then kept up to date by {@link count} as the same
 * transaction queues more. Because it is read and used inside the transaction that queues the mails,
 * the count and the queueing commit together: two requests, or two processes on one database, can
 * never both take an address's last place.
 */
export class RecipientMailLedger {
  readonly #tallies: Map<string, Tally>;

  private constructor(tallies: Map<string, Tally>) {
    this.#tallies = tallies;
  }

  /**
   * Reads what the outbox holds for `addresses` from the 24 hours before `now`: one query, whatever
   * the number of addresses (the partial index on limited_recipient visits only their rows).
   */
  static async read(
    tx: WriteTransaction,
    addresses: Iterable<string>,
    now: Date = new Date(),
  ): Promise<RecipientMailLedger> {
    const keys = [...new Set([...addresses].map(recipientKey))];
    const tallies = new Map<string, Tally>();
    if (keys.length === 0) return new RecipientMailLedger(tallies);
    const hourAgo = now.getTime() - HOUR_MS;
    const dayAgo = now.getTime() - DAY_MS;
    const rows = await tx.all<{ recipient: string; kind: string; lastDay: number; lastHour: number }>(sql`
      SELECT ${outbox.limitedRecipient} AS "recipient", ${outbox.kind} AS "kind",
        count(*) AS "lastDay", sum(${outbox.createdAt} > ${hourAgo}) AS "lastHour"
      FROM ${outbox}
      WHERE ${outbox.limitedRecipient} IN (SELECT value FROM json_each(${JSON.stringify(keys)}))
        AND ${outbox.limitedRecipient} IS NOT NULL
        AND ${outbox.createdAt} > ${dayAgo}
      GROUP BY 1, 2`);
    for (const row of rows) {
      const tally = tallies.get(row.recipient) ?? emptyTally();
      tally.lastHour += Number(row.lastHour);
      tally.lastDay += Number(row.lastDay);
      tally.byKind.set(row.kind, (tally.byKind.get(row.kind) ?? 0) + Number(row.lastDay));
      tallies.set(row.recipient, tally);
    }
    return new RecipientMailLedger(tallies);
  }

  /** Whether one more mail of `kind` may go to `address` under `limits` (counts nothing). */
  allowance(address: string, kind: string, limits: RecipientMailLimits): RecipientMailAllowance {
    const tally = this.#tallies.get(recipientKey(address)) ?? emptyTally();
    if (tally.lastHour >= limits.perHour || tally.lastDay >= limits.perDay) return { allowed: false };
    return { allowed: true, sameKindToday: tally.byKind.get(kind) ?? 0 };
  }

  /** Counts one more mail of `kind` to `address`, queued in this transaction. */
  count(address: string, kind: string): void {
    const key = recipientKey(address);
    const tally = this.#tallies.get(key) ?? emptyTally();
    tally.lastHour += 1;
    tally.lastDay += 1;
    tally.byKind.set(kind, (tally.byKind.get(kind) ?? 0) + 1);
    this.#tallies.set(key, tally);
  }

  /** An independent copy, to try out a plan and throw it away. */
  copy(): RecipientMailLedger {
    return new RecipientMailLedger(
      new Map([...this.#tallies].map(([key, tally]) => [key, { ...tally, byKind: new Map(tally.byKind) }])),
    );
  }
}
