import { queryOptions } from '@tanstack/react-query';
import { type Answer, answer, staffApi } from '../lib/staff-api.ts';

/** One suburb page's public URL, as GET /api/admin/locations answers. */
export type Location = Answer<typeof staffApi.admin.locations.$get>[number];

/** Every suburb page's public URL, from the one suburb data set. */
export const locationsQuery = queryOptions({
  queryKey: ['locations'],
  queryFn: () => answer(staffApi.admin.locations.$get()),
  staleTime: Number.POSITIVE_INFINITY,
  meta: { errorTitle: 'Locations Unavailable', errorFallback: 'The locations could not be loaded.' },
});
