import { z } from 'zod';

/**
 * The OAuth scopes Xero must have granted before quotes and invoices can be written to an
 * organisation: the report scopes only read.
 */
export const XERO_WRITE_SCOPES = ['accounting.transactions', 'accounting.contacts'] as const;

/** The sales account code a new organisation starts with (Xero's default 'Sales' account). */
export const DEFAULT_XERO_ACCOUNT_CODE = '200';

/**
 * The tax types offered for the sales lines: GST on income, GST-free income, and BAS excluded
 * (Xero's codes for an Australian organisation).
 */
export const XERO_TAX_TYPES = ['OUTPUT', 'EXEMPTOUTPUT', 'BASEXCLUDED'] as const;
export type XeroTaxType = (typeof XERO_TAX_TYPES)[number];

/** Each tax type as Xero names it to people. */
export const XERO_TAX_TYPE_LABELS: Record<XeroTaxType, string> = {
  OUTPUT: 'GST on Income',
  EXEMPTOUTPUT: 'GST Free Income',
  BASEXCLUDED: 'BAS Excluded',
};

/** The tax type a business starts with: GST on income when registered for GST, else GST-free. */
export function defaultXeroTaxType(gstRegistered: boolean): XeroTaxType {
  return gstRegistered ? 'OUTPUT' : 'EXEMPTOUTPUT';
}

/** What Xero itself allows in an account code. */
export const XERO_ACCOUNT_CODE_MESSAGE =
  'Enter the account code as it is in Xero (up to 10 letters or digits)';

/** Whether a granted scope list (space-separated, as Xero's token answer gives it) allows writing. */
export function scopesAllowWriting(scopes: string | null | undefined): boolean {
  const granted = new Set((scopes ?? '').split(/\s+/).filter(Boolean));
  return XERO_WRITE_SCOPES.every((scope) => granted.has(scope));
}

/**
 * PUT /api/xero/sync: the organisation that receives quotes and invoices, its sales account code and
 * tax type; `tenantId: null` stops sending. A code or tax type left out takes its default.
 */
export const xeroSyncSettings = z.object({
  tenantId: z
    .string({ error: 'Please select an organisation' })
    .trim()
    .min(1, 'Please select an organisation')
    .max(100)
    .nullable(),
  accountCode: z
    .string({ error: XERO_ACCOUNT_CODE_MESSAGE })
    .trim()
    .regex(/^[A-Za-z0-9]{1,10}$/, XERO_ACCOUNT_CODE_MESSAGE)
    .optional(),
  taxType: z.enum(XERO_TAX_TYPES, { error: `taxType is one of ${XERO_TAX_TYPES.join(', ')}` }).optional(),
});
/** The sync settings as a form or client sends them. */
export type XeroSyncSettingsInput = z.input<typeof xeroSyncSettings>;
/** The sync settings as the API reads them. */
export type XeroSyncSettings = z.output<typeof xeroSyncSettings>;

/**
 * Where a quote stands with Xero, as staff see it on the quote's page:
 * - 'off': nothing of this quote goes to Xero (no organisation chosen when it was sent);
 * - 'waiting': queued, not tried yet ('Waiting for Xero');
 * - 'in-xero': everything asked of Xero is done ('In Xero: QU-0042');
 * - 'failed': an attempt failed and retries go on ('Xero sync failed: <reason>', with Retry).
 */
export const XERO_QUOTE_SYNC_STATES = ['off', 'waiting', 'in-xero', 'failed'] as const;
export type XeroQuoteSyncState = (typeof XERO_QUOTE_SYNC_STATES)[number];
