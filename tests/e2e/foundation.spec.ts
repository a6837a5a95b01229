import { suburbs } from '@cleanquote/content';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';

test.describe('the served site', () => {
  test('the home page hero links to the quote wizard', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    const cta = page.getByRole('link', { name: 'Get Your FREE Quote', exact: true });
    await expect(cta).toHaveAttribute('href', '/service-form');
    await cta.click();
    await expect(page).toHaveURL(/\/service-form$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Get Your Cleaning Quote' })).toBeVisible();
  });

  test('the home page has no axe violations', async ({ page }) => {
    await page.goto('/');
    await expectNoAxeViolations(page);
  });

  test('the 404 page has no axe violations', async ({ page }) => {
    await page.goto('/no-such-page');
    await expectNoAxeViolations(page);
  });

  for (const path of [
    '/no-such-page',
    '/api-docs-x',
    '/dashboardx',
    '/no-such-suburb-anywhere',
    '/team/extra',
  ]) {
    test(`${path} answers 404 with the Page Not Found page`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(html).toContain('Page Not Found');
      expect(html).toContain('Did you forget to add the page to the router?');
    });
  }

  test('a known suburb is a real page in the served HTML', async ({ request }) => {
    const suburb = suburbs[0];
    if (!suburb) throw new Error('the suburb data set is empty');
    const response = await request.get(`/${suburb.slug}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(suburb.name);
    expect(html).toContain(`/service-form?suburb=${suburb.slug}`);
  });

  test('reserved words never render a suburb page', async ({ request }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toContain('xml');
    expect(await sitemap.text()).toContain('<urlset');
    const robots = await request.get('/robots.txt');
    expect(robots.headers()['content-type']).toContain('text/plain');
    for (const word of ['public', 'api', 'terms']) {
      const response = await request.get(`/${word}`);
      expect(await response.text()).not.toContain('Book Now - Free Quote');
    }
  });

  test('the API health check answers', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('public pages arrive as complete HTML', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Your FREE Quote', exact: true })).toBeVisible();
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });
});
