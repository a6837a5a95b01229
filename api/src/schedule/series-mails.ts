import { business } from '@cleanquote/content';
import type { SeriesFrequency } from '@cleanquote/quote-core/staff';
import type { OutboxMail } from '../mail/outbox.ts';
import { firstName, serviceLabel } from '../priced-quotes/quote-answer-mails.ts';
import { seriesInvite } from './series-invite.ts';
import { seriesLabel, seriesPhrase } from './series-rule.ts';
import {
  body,
  businessMail,
  changeParagraph,
  customerMailHead,
  durationText,
  signature,
  type VisitMailContext,
} from './visit-mails.ts';
import type { Visit } from './visits.ts';
import { bookedWindowText, longDay } from './window-labels.ts';

/** Outbox kinds of a series' mails. */
export const SERIES_MAIL_KINDS = {
  booked: 'series-booked',
  bookedNotification: 'series-booked-notification',
  skipped: 'series-visit-skipped',
  skippedNotification: 'series-visit-skipped-notification',
  ended: 'series-ended',
  endedNotification: 'series-ended-notification',
  needsTime: 'series-needs-time',
  needsTimeNotification: 'series-needs-time-notification',
  moved: 'series-moved',
} as const;

/** The series as its mails and invite need it. */
export interface SeriesForMail {
  id: string;
  frequency: SeriesFrequency;
  anchorStart: Date;
  windowMinutes: number;
  durationMinutes: number;
  endsOn: string | null;
  sequence: number;
}

/** What a series' mails are written from. */
export interface SeriesMailInput extends Omit<VisitMailContext, 'visit' | 'event' | 'previous' | 'reason'> {
  event: 'booked' | 'skipped' | 'ended' | 'needs-time' | 'moved';
  series: SeriesForMail;
  /** Every occurrence the series holds, as it now stands. */
  occurrences: readonly Visit[];
  /** The occurrences this event is about (skipped, cancelled by the end, needing a time). */
  changed?: readonly Visit[] | undefined;
  /** For 'moved': the series that continues it at the new time. */
  next?: SeriesForMail | undefined;
}

/**
 * The series' calendar invite as it now stands: one event repeating at the series' Melbourne
 * wall-clock time, its skipped, cancelled and unplaced dates excluded, its moved ones overridden.
 */
export function seriesInviteText(
  input: Pick<SeriesMailInput, 'series' | 'occurrences' | 'request' | 'environment' | 'pageUrl'>,
): string {
  const { series, request, environment } = input;
  return seriesInvite({
    seriesId: series.id,
    sequence: series.sequence,
    method: 'REQUEST',
    frequency: series.frequency,
    anchorStart: series.anchorStart,
    windowMinutes: series.windowMinutes,
    endsOn: series.endsOn,
    occurrences: input.occurrences
      .filter((visit) => visit.occurrenceStart !== null)
      .map((visit) => ({
        occurrenceStart: visit.occurrenceStart as Date,
        start: visit.start,
        end: visit.end,
        status: visit.status,
      })),
    service: serviceLabel(request.serviceType),
    address: request.address,
    reference: request.reference,
    business: { name: business.name, email: environment.BUSINESS_EMAIL ?? business.email },
    customer: { name: request.name, email: request.email },
    domain: new URL(environment.PUBLIC_URL).hostname,
    pageUrl: input.pageUrl,
  });
}

/** One line per occurrence still to come: its window, and 'needs a time' where no team is held. */
function occurrenceLines(occurrences: readonly Visit[]): string {
  return occurrences
    .filter((visit) => visit.status === 'booked' || visit.status === 'needs-time')
    .map((visit) =>
      visit.status === 'booked'
        ? `- ${bookedWindowText(visit)}`
        : `- ${bookedWindowText(visit)}: needs a time — we will contact you to find one`,
    )
    .join('\n');
}

/**
 * The mails of one event of a series: to the customer (threaded under their quote's mail, with the
 * series' invite as it now stands) and to the business.
 */
export function seriesMails(input: SeriesMailInput): OutboxMail[] {
  const { series, request } = input;
  const label = seriesLabel(series);
  const service = serviceLabel(request.serviceType);
  const changed = input.changed ?? [];
  const toCustomer = (kind: string, fallbackSubject: string) => ({
    ...customerMailHead(input, kind, fallbackSubject),
    calendarInvite: seriesInviteText(input),
  });
  const toBusiness = (kind: string, subject: string, lines: string[]) =>
    businessMail(input, kind, subject, lines);
  const hello = `Hi ${firstName(request.name)},`;
  const reference = `Reference: ${request.reference}`;
  const changedList = changed.map((visit) => `- ${bookedWindowText(visit)}`).join('\n');
  switch (input.event) {
    case 'booked': {
      const first = input.occurrences[0];
      const from = first ? `, from ${bookedWindowText(first)}` : '';
      return [
        {
          ...toCustomer(SERIES_MAIL_KINDS.booked, `Your regular clean is booked: ${label}`),
          ...body([
            hello,
            `Your ${service.toLowerCase()} at ${request.address} is booked: ${seriesPhrase(label)}${from}. Each clean takes ${durationText(series.durationMinutes)}.`,
            `Your visits of the next 12 weeks:\n${occurrenceLines(input.occurrences)}`,
            'The calendar invite in this email adds them to your calendar; we add the following visits as time goes on.',
            changeParagraph(input),
            reference,
            signature,
          ]),
        },
        toBusiness(
          SERIES_MAIL_KINDS.bookedNotification,
          `Regular clean booked: ${request.reference}, ${request.name}, ${label}`,
          [
            `${request.name} booked a regular ${service.toLowerCase()}: ${seriesPhrase(label)}${from}.`,
            `Visits held:\n${occurrenceLines(input.occurrences)}`,
          ],
        ),
      ];
    }
    case 'skipped':
      return [
        {
          ...toCustomer(
            SERIES_MAIL_KINDS.skipped,
            `Your clean is skipped: ${changed.map(bookedWindowText).join('; ')}`,
          ),
          ...body([
            hello,
            `Your clean on ${changed.map(bookedWindowText).join('; ')} is skipped. Your other visits stay as they are.`,
            'The calendar invite in this email takes it out of your calendar.',
            reference,
            signature,
          ]),
        },
        toBusiness(
          SERIES_MAIL_KINDS.skippedNotification,
          `Visit skipped: ${request.reference}, ${request.name}`,
          [`${request.name}'s visit is skipped (${seriesPhrase(label)}):\n${changedList}`],
        ),
      ];
    case 'ended':
      return [
        {
          ...toCustomer(SERIES_MAIL_KINDS.ended, `Your regular clean ends: ${label}`),
          ...body([
            hello,
            `Your regular clean (${seriesPhrase(label)}) ends after ${series.endsOn ? longDay(series.endsOn) : 'its last visit'}.`,
            changed.length > 0 ? `These visits are cancelled:\n${changedList}` : undefined,
            'The calendar invite in this email ends the series in your calendar; the visits before it stay.',
            reference,
            signature,
          ]),
        },
        toBusiness(
          SERIES_MAIL_KINDS.endedNotification,
          `Regular clean ended: ${request.reference}, ${request.name}`,
          [
            `${request.name}'s regular clean (${seriesPhrase(label)}) ends after ${series.endsOn ? longDay(series.endsOn) : 'its last visit'}.`,
            changed.length > 0 ? `Visits cancelled:\n${changedList}` : '',
          ].filter(Boolean),
        ),
      ];
    case 'moved': {
      const nextLabel = input.next ? seriesPhrase(seriesLabel(input.next)) : 'a new time';
      // The business hears of the move once, with the new series' booking mail.
      return [
        {
          ...toCustomer(SERIES_MAIL_KINDS.moved, `Your regular clean is moving: ${nextLabel}`),
          ...body([
            hello,
            `Your regular clean moves to ${nextLabel}. The calendar invite in this email keeps your visits so far; the next email brings the new times.`,
            reference,
            signature,
          ]),
        },
      ];
    }
    case 'needs-time':
      return [
        {
          ...toCustomer(SERIES_MAIL_KINDS.needsTime, 'A visit of your regular clean needs a new time'),
          ...body([
            hello,
            `We have no team free for your regular clean on ${changed.map(bookedWindowText).join('; ')}. We will contact you to find another time, or you can choose one on your quote page.`,
            `Please call us on ${business.phone} if you have any questions.`,
            reference,
            signature,
          ]),
        },
        toBusiness(
          SERIES_MAIL_KINDS.needsTimeNotification,
          `Needs a time: ${request.reference}, ${request.name}`,
          [`No team is free for ${request.name}'s regular clean (${seriesPhrase(label)}):\n${changedList}`],
        ),
      ];
  }
}
