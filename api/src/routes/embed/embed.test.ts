import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

describe('GET /embed/<version>/<file> while the embed is rebuilt (npm run dev)', () => {
  const builds = mkdtempSync(join(tmpdir(), 'cleanquote-embed-builds-'));
  afterAll(() => rmSync(builds, { recursive: true, force: true }));

  /** Writes a build as scripts/build.ts does: in a directory of its own, swapped in whole at `dist`. */
  function writeBuild(dist: string, version: string, loaderText: string, chunkName: string) {
    const next = `${dist}.next`;
    mkdirSync(next, { recursive: true });
    writeFileSync(join(next, 'cleanquote-wizard.js'), loaderText);
    writeFileSync(join(next, chunkName), `export const mount = () => '${version}';`);
    writeFileSync(
      join(next, 'embed-manifest.json'),
      JSON.stringify({
        version,
        major: 'v1',
        loader: 'cleanquote-wizard.js',
        chunk: chunkName,
        integrity: `sha384-${version}`,
        files: [{ file: 'cleanquote-wizard.js' }, { file: chunkName }],
      }),
    );
    rmSync(dist, { recursive: true, force: true });
    renameSync(next, dist);
  }

  it('serves each new build in development, and the build it started with otherwise', async () => {
    const dist = join(builds, 'dist');
    const developing = embedRoutes(dist, { reload: true });
    // Not built yet when the API started: 404 until the first build lands.
    expect((await developing.request('/v1/cleanquote-wizard.js')).status).toBe(404);
    writeBuild(dist, '1.0.0', '/* first */', 'wizard-aaaaaaaaaa.js');
    const released = embedRoutes(dist);
    const first = await developing.request('/v1/cleanquote-wizard.js');
    expect(await first.text()).toBe('/* first */');

    writeBuild(dist, '1.0.1', '/* second */', 'wizard-bbbbbbbbbb.js');
    const second = await developing.request('/v1/cleanquote-wizard.js');
    expect(await second.text()).toBe('/* second */');
    expect(second.headers.get('CleanQuote-Embed-Version')).toBe('1.0.1');
    expect((await developing.request('/v1/wizard-bbbbbbbbbb.js')).status).toBe(200);
    expect((await developing.request('/v1/wizard-aaaaaaaaaa.js')).status).toBe(404);

    // A release keeps serving what it loaded at start, whatever happens to the files.
    const kept = await released.request('/v1/cleanquote-wizard.js');
    expect(await kept.text()).toBe('/* first */');
    expect(kept.headers.get('CleanQuote-Embed-Version')).toBe('1.0.0');
  });
});
