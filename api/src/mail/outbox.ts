import { hostname } from 'node:os';
import { isPlainAddress } from '@cleanquote/quote-core/staff';
import type { Db } from '../db/database.ts';
import { jsonRowsInsert } from '../db/json-rows-insert.ts';
import { newRowId } from '../db/row-id.ts';
import { outbox } from '../db/schema.ts';
import { storedTextReader } from '../db/stored-text.ts';
import { defineDurableQueue } from '../lib/durable-queue.ts';
import { writesBodyFromRecord } from './mail-bodies.ts';
import { recipientKey } from './recipient-limits.ts';

/** The transaction handed to `database.writes.run(tx => …)`. */
export type WriteTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A mailbox: a bare address, or an address with a display name. */
export interface MailAddress {
  name?: string | undefined;
  address: string;
}

/** Who an outbox mail goes to and what it is about. */
interface OutboxMailEnvelope {
  /** What the mail is for, e.g. 'quote-notification', 'quote-auto-response', 'team-contact'. */
  kind: string;
  to: string | MailAddress;
  subject: string;
  replyTo?: string | MailAddress | undefined;
  /** Sender as `Name <address>` or an address; default MAIL_FROM at delivery time. */
  from?: string | undefined;
  /** Extra headers such as List-Unsubscribe. Names may not replace the structural ones (To, Bcc…). */
  headers?: Record<string, string> | undefined;
  /**
   * True when the address came from a request (a quote's auto-response, a newsletter confirmation,
   * any copy to a sender): the mail then counts toward the per-recipient limits. Check those first
   * with a RecipientMailLedger (recipient-limits.ts) in the same transaction.
   */
  recipientFromRequest?: boolean | undefined;
  /**
   * A secret the body and headers hold only until delivery (a customer's quote link, a case
   * manager's stop link): the stored copy shows {@link secretSentPlaceholder} in its place once the
   * mail is sent.
   */
  secretUntilSent?: string | undefined;
  /**
   * Not to be sent before this time (a visit's reminder): it waits in the outbox as scheduled and
   * carries this as its Date. Even without SMTP it is kept until then, never captured early.
   */
  sendAfter?: Date | undefined;
  /** A calendar invite (RFC 5545 text, METHOD included) sent inline and as invite.ics. */
  calendarInvite?: string | undefined;
}

/** What a delivered mail's stored copy shows where its secret link was. */
export const SECRET_SENT_PLACEHOLDER = '[link sent to the customer]';

/** What stands for a case manager's stop link in a delivered update's stored copy. */
export const CASE_MANAGER_LINK_SENT_PLACEHOLDER = '[link sent to the case manager]';

/**
 * What the stored copy of a delivered mail shows in place of its secret: a case manager's update
 * ('case-manager-update') held the case manager's link; every other mail's was the customer's.
 */
export function secretSentPlaceholder(kind: string): string {
  return kind === 'case-manager-update' ? CASE_MANAGER_LINK_SENT_PLACEHOLDER : SECRET_SENT_PLACEHOLDER;
}

/**
 * One email to queue. Every field may hold user input: nothing in it can add or split a header.
 * It carries its body, or — for the kinds mail-bodies.ts can write (a quote's two mails) — the id of
 * the record its body is written from when it is delivered or read.
 */
export type OutboxMail = OutboxMailEnvelope &
  (
    | { text: string; html?: string | undefined; recordId?: undefined }
    | { recordId: string; text?: undefined; html?: undefined }
  );

/** Raised when a mail cannot be queued safely (a bad address or header name): a programming error. */
export class OutboxMailError extends Error {
  override name = 'OutboxMailError';
}

// Control characters (CR and LF above all), DEL and the Unicode line and paragraph separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const lineBreaking = /[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g;

/**
 * Makes a value safe for one header line: every control character (CR, LF, NUL, tab…) becomes a
 * space, so user input can never end a header and start another (header injection).
 */
export function singleLine(value: string): string {
  return value
    .replace(lineBreaking, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

function normaliseAddress(
  value: string | MailAddress,
  field: string,
): { address: string; name: string | null } {
  const mailbox = typeof value === 'string' ? { address: value } : value;
  const address = mailbox.address.trim();
  if (!isPlainAddress(address)) throw new OutboxMailError(`${field} is not one plain email address`);
  const name = mailbox.name === undefined ? '' : singleLine(mailbox.name).slice(0, 200);
  return { address, name: name === '' ? null : name };
}

// Headers the outbox sets itself, or that would change who receives the mail or how it is parsed.
const reservedHeaders = new Set([
  'bcc',
  'cc',
  'content-transfer-encoding',
  'content-type',
  'date',
  'from',
  'message-id',
  'mime-version',
  'reply-to',
  'return-path',
  'sender',
  'subject',
  'to',
]);

function normaliseHeaders(headers: Record<string, string> | undefined): Record<string, string> | null {
  if (!headers) return null;
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!/^[A-Za-z0-9][A-Za-z0-9-]*$/.test(name) || reservedHeaders.has(name.toLowerCase())) {
      throw new OutboxMailError(`header ${JSON.stringify(name)} may not be set on an outbox mail`);
    }
    result[name] = singleLine(value);
  }
  return Object.keys(result).length > 0 ? result : null;
}

/** The domain of a `Name <local@domain>` or `local@domain` sender, if it has one. */
function senderDomain(from: string | undefined): string | undefined {
  const domain = from?.match(/@([A-Za-z0-9.-]+)>?\s*$/)?.[1];
  return domain && /^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(domain)
    ? domain.toLowerCase()
    : undefined;
}

function fallbackDomain(): string {
  const host = hostname()
    .toLowerCase()
    .replace(/[^a-z0-9.-]/g, '');
  return host === '' ? 'localhost' : host;
}

type OutboxInsertRow = typeof outbox.$inferInsert;
type OutboxColumn = Exclude<keyof OutboxInsertRow, 'sentAt' | 'leaseUntil' | 'lastError'>;
const outboxColumns: readonly OutboxColumn[] = [
  'id',
  'kind',
  'messageId',
  'fromAddress',
  'toAddress',
  'toName',
  'replyToAddress',
  'replyToName',
  'subject',
  'textBody',
  'htmlBody',
  'recordId',
  'limitedRecipient',
  'secretUntilSent',
  'headers',
  'sendAfter',
  'calendarInvite',
  'status',
  'attempts',
  'nextAttemptAt',
  'createdAt',
  'updatedAt',
];

// One statement text for any number of mails (json-rows-insert.ts): no per-call query building.
const insertOutboxRows = jsonRowsInsert(outbox, outboxColumns);

/**
 * The outbox as a durable queue (lib/durable-queue.ts): a mail is 'queued' until its next attempt,
 * 'sending' while a delivery worker holds it, then 'sent' or 'dead'. Its text is read as bytes
 * (stored-text.ts): a value that is not UTF-8 fails that mail, not the process.
 */
export const outboxQueue = defineDurableQueue({
  name: 'outbox',
  table: outbox,
  columns: {
    id: outbox.id,
    status: outbox.status,
    attempts: outbox.attempts,
    sendAfter: outbox.nextAttemptAt,
    leaseUntil: outbox.leaseUntil,
    lastError: outbox.lastError,
    updatedAt: outbox.updatedAt,
  },
  statuses: { due: 'queued', leased: 'sending', done: 'sent', dead: 'dead' },
  read: storedTextReader(outbox),
});

/** Running delivery workers by mode; see {@link setOutboxCapture}. */
const workersRunning = { capture: 0, send: 0 };

/**
 * Called by the delivery worker on start (+1) and stop (-1). While a capture-mode worker (no
 * SMTP_URL) runs and none that sends does, mail is stored as 'captured' at enqueue — what the worker
 * would mark it as on its next pass anyway — so a quote costs no second write transaction.
 */
export function setOutboxCapture(mode: 'capture' | 'send', change: 1 | -1): void {
  workersRunning[mode] = Math.max(0, workersRunning[mode] + change);
}

function capturesAtEnqueue(): boolean {
  return workersRunning.capture > 0 && workersRunning.send === 0;
}

/**
 * Queues one email in the outbox, inside the caller's write transaction, so the mail exists exactly
 * when the record it belongs to does: a quote is never stored without its mails, and no mail goes
 * out for a quote that was not stored. Use it inside `database.writes.run(tx => …)`.
 *
 * The Message-ID and Date are fixed here: a delivery repeated after a crash carries the same
 * Message-ID. Subject, names and header values are reduced to one line; addresses must be single
 * plain addresses. The worker in delivery.ts sends it, or keeps it as 'captured' without SMTP_URL
 * (stored as 'captured' straight away while such a worker runs, see {@link setOutboxCapture}).
 *
 * @returns the outbox id of the queued mail.
 * @throws OutboxMailError when an address or header name is unsafe (validate user input first).
 */
export async function enqueueMail(tx: WriteTransaction, mail: OutboxMail): Promise<string> {
  const [id] = await enqueueMails(tx, [mail]);
  return id as string;
}

/**
 * Queues several emails with one INSERT (a quote's notification and auto-response), with the same
 * guarantees as {@link enqueueMail}: all of them or none are queued, with the caller's record.
 *
 * @returns the outbox ids, in the order of `mails`.
 */
export async function enqueueMails(tx: WriteTransaction, mails: readonly OutboxMail[]): Promise<string[]> {
  if (mails.length === 0) return [];
  const now = new Date();
  const captured = capturesAtEnqueue();
  // Every mail is checked before anything is written: an unsafe one queues none of them.
  const rows = mails.map((mail) => {
    const to = normaliseAddress(mail.to, 'to');
    const replyTo = mail.replyTo === undefined ? undefined : normaliseAddress(mail.replyTo, 'replyTo');
    const from = mail.from === undefined ? null : singleLine(mail.from);
    if (mail.recordId !== undefined && !writesBodyFromRecord(mail.kind)) {
      throw new OutboxMailError(
        `a ${mail.kind} mail needs its body: only quote mails are written from their record`,
      );
    }
    // Time-ordered (row-id.ts), so a batch of mails shares index pages; the Message-ID reuses it.
    const id = newRowId();
    return {
      id,
      kind: singleLine(mail.kind).slice(0, 100),
      messageId: `<${id}@${senderDomain(from ?? undefined) ?? fallbackDomain()}>`,
      fromAddress: from,
      toAddress: to.address,
      toName: to.name,
      replyToAddress: replyTo?.address ?? null,
      replyToName: replyTo?.name ?? null,
      subject: singleLine(mail.subject).slice(0, 500),
      textBody: mail.text ?? null,
      htmlBody: mail.html ?? null,
      recordId: mail.recordId ?? null,
      limitedRecipient: mail.recipientFromRequest ? recipientKey(to.address) : null,
      secretUntilSent: mail.secretUntilSent || null,
      headers: normaliseHeaders(mail.headers),
      sendAfter: mail.sendAfter ?? null,
      calendarInvite: mail.calendarInvite ?? null,
      status: captured && !mail.sendAfter ? ('captured' as const) : ('queued' as const),
      attempts: 0,
      nextAttemptAt: mail.sendAfter && mail.sendAfter > now ? mail.sendAfter : now,
      createdAt: now,
      updatedAt: now,
    } satisfies Pick<Required<OutboxInsertRow>, OutboxColumn>;
  });
  await tx.run(insertOutboxRows(rows));
  // Captured mail needs nothing more from the worker: no wake-up, no second write. The woken worker
  // claims through the write queue, so after this transaction committed.
  if (!captured) outboxQueue.announce();
  return rows.map((row) => row.id);
}
