import { adminScreenPaths, suburbs } from '@cleanquote/content';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env.ts';

/** The public pages search engines should index, besides one page per suburb. */
export const publicPagePaths = ['/', '/team', '/service-form', '/terms', '/privacy'] as const;

/**
 * Paths no crawler should follow: every admin screen (from the one list of their paths) and the API.
 * A customer's quote page is not listed: it says noindex itself, which a crawler must be allowed to
 * read.
 */
export const privatePathPrefixes = [...adminScreenPaths.map((path) => `/${path}`), '/api/'] as const;

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** sitemap.xml: every public page and every suburb page, as absolute PUBLIC_URL links. */
export function buildSitemap(publicUrl: string): string {
  const paths = [...publicPagePaths, ...suburbs.map((suburb) => `/${suburb.slug}`)];
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${publicUrl}${path}`)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** robots.txt: the public site is open, the admin screens and the API are not; names the sitemap. */
export function buildRobots(publicUrl: string): string {
  const disallow = privatePathPrefixes.map((prefix) => `Disallow: ${prefix}`).join('\n');
  return `User-agent: *\nAllow: /\n${disallow}\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}

export const seoRoutes = new Hono<AppEnv>()
  .get('/sitemap.xml', (c) =>
    c.body(buildSitemap(c.var.environment.PUBLIC_URL), 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    }),
  )
  .get('/robots.txt', (c) =>
    c.body(buildRobots(c.var.environment.PUBLIC_URL), 200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    }),
  );
