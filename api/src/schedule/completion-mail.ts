import { business, terms } from '@cleanquote/content';
import type { QuoteFrequency } from '@cleanquote/quote-core/staff';
import { perVisitText } from '@cleanquote/quote-core/staff';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Environment } from '../env.ts';
import { BUSINESS_TIME_ZONE } from '../lib/melbourne-time.ts';
import type { OutboxMail } from '../mail/outbox.ts';
import {
  firstName,
  type QuoteMailThread,
  serviceLabel,
  totalText,
} from '../priced-quotes/quote-answer-mails.ts';
import { body, signature } from './visit-mails.ts';
import type { Visit } from './visits.ts';

/** Outbox kind of the customer's mail when a visit is marked completed. */
export const VISIT_COMPLETED_MAIL_KIND = 'visit-completed';

/** The guarantee's offer, word for word as the business makes it. */
export const RECLEAN_OFFER = "Something not right? Tell us within 24 hours and we'll come back at no cost";

/** What the completion mail is written from. */
export interface CompletionMailInput {
  visit: Pick<Visit, 'kind' | 'completedAt' | 'start' | 'end'>;
  request: { reference: string; serviceType: string; name: string; email: string; address: string };
  /**
   * What the visit costs: the accepted version's total per visit (after any frequency discount) and
   * how often it is done; null when the request has no priced quote (nothing to state).
   */
  price: { totalCents: number; frequency: QuoteFrequency } | null;
  environment: Pick<Environment, 'MAIL_FROM' | 'BUSINESS_EMAIL' | 'GST_REGISTERED'>;
  /** The quote's mail: the completion replies to it, so it threads under it. */
  thread: QuoteMailThread | undefined;
  /**
   * The customer's quote page, when the one acting holds its link; its stored copy drops the link
   * once sent. Staff never hold it (only its hash is kept), so their completions point to the quote's
   * own mail instead.
   */
  pageUrl?: string | undefined;
}

/** The paragraphs of the site's terms on payment (when it is due, how it is paid, managers' invoices). */
function paymentTerms(serviceType: string): string[] {
  const section = terms.sections.find((candidate) => candidate.heading.endsWith('Payment'));
  // The terms are the one wording of how to pay; a renamed section must not drop it from the mail.
  if (!section) throw new Error("the terms have no section 'Payment'");
  const [payment, managerInvoices] = section.body;
  return [
    ...(payment ? [payment] : []),
    ...(serviceType === 'ndis-aged-care' && managerInvoices ? [managerInvoices] : []),
  ];
}

/** '11:40 am on Tuesday 2 March 2027': when the clean finished, in Melbourne. */
function finishedText(instant: Date): string {
  return format(new TZDate(instant.getTime(), BUSINESS_TIME_ZONE), "h:mm aaa 'on' EEEE d MMMM yyyy");
}

/** The re-clean offer with the way to ask for it: the page's link, else where that link is. */
function recleanParagraph(pageUrl: string | undefined): string {
  if (pageUrl) return `${RECLEAN_OFFER}: ${pageUrl}`;
  return `${RECLEAN_OFFER}: use 'Report a problem' on your quote page (the link is in the email with your quote), or reply to this email.`;
}

/**
 * The one mail the customer gets when their visit is marked completed: the clean is done, what is
 * due and how to pay it (the terms' words), and the re-clean guarantee. A re-clean costs nothing,
 * so its mail asks nothing to pay.
 */
export function completionMail(input: CompletionMailInput): OutboxMail {
  const { visit, request, price, environment, thread } = input;
  const service = serviceLabel(request.serviceType).toLowerCase();
  const finished = finishedText(visit.completedAt ?? visit.end);
  const reclean = visit.kind === 're-clean';
  const done = reclean
    ? `The re-clean of your ${service} at ${request.address} is done: the team finished at ${finished}.`
    : `Your ${service} at ${request.address} is done: the team finished at ${finished}. Thank you for having us.`;
  const payment = reclean
    ? ['There is nothing to pay: the re-clean is free under our satisfaction guarantee.']
    : [
        price
          ? `Amount due: ${totalText(price.totalCents, environment.GST_REGISTERED)}${price.frequency === 'once' ? '' : ` (${perVisitText(price.frequency)})`}.`
          : undefined,
        `How to pay: ${paymentTerms(request.serviceType).join(' ')}`,
      ];
  return {
    kind: VISIT_COMPLETED_MAIL_KIND,
    from: environment.MAIL_FROM,
    to: { name: request.name, address: request.email },
    replyTo: environment.BUSINESS_EMAIL ?? business.email,
    subject: thread
      ? /^re:/i.test(thread.subject)
        ? thread.subject
        : `Re: ${thread.subject}`
      : reclean
        ? 'Your re-clean is done'
        : 'Your clean is done',
    headers: thread ? { 'In-Reply-To': thread.messageId, References: thread.messageId } : undefined,
    secretUntilSent: input.pageUrl,
    ...body([
      `Hi ${firstName(request.name)},`,
      done,
      ...payment,
      recleanParagraph(input.pageUrl),
      `Reference: ${request.reference}`,
      signature,
    ]),
  };
}
