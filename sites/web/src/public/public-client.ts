import type { PublicApi } from '@cleanquote/api/public-api';
import { hc } from 'hono/client';

/**
 * The typed client of the public routes the site's pages call. Paths stay relative ('/api/…'): the
 * page's own origin, whatever proxy serves it. Loaded on demand (site-api.ts), never with a page.
 */
export const publicApi = hc<PublicApi>('/', { init: { credentials: 'include' } }).api;
