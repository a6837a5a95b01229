// The weekly Xero reports: the words and lists the API and the /xero
// screen share, so the server's answers and the screen's own checks say the same thing.

/** The report types a schedule can send, in the order they are offered and mailed. */
export const XERO_REPORT_TYPES = ['profit_loss', 'balance_sheet', 'bank_summary', 'trial_balance'] as const;
export type XeroReportType = (typeof XERO_REPORT_TYPES)[number];

/** Each report type in words. */
export const XERO_REPORT_NAMES: Readonly<Record<XeroReportType, string>> = {
  profit_loss: 'Profit and Loss',
  balance_sheet: 'Balance Sheet',
  bank_summary: 'Bank Summary',
  trial_balance: 'Trial Balance',
};

/** The days a schedule can run on, Sunday first: the index is the API's dayOfWeek ('0'–'6'). */
export const WEEK_DAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** The Xero screen's validation messages, word for word as the original product showed them. */
export const XERO_MESSAGES = {
  testReportMissing: 'Please select a tenant and enter an email address',
  scheduleTenantMissing: 'Please select a tenant',
  scheduleContentMissing: 'Please add at least one email recipient and select report types',
} as const;

/** An hour (0–23) as the clock time offered: 9 → '09:00'. */
export function hourLabel(hour: number | string): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** A day of the week (0–6) in words; the value itself if it is not one. */
export function dayName(dayOfWeek: number | string): string {
  return WEEK_DAYS[Number(dayOfWeek)] ?? String(dayOfWeek);
}

/** When a schedule sends, in words: 'Monday at 09:00'. */
export function weeklySlotInWords(dayOfWeek: number | string, hour: number | string): string {
  return `${dayName(dayOfWeek)} at ${hourLabel(hour)}`;
}
