import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { embedRoutes, loadEmbed } from './embed.ts';

// A stand-in build of packages/quote-embed: a manifest, a loader and a hashed chunk (with a gzip copy).
const directory = mkdtempSync(join(tmpdir(), 'cleanquote-embed-'));
const loader = '(function(){/* loader */})();';
const chunk = 'export const mount = () => {};';
writeFileSync(join(directory, 'cleanquote-wizard.js'), loader);
writeFileSync(join(directory, 'cleanquote-wizard.js.gz'), gzipSync(loader));
writeFileSync(join(directory, 'wizard-0123456789.js'), chunk);
writeFileSync(
  join(directory, 'embed-manifest.json'),
  JSON.stringify({
    version: '1.2.3',
    major: 'v1',
    loader: 'cleanquote-wizard.js',
    chunk: 'wizard-0123456789.js',
    integrity: 'sha384-abc',
    files: [{ file: 'cleanquote-wizard.js' }, { file: 'wizard-0123456789.js' }],
  }),
);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const routes = embedRoutes(directory);
const get = (path: string, headers: Record<string, string> = {}) =>
  routes.request(path, { headers: { Origin: 'https://partner.example', ...headers } });

describe('GET /embed/<version>/<file>', () => {
  it('serves the loader under /v1 for an hour, naming the exact version, to any origin', async () => {
    const response = await get('/v1/cleanquote-wizard.js');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(loader);
    expect(response.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(response.headers.get('CleanQuote-Embed-Version')).toBe('1.2.3');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });

  it('serves the same bytes at the exact version, immutable', async () => {
    const response = await get('/1.2.3/cleanquote-wizard.js');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(loader);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('CleanQuote-Embed-Version')).toBe('1.2.3');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });

  it('serves the hashed chunk under either prefix, immutable', async () => {
    for (const prefix of ['v1', '1.2.3']) {
      const response = await get(`/${prefix}/wizard-0123456789.js`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(chunk);
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    }
  });

  it('sends the gzip copy the build wrote when the browser accepts it, and revalidates by ETag', async () => {
    const response = await get('/v1/cleanquote-wizard.js', { 'Accept-Encoding': 'gzip, br' });
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    expect(response.headers.get('Vary')).toBe('Accept-Encoding');
    const etag = response.headers.get('ETag') ?? '';
    expect(etag).toContain('sha384-abc');
    const again = await get('/v1/cleanquote-wizard.js', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const response = await routes.request('/v1/cleanquote-wizard.js', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('CleanQuote-Embed-Version')).toBe('1.2.3');
    expect(await response.text()).toBe('');
  });

  it('answers 404 for another major, an unknown version or file', async () => {
    for (const path of ['/v2/cleanquote-wizard.js', '/1.2.2/cleanquote-wizard.js', '/v1/other.js']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
    }
  });

  it('tells staff screens the pinned URL and its SRI hash', () => {
    expect(loadEmbed(directory)?.release).toEqual({
      version: '1.2.3',
      major: 'v1',
      loader: 'cleanquote-wizard.js',
      integrity: 'sha384-abc',
      pinnedPath: '/embed/1.2.3/cleanquote-wizard.js',
    });
    expect(loadEmbed(join(directory, 'missing'))).toBeUndefined();
  });
});
