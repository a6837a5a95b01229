import { weeklySlotInWords, XERO_REPORT_NAMES, type XeroReportType } from '@cleanquote/content';
import type { XeroScheduleItem } from './xero-queries.ts';

/** The hours offered (00:00 to 23:00), as the API's hour strings '0'–'23'. */
export const HOURS: readonly string[] = Array.from({ length: 24 }, (_, hour) => String(hour));

/** The weekly form's defaults: Monday at 09:00 with the profit and loss and balance sheet. */
export const SCHEDULE_DEFAULTS = {
  dayOfWeek: '1',
  hour: '9',
  reportTypes: ['profit_loss', 'balance_sheet'] as readonly XeroReportType[],
} as const;

/** When a schedule runs, in words: 'Every Monday at 09:00'. */
export function scheduleTiming(schedule: Pick<XeroScheduleItem, 'dayOfWeek' | 'hour'>): string {
  return `Every ${weeklySlotInWords(schedule.dayOfWeek, schedule.hour)}`;
}

/** Report types in words, joined: 'Profit and Loss, Balance Sheet'. */
export function reportNames(types: readonly XeroReportType[]): string {
  return types.map((type) => XERO_REPORT_NAMES[type] ?? type).join(', ');
}

/** What adding `typed` to the recipients did (only if non-empty and not already listed). */
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
