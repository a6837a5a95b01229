import { HttpResponse, http } from 'msw';
import type { Location } from '../../sites/web/src/admin/locations/locations-queries.ts';

/** A few of the suburb pages GET /api/admin/locations lists (the site has one per suburb it serves). */
export const someLocations = [
  { name: 'Brunswick', slug: 'brunswick', url: 'https://sparkleclean.example/brunswick' },
  { name: 'Fitzroy', slug: 'fitzroy', url: 'https://sparkleclean.example/fitzroy' },
  { name: 'Northcote', slug: 'northcote', url: 'https://sparkleclean.example/northcote' },
  { name: 'Richmond', slug: 'richmond', url: 'https://sparkleclean.example/richmond' },
  { name: 'St Kilda', slug: 'st-kilda', url: 'https://sparkleclean.example/st-kilda' },
  { name: 'St Kilda East', slug: 'st-kilda-east', url: 'https://sparkleclean.example/st-kilda-east' },
] as const satisfies readonly Location[];

/** GET /api/admin/locations answering `locations`. */
export const locationsAnswer = (locations: readonly Location[]) =>
  http.get('/api/admin/locations', () => HttpResponse.json([...locations]));
