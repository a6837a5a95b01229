import {
  business,
  customerService,
  privacy,
  reservedPaths,
  suburbServices,
  suburbs,
  suburbWhyChoose,
  team,
  teamValues,
  teamWhyChoose,
  terms,
} from '@cleanquote/content';
import { expect, test } from '@playwright/test';
import { gotoHydrated, metaContent } from '../support/site.ts';

// /team, /terms, /privacy, the suburb pages, ?location=, sitemap.xml and robots.txt.

const publicPages = ['/', '/team', '/service-form', '/thank-you', '/terms', '/privacy', '/south-yarra'];

test('every public page has exactly one h1', async ({ page }) => {
  for (const path of publicPages) {
    await gotoHydrated(page, path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
  }
});

test.describe('/team', () => {
  test('Meet the Team: each card with role, bio, phone and an Email button that opens the dialog', async ({
    page,
  }) => {
    await gotoHydrated(page, '/team');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meet the Team');
    await expect(page).toHaveTitle(`Meet the Team | ${business.name}`);
    for (const member of team) {
      const card = page.locator('.team-card', { hasText: member.name });
      await expect(card.getByRole('heading', { level: 2, name: member.name })).toBeVisible();
      await expect(card).toContainText(member.role);
      await expect(card).toContainText(member.bio);
      await expect(card.getByRole('link', { name: `Call ${member.phone}` })).toHaveAttribute(
        'href',
        `tel:${member.phone.replaceAll(' ', '')}`,
      );
      await card.getByRole('button', { name: `Email ${member.name}` }).click();
      await expect(page.getByRole('dialog', { name: `Email ${member.name}` })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  });

  test('Our Values, Why Choose and the call/email call to action', async ({ page }) => {
    await gotoHydrated(page, '/team');
    const values = page.locator('section', { has: page.getByRole('heading', { name: 'Our Values' }) });
    expect(teamValues.map((value) => value.title)).toEqual([
      'Quality Guaranteed',
      'Reliable Service',
      'Customer First',
    ]);
    for (const value of teamValues) {
      await expect(values.getByRole('heading', { level: 3, name: value.title })).toBeVisible();
      await expect(values).toContainText(value.description);
    }
    const why = page.locator('section', {
      has: page.getByRole('heading', { name: `Why Choose ${business.name}` }),
    });
    expect(teamWhyChoose.map((point) => point.title)).toEqual([
      'Licensed & Insured',
      'Flexible Scheduling',
      'Satisfaction Guaranteed',
    ]);
    for (const point of teamWhyChoose) {
      await expect(why.getByRole('heading', { level: 3, name: point.title })).toBeVisible();
      await expect(why).toContainText(point.description);
    }
    const cta = page.locator('section', {
      has: page.getByRole('heading', { name: 'Ready to book your clean?' }),
    });
    await expect(cta.getByRole('link', { name: `Call ${business.phone}` })).toHaveAttribute(
      'href',
      business.phoneHref,
    );
    await expect(cta.getByRole('link', { name: 'Get Your Free Quote' })).toHaveAttribute(
      'href',
      '/service-form',
    );
    await cta.getByRole('button', { name: 'Email Us' }).click();
    await expect(page.getByRole('dialog', { name: `Email ${customerService.name}` })).toBeVisible();
  });
});

test.describe('the legal pages', () => {
  test('/terms: 9 sections, last updated July 19, 2025, with notice and payment terms', async ({ page }) => {
    await gotoHydrated(page, '/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms & Conditions');
    await expect(page.getByText('Last updated July 19, 2025')).toBeVisible();
    const headings = page.locator('.prose h2');
    await expect(headings).toHaveCount(9);
    expect(terms.sections).toHaveLength(9);
    await expect(headings).toHaveText(terms.sections.map((section) => section.heading));
    const text = (await page.locator('.prose').textContent()) ?? '';
    for (const fact of [
      'at least 24 hours notice for bookings',
      'at least 4 hours before',
      'Quotes are estimates',
      'valid for 30 days',
      'within 24 hours of the clean',
      'bond-back guarantee',
      'Payment is due on completion of the service unless otherwise agreed',
      'bank transfer or card',
    ]) {
      expect(text).toContain(fact);
    }
  });

  test('/privacy: 10 sections, last updated July 19, 2025, with the retention periods', async ({ page }) => {
    await gotoHydrated(page, '/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(page.getByText('Last updated July 19, 2025')).toBeVisible();
    const headings = page.locator('.prose h2');
    await expect(headings).toHaveCount(10);
    await expect(headings).toHaveText(privacy.sections.map((section) => section.heading));
    const text = (await page.locator('.prose').textContent()) ?? '';
    expect(text).toContain('for 7 years');
    expect(text).toContain('kept for 26 months');
  });
});

test.describe('suburb pages', () => {
  test('exist for at least 170 suburbs, each in sitemap.xml with an absolute link', async ({
    request,
    baseURL,
  }) => {
    expect(suburbs.length).toBeGreaterThanOrEqual(170);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const suburb of suburbs) expect(sitemap).toContain(`<loc>${baseURL}/${suburb.slug}</loc>`);
    for (const path of ['/', '/team', '/service-form', '/terms', '/privacy']) {
      expect(sitemap).toContain(`<loc>${baseURL}${path}</loc>`);
    }
  });

  test('every suburb page answers 200 with its own name', async ({ request }) => {
    for (const suburb of suburbs) {
      const response = await request.get(`/${suburb.slug}`);
      expect(response.status(), suburb.slug).toBe(200);
      expect(await response.text()).toContain(`Cleaning Services in ${suburb.name}</h1>`);
    }
  });

  test('reserved words and unknown slugs never show a suburb page', async ({ request }) => {
    for (const word of reservedPaths) {
      const response = await request.get(`/${word}`);
      expect(await response.text(), word).not.toContain('Book Now - Free Quote');
    }
    for (const path of ['/api', '/public-x', '/south-yarra-x', '/melbourne', '/South-Yarra']) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });

  for (const slug of ['south-yarra', 'box-hill', 'st-kilda']) {
    test(`/${slug}: content, booking and call buttons, and meta`, async ({ page, baseURL }) => {
      const suburb = suburbs.find((entry) => entry.slug === slug);
      if (!suburb) throw new Error(`${slug} is not in the data set`);
      await gotoHydrated(page, `/${slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Cleaning Services in ${suburb.name}`);
      await expect(page.getByText(suburb.intro)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Book Now - Free Quote' })).toHaveAttribute(
        'href',
        `/service-form?suburb=${slug}`,
      );
      await expect(
        page.locator('.hero').getByRole('link', { name: `Call ${business.phone}` }),
      ).toHaveAttribute('href', business.phoneHref);
      const servicesSection = page.locator('section', {
        has: page.getByRole('heading', { name: `Our Services in ${suburb.name}` }),
      });
      await expect(servicesSection.getByRole('heading', { level: 3 })).toHaveText([...suburbServices]);
      const why = page.locator('section', {
        has: page.getByRole('heading', { name: `Why ${suburb.name} residents choose ${business.name}` }),
      });
      await expect(why.getByRole('heading', { level: 3 })).toHaveText([
        'Local Expertise',
        'Same Day Booking',
        'Quality Guarantee',
      ]);
      for (const point of suburbWhyChoose) await expect(why).toContainText(point.description);
      const area = page.locator('section', {
        has: page.getByRole('heading', { name: `Servicing ${suburb.name} and Surrounding Areas` }),
      });
      await expect(area.getByRole('link', { name: `Call ${business.phone}` })).toBeVisible();
      await expect(
        area.getByRole('navigation', { name: 'Nearby areas we clean' }).getByRole('link'),
      ).toHaveCount(6);
      await area.getByRole('button', { name: 'Email Us' }).click();
      await expect(page.getByRole('dialog', { name: `Email ${customerService.name}` })).toBeVisible();
      await page.keyboard.press('Escape');

      await expect(page).toHaveTitle(suburb.metaTitle);
      expect(await metaContent(page, 'description')).toBe(suburb.metaDescription);
      expect(await metaContent(page, 'keywords')).toContain(`house cleaning ${suburb.name}`);
      expect(await metaContent(page, 'og:title')).toBe(suburb.metaTitle);
      expect(await metaContent(page, 'og:description')).toBe(suburb.metaDescription);
      expect(await metaContent(page, 'og:url')).toBe(`${baseURL}/${slug}`);
      expect(await metaContent(page, 'twitter:title')).toBe(suburb.metaTitle);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/${slug}`);
      const jsonLd = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
      );
      expect(jsonLd).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'LocalBusiness',
        name: business.name,
        telephone: business.phone,
        areaServed: { name: `${suburb.name}, VIC` },
        geo: { '@type': 'GeoCoordinates', latitude: -37.8136, longitude: 144.9631 },
      });

      await page.getByRole('link', { name: 'Book Now - Free Quote' }).click();
      await expect(page).toHaveURL(new RegExp(`/service-form\\?suburb=${slug}$`));
    });
  }
});

test.describe('the home page with ?location=', () => {
  test('rewrites title, description, social title, canonical and keywords, each word capitalised', async ({
    page,
    baseURL,
  }) => {
    for (const [slug, name] of [
      ['box-hill', 'Box Hill'],
      ['mount-waverley', 'Mount Waverley'],
      ['somewhere-not-listed', 'Somewhere Not Listed'],
    ]) {
      await gotoHydrated(page, `/?location=${slug}`);
      const title = `House & Office Cleaning ${name} | ${business.name}`;
      await expect(page).toHaveTitle(title);
      expect(await metaContent(page, 'og:title')).toBe(title);
      expect(await metaContent(page, 'twitter:title')).toBe(title);
      expect(await metaContent(page, 'description')).toContain(`cleaning in ${name}, Melbourne`);
      expect(await metaContent(page, 'keywords')).toContain(`cleaning services ${name}`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `${baseURL}/?location=${slug}`,
      );
    }
  });

  test('without it the default Melbourne title and description apply', async ({ page, baseURL }) => {
    await gotoHydrated(page, '/');
    await expect(page).toHaveTitle(business.defaultMetaTitle);
    expect(await metaContent(page, 'description')).toBe(business.defaultMetaDescription);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`);
  });
});

test('robots.txt allows the site, keeps out the admin screens and /api, and names the sitemap', async ({
  request,
  baseURL,
}) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Allow: /');
  for (const path of [
    '/dashboard',
    '/admin',
    '/email-test',
    '/client-email-test',
    '/analytics',
    '/xero',
    '/locations',
    '/api/',
  ]) {
    expect(robots).toContain(`Disallow: ${path}`);
  }
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('admin screens carry noindex; public pages do not', async ({ request }) => {
  for (const path of ['/dashboard', '/admin', '/locations']) {
    expect(await (await request.get(path)).text(), path).toContain(
      '<meta name="robots" content="noindex, nofollow"',
    );
  }
  for (const path of publicPages) {
    expect(await (await request.get(path)).text(), path).not.toContain('noindex');
  }
});
