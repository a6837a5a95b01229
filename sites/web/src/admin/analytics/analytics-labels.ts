import { BUSINESS_TIME_ZONE } from '../../ui/melbourne-time.ts';

/** What the funnel calls each point of the quote wizard (its step ids). */
const FUNNEL_LABELS: Readonly<Record<string, string>> = {
  started: 'Opened the wizard',
  'service-type': 'Service type',
  'property-size': 'Property size',
  'carpet-question': 'Carpet question',
  'carpet-areas': 'Carpet areas',
  'standalone-carpet-areas': 'Carpet areas (carpet cleaning)',
  'oven-details': 'Oven details',
  'window-details': 'Window details',
  'ndis-client-details': 'NDIS client details',
  timing: 'Timing',
  'contact-info': 'Contact details',
  'terms-agreement': 'Terms agreement',
  'final-details': 'Final details',
  submitted: 'Quote submitted',
};

/** The funnel label of a step id (the id itself for one this screen does not know). */
export function funnelLabel(step: string): string {
  return FUNNEL_LABELS[step] ?? step;
}

/** 'YYYY-MM-DD' as the business writes dates: dd/MM/yyyy. */
export function dayLabel(day: string): string {
  return day.split('-').reverse().join('/');
}

const melbourneToday = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Melbourne's calendar day `offset` days from today ('YYYY-MM-DD'). */
export function melbourneDayFromToday(offset: number, now: Date = new Date()): string {
  const [year, month, day] = melbourneToday.format(now).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + offset)).toISOString().slice(0, 10);
}

/** '+75%', '−20%' or 'no views to compare' for the weekly comparison. */
export function changeLabel(changePercent: number | null): string {
  if (changePercent === null) return 'nothing to compare';
  if (changePercent === 0) return 'no change';
  return `${changePercent > 0 ? '+' : '−'}${Math.abs(changePercent)}%`;
}

const countFormat = new Intl.NumberFormat('en-AU');

/** A count as staff read it: '100,000'. */
export function countLabel(count: number): string {
  return countFormat.format(count);
}

/** The in-app path of an absolute address the API gives ('https://…/admin?from=…' → '/admin?from=…'). */
export function appPath(address: string): string {
  const url = new URL(address, 'http://localhost');
  return `${url.pathname}${url.search}`;
}

/** The day's acceptance rate ('40%'), as the daily report mail writes it; 'no quotes sent' without any. */
export function acceptanceLabel(percent: number | null): string {
  return percent === null ? 'no quotes sent' : `${percent}%`;
}

/** The median time from request to first quote ('3.5 hours'), as the daily report mail writes it. */
export function hoursToQuoteLabel(hours: number | null): string {
  if (hours === null) return 'no first quotes sent';
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}
