import { useQuery } from '@tanstack/react-query';
import { type PartnerList, partnersQuery } from '../lib/partners-query.ts';

const none: ReadonlyMap<string, string> = new Map();

/** A stable selector, so the map is rebuilt only when the partners change. */
function namesOf(answer: PartnerList): ReadonlyMap<string, string> {
  return new Map(answer.partners.map((partner) => [partner.key, partner.name]));
}

/**
 * Partner key → the partner's name, so the inbox shows 'Northside Support Coordination' for source
 * `partner:northside-support`. Read through the partners query, so a rename shows at once; an
 * unknown key (or partners not readable) shows as the key.
 */
export function usePartnerNames(): ReadonlyMap<string, string> {
  const { data } = useQuery({ ...partnersQuery, select: namesOf });
  return data ?? none;
}
