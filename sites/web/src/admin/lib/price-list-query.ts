import { queryOptions } from '@tanstack/react-query';
import { type Answer, answer, staffApi } from './staff-api.ts';

/** GET /api/prices: the price list in cents, and whether the business charges GST (`gstRegistered`). */
export type PriceListAnswer = Answer<typeof staffApi.prices.$get>;

/**
 * The price list's query keys. `list` is read by the price list screen and by a quote request's
 * page (its 'Prepare Quote' prices the answers with it), so a saved price is what the next quote
 * starts from once `all` is invalidated.
 */
export const priceKeys = {
  all: ['prices'] as const,
  list: ['prices', 'list'] as const,
  history: ['prices', 'history'] as const,
};

/** The price list; the screen that reads it says itself when it fails. */
export const priceListQuery = queryOptions({
  queryKey: priceKeys.list,
  queryFn: () => answer(staffApi.prices.$get()),
});
