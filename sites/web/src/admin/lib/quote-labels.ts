import { SERVICE_LABELS, type ServiceType } from '@cleanquote/quote-core';
import type { QuoteStatus } from '@cleanquote/quote-core/staff';

/** Each status as staff read it. */
export const STATUS_LABELS: Readonly<Record<QuoteStatus, string>> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  won: 'Won',
  lost: 'Lost',
};

/** A status in words; a status the site does not know shows as it is. */
export function statusLabel(status: string): string {
  return STATUS_LABELS[status as QuoteStatus] ?? status;
}

/** A service id in words ('Regular Cleaning', …); an id the site does not know shows as it is. */
export function serviceLabel(service: string): string {
  return SERVICE_LABELS[service as ServiceType] ?? service;
}

/** Where a quote came from: the main site, or the partner site by name (its key when unknown). */
export function sourceLabel(source: string, partnerNames: ReadonlyMap<string, string> = new Map()): string {
  if (source === 'main-site') return 'Main site';
  const key = source.replace(/^partner:/, '');
  return partnerNames.get(key) ?? key;
}

/** The suburb of a free-text address: the part before the state or postcode ('…, South Yarra, VIC'). */
export function suburbOf(address: string): string {
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const meaningful = parts.filter((part) => !/^(VIC|NSW|QLD|SA|WA|TAS|ACT|NT)?\s*\d{0,4}$/i.test(part));
  return (
    (meaningful.length > 1 ? meaningful.at(-1) : undefined)
      ?.replace(/\s+(VIC|Victoria)\b.*$/i, '')
      .replace(/\s+\d{4}$/, '') ?? ''
  );
}
