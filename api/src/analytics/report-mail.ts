import { business } from '@cleanquote/content';
import { SERVICE_LABELS, type ServiceType } from '@cleanquote/quote-core';
import type { Environment } from '../env.ts';
import { addDays, BUSINESS_TIME_ZONE, melbourneDayStart } from '../lib/melbourne-time.ts';
import { enqueueMail, type WriteTransaction } from '../mail/outbox.ts';
import type { AnalyticsReport } from './report.ts';
import { dailyReportHtml, type ReportSection } from './report-mail-html.tsx';

/** The outbox kind of the daily report. */
export const DAILY_REPORT_KIND = 'daily-analytics-report';

/** Why the daily report is not sent: neither ADMIN_EMAIL nor BUSINESS_EMAIL is set. */
export const NO_REPORT_RECIPIENT = 'No recipient: set ADMIN_EMAIL (or BUSINESS_EMAIL).';

/** Who receives the daily report: ADMIN_EMAIL, and BUSINESS_EMAIL when it is set and another address. */
export function reportRecipients(environment: Environment): string[] {
  const recipients = [environment.ADMIN_EMAIL, environment.BUSINESS_EMAIL].filter(
    (address): address is string => Boolean(address),
  );
  return recipients.filter(
    (address, index) =>
      recipients.findIndex((other) => other.toLowerCase() === address.toLowerCase()) === index,
  );
}

const longDate = new Intl.DateTimeFormat('en-AU', {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const timeOfDay = new Intl.DateTimeFormat('en-AU', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** 'Sunday 22 November 2026' for a 'YYYY-MM-DD' Melbourne day. */
export function dayInWords(day: string): string {
  return longDate.format(new Date(melbourneDayStart(day).getTime() + 12 * 60 * 60 * 1000)).replace(',', '');
}

function serviceLabel(service: string): string {
  return SERVICE_LABELS[service as ServiceType] ?? service;
}

function changeText(report: AnalyticsReport): string {
  const { changePercent, weekEarlierViews, weekEarlierDate } = report.weeklyComparison;
  const against = `${weekEarlierViews} on ${dayInWords(weekEarlierDate)}`;
  if (changePercent === null) return `against ${against}`;
  return `${changePercent > 0 ? '+' : ''}${changePercent}% against ${against}`;
}

const number = new Intl.NumberFormat('en-AU');

/** A count as staff read it: '100,000'. */
function countText(value: number): string {
  return number.format(value);
}

/** The day's priced quotes as rows: how many were sent and accepted, the rate, and the time to quote. */
function pricedQuoteRows(report: AnalyticsReport): [string, string][] {
  const hours = report.medianHoursToQuote;
  return [
    ['Quotes sent', countText(report.quotesSent)],
    ['Quotes accepted', countText(report.quotesAccepted)],
    [
      'Acceptance rate',
      report.acceptancePercent === null ? 'no quotes sent' : `${report.acceptancePercent}%`,
    ],
    [
      'Median time from request to quote',
      hours === null ? 'no first quotes sent' : `${hours} ${hours === 1 ? 'hour' : 'hours'}`,
    ],
  ];
}

/** Where the listed quote requests end: how many are shown and the link to them all in the inbox. */
function inboxNote(report: AnalyticsReport): { text: string; href: string } | undefined {
  const shown = report.contactRequests.length;
  if (report.contactRequestCount === 0) return undefined;
  const text =
    shown < report.contactRequestCount
      ? `${countText(shown)} newest shown — see all in the inbox:`
      : 'See them in the inbox:';
  return { text, href: report.inboxUrl };
}

/**
 * The daily report as a mail: a plain-text part and an HTML part, with the same content. It lists
 * the day's newest quote requests only (the report's own limit) beside the day's count and a link to
 * the inbox, so the mail stays small enough for any mail server however busy the day was.
 */
export function dailyReportMail(
  report: AnalyticsReport,
  publicUrl: string,
): { subject: string; text: string; html: string } {
  const day = dayInWords(report.date);
  const subject = `Daily analytics report for ${day}`;
  const sections: ReportSection[] = [
    {
      heading: 'Totals',
      rows: [
        ['Page views', `${countText(report.totalViews)} (${changeText(report)})`],
        ['Unique visitors', countText(report.uniqueVisitors)],
        ['Quote requests', countText(report.contactRequestCount)],
      ],
      empty: '',
    },
    { heading: 'Priced quotes', rows: pricedQuoteRows(report), empty: '' },
    {
      heading: 'Visits',
      rows: [
        ['Visits booked', countText(report.visitsBooked)],
        [`Visits on ${dayInWords(addDays(report.date, 1))}`, countText(report.visitsFollowingDay)],
      ],
      empty: '',
    },
    {
      heading: 'Pages',
      rows: report.pageBreakdown.slice(0, 20).map((row) => [row.page, countText(row.count)]),
      empty: 'No page views.',
    },
    {
      heading: 'Referrers',
      rows: report.referrers.slice(0, 10).map((row) => [row.host, countText(row.count)]),
      empty: 'No visits from other sites.',
    },
    {
      heading: 'Quote wizard',
      rows: report.funnel.map((row) => [
        row.step,
        `${countText(row.reached)} reached${row.dropOff > 0 ? `, ${countText(row.dropOff)} left here` : ''}`,
      ]),
      empty: '',
    },
    {
      heading: 'Quote requests',
      rows: report.contactRequests.map((quote) => [
        `${timeOfDay.format(new Date(quote.createdAt))} ${quote.reference}`,
        `${quote.name}, ${serviceLabel(quote.service)}, ${quote.phone}, ${quote.email}`,
      ]),
      empty: 'No quote requests.',
      note: inboxNote(report),
    },
  ];
  const footer = `${business.name} · ${publicUrl}/analytics`;
  const text = [
    `${subject}`,
    ...sections.map(
      ({ heading, rows, empty, note }) =>
        `\n${heading}\n${rows.length === 0 ? empty : rows.map(([label, value]) => `  ${label}: ${value}`).join('\n')}${
          note ? `\n  ${note.text} ${note.href}` : ''
        }`,
    ),
    `\n${footer}\n`,
  ].join('\n');
  const html = dailyReportHtml({ title: subject, sections, footer });
  return { subject, text, html };
}

/**
 * Queues the report to every recipient inside the caller's write transaction.
 * @returns the recipients.
 * @throws Error when neither ADMIN_EMAIL nor BUSINESS_EMAIL is set.
 */
export async function enqueueDailyReport(
  tx: WriteTransaction,
  report: AnalyticsReport,
  environment: Environment,
): Promise<string[]> {
  const recipients = reportRecipients(environment);
  if (recipients.length === 0) throw new Error(NO_REPORT_RECIPIENT);
  const mail = dailyReportMail(report, environment.PUBLIC_URL);
  for (const to of recipients) {
    await enqueueMail(tx, { kind: DAILY_REPORT_KIND, from: environment.MAIL_FROM, to, ...mail });
  }
  return recipients;
}
