import { queryOptions } from '@tanstack/react-query';
import { type Answer, answer, staffApi } from './staff-api.ts';

/** GET /api/partners: every partner, and the embed script their snippet loads. */
export type PartnerList = Answer<typeof staffApi.partners.$get>;

/**
 * The partners' query keys. `list` is read by the partners screen and by the inbox (for partner
 * names), so a renamed, added or deleted partner shows everywhere at once once `all` is invalidated.
 */
export const partnerKeys = {
  all: ['partners'] as const,
  list: ['partners', 'list'] as const,
};

/** Every partner site and the embed script; the screen that reads it says itself when it fails. */
export const partnersQuery = queryOptions({
  queryKey: partnerKeys.list,
  queryFn: () => answer(staffApi.partners.$get()),
});
