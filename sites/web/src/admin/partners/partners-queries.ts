import type { NewPartnerInput, PartnerChangeInput } from '@cleanquote/quote-core/staff';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type PartnerList, partnerKeys, partnersQuery } from '../lib/partners-query.ts';
import { answer, staffApi } from '../lib/staff-api.ts';

/** A partner site that embeds the wizard, with how many quote requests it sent. */
export type PartnerSite = PartnerList['partners'][number];
/** The embed script partners load (exact-version URL and SRI hash), or null when it is not built. */
export type EmbedScript = NonNullable<PartnerList['embed']>;

/** The inbox's keys (they start with 'quotes'): its rows name each quote's partner. */
const quotesKey = ['quotes'] as const;

/** Every partner site and the embed script, as the partners screen reads them (a failure is toasted). */
export const partnersScreenQuery = queryOptions({
  ...partnersQuery,
  meta: { errorTitle: 'Partners Unavailable', errorFallback: 'The partner sites could not be loaded.' },
});

/** After any partner change: the partners and everything naming them are read again. */
function usePartnersChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: partnerKeys.all }),
      client.invalidateQueries({ queryKey: quotesKey }),
    ]);
}

/** Adds a partner; its key works from its sites at once. The form shows what the server refused. */
export function useAddPartner() {
  const changed = usePartnersChanged();
  return useMutation({
    mutationFn: (partner: NewPartnerInput) => answer(staffApi.partners.$post({ json: partner })),
    onSuccess: changed,
  });
}

/** Renames a partner, changes its sites, or disables / enables it. */
export function useChangePartner() {
  const changed = usePartnersChanged();
  return useMutation({
    mutationFn: ({ key, change }: { key: string; change: PartnerChangeInput }) =>
      answer(staffApi.partners[':key'].$patch({ param: { key }, json: change })),
    onSuccess: changed,
    meta: {
      errorTitle: 'Partner Not Changed',
      errorFallback: 'The partner could not be changed. Please try again.',
    },
  });
}

/**
 * DELETE /api/partners/:key: 204 deleted, 409 while it has quote requests (those keep naming it),
 * 404 unknown.
 */
async function deletePartner(key: string): Promise<void> {
  await answer(staffApi.partners[':key'].$delete({ param: { key } }));
}

/** Deletes a partner that has no quote requests; its key stops working at once. */
export function useDeletePartner() {
  const changed = usePartnersChanged();
  return useMutation({
    mutationFn: deletePartner,
    onSuccess: changed,
    meta: {
      errorTitle: 'Partner Not Deleted',
      errorFallback: 'The partner could not be deleted. Please try again.',
    },
  });
}
