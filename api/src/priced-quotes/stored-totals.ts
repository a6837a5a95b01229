import { type QuoteLine, type QuoteTotals, quoteTotals } from '@cleanquote/quote-core/staff';

/** A sent version's stored sums, as priced_quotes holds them. */
export interface StoredSums {
  lines: QuoteLine[];
  totalCents: number;
  gstCents: number;
  /** Null on a version stored before discounts existed. */
  subtotalCents: number | null;
  discountPercent: number;
  discountCents: number;
}

/**
 * A sent version's sums as it was sent: its figures are never summed again, so a later change of the
 * price list (or of GST registration) leaves them as the customer has them. A version stored before
 * discounts has no subtotal: its subtotal is its total, and nothing was taken off.
 */
export function storedTotals(row: StoredSums): QuoteTotals {
  const beforeDiscounts = row.subtotalCents === null;
  return {
    lines: quoteTotals(row.lines, false).lines,
    subtotalCents: row.subtotalCents ?? row.totalCents,
    discountPercent: beforeDiscounts ? 0 : row.discountPercent,
    discountCents: beforeDiscounts ? 0 : row.discountCents,
    totalCents: row.totalCents,
    gstCents: row.gstCents,
    exGstCents: row.totalCents - row.gstCents,
  };
}
