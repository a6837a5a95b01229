import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { parseEnvironment } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { type BuiltSite, loadBuiltSite } from './site.ts';

/**
 * A built site in miniature, laid out as `vite build` lays it out: the template, a hashed script with
 * the brotli and gzip copies the build writes, a public-folder icon, the build manifest, and a server
 * entry that renders a page per path, counts its renders and declares one inline script hash.
 */
const serverEntry = `
let renders = 0;
export const renderCount = () => renders;
export const inlineScriptHashes = ["'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"];
const pages = { '/': 'Home', '/team': 'Meet the Team' };
function split(url) {
  const at = url.indexOf('?');
  return at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}
export function pageKey(url) {
  const [path, search] = split(url);
  if (!(path in pages)) return { key: 'not-found', lasting: true };
  const location = new URLSearchParams(search).get('location');
  return location === null ? { key: path, lasting: true } : { key: path + '?location=' + location, lasting: false };
}
export function render(url) {
  renders += 1;
  const [path, search] = split(url);
  const title = pages[path];
  if (title === undefined) return { status: 404, head: '<title>Page Not Found</title>', html: '<h1>Page Not Found</h1>' };
  const location = new URLSearchParams(search).get('location');
  return { status: 200, head: '<title>' + title + '</title>', html: '<h1>' + title + (location ? ' in ' + location : '') + '</h1>' + 'x'.repeat(4000) };
}
`;

const script = `console.log(${JSON.stringify('the site script '.repeat(200))});`;
const scriptBrotli = brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
const scriptGzip = gzipSync(script, { level: 9 });

let directory: string;
let database: Database;
let site: BuiltSite;
let app: ReturnType<typeof createApp>;
let renderCount: () => number;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'cleanquote-site-'));
  const dist = join(directory, 'dist');
  mkdirSync(join(dist, 'client', 'assets'), { recursive: true });
  mkdirSync(join(dist, 'client', '.vite'), { recursive: true });
  mkdirSync(join(dist, 'server'), { recursive: true });
  writeFileSync(
    join(dist, 'client', 'index.html'),
    '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>',
  );
  writeFileSync(join(dist, 'client', 'assets', 'index-Ab12Cd34.js'), script);
  writeFileSync(join(dist, 'client', 'assets', 'index-Ab12Cd34.js.br'), scriptBrotli);
  writeFileSync(join(dist, 'client', 'assets', 'index-Ab12Cd34.js.gz'), scriptGzip);
  writeFileSync(join(dist, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'client', '.vite', 'manifest.json'), '{}');
  writeFileSync(join(dist, 'server', 'entry-server.js'), serverEntry);
  const loaded = await loadBuiltSite(dist);
  if (!loaded) throw new Error('the miniature site did not load');
  site = loaded;
  ({ renderCount } = (await import(pathToFileURL(join(dist, 'server', 'entry-server.js')).href)) as {
    renderCount: () => number;
  });
  const environment = parseEnvironment({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://clean.example',
    DATABASE_URL: `file:${join(directory, 'test.db')}`,
  });
  database = await openDatabase({ url: environment.DATABASE_URL });
  app = createApp({ environment, database, logger: createLogger('silent'), site });
});

afterAll(() => {
  database?.close();
  rmSync(directory, { recursive: true, force: true });
});

const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('/api in a browser', () => {
  it.each(['/api', '/api/'])(
    '%s answers 404 with the 404 page, whatever the client accepts',
    async (path) => {
      for (const accept of [undefined, '*/*', 'application/json', browser]) {
        const response = await app.request(path, accept ? { headers: { Accept: accept } } : {});
        expect(response.status).toBe(404);
        expect(response.headers.get('Content-Type')).toBe('text/html; charset=UTF-8');
        expect(await response.text()).toContain('<h1>Page Not Found</h1>');
      }
    },
  );

  it('answers an unknown API path with the 404 page when the request prefers HTML', async () => {
    for (const accept of [browser, 'text/html', 'text/html, application/json;q=0.9']) {
      const response = await app.request('/api/nope', { headers: { Accept: accept } });
      expect(response.status, accept).toBe(404);
      expect(await response.text(), accept).toContain('<h1>Page Not Found</h1>');
    }
  });

  it('answers an unknown API path with the JSON error for curl and API clients', async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'application/json, text/html']) {
      const response = await app.request('/api/nope', accept ? { headers: { Accept: accept } } : {});
      expect(response.status, accept).toBe(404);
      const body = (await response.json()) as { error: string; requestId: string };
      expect(body.error).toBe('Not found');
      expect(body.requestId).toBe(response.headers.get('X-Request-Id'));
    }
  });
});

describe('pages', () => {
  it('are rendered once per document: queries no page reads make no new render', async () => {
    const before = renderCount();
    const first = await app.request('/team');
    for (const url of ['/team', '/team?x=1', '/team?utm_source=mail', '/team?x=2']) {
      const again = await app.request(url);
      expect(await again.text()).toBe(await first.clone().text());
    }
    expect(renderCount() - before).toBe(1);
  });

  it('are sent with brotli, else gzip, else as they are, varying by Accept-Encoding', async () => {
    const plain = await (await app.request('/')).text();
    expect(plain).toContain('<h1>Home</h1>');
    const br = await app.request('/', { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const gzip = await app.request('/', { headers: { 'Accept-Encoding': 'gzip, br;q=0' } });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(plain);
    for (const response of [br, gzip, await app.request('/')]) {
      expect(response.headers.get('Vary')).toBe('Accept-Encoding');
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
    }
  });

  it('carry an ETag and answer 304 when the browser already has them', async () => {
    const first = await app.request('/', { headers: { 'Accept-Encoding': 'br' } });
    const etag = first.headers.get('ETag');
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await app.request('/', {
      headers: { 'If-None-Match': etag ?? '', 'Accept-Encoding': 'gzip' },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('ETag')).toBe(etag);
    const changed = await app.request('/', { headers: { 'If-None-Match': 'W/"something-else"' } });
    expect(changed.status).toBe(200);
  });

  it('keep the 404 status and page for unknown paths, without a validator', async () => {
    const response = await app.request('/no-such-page', { headers: { 'If-None-Match': '*' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('ETag')).toBeNull();
    expect(await response.text()).toContain('<h1>Page Not Found</h1>');
  });

  it('answer HEAD with the headers and no body', async () => {
    const response = await app.request('/team', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('ETag')).toMatch(/^W\//);
    expect(await response.text()).toBe('');
  });
});

describe('files of the build', () => {
  const asset = '/assets/index-Ab12Cd34.js';

  it('are sent as the build compressed them, never compressed per request', async () => {
    const br = await app.request(asset, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(Buffer.from(await br.arrayBuffer()).equals(scriptBrotli)).toBe(true);
    const gzip = await app.request(asset, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(Buffer.from(await gzip.arrayBuffer()).equals(scriptGzip)).toBe(true);
    const plain = await app.request(asset);
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
    expect(plain.headers.get('Content-Type')).toContain('javascript');
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
  });

  it('keep hashed assets cached for a year and revalidate the rest by ETag', async () => {
    const hashed = await app.request(asset);
    expect(hashed.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const icon = await app.request('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('Cache-Control')).toBe('no-cache');
    const etag = icon.headers.get('ETag') ?? '';
    expect(etag).not.toBe('');
    const again = await app.request('/favicon.svg', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('never include the page template or the build records', async () => {
    for (const path of ['/index.html', '/.vite/manifest.json', '/assets/', '/assets/nope.js']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain('<h1>Page Not Found</h1>');
    }
    expect(readFileSync(join(site.clientDirectory, 'index.html'), 'utf8')).toContain('<!--app-html-->');
  });
});

describe('inline scripts the site declares', () => {
  it('are allowed by their hashes in the Content-Security-Policy, on pages and API answers', async () => {
    expect(site.inlineScriptHashes).toEqual(["'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"]);
    for (const path of ['/', '/api/health']) {
      const csp = (await app.request(path)).headers.get('Content-Security-Policy') ?? '';
      expect(csp).toContain("script-src 'self' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';");
    }
  });

  it('refuse a declared value that is not a hash source', async () => {
    const dist = join(directory, 'bad-dist');
    mkdirSync(join(dist, 'client'), { recursive: true });
    mkdirSync(join(dist, 'server'), { recursive: true });
    writeFileSync(join(dist, 'client', 'index.html'), '<!--app-head--><!--app-html-->');
    writeFileSync(
      join(dist, 'server', 'entry-server.js'),
      `export const inlineScriptHashes = ["'unsafe-inline'"]; export const render = () => ({}); export const pageKey = () => ({});`,
    );
    await expect(loadBuiltSite(dist)).rejects.toThrow(/inlineScriptHashes/);
  });
});
