import type { MailListQuery, MailStatus } from '@cleanquote/quote-core/staff';
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Database, Db } from '../db/database.ts';
import { outbox } from '../db/schema.ts';
import { storedTextReader } from '../db/stored-text.ts';
import { afterCursor, newestFirst } from '../lib/keyset-page.ts';
import { mailBodies } from './mail-bodies.ts';
import { outboxQueue } from './outbox.ts';

const outboxPage = { table: outbox, createdAt: outbox.createdAt, id: outbox.id };
// Text read as bytes: a stored value that is not UTF-8 shows as U+FFFD instead of aborting the process.
const outboxReader = storedTextReader(outbox, [
  'id',
  'kind',
  'messageId',
  'toAddress',
  'subject',
  'textBody',
  'htmlBody',
  'recordId',
  'status',
  'attempts',
  'nextAttemptAt',
  'sendAfter',
  'lastError',
  'sentAt',
  'createdAt',
]);

/**
 * One page of the mail log staff read (the outbox, newest first), each mail with its text. A quote's
 * mails are written from the quote on reading, as on delivery (mail-bodies.ts). Null when `before`
 * names no mail.
 */
export async function readMailLog(
  db: Db,
  { status, limit, before }: MailListQuery,
  publicUrl: string,
  now = new Date(),
) {
  const after = await afterCursor(db, outboxPage, before);
  if (after === null) return null;
  const raw = await db
    .select(outboxReader.selection)
    .from(outbox)
    .where(and(statusCondition(status, now), after))
    .orderBy(...newestFirst(outboxPage))
    .limit(limit);
  const rows = raw.map((row) => outboxReader.decode(row).row);
  const bodies = await mailBodies(db, rows, publicUrl);
  return rows.map(({ textBody: _text, htmlBody: _html, recordId: _record, toAddress, ...mail }) => ({
    ...mail,
    status: isScheduled(mail, now) ? ('scheduled' as const) : mail.status,
    to: toAddress,
    text: bodies.get(mail.id)?.text ?? null,
  }));
}

/** A queued mail that may not go before a time still to come (a visit's reminder). */
function isScheduled(mail: { status: string; sendAfter: Date | null }, now: Date): boolean {
  return mail.status === 'queued' && mail.sendAfter !== null && mail.sendAfter > now;
}

/** The filter on the stored status: 'scheduled' and 'queued' split the queued mails by their time. */
function statusCondition(status: MailStatus | undefined, now: Date) {
  switch (status) {
    case undefined:
      return undefined;
    case 'scheduled':
      return and(eq(outbox.status, 'queued'), gt(outbox.sendAfter, now));
    case 'queued':
      return and(eq(outbox.status, 'queued'), or(isNull(outbox.sendAfter), lte(outbox.sendAfter, now)));
    default:
      return eq(outbox.status, status);
  }
}

/**
 * Queues a dead-lettered mail again, as new (no attempts yet, due now), and wakes the delivery
 * worker. False when no dead-lettered mail has that id.
 */
export async function retryDeadMail(database: Database, id: string): Promise<boolean> {
  const retried = await database.writes.run((tx) =>
    outboxQueue.retry(tx, and(eq(outbox.id, id), eq(outbox.status, 'dead')), { countAfresh: true }),
  );
  return retried.length > 0;
}
