import type { PriceListInput } from '@cleanquote/quote-core/staff';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { priceKeys, priceListQuery } from '../lib/price-list-query.ts';
import { type Answer, answer, staffApi } from '../lib/staff-api.ts';

/** One change of a price, as GET /api/prices/history lists them (newest first). */
export type PriceChange = Answer<typeof staffApi.prices.history.$get>[number];

/** The price list, as its screen reads it (a failure is toasted). */
export const pricesScreenQuery = queryOptions({
  ...priceListQuery,
  meta: { errorTitle: 'Prices Unavailable', errorFallback: 'The price list could not be loaded.' },
});

/** Every change of a price, newest first. */
export const priceHistoryQuery = queryOptions({
  queryKey: priceKeys.history,
  queryFn: () => answer(staffApi.prices.history.$get()),
  meta: { errorTitle: 'Price Changes Unavailable', errorFallback: 'The price changes could not be loaded.' },
});

/**
 * 'Save Prices' (PUT /api/prices): the whole list in cents. The list (here and on the quote pages)
 * and its history are read again; the form shows the server's messages at its fields itself.
 */
export function useSavePrices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (list: PriceListInput) => answer(staffApi.prices.$put({ json: list })),
    onSuccess: (saved) => {
      client.setQueryData(priceKeys.list, saved);
      return client.invalidateQueries({ queryKey: priceKeys.all });
    },
  });
}
