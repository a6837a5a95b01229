import { useEffect, useState } from 'react';
import { fetchPartners } from '../admin-api.ts';

let names: Promise<ReadonlyMap<string, string>> | undefined;

/**
 * Partner key → the partner's name, so the inbox shows 'Northside Support Coordination' for source
 * `partner:northside-support`. Read once per page load; an unknown key shows as the key.
 */
export function usePartnerNames(): ReadonlyMap<string, string> {
  const [known, setKnown] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    names ??= fetchPartners()
      .then(({ partners }) => new Map(partners.map((partner) => [partner.key, partner.name])))
      .catch(() => {
        names = undefined; // tried again by the next screen that asks
        return new Map<string, string>();
      });
    let current = true;
    void names.then((map) => {
      if (current) setKnown(map);
    });
    return () => {
      current = false;
    };
  }, []);
  return known;
}
