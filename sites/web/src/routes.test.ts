import { reservedPaths, suburbs } from '@cleanquote/content';
import { describe, expect, it } from 'vitest';
import { adminScreenRegistry } from './admin-screens.ts';
import { allSuburbs } from './all-suburbs.ts';
import { resolveRoute as resolveWith } from './routes.ts';
import { directoryOf } from './suburb-directory.ts';

const resolveRoute = (path: string) => resolveWith(path, allSuburbs);

const aSuburb = suburbs[0];
if (!aSuburb) throw new Error('the suburb data set is empty');

describe('resolveRoute', () => {
  it.each(['/', '/public', '/public/'])('shows the home page at %s', (path) => {
    expect(resolveRoute(path)).toEqual({ page: 'home', path: '/', status: 200 });
  });

  it.each([
    ['/team', 'team'],
    ['/service-form', 'service-form'],
    ['/thank-you', 'thank-you'],
    ['/terms', 'terms'],
    ['/privacy', 'privacy'],
  ] as const)('shows the %s page', (path, page) => {
    expect(resolveRoute(path)).toEqual({ page, path, status: 200 });
    expect(resolveRoute(`${path}/`)).toEqual({ page, path, status: 200 });
  });

  it.each(adminScreenRegistry)('shows the admin screen /$segment', ({ id, segment }) => {
    expect(resolveRoute(`/${segment}`)).toEqual({
      page: 'admin',
      screen: id,
      path: `/${segment}`,
      status: 200,
    });
  });

  it('lists exactly the admin screens, /partners, /prices and /schedule', () => {
    expect(adminScreenRegistry.map((entry) => entry.segment).sort()).toEqual(
      [
        'dashboard',
        'admin',
        'email-test',
        'client-email-test',
        'analytics',
        'xero',
        'locations',
        'partners',
        'prices',
        'schedule',
      ].sort(),
    );
  });

  it('shows a suburb page for every suburb slug, with or without a trailing slash', () => {
    for (const suburb of suburbs) {
      expect(resolveRoute(`/${suburb.slug}`)).toEqual({
        page: 'suburb',
        suburb,
        path: `/${suburb.slug}`,
        status: 200,
      });
    }
    expect(resolveRoute(`/${aSuburb.slug}/`)).toMatchObject({ page: 'suburb', path: `/${aSuburb.slug}` });
  });

  it.each([
    '/no-such-page',
    '/api-docs-x',
    '/dashboardx',
    '/not-a-suburb-anywhere',
    '/team/extra',
    '/admin/users',
    '/a/b/c',
    '//team',
    '/team//',
    '/Team',
    '/constructor',
    '/__proto__',
    '/toString',
  ])('answers 404 for %s', (path) => {
    expect(resolveRoute(path)).toEqual({ page: 'not-found', status: 404 });
  });

  it.each(['/api', '/sitemap.xml', '/robots.txt', '/api/health'])('never renders a page for %s', (path) => {
    expect(resolveRoute(path)).toEqual({ page: 'not-found', status: 404 });
  });

  it('treats every reserved word as its own route or a 404, never as a suburb', () => {
    for (const word of reservedPaths) {
      expect(resolveRoute(`/${word}`).page).not.toBe('suburb');
    }
  });

  it('answers 404 for a suburb slug nested under another path', () => {
    expect(resolveRoute(`/team/${aSuburb.slug}`).status).toBe(404);
    expect(resolveRoute(`/${aSuburb.slug}/team`).status).toBe(404);
  });

  it('in the browser, resolves only the suburb its page was sent with', () => {
    const [shown, other] = suburbs;
    if (!shown || !other) throw new Error('the suburb data set is too small');
    const browser = directoryOf({ suburb: shown, nearby: [] });
    expect(resolveWith(`/${shown.slug}`, browser)).toMatchObject({ page: 'suburb', suburb: shown });
    expect(resolveWith(`/${other.slug}`, browser)).toEqual({ page: 'not-found', status: 404 });
    expect(resolveWith('/team', directoryOf(undefined))).toMatchObject({ page: 'team' });
  });

  it('ignores a query string or hash passed with the path', () => {
    expect(resolveRoute('/service-form?service=deep-cleaning')).toMatchObject({ page: 'service-form' });
    expect(resolveRoute('/?location=fitzroy')).toMatchObject({ page: 'home' });
    expect(resolveRoute('/#services')).toMatchObject({ page: 'home' });
  });
});
