import { MAIL_STATUSES, type MailStatus } from '@cleanquote/quote-core/staff';
import type { OutboxMail } from './email-test-queries.ts';

/*
 * The mail log's rules as plain data: the status filter kept in the URL (so the dashboard's links to
 * /email-test?status=dead#mail-log land on the right list), pages joined newest first, and what a
 * mail looks like once it was queued again.
 */

/** The id of the Mail log section: /email-test#mail-log lands on it. */
export const MAIL_LOG_ID = 'mail-log';

/** The status filter read from a query string ('?status=dead'); unknown or absent: every status. */
export function statusFromSearch(search: string): MailStatus | undefined {
  const value = new URLSearchParams(search).get('status');
  return (MAIL_STATUSES as readonly string[]).includes(value ?? '') ? (value as MailStatus) : undefined;
}

/**
 * The /email-test URL showing the mail log filtered by `status` (every status when undefined),
 * keeping the query's other parameters and landing on the log.
 */
export function mailLogHref(search: string, status: MailStatus | undefined): string {
  const query = new URLSearchParams(search);
  if (status) query.set('status', status);
  else query.delete('status');
  const text = query.toString();
  return `/email-test${text ? `?${text}` : ''}#${MAIL_LOG_ID}`;
}

/** The next page added below what is shown; a mail already shown is not shown twice. */
export function appendPage(shown: readonly OutboxMail[], page: readonly OutboxMail[]): OutboxMail[] {
  const ids = new Set(shown.map((mail) => mail.id));
  return [...shown, ...page.filter((mail) => !ids.has(mail.id))];
}

/**
 * A dead letter as the server holds it after POST /api/admin/outbox/:id/retry: queued, due now, its
 * attempts and last error cleared. `now` is the retry's time.
 */
export function queuedAgain(mail: OutboxMail, now: Date): OutboxMail {
  return { ...mail, status: 'queued', attempts: 0, lastError: null, nextAttemptAt: now.toISOString() };
}

/** Replaces the mail with the same id. */
export function replaceMail(mails: readonly OutboxMail[], next: OutboxMail): OutboxMail[] {
  return mails.map((mail) => (mail.id === next.id ? next : mail));
}

/**
 * The outbox's kinds of mail, in the business's words. Staff never read a kind's code: one this
 * screen does not know yet is 'Other mail'.
 */
const KIND_LABELS: Readonly<Record<string, string>> = {
  'quote-notification': 'Quote notification (to the business)',
  'quote-auto-response': 'Quote auto-response (to the client)',
  'quote-reply': 'Reply to a quote request (to the client)',
  'priced-quote': 'Quote (to the client)',
  'quote-accepted': 'Quote accepted (to the client)',
  'quote-accepted-notification': 'Quote accepted (to the business)',
  'quote-changes-notification': 'Changes asked for on a quote (to the business)',
  'quote-declined-notification': 'Quote declined (to the business)',
  'quote-reminder': 'Quote reminder (to the client)',
  'case-manager-update': 'Update (to the case manager)',
  'team-contact': 'Team contact message',
  'team-contact-copy': 'Team contact message (copy)',
  'newsletter-confirmation': 'Newsletter confirmation',
  'client-email-test': 'Client email test',
  'daily-analytics-report': 'Daily analytics report',
  'backup-failed': 'Backup failed (to the business)',
  'xero-weekly-report': 'Weekly Xero report',
  'xero-test-report': 'Xero test report',
  'xero-reconnect-needed': 'Xero needs connecting again (to the business)',
  'series-booked': 'Regular clean booked (to the client, with the calendar invite)',
  'series-booked-notification': 'Regular clean booked (to the business)',
  'series-visit-skipped': 'Regular clean visit skipped (to the client, with the calendar invite)',
  'series-visit-skipped-notification': 'Regular clean visit skipped (to the business)',
  'series-ended': 'Regular clean ended (to the client, with the calendar invite)',
  'series-ended-notification': 'Regular clean ended (to the business)',
  'series-needs-time': 'Regular clean visit needs a new time (to the client, with the calendar invite)',
  'series-needs-time-notification': 'Regular clean visit needs a new time (to the business)',
  'series-moved': 'Regular clean moved (to the client, with the calendar invite)',
  'visit-booked': 'Visit booked (to the client, with the calendar invite)',
  'visit-booked-notification': 'Visit booked (to the business)',
  'visit-rescheduled': 'Visit moved (to the client, with the calendar invite)',
  'visit-rescheduled-notification': 'Visit moved (to the business)',
  'visit-cancelled': 'Visit cancelled (to the client, with the calendar invite)',
  'visit-cancelled-notification': 'Visit cancelled (to the business)',
  'visit-reminder': 'Visit reminder (to the client)',
  'problem-report-notification': 'Problem reported, re-clean offered (to the business)',
  'visit-completed': 'Visit completed (to the client, with the amount due)',
};

/** What kind of mail this is, in words. */
export function mailKindLabel(kind: string): string {
  return (Object.hasOwn(KIND_LABELS, kind) ? KIND_LABELS[kind] : undefined) ?? 'Other mail';
}

/** The line under the filter: how many mails are shown, or that there are none. */
export function mailLogSummary(count: number, status: MailStatus | undefined, more: boolean): string {
  if (count === 0) return status ? `No ${status} mail.` : 'No mail has been sent or captured yet.';
  const mails = `${count} ${status ? `${status} ` : ''}mail${count === 1 ? '' : 's'}`;
  return `Showing ${mails}, newest first${more ? '; older mail below' : ''}.`;
}

/** A piece of a mail's text: words as written, or a web address still live in it. */
export type MailTextPart = { text: string } | { href: string };

/** An http(s) address in plain text: up to a space, a quote or an angle bracket. */
const WEB_ADDRESS = /https?:\/\/[^\s<>"']+/g;

/** Sentence punctuation right after an address ends the sentence, not the address. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/**
 * A mail's text with its web addresses apart, so the log shows each as a link. A link already sent
 * and taken out of the stored copy ('[link sent to the customer]') is words, not an address.
 */
export function mailTextParts(text: string): MailTextPart[] {
  const parts: MailTextPart[] = [];
  let from = 0;
  const words = (to: number) => {
    if (to > from) parts.push({ text: text.slice(from, to) });
  };
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const href = match[0].replace(TRAILING_PUNCTUATION, '');
    if (!URL.canParse(href)) continue;
    words(match.index);
    parts.push({ href });
    from = match.index + href.length;
  }
  words(text.length);
  return parts;
}
