import { suburbs } from '@cleanquote/content';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from './test-support/test-app.ts';

let context: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  context = await createTestApp();
});
afterEach(() => context.close());

describe('GET /api/health', () => {
  it('answers 200 {"status":"ok"} while the database answers', async () => {
    const response = await context.app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database does not', async () => {
    context.database.client.close();
    const response = await context.app.request('/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'unavailable' });
  });
});

describe('unknown API paths', () => {
  it('answer 404 with a JSON body carrying a request id', async () => {
    const response = await context.app.request('/api/no-such-thing');
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: string; requestId: string };
    expect(body.error).toBe('Not found');
    expect(body.requestId).toBe(response.headers.get('X-Request-Id'));
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists the public pages and every suburb with absolute PUBLIC_URL links', async () => {
    const response = await context.app.request('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('application/xml');
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<loc>https://clean.example/</loc>');
    expect(xml).toContain('<loc>https://clean.example/service-form</loc>');
    for (const suburb of suburbs) expect(xml).toContain(`<loc>https://clean.example/${suburb.slug}</loc>`);
    expect(xml.match(/<url>/g)?.length).toBe(suburbs.length + 5);
  });

  it('serves robots.txt as text/plain, closing the admin and API and naming the sitemap', async () => {
    const response = await context.app.request('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Disallow: /dashboard');
    expect(text).toContain('Disallow: /prices');
    expect(text).toContain('Sitemap: https://clean.example/sitemap.xml');
  });
});
