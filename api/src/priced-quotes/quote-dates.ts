import { melbourneDay } from '../lib/melbourne-time.ts';

/** A 'yyyy-MM-dd' day as customers read dates: 'dd/MM/yyyy'. */
export function formatQuoteDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** The Melbourne date of an instant, 'dd/MM/yyyy'. */
export function formatMelbourneDate(instant: Date): string {
  return formatQuoteDay(melbourneDay(instant));
}
