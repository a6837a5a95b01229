import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { documentBody, PageCache } from './page-cache.ts';
import type { BuiltSite, PageKey } from './site.ts';

/** A site whose home page reads ?location= (any value) and ignores every other parameter. */
function fakeSite() {
  const rendered: string[] = [];
  const site: Pick<BuiltSite, 'pageKey' | 'renderDocument'> = {
    pageKey(url): PageKey {
      const location = new URL(url, 'http://x').searchParams.get('location');
      if (location === null) return { key: '/', lasting: true };
      return { key: `/?location=${location}`, lasting: location === 'fitzroy' };
    },
    renderDocument(url, publicUrl) {
      rendered.push(url);
      return { status: 200, head: '', html: `<h1>${publicUrl} ${url}</h1>${'text '.repeat(500)}` };
    },
  };
  return { site, rendered };
}

describe('PageCache', () => {
  it('renders a document once and serves it in brotli, gzip and plain', () => {
    const { site, rendered } = fakeSite();
    const cache = new PageCache(site, 'https://clean.example');
    const document = cache.document('/?utm_source=mail');
    expect(cache.document('/')).toBe(document);
    expect(rendered).toEqual(['/?utm_source=mail']);
    const plain = Buffer.from(documentBody(document, 'identity')).toString();
    expect(plain).toContain('<h1>https://clean.example /?utm_source=mail</h1>');
    expect(brotliDecompressSync(documentBody(document, 'br')).toString()).toBe(plain);
    expect(gunzipSync(documentBody(document, 'gzip')).toString()).toBe(plain);
  });

  it('stays bounded under a crawler inventing query values, and keeps the real pages', () => {
    const { site, rendered } = fakeSite();
    const cache = new PageCache(site, 'https://clean.example', { recentLimit: 3 });
    const home = cache.document('/');
    const fitzroy = cache.document('/?location=fitzroy');
    for (let n = 1; n <= 50; n += 1) cache.document(`/?location=made-up-${n}`);
    expect(cache.size()).toMatchObject({ lasting: 2, recent: 3 });
    rendered.length = 0;
    expect(cache.document('/')).toBe(home);
    expect(cache.document('/?location=fitzroy')).toBe(fitzroy);
    expect(cache.document('/?location=made-up-50')).toBeDefined();
    expect(rendered).toEqual([]);
    // The oldest invented value was dropped and is rendered again on request.
    cache.document('/?location=made-up-1');
    expect(rendered).toEqual(['/?location=made-up-1']);
  });

  it('keeps the most recently used of the arbitrary documents', () => {
    const { site, rendered } = fakeSite();
    const cache = new PageCache(site, 'https://clean.example', { recentLimit: 2 });
    cache.document('/?location=a');
    cache.document('/?location=b');
    cache.document('/?location=a');
    cache.document('/?location=c');
    rendered.length = 0;
    cache.document('/?location=a');
    expect(rendered).toEqual([]);
    cache.document('/?location=b');
    expect(rendered).toEqual(['/?location=b']);
  });
});
