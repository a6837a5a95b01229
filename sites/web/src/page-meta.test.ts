import { business, type Suburb } from '@cleanquote/content';
import { describe, expect, it } from 'vitest';
import { allSuburbs } from './all-suburbs.ts';
import {
  escapeHtml,
  pageMeta as metaWith,
  type PageMeta,
  renderHeadTags,
  titleFromSlug,
} from './page-meta.ts';
import { type ResolvedRoute, resolveRoute as resolveWith } from './routes.ts';
import { directoryOf } from './suburb-directory.ts';

const resolveRoute = (path: string) => resolveWith(path, allSuburbs);
const pageMeta = (route: ResolvedRoute, search = ''): PageMeta => metaWith(route, search, allSuburbs);

const publicUrl = 'https://www.example.com.au/';

describe('pageMeta', () => {
  it('uses the default Melbourne title, description and keywords on the home page', () => {
    const meta = pageMeta(resolveRoute('/'));
    expect(meta).toMatchObject({
      title: business.defaultMetaTitle,
      description: business.defaultMetaDescription,
      keywords: business.defaultKeywords,
      canonicalPath: '/',
      noindex: false,
    });
  });

  it('gives /public the home page canonical', () => {
    expect(pageMeta(resolveRoute('/public')).canonicalPath).toBe('/');
  });

  it('rewrites the home page meta for ?location=, each word capitalised', () => {
    const meta = pageMeta(resolveRoute('/'), '?location=moonee-ponds-west');
    expect(meta.title).toContain('Moonee Ponds West');
    expect(meta.description).toContain('Moonee Ponds West');
    expect(meta.keywords).toContain('Moonee Ponds West');
    expect(meta.canonicalPath).toBe('/?location=moonee-ponds-west');
  });

  it('names a known ?location= suburb as the data set spells it, when the directory knows it', () => {
    expect(pageMeta(resolveRoute('/'), '?location=melbourne-cbd').title).toContain('Melbourne CBD');
    const unknownHere = metaWith(resolveRoute('/'), '?location=melbourne-cbd', directoryOf(undefined));
    expect(unknownHere.title).toContain('Melbourne Cbd');
  });

  it('ignores a ?location= value that is not a slug', () => {
    const meta = pageMeta(resolveRoute('/'), `?location=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(meta.title).toBe(business.defaultMetaTitle);
    expect(meta.canonicalPath).toBe('/');
  });

  it("uses the suburb's metaTitle and metaDescription with LocalBusiness data", () => {
    const route = resolveRoute('/');
    const suburb: Suburb = {
      slug: 'test-suburb',
      name: 'Test Suburb',
      intro: 'Intro.',
      metaTitle: 'Cleaning Test Suburb',
      metaDescription: 'Cleaners in Test Suburb.',
      services: [],
    };
    expect(route.page).toBe('home');
    const meta = pageMeta({ page: 'suburb', suburb, path: '/test-suburb', status: 200 });
    expect(meta).toMatchObject({
      title: 'Cleaning Test Suburb',
      description: 'Cleaners in Test Suburb.',
      canonicalPath: '/test-suburb',
      noindex: false,
    });
    expect(meta.jsonLd).toMatchObject({
      '@type': 'LocalBusiness',
      geo: { latitude: business.geo.latitude, longitude: business.geo.longitude },
    });
  });

  it('keeps admin screens and the 404 page out of search results', () => {
    for (const path of ['/dashboard', '/admin', '/locations', '/no-such-page']) {
      const meta = pageMeta(resolveRoute(path));
      expect(meta.noindex).toBe(true);
      expect(meta.canonicalPath).toBeNull();
    }
    expect(pageMeta(resolveRoute('/no-such-page')).title).toContain('Page Not Found');
  });
});

describe('renderHeadTags', () => {
  it('renders title, description, canonical and social tags with an absolute URL', () => {
    const head = renderHeadTags(pageMeta(resolveRoute('/team')), publicUrl);
    expect(head).toContain('<title>Meet the Team | ');
    expect(head).toContain('<meta name="description" content="');
    expect(head).toContain('<link rel="canonical" href="https://www.example.com.au/team"');
    expect(head).toContain('<meta property="og:url" content="https://www.example.com.au/team"');
    expect(head).toContain('<meta property="og:title" content="Meet the Team | ');
    expect(head).toContain('<meta name="twitter:card" content="summary"');
    expect(head).not.toContain('robots');
  });

  it('marks noindex pages and gives them no canonical', () => {
    const head = renderHeadTags(pageMeta(resolveRoute('/xero')), publicUrl);
    expect(head).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(head).not.toContain('canonical');
  });

  it('escapes every value, including JSON-LD inside its script', () => {
    const suburb: Suburb = {
      slug: 'evil',
      name: '</script><script>alert(1)</script>',
      intro: '',
      metaTitle: 'A "quoted" <b>title</b> & more',
      metaDescription: "It's <img src=x onerror=alert(1)>",
      services: [],
    };
    const head = renderHeadTags(pageMeta({ page: 'suburb', suburb, path: '/evil', status: 200 }), publicUrl);
    expect(head).toContain('<title>A &quot;quoted&quot; &lt;b&gt;title&lt;/b&gt; &amp; more</title>');
    expect(head).toContain('content="It&#39;s &lt;img src=x onerror=alert(1)&gt;"');
    expect(head).not.toContain('<img');
    expect(head).not.toContain('<b>');
    // Only the JSON-LD script's own closing tag may appear.
    expect(head.match(/<\/script>/g)).toHaveLength(1);
    const json = head.match(/<script type="application\/ld\+json"[^>]*>(.*)<\/script>/)?.[1];
    expect(JSON.parse(json ?? '')).toMatchObject({ areaServed: { name: `${suburb.name}, VIC` } });
  });
});

describe('helpers', () => {
  it('capitalises each word of a slug', () => {
    expect(titleFromSlug('south-yarra')).toBe('South Yarra');
    expect(titleFromSlug('BOX-HILL-north')).toBe('Box Hill North');
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
