import { business } from '@cleanquote/content';
import {
  type QuoteRequest,
  type QuoteSummaryLine,
  SERVICE_LABELS,
  summarizeQuoteRequest,
} from '@cleanquote/quote-core';
import type { AutoResponse } from '../db/schema.ts';
import type { MailBody } from './mail-bodies.ts';
import type { OutboxMail } from './outbox.ts';
import { autoResponseHtml, quoteNotificationHtml } from './quote-mail-html.tsx';

/** The two mails every quote request sends. */
export const QUOTE_MAIL_KINDS = ['quote-notification', 'quote-auto-response'] as const;
export type QuoteMailKind = (typeof QUOTE_MAIL_KINDS)[number];

/** A stored quote request, as its mails are written from it. */
export interface QuoteForMail {
  id: string;
  reference: string;
  /** 'main-site' or 'partner:<key>'. */
  source: string;
  /** The partner's display name today, for a partner's request (null when it has since been deleted). */
  partnerName?: string | null | undefined;
  /** The partner's own reference for the request, when it sent one. */
  partnerRef?: string | null | undefined;
  /** The validated request (the quote's `details` column). */
  request: QuoteRequest;
  /** Which auto-response the client gets (the quote's `auto_response` column). */
  autoResponse: AutoResponse;
}

/** Who the quote mails come from and go to, from the environment at submission time. */
export interface QuoteMailAddresses {
  mailFrom: string;
  businessEmail: string;
}

/**
 * The quote's outbox mails: the business's notification (replies go to the client) and, unless the
 * client's address reached its mail limit, the client's auto-response (replies go to the business).
 * Addresses and subjects are fixed here; the bodies are written from the stored quote when the mail
 * is delivered or read ({@link quoteMailBody}), so a quote's commit does not carry two more copies of
 * its answers (0006). Only the auto-response 'with-answers' names the client in its To header.
 */
export function quoteMails(
  quote: QuoteForMail,
  { mailFrom, businessEmail }: QuoteMailAddresses,
): OutboxMail[] {
  const { request, reference, autoResponse } = quote;
  const notification: OutboxMail = {
    kind: 'quote-notification',
    from: mailFrom,
    to: businessEmail,
    replyTo: { name: request.name, address: request.email },
    subject: `New quote request ${reference}: ${SERVICE_LABELS[request.serviceType]} for ${request.name}`,
    recordId: quote.id,
  };
  if (autoResponse === 'not-sent') return [notification];
  return [
    notification,
    {
      kind: 'quote-auto-response',
      from: mailFrom,
      to: autoResponse === 'with-answers' ? { name: request.name, address: request.email } : request.email,
      replyTo: businessEmail,
      subject: `We received your quote request (${reference})`,
      recordId: quote.id,
      recipientFromRequest: true,
    },
  ];
}

/** The request's answers as plain-text lines, 'Label: value'. */
function answersText(answers: readonly QuoteSummaryLine[]): string {
  return answers.map((line) => `${line.label}: ${line.value}`).join('\n');
}

const AFTER_THE_REQUEST = [
  'Our quotes are free, with no obligation. Each quote is an estimate, valid for 30 days from the day we issue it.',
  `Questions in the meantime? Call us on ${business.phone} or reply to this email.`,
];

/**
 * Where a request came from, as the business's notification says it: the main site, or the partner
 * by the name staff gave it (its key when the partner has since been deleted).
 */
function requestOrigin({ source, partnerName }: Pick<QuoteForMail, 'source' | 'partnerName'>): string {
  if (source === 'main-site') return 'the main site';
  if (!source.startsWith('partner:')) return source;
  return `the partner ${partnerName || source.slice('partner:'.length)}`;
}

/**
 * The body of one of a quote's mails: the notification lists every answer in readable form; the
 * auto-response says what happens next (a detailed quote by email within 24 hours; quotes are
 * estimates valid for 30 days). The first auto-response to an address in a day ('with-answers')
 * greets the client by name and repeats the answers for reference; a later one ('without-answers')
 * says 'your request' and names only the service chosen from the list, never text the client typed,
 * so nobody can use the form to send their words to someone else's address again and again.
 */
export function quoteMailBody(kind: QuoteMailKind, quote: QuoteForMail, publicUrl: string): MailBody {
  const { request, reference } = quote;
  const footer = `${business.name} · ${publicUrl} · ${business.phone}`;
  if (kind === 'quote-auto-response' && quote.autoResponse !== 'with-answers') {
    const paragraphs = [
      'Hello,',
      `Thank you for your request (reference ${reference}). We will email you a detailed quote within 24 hours.`,
      `Service: ${SERVICE_LABELS[request.serviceType]}`,
      ...AFTER_THE_REQUEST,
    ];
    return {
      text: `${paragraphs.join('\n\n')}\n\n${footer}\n`,
      html: autoResponseHtml({ paragraphs, footer }),
    };
  }
  const answers = summarizeQuoteRequest(request);
  if (kind === 'quote-notification') {
    const origin = requestOrigin(quote);
    const partnerRef = quote.partnerRef || undefined;
    const refLine = partnerRef ? `\nPartner's reference: ${partnerRef}` : '';
    return {
      text: `New quote request ${reference} from ${origin}.${refLine}\n\n${answersText(answers)}\n`,
      html: quoteNotificationHtml({ reference, origin, partnerRef, answers }),
    };
  }
  const firstName = request.name.split(/\s+/)[0] ?? request.name;
  const intro = [
    `Hi ${firstName},`,
    `Thank you for your quote request (reference ${reference}). We will email you a detailed quote within 24 hours.`,
    ...AFTER_THE_REQUEST,
  ];
  return {
    text: `${intro.join('\n\n')}\n\nYour answers:\n${answersText(answers)}\n\n${footer}\n`,
    html: autoResponseHtml({ paragraphs: intro, answers, footer }),
  };
}
