import { business } from '@cleanquote/content';
import type { Environment } from '../env.ts';
import { paragraphsMailHtml } from '../mail/mail-html.tsx';
import type { OutboxMail } from '../mail/outbox.ts';
import { firstName, type QuoteMailThread, serviceLabel } from '../priced-quotes/quote-answer-mails.ts';
import { visitInvite } from './visit-invite.ts';
import type { Visit } from './visits.ts';
import { bookedWindowText } from './window-labels.ts';

/** Outbox kinds of a visit's mails. */
export const VISIT_MAIL_KINDS = {
  booked: 'visit-booked',
  bookedNotification: 'visit-booked-notification',
  rescheduled: 'visit-rescheduled',
  rescheduledNotification: 'visit-rescheduled-notification',
  cancelled: 'visit-cancelled',
  cancelledNotification: 'visit-cancelled-notification',
  reminder: 'visit-reminder',
} as const;

/** What a visit's mails are written from. */
export interface VisitMailContext {
  event: 'booked' | 'rescheduled' | 'cancelled' | 'reminder';
  visit: Visit;
  /** The visit before it moved. */
  previous?: Visit | undefined;
  /** The reason given for cancelling. */
  reason?: string | undefined;
  request: {
    id: string;
    reference: string;
    serviceType: string;
    name: string;
    email: string;
    phone: string;
    address: string;
  };
  environment: Pick<Environment, 'MAIL_FROM' | 'BUSINESS_EMAIL' | 'PUBLIC_URL'>;
  /** The quote's mail: the customer's mails reply to it, so they thread under it. */
  thread: QuoteMailThread | undefined;
  /**
   * The customer's quote page, when the one acting holds its link (the customer's own forms): the
   * mail then links to it, and the stored copy drops the link once it is sent.
   */
  pageUrl?: string | undefined;
  /** Hours before the window until which the customer may change or cancel online. */
  changeCutoffHours: number;
  /**
   * The calendar invite the customer's mail carries instead of the visit's own: for an occurrence
   * of a series, the series' invite as it now stands (one event in their calendar, not two).
   */
  seriesInvite?: string | undefined;
}

export function body(paragraphs: readonly (string | undefined)[]): { text: string; html: string } {
  const kept = paragraphs.filter((paragraph): paragraph is string => Boolean(paragraph));
  return { text: `${kept.join('\n\n')}\n`, html: paragraphsMailHtml(kept) };
}

/** 'about 4 hours', 'about 2 hours 30 minutes'. */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    hours > 0 ? `${hours} hour${hours === 1 ? '' : 's'}` : '',
    rest > 0 ? `${rest} minutes` : '',
  ].filter(Boolean);
  return `about ${parts.join(' ')}`;
}

export const signature = `Kind regards,\n${business.name}\n${business.phone}`;

/** The sentences on changing the visit: the page while the cut-off allows, else a call. */
export function changeParagraph(context: Pick<VisitMailContext, 'pageUrl' | 'changeCutoffHours'>): string {
  const call = `please call us on ${business.phone}`;
  if (!context.pageUrl) {
    return `To change or cancel the visit, use the link in the email with your quote, up to ${context.changeCutoffHours} hours before the window starts; after that, ${call}.`;
  }
  return `To change or cancel the visit, open your quote page up to ${context.changeCutoffHours} hours before the window starts: ${context.pageUrl}\nAfter that, ${call}.`;
}

function inviteText(
  visit: Visit,
  request: VisitMailContext['request'],
  environment: VisitMailContext['environment'],
  method: 'REQUEST' | 'CANCEL',
): string {
  return visitInvite({
    visitId: visit.id,
    sequence: visit.sequence,
    method,
    start: visit.start,
    end: visit.end,
    service: serviceLabel(request.serviceType),
    address: request.address,
    reference: request.reference,
    business: { name: business.name, email: environment.BUSINESS_EMAIL ?? business.email },
    customer: { name: request.name, email: request.email },
    domain: new URL(environment.PUBLIC_URL).hostname,
  });
}

/** Who a visit's mail to the customer is from and to, threaded under their quote's mail. */
export function customerMailHead(
  context: Pick<VisitMailContext, 'request' | 'environment' | 'thread' | 'pageUrl'>,
  kind: string,
  fallbackSubject: string,
) {
  const { request, environment, thread } = context;
  return {
    kind,
    from: environment.MAIL_FROM,
    to: { name: request.name, address: request.email },
    replyTo: environment.BUSINESS_EMAIL ?? business.email,
    subject: thread
      ? /^re:/i.test(thread.subject)
        ? thread.subject
        : `Re: ${thread.subject}`
      : fallbackSubject,
    headers: thread ? { 'In-Reply-To': thread.messageId, References: thread.messageId } : undefined,
    secretUntilSent: context.pageUrl,
  };
}

/** A mail to the business about a visit: `lines`, then the customer's details and the request's link. */
export function businessMail(
  context: Pick<VisitMailContext, 'request' | 'environment'>,
  kind: string,
  subject: string,
  lines: string[],
): OutboxMail {
  const { request, environment } = context;
  return {
    kind,
    from: environment.MAIL_FROM,
    to: environment.BUSINESS_EMAIL ?? business.email,
    replyTo: { name: request.name, address: request.email },
    subject,
    ...body([
      ...lines,
      `Customer: ${request.name}\nEmail: ${request.email}\nPhone: ${request.phone}\nAddress: ${request.address}`,
      `Open the request: ${environment.PUBLIC_URL}/admin?quote=${encodeURIComponent(request.id)}`,
    ]),
  };
}

/**
 * The visit's invite as it stands, as its latest mail carried it: a booked visit's REQUEST, a
 * cancelled one's CANCEL (same UID, its SEQUENCE).
 */
export function visitInviteFor(
  visit: Visit,
  request: VisitMailContext['request'],
  environment: VisitMailContext['environment'],
): string {
  return inviteText(visit, request, environment, visit.status === 'cancelled' ? 'CANCEL' : 'REQUEST');
}

/**
 * The mails of one event of a visit: to the customer (threaded under their quote's mail; with the
 * calendar invite when the visit is booked, moved or cancelled) and, except for the reminder, to the
 * business, naming the reference, the customer and the window.
 */
export function visitMails(context: VisitMailContext): OutboxMail[] {
  const { visit, previous, request, environment } = context;
  const window = bookedWindowText(visit);
  // A re-clean under the guarantee is named as such: the customer did not book another clean.
  const service = visit.kind === 're-clean' ? 'Free re-clean' : serviceLabel(request.serviceType);
  const invite = (method: 'REQUEST' | 'CANCEL') =>
    context.seriesInvite ?? inviteText(visit, request, environment, method);
  const toCustomer = (kind: string, fallbackSubject: string) =>
    customerMailHead(context, kind, fallbackSubject);
  const toBusiness = (kind: string, subject: string, lines: string[]) =>
    businessMail(context, kind, subject, lines);
  const hello = `Hi ${firstName(request.name)},`;
  const reference = `Reference: ${request.reference}`;
  switch (context.event) {
    case 'booked':
      return [
        {
          ...toCustomer(
            VISIT_MAIL_KINDS.booked,
            `Your ${visit.kind === 're-clean' ? 're-clean' : 'clean'} is booked: ${window}`,
          ),
          calendarInvite: invite('REQUEST'),
          ...body([
            hello,
            `Your ${service.toLowerCase()} at ${request.address} is booked: ${window}. The clean takes ${durationText(visit.durationMinutes)}.`,
            'The calendar invite in this email adds it to your calendar.',
            changeParagraph(context),
            reference,
            signature,
          ]),
        },
        toBusiness(
          VISIT_MAIL_KINDS.bookedNotification,
          `Visit booked: ${request.reference}, ${request.name}, ${window}`,
          [`${request.name} has a visit booked for ${window} (${visit.teamName}), ${service.toLowerCase()}.`],
        ),
      ];
    case 'rescheduled':
      return [
        {
          ...toCustomer(VISIT_MAIL_KINDS.rescheduled, `Your clean has moved: ${window}`),
          calendarInvite: invite('REQUEST'),
          ...body([
            hello,
            `Your ${service.toLowerCase()} at ${request.address} has moved to ${window}${previous ? ` (it was ${bookedWindowText(previous)})` : ''}.`,
            'The calendar invite in this email updates the visit in your calendar.',
            changeParagraph(context),
            reference,
            signature,
          ]),
        },
        toBusiness(
          VISIT_MAIL_KINDS.rescheduledNotification,
          `Visit moved: ${request.reference}, ${request.name}, ${window}`,
          [
            `${request.name}'s visit moved${previous ? ` from ${bookedWindowText(previous)}` : ''} to ${window} (${visit.teamName}).`,
          ],
        ),
      ];
    case 'cancelled':
      return [
        {
          ...toCustomer(VISIT_MAIL_KINDS.cancelled, `Your clean is cancelled: ${window}`),
          calendarInvite: invite('CANCEL'),
          ...body([
            hello,
            `Your ${service.toLowerCase()} at ${request.address} on ${window} is cancelled. The calendar invite in this email takes it out of your calendar.`,
            context.pageUrl
              ? `Your quote stays accepted: to book another time, open your quote page: ${context.pageUrl}`
              : 'Your quote stays accepted: to book another time, use the link in the email with your quote, or reply to this email.',
            reference,
            signature,
          ]),
        },
        toBusiness(
          VISIT_MAIL_KINDS.cancelledNotification,
          `Visit cancelled: ${request.reference}, ${request.name}, ${window}`,
          [
            `${request.name}'s visit on ${window} (${visit.teamName}) is cancelled.`,
            context.reason ? `Their reason:\n${context.reason}` : '',
          ].filter(Boolean),
        ),
      ];
    case 'reminder':
      return [
        {
          ...toCustomer(VISIT_MAIL_KINDS.reminder, `Reminder: your clean is tomorrow, ${window}`),
          ...body([
            hello,
            `A reminder of your ${service.toLowerCase()} at ${request.address}: ${window}. The clean takes ${durationText(visit.durationMinutes)}.`,
            changeParagraph(context),
            reference,
            signature,
          ]),
        },
      ];
  }
}
