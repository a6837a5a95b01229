import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env.ts';
import { compressFixedReads, compressJsonReads } from './compress-reads.ts';

const quotes = Array.from({ length: 40 }, (_, n) => ({
  id: n,
  name: `Client ${n}`,
  service: 'Deep Cleaning',
}));

const app = new Hono<AppEnv>()
  .use(compressJsonReads())
  .get('/list', (c) => c.json(quotes, 200, { 'Cache-Control': 'no-store' }))
  .get('/small', (c) => c.json({ status: 'ok' }))
  .post('/list', (c) => c.json(quotes, 201));

describe('compressJsonReads', () => {
  it('compresses a large JSON read with brotli, else gzip, keeping status and headers', async () => {
    const br = await app.request('/list', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Cache-Control')).toBe('no-store');
    expect(br.headers.get('Vary')).toBe('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString())).toEqual(quotes);
    const gzip = await app.request('/list', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString())).toEqual(quotes);
  });

  it('leaves small answers, writes and clients without Accept-Encoding alone', async () => {
    const small = await app.request('/small', { headers: { 'Accept-Encoding': 'br' } });
    expect(small.headers.get('Content-Encoding')).toBeNull();
    expect(await small.json()).toEqual({ status: 'ok' });
    const write = await app.request('/list', { method: 'POST', headers: { 'Accept-Encoding': 'br' } });
    expect(write.status).toBe(201);
    expect(write.headers.get('Content-Encoding')).toBeNull();
    const plain = await app.request('/list');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.json()).toEqual(quotes);
  });
});

describe('compressFixedReads', () => {
  const sitemap = () => `<urlset>${'<url><loc>https://clean.example/x</loc></url>'.repeat(100)}</urlset>`;
  const site = new Hono<AppEnv>().use('/sitemap.xml', compressFixedReads()).get('/sitemap.xml', (c) =>
    c.body(sitemap(), 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    }),
  );

  it('sends the same compressed bytes every time, keeping the headers', async () => {
    const first = await site.request('/sitemap.xml', { headers: { 'Accept-Encoding': 'br, gzip' } });
    const second = await site.request('/sitemap.xml', { headers: { 'Accept-Encoding': 'br' } });
    expect(first.headers.get('Content-Encoding')).toBe('br');
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(first.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    const [a, b] = [Buffer.from(await first.arrayBuffer()), Buffer.from(await second.arrayBuffer())];
    expect(a.equals(b)).toBe(true);
    expect(brotliDecompressSync(a).toString()).toBe(sitemap());
    const gzip = await site.request('/sitemap.xml', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(sitemap());
  });
});
