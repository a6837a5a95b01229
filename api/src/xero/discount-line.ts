import { discountLineLabel, type QuoteFrequency } from '@cleanquote/quote-core/staff';

/** What a version says of its discount, as priced_quotes stores it. */
export interface VersionDiscount {
  frequency: QuoteFrequency;
  discountPercent: number;
  /** Positive: the amount taken off the lines' sum. */
  discountCents: number;
}

/**
 * A recurring quote's discount as a line of its own for a Xero quote or invoice: 'Weekly discount
 * (15%)', quantity 1, the amount taken off as a negative GST-inclusive unit amount, on the same
 * account and tax type as the other lines. Xero then totals exactly our per-visit total (the sum of
 * the lines less the discount, rounded once on our side); DiscountRate on each line would round per
 * line and could miss it by a cent. None for a one-off or a discount of nothing.
 */
export function discountLineItems(
  version: VersionDiscount,
  payload: { accountCode: string; taxType: string },
): { Description: string; Quantity: number; UnitAmount: number; AccountCode: string; TaxType: string }[] {
  if (version.frequency === 'once' || version.discountCents <= 0) return [];
  return [
    {
      Description: discountLineLabel(version.frequency, version.discountPercent),
      Quantity: 1,
      UnitAmount: -version.discountCents / 100,
      AccountCode: payload.accountCode,
      TaxType: payload.taxType,
    },
  ];
}
