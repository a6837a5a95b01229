import { business, faq, galleryItems, services, suburbs, team } from '@cleanquote/content';
import { expect, test } from '@playwright/test';
import { metaContent } from '../support/site.ts';

// With JavaScript disabled, every public page's content and meta are in
// the served HTML, and what needs no script still works.

test.use({ javaScriptEnabled: false });

const pages = [
  { path: '/', h1: `Professional Cleaning Services in ${business.city}`, title: business.defaultMetaTitle },
  { path: '/team', h1: 'Meet the Team', title: `Meet the Team | ${business.name}` },
  {
    path: '/service-form',
    h1: 'Get Your Cleaning Quote',
    title: `Get Your Free Cleaning Quote | ${business.name}`,
  },
  { path: '/thank-you', h1: 'Thank You!', title: `Thank You | ${business.name}` },
  { path: '/terms', h1: 'Terms & Conditions', title: `Terms & Conditions | ${business.name}` },
  { path: '/privacy', h1: 'Privacy Policy', title: `Privacy Policy | ${business.name}` },
];

for (const { path, h1, title } of pages) {
  test(`${path}: heading, title, description, canonical and social tags are in the HTML`, async ({
    page,
    baseURL,
  }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    await expect(page).toHaveTitle(title);
    expect(await metaContent(page, 'description')).toBeTruthy();
    expect(await metaContent(page, 'og:title')).toBe(title);
    expect(await metaContent(page, 'twitter:card')).toBe('summary');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${path}`);
    await expect(page.locator('header .site-banner')).toHaveText(business.bannerText);
    await expect(page.locator('footer')).toContainText('and surrounding areas');
  });
}

test('the home page content is all there without scripts', async ({ page }) => {
  await page.goto('/');
  for (const member of team) await expect(page.getByRole('heading', { name: member.name })).toBeVisible();
  for (const service of services) {
    await expect(page.getByRole('link', { name: `Get a free quote for ${service.title}` })).toHaveAttribute(
      'href',
      `/service-form?service=${service.slug}`,
    );
  }
  for (const item of galleryItems) {
    await expect(page.getByRole('slider', { name: `Before and after: ${item.title}` })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
  }
  await expect(page.getByText('Drag the slider to see the transformation')).toHaveCount(3);
  // The reviews frame is in the served HTML, and the Google reviews link shows with scripting off.
  const frame = page.locator('#reviews iframe');
  await expect(frame).toHaveAttribute('src', business.reviewsWidgetUrl);
  await expect(frame).toHaveAttribute('height', '400');
  await expect(frame).toHaveAttribute('loading', 'lazy');
  await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
  const reviewsLink = page.getByRole('link', { name: /^View All Google Reviews/ });
  await reviewsLink.scrollIntoViewIfNeeded();
  await expect(reviewsLink).toBeVisible();
  await expect(reviewsLink).toHaveAttribute('href', business.reviewsUrl);
  // The FAQ needs no script: each question opens its answer (and closes the one open before).
  const questions = page.locator('#faq summary');
  await expect(questions).toHaveCount(faq.length);
  for (const [index, entry] of faq.entries()) {
    await questions.nth(index).click();
    await expect(page.getByText(entry.answer)).toBeVisible();
    const previous = faq[index - 1];
    if (previous) await expect(page.getByText(previous.answer)).toBeHidden();
  }
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the navigation links show instead of a Menu button that could not work', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Services', 'About', 'Contact', 'Team', 'Book Now']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await nav.getByRole('link', { name: 'Team', exact: true }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meet the Team');
  });
});

test('suburb pages carry their meta, keywords and LocalBusiness data in the HTML', async ({
  page,
  baseURL,
}) => {
  for (const suburb of [suburbs[0], suburbs[100], suburbs[suburbs.length - 1]]) {
    if (!suburb) throw new Error('missing suburb');
    await page.goto(`/${suburb.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Cleaning Services in ${suburb.name}`);
    await expect(page.getByText(suburb.intro)).toBeVisible();
    await expect(page).toHaveTitle(suburb.metaTitle);
    expect(await metaContent(page, 'description')).toBe(suburb.metaDescription);
    expect(await metaContent(page, 'keywords')).toContain(suburb.name);
    expect(await metaContent(page, 'og:title')).toBe(suburb.metaTitle);
    expect(await metaContent(page, 'twitter:description')).toBe(suburb.metaDescription);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/${suburb.slug}`);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    expect(jsonLd['@type']).toBe('LocalBusiness');
    expect(jsonLd.geo).toEqual({ '@type': 'GeoCoordinates', latitude: -37.8136, longitude: 144.9631 });
    await expect(page.getByRole('link', { name: 'Book Now - Free Quote' })).toHaveAttribute(
      'href',
      `/service-form?suburb=${suburb.slug}`,
    );
  }
});

test('?location= is rewritten on the server', async ({ page, baseURL }) => {
  await page.goto('/?location=glen-waverley');
  const title = `House & Office Cleaning Glen Waverley | ${business.name}`;
  await expect(page).toHaveTitle(title);
  expect(await metaContent(page, 'og:title')).toBe(title);
  expect(await metaContent(page, 'description')).toContain('Glen Waverley');
  expect(await metaContent(page, 'keywords')).toContain('Glen Waverley');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${baseURL}/?location=glen-waverley`,
  );
});
