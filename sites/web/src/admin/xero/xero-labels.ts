import type { XeroReportType, XeroSchedule } from '../admin-api.ts';

/** The days a weekly schedule can run on, Sunday first: the index is the API's dayOfWeek (spec §3). */
export const WEEK_DAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** The hours offered (spec §9: 00:00 to 23:00), as the API's hour strings '0'–'23'. */
export const HOURS: readonly string[] = Array.from({ length: 24 }, (_, hour) => String(hour));

/** Each report type in words, as the mails and the schedule list name them. */
export const REPORT_NAMES: Readonly<Record<XeroReportType, string>> = {
  profit_loss: 'Profit and Loss',
  balance_sheet: 'Balance Sheet',
  bank_summary: 'Bank Summary',
  trial_balance: 'Trial Balance',
};

/** The weekly form's defaults (spec §9): Monday at 09:00 with the profit and loss and balance sheet. */
export const SCHEDULE_DEFAULTS = {
  dayOfWeek: '1',
  hour: '9',
  reportTypes: ['profit_loss', 'balance_sheet'] as readonly XeroReportType[],
} as const;

/** The validation messages of spec §5, in its words. */
export const TEST_REPORT_MISSING = 'Please select a tenant and enter an email address';
export const SCHEDULE_TENANT_MISSING = 'Please select a tenant';
export const SCHEDULE_RECIPIENTS_MISSING = 'Please add at least one email recipient and select report types';

/** A day of the week ('0'–'6') in words; the value itself if it is not one. */
export function dayName(dayOfWeek: string): string {
  return WEEK_DAYS[Number(dayOfWeek)] ?? dayOfWeek;
}

/** An hour ('0'–'23') as the clock time offered: '9' → '09:00'. */
export function hourLabel(hour: string): string {
  return `${hour.padStart(2, '0')}:00`;
}

/** When a schedule runs, in words: 'Every Monday at 09:00'. */
export function scheduleTiming(schedule: Pick<XeroSchedule, 'dayOfWeek' | 'hour'>): string {
  return `Every ${dayName(schedule.dayOfWeek)} at ${hourLabel(schedule.hour)}`;
}

/** Report types in words, joined: 'Profit and Loss, Balance Sheet'. */
export function reportNames(types: readonly XeroReportType[]): string {
  return types.map((type) => REPORT_NAMES[type] ?? type).join(', ');
}

/** What adding `typed` to the recipients did (spec §5: only if non-empty and not already listed). */
export type RecipientAdded =
  | { added: true; recipients: string[]; address: string }
  | { added: false; reason: 'empty' }
  | { added: false; reason: 'listed'; address: string };

/** Adds a recipient address, trimmed; a repeat (in any letter case) or a blank is not added. */
export function addRecipient(recipients: readonly string[], typed: string): RecipientAdded {
  const address = typed.trim();
  if (!address) return { added: false, reason: 'empty' };
  const lower = address.toLowerCase();
  if (recipients.some((listed) => listed.toLowerCase() === lower)) {
    return { added: false, reason: 'listed', address };
  }
  return { added: true, recipients: [...recipients, address], address };
}

/** Why a test report cannot be sent yet, or `null` when it can. */
export function testReportProblem(request: { tenantId: string; email: string }): string | null {
  return request.tenantId && request.email.trim() ? null : TEST_REPORT_MISSING;
}

/** Why a weekly schedule cannot be set up yet (the organisation is asked for first), or `null`. */
export function scheduleProblem(request: {
  tenantId: string;
  emailRecipients: readonly string[];
  reportTypes: readonly XeroReportType[];
}): string | null {
  if (!request.tenantId) return SCHEDULE_TENANT_MISSING;
  if (request.emailRecipients.length === 0 || request.reportTypes.length === 0) {
    return SCHEDULE_RECIPIENTS_MISSING;
  }
  return null;
}
