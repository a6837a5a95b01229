import { describe, expect, it } from 'vitest';
import type { OutboxMail } from './email-test-queries.ts';
import {
  appendPage,
  mailKindLabel,
  mailLogHref,
  mailLogSummary,
  mailTextParts,
  queuedAgain,
  replaceMail,
  statusFromSearch,
} from './mail-log.ts';

function mail(id: string, overrides: Partial<OutboxMail> = {}): OutboxMail {
  return {
    id,
    kind: 'client-email-test',
    messageId: `<${id}@example>`,
    to: 'priya@example.com',
    subject: 'We received your quote request (TEST)',
    status: 'dead',
    attempts: 3,
    nextAttemptAt: '2026-11-23T01:00:00.000Z',
    sendAfter: null,
    lastError: 'ECONNREFUSED',
    sentAt: null,
    createdAt: '2026-11-23T01:00:00.000Z',
    text: 'Hi Priya,',
    ...overrides,
  };
}

describe('the status filter in the URL', () => {
  it('reads a known status from ?status= and treats anything else as every status', () => {
    expect(statusFromSearch('status=dead')).toBe('dead');
    expect(statusFromSearch('?status=captured&x=1')).toBe('captured');
    expect(statusFromSearch('status=DEAD')).toBeUndefined();
    expect(statusFromSearch('status=constructor')).toBeUndefined();
    expect(statusFromSearch('')).toBeUndefined();
  });

  it('writes the status into /email-test’s query, keeping other parameters, and lands on the log', () => {
    expect(mailLogHref('', 'dead')).toBe('/email-test?status=dead#mail-log');
    expect(mailLogHref('status=dead', undefined)).toBe('/email-test#mail-log');
    expect(mailLogHref('?status=dead&from=dashboard', 'sent')).toBe(
      '/email-test?status=sent&from=dashboard#mail-log',
    );
  });
});

describe('the list', () => {
  it('adds a later page below, never showing a mail twice', () => {
    const shown = [mail('c'), mail('b')];
    expect(appendPage(shown, [mail('b'), mail('a')]).map((each) => each.id)).toEqual(['c', 'b', 'a']);
  });

  it('shows a retried dead letter as queued, due at the retry, attempts and error cleared', () => {
    const now = new Date('2026-11-23T02:00:00.000Z');
    const again = queuedAgain(mail('a'), now);
    expect(again).toMatchObject({
      status: 'queued',
      attempts: 0,
      lastError: null,
      nextAttemptAt: '2026-11-23T02:00:00.000Z',
    });
    const list = replaceMail([mail('b'), mail('a')], again);
    expect(list.map((each) => each.status)).toEqual(['dead', 'queued']);
  });

  it('names the kinds of mail in words, never by their code', () => {
    expect(mailKindLabel('quote-auto-response')).toBe('Quote auto-response (to the client)');
    expect(mailKindLabel('priced-quote')).toBe('Quote (to the client)');
    expect(mailKindLabel('quote-accepted')).toBe('Quote accepted (to the client)');
    expect(mailKindLabel('case-manager-update')).toBe('Update (to the case manager)');
    expect(mailKindLabel('weekly-xero-report')).toBe('Other mail');
    expect(mailKindLabel('toString')).toBe('Other mail');
  });

  it('has a label of its own for every kind of mail the server queues', () => {
    // Every kind the API's outbox writers name (their *_KIND and *_MAIL_KINDS constants).
    const kinds = [
      'quote-notification',
      'quote-auto-response',
      'quote-reply',
      'priced-quote',
      'quote-accepted',
      'quote-accepted-notification',
      'quote-changes-notification',
      'quote-declined-notification',
      'quote-reminder',
      'case-manager-update',
      'team-contact',
      'team-contact-copy',
      'newsletter-confirmation',
      'client-email-test',
      'daily-analytics-report',
      'backup-failed',
      'xero-weekly-report',
      'xero-test-report',
      'xero-reconnect-needed',
      'visit-booked',
      'visit-booked-notification',
      'visit-rescheduled',
      'visit-rescheduled-notification',
      'visit-cancelled',
      'visit-cancelled-notification',
      'visit-reminder',
      'visit-completed',
      'problem-report-notification',
      'series-booked',
      'series-booked-notification',
      'series-visit-skipped',
      'series-visit-skipped-notification',
      'series-ended',
      'series-ended-notification',
      'series-needs-time',
      'series-needs-time-notification',
      'series-moved',
    ];
    const labels = kinds.map(mailKindLabel);
    for (const [index, label] of labels.entries()) {
      expect(label, kinds[index]).not.toBe('Other mail');
      expect(label, kinds[index]).not.toContain(kinds[index]);
    }
    expect(new Set(labels).size).toBe(kinds.length);
  });

  it('says how many mails are shown, and what an empty list means', () => {
    expect(mailLogSummary(0, undefined, false)).toBe('No mail has been sent or captured yet.');
    expect(mailLogSummary(0, 'dead', false)).toBe('No dead mail.');
    expect(mailLogSummary(1, undefined, false)).toBe('Showing 1 mail, newest first.');
    expect(mailLogSummary(25, 'sent', true)).toBe('Showing 25 sent mails, newest first; older mail below.');
  });
});

describe('mailTextParts', () => {
  it('sets apart each web address still in a mail, without the sentence punctuation after it', () => {
    const link = 'https://clean.example/quote/abcdefghijklmnopqrstuvwxyz234567';
    expect(mailTextParts(`View your quote: ${link}.\nThanks (see https://clean.example/faq).`)).toEqual([
      { text: 'View your quote: ' },
      { href: link },
      { text: '.\nThanks (see ' },
      { href: 'https://clean.example/faq' },
      { text: ').' },
    ]);
  });

  it('leaves a link already taken out of the stored copy, and other schemes, as words', () => {
    const text = 'View your quote: [link sent to the customer]\nWrite to javascript:alert(1) or ftp://x';
    expect(mailTextParts(text)).toEqual([{ text }]);
    expect(mailTextParts('')).toEqual([]);
  });
});
