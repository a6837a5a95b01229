import { business, type Suburb } from '@cleanquote/content';
import { useEffect } from 'react';
import { adminScreenTitles } from './admin-screen-titles.ts';
import type { AdminScreen } from './admin-screens.ts';
import type { ResolvedRoute } from './routes.ts';
import type { SuburbDirectory } from './suburb-directory.ts';

/** What a page tells browsers, search engines and social previews about itself. */
export interface PageMeta {
  title: string;
  description: string;
  /** Path (with query, if any) of the canonical URL; `null` when the page has none (admin, 404). */
  canonicalPath: string | null;
  /** Comma-separated keywords for `<meta name="keywords">`. */
  keywords: string;
  /** Keep the page out of search results (admin screens and the 404 page). */
  noindex: boolean;
  /** Structured data for a JSON-LD script (suburb pages: LocalBusiness). */
  jsonLd?: Record<string, unknown>;
}

/** One tag of the document head, as data, so the server and the browser render the same set. */
export interface HeadTag {
  tag: 'meta' | 'link' | 'script';
  attributes: Readonly<Record<string, string>>;
  /** Text content (only the JSON-LD script has one). */
  text?: string;
}

const siteName = business.name;

/**
 * Capitalise each dash-separated word of a slug: 'south-yarra' → 'South Yarra'.
 * Used for ?location= values that are not (yet) in the suburb data set.
 */
export function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

// A ?location= value is only honoured when it looks like a suburb slug: the home page must not
// print arbitrary visitor-supplied text into its title (that would invite spam links).
const locationSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/i;
const maxLocationLength = 60;

/**
 * The slug named by the home page's ?location= query (lower-cased), or `undefined` when absent or
 * unusable. Two queries with the same slug render the same page.
 */
export function locationSlugFromSearch(search: string): string | undefined {
  const raw = new URLSearchParams(search).get('location')?.trim();
  if (!raw || raw.length > maxLocationLength || !locationSlugPattern.test(raw)) return undefined;
  return raw.toLowerCase();
}

/** The place named by the home page's ?location= query, or `undefined` when absent or unusable. */
function locationFromSearch(
  search: string,
  suburbs: Pick<SuburbDirectory, 'find'>,
): { slug: string; name: string } | undefined {
  const slug = locationSlugFromSearch(search);
  if (slug === undefined) return undefined;
  return { slug, name: suburbs.find(slug)?.name ?? titleFromSlug(slug) };
}

function suburbKeywords(name: string): string {
  return [
    `cleaning services ${name}`,
    `house cleaning ${name}`,
    `end of lease cleaning ${name}`,
    `carpet cleaning ${name}`,
    `${name} cleaners`,
  ].join(', ');
}

/** schema.org LocalBusiness for a suburb page, at the fixed Melbourne-centre point. */
function localBusinessJsonLd(suburb: Suburb): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: siteName,
    description: suburb.metaDescription,
    telephone: business.phone,
    email: business.email,
    areaServed: { '@type': 'Place', name: `${suburb.name}, ${business.region}` },
    address: {
      '@type': 'PostalAddress',
      addressLocality: business.city,
      addressRegion: business.region,
      addressCountry: business.country,
    },
    geo: {
      '@type': 'GeoCoordinates',
      latitude: business.geo.latitude,
      longitude: business.geo.longitude,
    },
  };
}

function withSiteName(title: string): string {
  return `${title} | ${siteName}`;
}

function adminMeta(screen: AdminScreen): PageMeta {
  return {
    title: withSiteName(adminScreenTitles[screen]),
    description: `${siteName} staff area.`,
    canonicalPath: null,
    keywords: '',
    noindex: true,
  };
}

/**
 * The meta of a resolved route.
 *
 * @param route - from `resolveRoute`.
 * @param search - the query string (with or without '?'); only the home page reads it, for
 *   `?location={slug}` (title, description, canonical and keywords name that place).
 * @param suburbs - where a known ?location= suburb's name comes from ('Melbourne CBD', not
 *   'Melbourne Cbd'); other slugs are named by capitalising their words.
 */
export function pageMeta(
  route: ResolvedRoute,
  search: string,
  suburbs: Pick<SuburbDirectory, 'find'>,
): PageMeta {
  switch (route.page) {
    case 'home': {
      const location = locationFromSearch(search, suburbs);
      if (!location) {
        return {
          title: business.defaultMetaTitle,
          description: business.defaultMetaDescription,
          canonicalPath: '/',
          keywords: business.defaultKeywords,
          noindex: false,
        };
      }
      return {
        title: withSiteName(`House & Office Cleaning ${location.name}`),
        description: `Professional house, end of lease, carpet and office cleaning in ${location.name}, Melbourne. Insured local cleaners and free, no-obligation quotes.`,
        canonicalPath: `/?location=${encodeURIComponent(location.slug)}`,
        keywords: suburbKeywords(location.name),
        noindex: false,
      };
    }
    case 'team':
      return {
        title: withSiteName('Meet the Team'),
        description: `Meet the people behind ${siteName}: local, insured cleaners and a team that answers your call.`,
        canonicalPath: route.path,
        keywords: business.defaultKeywords,
        noindex: false,
      };
    case 'service-form':
      return {
        title: withSiteName('Get Your Free Cleaning Quote'),
        description:
          'Answer a few quick questions and get an accurate, free, no-obligation cleaning quote for your Melbourne home or office.',
        canonicalPath: route.path,
        keywords: `free cleaning quote Melbourne, ${business.defaultKeywords}`,
        noindex: false,
      };
    case 'thank-you':
      return {
        title: withSiteName('Thank You'),
        description:
          'Your quote request has been submitted successfully. Your detailed quote arrives by email.',
        canonicalPath: route.path,
        keywords: business.defaultKeywords,
        noindex: false,
      };
    case 'terms':
      return {
        title: withSiteName('Terms & Conditions'),
        description: `The terms and conditions for cleaning services booked with ${siteName}.`,
        canonicalPath: route.path,
        keywords: business.defaultKeywords,
        noindex: false,
      };
    case 'privacy':
      return {
        title: withSiteName('Privacy Policy'),
        description: `How ${siteName} collects, uses, keeps and protects your personal information.`,
        canonicalPath: route.path,
        keywords: business.defaultKeywords,
        noindex: false,
      };
    case 'suburb':
      return {
        title: route.suburb.metaTitle,
        description: route.suburb.metaDescription,
        canonicalPath: route.path,
        keywords: suburbKeywords(route.suburb.name),
        noindex: false,
        jsonLd: localBusinessJsonLd(route.suburb),
      };
    case 'admin':
      return adminMeta(route.screen);
    case 'not-found':
      return {
        title: withSiteName('Page Not Found'),
        description: 'The page you were looking for could not be found.',
        canonicalPath: null,
        keywords: '',
        noindex: true,
      };
  }
}

/** Join the public base URL and a path without doubling or dropping the slash. */
export function absoluteUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The head tags of a page (everything but `<title>`), as data.
 *
 * @param publicUrl - canonical base, e.g. 'https://www.example.com.au' (PUBLIC_URL).
 */
export function headTags(meta: PageMeta, publicUrl: string): HeadTag[] {
  const named = (name: string, content: string): HeadTag => ({ tag: 'meta', attributes: { name, content } });
  const property = (name: string, content: string): HeadTag => ({
    tag: 'meta',
    attributes: { property: name, content },
  });

  const tags: HeadTag[] = [named('description', meta.description)];
  if (meta.keywords !== '') tags.push(named('keywords', meta.keywords));
  if (meta.noindex) tags.push(named('robots', 'noindex, nofollow'));

  const canonical = meta.canonicalPath === null ? null : absoluteUrl(publicUrl, meta.canonicalPath);
  if (canonical !== null) tags.push({ tag: 'link', attributes: { rel: 'canonical', href: canonical } });

  tags.push(
    property('og:type', 'website'),
    property('og:site_name', siteName),
    property('og:locale', 'en_AU'),
    property('og:title', meta.title),
    property('og:description', meta.description),
  );
  if (canonical !== null) tags.push(property('og:url', canonical));
  tags.push(
    named('twitter:card', 'summary'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
  );

  if (meta.jsonLd) {
    tags.push({
      tag: 'script',
      attributes: { type: 'application/ld+json' },
      text: JSON.stringify(meta.jsonLd),
    });
  }
  return tags;
}

/** Escape text for an HTML text node or a double-quoted attribute value. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * Make JSON safe inside `<script>`: no '</script>', '<!--' or line separators can end or confuse
 * the script element, while the JSON value stays the same.
 */
export function escapeJsonForScript(json: string): string {
  return json
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

// Marks the tags the app manages, so client navigation can replace exactly those.
const managedAttribute = 'data-page-meta';

/**
 * The `<head>` HTML of a page for the server to put in place of `<!--app-head-->`.
 * Every value is escaped: suburb data and query values reach these tags.
 *
 * @param publicUrl - canonical base URL (PUBLIC_URL).
 */
export function renderHeadTags(meta: PageMeta, publicUrl: string): string {
  const lines = [`<title>${escapeHtml(meta.title)}</title>`];
  for (const { tag, attributes, text } of headTags(meta, publicUrl)) {
    const attrs = Object.entries(attributes)
      .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
      .join('');
    const open = `<${tag}${attrs} ${managedAttribute}>`;
    if (tag === 'script') lines.push(`${open}${escapeJsonForScript(text ?? '')}</script>`);
    else lines.push(open);
  }
  return lines.join('\n');
}

/** The base URL the browser uses for canonical links: the one the server rendered, else this origin. */
function clientPublicUrl(): string {
  const rendered = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  if (rendered) {
    try {
      return new URL(rendered).origin;
    } catch {
      // fall through to this page's origin
    }
  }
  return window.location.origin;
}

let publicUrlForClient: string | undefined;

/** Replace the managed head tags with those of `meta` (browser only). */
function applyHeadTags(meta: PageMeta): void {
  publicUrlForClient ??= clientPublicUrl();
  document.title = meta.title;
  for (const element of document.head.querySelectorAll(`[${managedAttribute}]`)) element.remove();
  for (const { tag, attributes, text } of headTags(meta, publicUrlForClient)) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    element.setAttribute(managedAttribute, '');
    // textContent needs no escaping: the DOM never parses it as HTML.
    if (text !== undefined) element.textContent = text;
    document.head.append(element);
  }
}

/**
 * Keep `document.title` and the managed meta tags in step with the page on client-side
 * navigation (and set them in Vite dev, where there is no server render).
 */
export function useDocumentMeta(meta: PageMeta): void {
  // Depend on the serialised meta, so a re-render with equal meta does not touch the DOM.
  const serialised = JSON.stringify(meta);
  useEffect(() => {
    applyHeadTags(JSON.parse(serialised) as PageMeta);
  }, [serialised]);
}
