import { findSuburb, suburbs } from '@cleanquote/content';
import { locationSlugFromSearch } from './page-meta.ts';
import type { ResolvedRoute } from './routes.ts';
import type { PageSuburbData, SuburbDirectory, SuburbLink } from './suburb-directory.ts';

/** Up to `count` suburbs around `slug` in the data set (it is grouped by region), for internal links. */
function nearbySuburbs(slug: string, count = 6): SuburbLink[] {
  const index = suburbs.findIndex((suburb) => suburb.slug === slug);
  if (index === -1) return [];
  const start = Math.max(0, Math.min(index - count / 2, suburbs.length - count - 1));
  return suburbs
    .slice(start, start + count + 1)
    .filter((suburb) => suburb.slug !== slug)
    .slice(0, count)
    .map(({ slug: otherSlug, name }) => ({ slug: otherSlug, name }));
}

/**
 * Every suburb of the data set. Server only: the browser bundle must not import this module outside
 * Vite's dev server, or the whole data set ships to every visitor (bench/site-serving.bench.ts
 * prints the bundle size).
 */
export const allSuburbs: SuburbDirectory = { find: findSuburb, nearby: nearbySuburbs };

/**
 * The suburb data a server-rendered page carries for hydration: the suburb it shows and its
 * neighbours, or the suburb the home page names with ?location=; nothing on other pages.
 */
export function pageSuburbData(route: ResolvedRoute, search: string): PageSuburbData | undefined {
  if (route.page === 'suburb') return { suburb: route.suburb, nearby: nearbySuburbs(route.suburb.slug) };
  const location = route.page === 'home' ? locationSlugFromSearch(search) : undefined;
  const suburb = location === undefined ? undefined : findSuburb(location);
  return suburb && { suburb, nearby: [] };
}
