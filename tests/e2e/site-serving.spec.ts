import { suburbs } from '@cleanquote/content';
import { expect, test } from '@playwright/test';
import { gotoHydrated } from '../support/site.ts';

const notFoundText = 'Did you forget to add the page to the router?';

test.describe('/api in a browser', () => {
  for (const path of ['/api', '/api/']) {
    test(`${path} answers 404 with the Page Not Found page, also to curl`, async ({ request }) => {
      const response = await request.get(path, { headers: { Accept: '*/*' } });
      expect(response.status()).toBe(404);
      expect(response.headers()['content-type']).toContain('text/html');
      const html = await response.text();
      expect(html).toContain('<h1>Page Not Found</h1>');
      expect(html).toContain(notFoundText);
    });
  }

  test('an unknown API path shows the 404 page to a browser', async ({ page, request }) => {
    const response = await page.goto('/api/nope');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText(notFoundText)).toBeVisible();
    const asHtml = await request.get('/api/nope', { headers: { Accept: 'text/html' } });
    expect(asHtml.status()).toBe(404);
    expect(await asHtml.text()).toContain(notFoundText);
  });

  test('an unknown API path answers JSON to curl and API clients', async ({ request }) => {
    for (const accept of ['*/*', 'application/json']) {
      const response = await request.get('/api/nope', { headers: { Accept: accept } });
      expect(response.status()).toBe(404);
      expect(response.headers()['content-type']).toContain('application/json');
      expect(await response.json()).toMatchObject({ error: 'Not found' });
    }
  });
});

test.describe('served like a fast site', () => {
  test('pages come compressed and revalidate by ETag', async ({ request }) => {
    for (const path of ['/', '/team', '/service-form', '/south-yarra']) {
      const response = await request.get(path, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
      expect(response.status(), path).toBe(200);
      const headers = response.headers();
      expect(headers['content-encoding'], path).toBe('br');
      expect(headers.vary, path).toBe('Accept-Encoding');
      expect(headers['cache-control'], path).toBe('no-cache');
      const etag = headers.etag ?? '';
      expect(etag, path).not.toBe('');
      const again = await request.get(path, { headers: { 'If-None-Match': etag } });
      expect(again.status(), path).toBe(304);
    }
  });

  test('scripts and styles come precompressed and cached for a year', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
    expect(assets.some((path) => path.endsWith('.js'))).toBe(true);
    expect(assets.some((path) => path.endsWith('.css'))).toBe(true);
    for (const path of assets) {
      const response = await request.get(path, { headers: { 'Accept-Encoding': 'gzip, br' } });
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-encoding'], path).toBe('br');
      expect(response.headers()['cache-control'], path).toBe('public, max-age=31536000, immutable');
    }
  });

  test('the suburb list is not in the scripts a page loads', async ({ page }) => {
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.text());
    });
    await gotoHydrated(page, '/');
    const code = (await Promise.all(scripts)).join('\n');
    expect(code.length).toBeGreaterThan(10_000);
    // Suburbs the home page never names: none of them is in the browser's code.
    for (const suburb of suburbs.slice(-20)) expect(code).not.toContain(suburb.name);
  });

  test('a suburb page keeps its content once the app takes over', async ({ page }) => {
    const suburb = suburbs.find((candidate) => candidate.slug === 'south-yarra');
    if (!suburb) throw new Error('South Yarra is not in the data set');
    await gotoHydrated(page, `/${suburb.slug}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Cleaning Services in ${suburb.name}` }),
    ).toBeVisible();
    await expect(page).toHaveTitle(suburb.metaTitle);
    const nearby = page.getByRole('navigation', { name: 'Nearby areas we clean' }).getByRole('link');
    await expect(nearby).toHaveCount(6);
    // A neighbour is a page of its own, which the server knows.
    const neighbour = nearby.first();
    const name = (await neighbour.textContent()) ?? '';
    await neighbour.click();
    await expect(page.getByRole('heading', { level: 1, name: `Cleaning Services in ${name}` })).toBeVisible();
  });

  test('a client-side navigation to a suburb the page does not know asks the server for it', async ({
    page,
  }) => {
    const suburb = suburbs.at(-1);
    if (!suburb) throw new Error('the suburb data set is empty');
    await gotoHydrated(page, '/team');
    // As a link handled by the app would: push the path and tell the router.
    await page.evaluate((path) => {
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/${suburb.slug}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Cleaning Services in ${suburb.name}` }),
    ).toBeVisible();
    await expect(page).toHaveTitle(suburb.metaTitle);
  });

  test("the home page's ?location= names a suburb as the data set spells it, once hydrated too", async ({
    page,
  }) => {
    await gotoHydrated(page, '/?location=melbourne-cbd');
    await expect(page).toHaveTitle(/Melbourne CBD/);
  });
});
