/**
 * The admin screens' paths. They are the site's screen registry (sites/web/src/admin-screens.ts); its
 * unit test fails when the two differ, so a new screen is reserved before any suburb could take its
 * path.
 */
export const adminScreenPaths = [
  'dashboard',
  'admin',
  'schedule',
  'prices',
  'email-test',
  'client-email-test',
  'analytics',
  'xero',
  'locations',
  'partners',
] as const;

/**
 * First path segments that are never suburb slugs: the admin screens, the site's public pages, files,
 * the API and the partner embed's scripts (/embed/v1/cleanquote-wizard.js). A request for one of them
 * that no route matches gets the 404 page.
 */
export const reservedPaths = [
  ...adminScreenPaths,
  'team',
  'service-form',
  'thank-you',
  // A customer's priced quote: /quote/<token>.
  'quote',
  // A case manager's link to stop a request's update mails: /case-manager-updates/<token>.
  'case-manager-updates',
  'terms',
  'privacy',
  'public',
  'api',
  'embed',
  'sitemap.xml',
  'robots.txt',
] as const;

/** One of the reserved first path segments. */
export type ReservedPath = (typeof reservedPaths)[number];

const reserved: ReadonlySet<string> = new Set(reservedPaths);

/**
 * Whether `word` (a first path segment, without slashes) is reserved. The match is exact, like the
 * router's: URL paths are case-sensitive.
 */
export function isReservedPath(word: string): word is ReservedPath {
  return reserved.has(word);
}
