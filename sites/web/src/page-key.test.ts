import { services, suburbs } from '@cleanquote/content';
import { describe, expect, it } from 'vitest';
import { pageKey, render } from './entry-server.tsx';

const options = { publicUrl: 'https://clean.example' };
const [suburb, otherSuburb] = suburbs;
const [service] = services;
if (!suburb || !otherSuburb || !service) throw new Error('the content data set is too small');

/** URLs that must share one cached document, because they render the same one. */
const sameDocument: readonly (readonly string[])[] = [
  ['/', '/public', '/public/', '/?x=1', '/?utm_source=mail&gclid=abc', '/#services', '/?location='],
  ['/?location=fitzroy', '/?location=Fitzroy', '/?location=fitzroy&x=2', '/?x=2&location=%20fitzroy'],
  ['/team', '/team/', '/team?x=1', '/team?location=fitzroy'],
  [`/${suburb.slug}`, `/${suburb.slug}/`, `/${suburb.slug}?ref=flyer`],
  [`/service-form?service=${service.slug}`, `/service-form?x=1&service=${service.slug}`],
  [`/service-form?suburb=${suburb.slug}`, `/service-form/?suburb=${suburb.slug}&page=2`],
  ['/no-such-page', '/api', '/api/', '/sitemap.xml/x', '/no-such-suburb?x=1', '/team/extra'],
  ['/thank-you?reference=CQ-1', '/thank-you?reference=CQ-1&x=1'],
];

describe('pageKey', () => {
  it.each(sameDocument)('gives %s and the URLs rendering the same document one key', (...urls) => {
    const [first, ...rest] = urls;
    if (first === undefined) throw new Error('empty group');
    const expected = pageKey(first);
    const document = render(first, options);
    for (const url of rest) {
      expect(pageKey(url), url).toEqual(expected);
      expect(render(url, options), url).toEqual(document);
    }
  });

  it('gives documents that differ different keys', () => {
    const keys = sameDocument.map((urls) => pageKey(urls[0] ?? '').key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(pageKey(`/service-form?service=${service.slug}&suburb=${suburb.slug}`).key).not.toBe(
      pageKey(`/service-form?service=${service.slug}`).key,
    );
    expect(pageKey(`/${otherSuburb.slug}`).key).not.toBe(pageKey(`/${suburb.slug}`).key);
  });

  it("keeps the site's own pages for good and pages made of arbitrary query values only for a while", () => {
    for (const url of [
      '/',
      '/team',
      '/no-such-page',
      '/dashboard',
      `/${suburb.slug}`,
      `/?location=${suburb.slug}`,
      `/service-form?service=${service.slug}`,
      `/service-form?suburb=${suburb.slug}`,
      '/thank-you',
    ]) {
      expect(pageKey(url).lasting, url).toBe(true);
    }
    for (const url of [
      '/?location=nowhere-1',
      '/service-form?service=made-up',
      '/service-form?suburb=nowhere-1',
      `/service-form?service=${service.slug}&suburb=${suburb.slug}`,
      '/thank-you?reference=CQ-1',
    ]) {
      expect(pageKey(url).lasting, url).toBe(false);
    }
  });
});
