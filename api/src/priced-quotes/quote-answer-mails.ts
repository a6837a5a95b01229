import { business } from '@cleanquote/content';
import { SERVICE_LABELS, type ServiceType, URGENCY_OPTIONS } from '@cleanquote/quote-core';
import { formatAud, perVisitText } from '@cleanquote/quote-core/staff';
import type { Environment } from '../env.ts';
import { paragraphsMailHtml } from '../mail/mail-html.tsx';
import type { OutboxMail } from '../mail/outbox.ts';
import type { CustomerQuote, QuoteAnswer } from './customer-quote.ts';
import { formatMelbourneDate, formatQuoteDay } from './quote-dates.ts';
import { quoteTerms } from './quote-terms.ts';

/** Outbox kinds of the mails a customer's answer and the expiry job send. */
export const QUOTE_ANSWER_MAIL_KINDS = {
  /** To the customer: their acceptance confirmed. */
  acceptedConfirmation: 'quote-accepted',
  /** To the business: the customer accepted. */
  acceptedNotification: 'quote-accepted-notification',
  /** To the business: the customer asked for changes. */
  changesNotification: 'quote-changes-notification',
  /** To the business: the customer declined. */
  declinedNotification: 'quote-declined-notification',
  /** To the customer: the quote's valid-until date is near. */
  reminder: 'quote-reminder',
} as const;

/** The mail that carried the quote, which later mails to the customer reply to. */
export interface QuoteMailThread {
  messageId: string;
  subject: string;
}

/** What the mails of one answer are written from. */
export interface AnswerMailContext {
  quote: CustomerQuote;
  answer: QuoteAnswer;
  at: Date;
  environment: Pick<Environment, 'MAIL_FROM' | 'BUSINESS_EMAIL' | 'PUBLIC_URL' | 'GST_REGISTERED'>;
  thread: QuoteMailThread | undefined;
  /**
   * The customer's quote page, where an accepted quote's visit is booked: the confirmation links to
   * it, and its stored copy drops the link once sent (the link is the quote's only key).
   */
  pageUrl?: string | undefined;
  /** When the customer wants the clean and what they asked for: the business plans the visit from them. */
  wishes?: RequestWishes | undefined;
}

/** What the customer asked of the visit, in their words. */
export interface RequestWishes {
  /** 'This week (within 7 days)'; undefined when the request did not say. */
  timing: string | undefined;
  /** What they typed as special requests; undefined for none. */
  specialRequests: string | undefined;
}

/** The timing and special requests of a request's stored answers (anything else in them is ignored). */
export function requestWishes(details: unknown): RequestWishes {
  const answers = (typeof details === 'object' && details !== null ? details : {}) as Record<string, unknown>;
  const urgency = typeof answers.urgency === 'string' ? answers.urgency : undefined;
  const option = URGENCY_OPTIONS.find((each) => each.id === urgency);
  const special = typeof answers.specialRequests === 'string' ? answers.specialRequests.trim() : '';
  return {
    timing: option ? `${option.label}${option.description ? ` (${option.description})` : ''}` : urgency,
    specialRequests: special === '' ? undefined : special,
  };
}

/** The timing and special requests as the business's mail lists them ('None' where nothing was asked). */
function wishLines(wishes: RequestWishes | undefined): string[] {
  if (!wishes) return [];
  return [`Timing: ${wishes.timing ?? 'Not given'}\nSpecial requests: ${wishes.specialRequests ?? 'None'}`];
}

/** A mail body from paragraphs: plain text, and HTML with a paragraph each. */
function body(paragraphs: readonly string[]): { text: string; html: string } {
  const kept = paragraphs.filter((paragraph) => paragraph !== '');
  return { text: `${kept.join('\n\n')}\n`, html: paragraphsMailHtml(kept) };
}

/** '$495.00 incl. GST', or '$495.00' when the business is not registered for GST. */
export function totalText(totalCents: number, gstRegistered: boolean): string {
  return gstRegistered ? `${formatAud(totalCents)} incl. GST` : formatAud(totalCents);
}

/** A version's total in words: '$495.00 incl. GST', or for a series '$144.51 incl. GST per visit, weekly'. */
function versionTotalText(version: CustomerQuote['version'], gstRegistered: boolean): string {
  const total = totalText(version.totalCents, gstRegistered);
  return version.frequency === 'once' ? total : `${total} ${perVisitText(version.frequency)}`;
}

/** The first word of a customer's name: how a mail to them greets them. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** A stored service type in words ('End of Lease Cleaning'); an unknown one as stored. */
export function serviceLabel(serviceType: string): string {
  return SERVICE_LABELS[serviceType as ServiceType] ?? serviceType;
}

/** 'Quote CQ-ABC123' or 'Quote CQ-ABC123 (version 2)'. */
function quoteName(quote: CustomerQuote): string {
  const { version } = quote.version;
  return `quote ${quote.request.reference}${version > 1 ? ` (version ${version})` : ''}`;
}

/** In-Reply-To and References of a mail to the customer about their quote. */
function threadHeaders(thread: QuoteMailThread | undefined): Record<string, string> | undefined {
  return thread ? { 'In-Reply-To': thread.messageId, References: thread.messageId } : undefined;
}

/** The subject of a mail to the customer about their quote: a reply to the quote's own mail. */
function customerSubject(thread: QuoteMailThread | undefined, fallback: string): string {
  if (!thread) return fallback;
  return /^re:/i.test(thread.subject) ? thread.subject : `Re: ${thread.subject}`;
}

const signature = `Kind regards,\n${business.name}\n${business.phone}`;

/** What the business's notifications say about the customer, and where staff open the request. */
function customerDetails(quote: CustomerQuote, publicUrl: string): string[] {
  const { request } = quote;
  return [
    `Customer: ${request.name}\nEmail: ${request.email}\nPhone: ${request.phone}\nAddress: ${request.address}`,
    `Open the request: ${publicUrl}/admin?quote=${encodeURIComponent(request.id)}`,
  ];
}

/**
 * The mails of one answer: accepting sends the customer a confirmation (a reply to the quote's mail)
 * and the business a notification; asking for changes and declining notify the business, with what
 * the customer wrote. The business's mails answer to the customer (Reply-To).
 */
export function answerMails({
  quote,
  answer,
  at,
  environment,
  thread,
  pageUrl,
  wishes,
}: AnswerMailContext): OutboxMail[] {
  const { request, version } = quote;
  const gst = environment.GST_REGISTERED;
  const total = versionTotalText(version, gst);
  const day = formatMelbourneDate(at);
  const businessEmail = environment.BUSINESS_EMAIL ?? business.email;
  const toBusiness = {
    from: environment.MAIL_FROM,
    to: businessEmail,
    replyTo: { name: request.name, address: request.email },
  };
  const details = customerDetails(quote, environment.PUBLIC_URL);
  const name = quoteName(quote);
  switch (answer.kind) {
    case 'accept': {
      const terms = quoteTerms(request.serviceType as ServiceType);
      const confirmation = body([
        `Hi ${firstName(request.name)},`,
        `Thank you for accepting our ${name} for ${serviceLabel(request.serviceType).toLowerCase()} at ${request.address}: ${total}. You accepted it online on ${day} as ${answer.name}.`,
        pageUrl
          ? `Choose when our team comes on your quote page: ${pageUrl}`
          : 'We will contact you shortly to book a time that suits you.',
        ...terms,
        `Questions in the meantime? Call us on ${business.phone} or reply to this email.`,
        signature,
      ]);
      const notification = body([
        `${answer.name} accepted ${name} online on ${day}: ${total}.`,
        ...wishLines(wishes),
        ...details,
      ]);
      return [
        {
          kind: QUOTE_ANSWER_MAIL_KINDS.acceptedConfirmation,
          from: environment.MAIL_FROM,
          to: { name: request.name, address: request.email },
          replyTo: businessEmail,
          subject: customerSubject(thread, `Your quote ${request.reference} is accepted`),
          headers: threadHeaders(thread),
          secretUntilSent: pageUrl,
          ...confirmation,
        },
        {
          kind: QUOTE_ANSWER_MAIL_KINDS.acceptedNotification,
          ...toBusiness,
          subject: `Quote ${request.reference} accepted by ${answer.name}`,
          ...notification,
        },
      ];
    }
    case 'changes':
      return [
        {
          kind: QUOTE_ANSWER_MAIL_KINDS.changesNotification,
          ...toBusiness,
          subject: `Changes requested on quote ${request.reference} by ${request.name}`,
          ...body([
            `${request.name} asked for changes to ${name} (${total}) on ${day}:`,
            answer.message,
            'Edit the quote in the inbox to send them the next version.',
            ...details,
          ]),
        },
      ];
    case 'decline':
      return [
        {
          kind: QUOTE_ANSWER_MAIL_KINDS.declinedNotification,
          ...toBusiness,
          subject: `Quote ${request.reference} declined by ${request.name}`,
          ...body([
            `${request.name} declined ${name} (${total}) on ${day}.`,
            answer.reason ? `Their reason:\n${answer.reason}` : 'They gave no reason.',
            ...details,
          ]),
        },
      ];
  }
}

/**
 * The reminder before a quote's valid-until date. The customer's link is not stored (only its hash),
 * so the reminder points to the quote's own mail — it is sent as a reply to it — and to a reply.
 */
export function reminderMail({
  quote,
  environment,
  thread,
}: Omit<AnswerMailContext, 'answer' | 'at'>): OutboxMail {
  const { request, version } = quote;
  const validUntil = version.validUntil ? formatQuoteDay(version.validUntil) : '';
  return {
    kind: QUOTE_ANSWER_MAIL_KINDS.reminder,
    from: environment.MAIL_FROM,
    to: { name: request.name, address: request.email },
    replyTo: environment.BUSINESS_EMAIL ?? business.email,
    subject: customerSubject(
      thread,
      `Reminder: your quote ${request.reference} is valid until ${validUntil}`,
    ),
    headers: threadHeaders(thread),
    ...body([
      `Hi ${firstName(request.name)},`,
      `A reminder that our ${quoteName(quote)} for ${serviceLabel(request.serviceType).toLowerCase()} at ${request.address} (${versionTotalText(version, environment.GST_REGISTERED)}) is valid until ${validUntil}.`,
      'To accept it, ask for changes or decline it, please use the link in the email we sent you with the quote, or simply reply to this email.',
      `Questions? Call us on ${business.phone}.`,
      signature,
    ]),
  };
}
