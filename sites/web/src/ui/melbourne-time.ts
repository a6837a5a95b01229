/** The business's time zone: every time in the admin area is shown in it. */
export const BUSINESS_TIME_ZONE = 'Australia/Melbourne';

const parts = new Intl.DateTimeFormat('en-AU', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/**
 * A time as the admin screens show dates, dd/MM/yyyy 'at' h:mm a, in Melbourne time: '23/11/2026 at 9:05 AM'.
 * Accepts an ISO string, epoch milliseconds or a Date.
 */
export function formatMelbourneTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.formatToParts(date).find((entry) => entry.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} at ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
}
