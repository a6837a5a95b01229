import { isReservedPath, type Suburb } from '@cleanquote/content';
import { adminScreenPages } from './admin-screen-titles.ts';
import type { AdminScreen } from './admin-screens.ts';
import type { SuburbDirectory } from './suburb-directory.ts';

/** Public pages with a fixed path: /, /team, /service-form, /thank-you, /terms, /privacy. */
export type PublicPage = 'home' | 'team' | 'service-form' | 'thank-you' | 'terms' | 'privacy';

/** HTTP status the server answers with for a resolved route. */
export type RouteStatus = 200 | 404;

/**
 * What a path shows. `path` is the canonical path of the page (no trailing slash,
 * '/public' folded into '/'), used for canonical links and active navigation.
 */
export type ResolvedRoute =
  | { page: PublicPage; path: string; status: 200 }
  | { page: 'admin'; screen: AdminScreen; path: string; status: 200 }
  | { page: 'suburb'; suburb: Suburb; path: string; status: 200 }
  | { page: 'not-found'; status: 404 };

/**
 * Public pages keyed by their single path segment ('' is the root). A Map, not an object
 * literal, so '/constructor' or '/__proto__' can never hit an inherited property.
 */
const publicPages: ReadonlyMap<string, PublicPage> = new Map<string, PublicPage>([
  ['', 'home'],
  ['public', 'home'],
  ['team', 'team'],
  ['service-form', 'service-form'],
  ['thank-you', 'thank-you'],
  ['terms', 'terms'],
  ['privacy', 'privacy'],
]);

const notFound: ResolvedRoute = { page: 'not-found', status: 404 };

/**
 * Decide which page a pathname shows and which HTTP status it answers with.
 *
 * Pure and shared by the server render and the browser, so both always agree on
 * 200 vs 404. Only single-segment paths exist; a single trailing slash is tolerated
 * ('/team/' shows the team page), anything nested or empty-segmented is a 404.
 * A query string or hash, if passed by mistake, is ignored.
 *
 * @param pathname - the URL path, e.g. '/south-yarra' or '/team/'.
 * @param suburbs - the suburbs this side knows: all of them on the server, the page's own in the
 *   browser (a suburb the browser does not know resolves to the 404 page there; see app.tsx).
 */
export function resolveRoute(pathname: string, suburbs: Pick<SuburbDirectory, 'find'>): ResolvedRoute {
  let path = pathname.split(/[?#]/, 1)[0] ?? '';
  if (!path.startsWith('/')) path = `/${path}`;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);

  const segment = path.slice(1);
  // '/a/b', '//x' and '/team//' have a slash left here: no route is nested.
  if (segment.includes('/')) return notFound;

  const publicPage = publicPages.get(segment);
  if (publicPage !== undefined) {
    return { page: publicPage, path: publicPage === 'home' ? '/' : path, status: 200 };
  }

  // An own property only: '/constructor' is no admin screen.
  const adminPage = Object.hasOwn(adminScreenPages, segment) ? adminScreenPages[segment] : undefined;
  if (adminPage) return { page: 'admin', screen: adminPage.id, path, status: 200 };

  // Reserved words (api, sitemap.xml, robots.txt, …) never become suburbs, even if
  // the data set were ever to contain one by mistake.
  if (segment === '' || isReservedPath(segment)) return notFound;

  const suburb = suburbs.find(segment);
  return suburb ? { page: 'suburb', suburb, path: `/${suburb.slug}`, status: 200 } : notFound;
}
