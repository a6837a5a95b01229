import { services } from '@cleanquote/content';
import { locationSlugFromSearch } from './page-meta.ts';
import type { ResolvedRoute } from './routes.ts';
import type { SuburbDirectory } from './suburb-directory.ts';

/** Which rendered document a request gets, for the server's page cache (api/src/site/page-cache.ts). */
export interface PageKey {
  /** Requests with equal keys get byte-identical documents. */
  key: string;
  /**
   * True for the site's finite set of pages (fixed pages, suburb pages, the home page for a known
   * ?location=, the wizard pre-filled with one known service or suburb, the 404 page): kept until
   * the next deploy. False for pages made from arbitrary query values, which only a bounded
   * least-recently-used set keeps, so no stream of made-up queries can grow the cache.
   */
  lasting: boolean;
}

const serviceSlugs: ReadonlySet<string> = new Set(services.map((service) => service.slug));

/**
 * The cache key of a resolved route and its query string. Only the query parameters a page reads
 * while rendering enter the key (home: location; service-form: service, suburb; thank-you:
 * reference); any other parameter leaves the document unchanged. A page that starts reading another
 * parameter must add it here, or every visitor gets the copy rendered for the first one.
 *
 * @param search - the query string, with or without '?'.
 * @param suburbs - all the suburbs (the server's directory): a known one makes a lasting key.
 */
export function pageKey(
  route: ResolvedRoute,
  search: string,
  suburbs: Pick<SuburbDirectory, 'find'>,
): PageKey {
  switch (route.page) {
    case 'not-found':
      // One 404 document for every unknown path: it names no path.
      return { key: 'not-found', lasting: true };
    case 'home': {
      const location = locationSlugFromSearch(search);
      if (location === undefined) return { key: '/', lasting: true };
      return { key: `/?location=${location}`, lasting: suburbs.find(location) !== undefined };
    }
    case 'service-form': {
      const query = new URLSearchParams(search);
      const service = query.get('service');
      const suburb = query.get('suburb');
      const parts = [
        ...(service === null ? [] : [`service=${encodeURIComponent(service)}`]),
        ...(suburb === null ? [] : [`suburb=${encodeURIComponent(suburb)}`]),
      ];
      // Each service card and suburb page links to the wizard with one of the two; both together
      // (8 × 267 pairs) come only from hand-made links.
      const lasting =
        service === null
          ? suburb === null || suburbs.find(suburb) !== undefined
          : suburb === null && serviceSlugs.has(service);
      return { key: parts.length === 0 ? route.path : `${route.path}?${parts.join('&')}`, lasting };
    }
    case 'thank-you': {
      const reference = new URLSearchParams(search).get('reference');
      return reference === null
        ? { key: route.path, lasting: true }
        : { key: `${route.path}?reference=${encodeURIComponent(reference)}`, lasting: false };
    }
    default:
      return { key: route.path, lasting: true };
  }
}
