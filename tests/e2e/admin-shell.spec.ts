/**
 * The admin shell, the dashboard and the locations screen, as staff and signed-out
 * visitors meet them in the built site served by the real server (the Playwright config's own,
 * which captures mail: no SMTP configured).
 */
import { suburbs as allSuburbs } from '@cleanquote/content';
import { toSubmission } from '@cleanquote/quote-core';
import { validAnswers } from '@cleanquote/quote-core/test-fixtures';
import { expect, type Page, type Response, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { e2eAdmin } from '../support/e2e-admin.ts';

const adminScreens = [
  'dashboard',
  'admin',
  'schedule',
  'prices',
  'email-test',
  'client-email-test',
  'analytics',
  'xero',
  'locations',
  'partners',
];

/** Signs in through the server's sign-in page, as staff do, starting from `path`'s Log In link. */
async function signInFrom(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('link', { name: 'Log In' }).click();
  await page.getByLabel('Email address').fill(e2eAdmin.email);
  await page.getByLabel('Password').fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('signed out, every admin screen shows Access Required, leads to the sign-in and carries no admin data', async ({
  page,
  request,
}) => {
  // A quote with a name that must appear in nothing a signed-out visitor receives.
  const marker = `Signed Out Probe ${Date.now()}`;
  const stored = await request.post('/api/service-form', {
    data: toSubmission(
      validAnswers('regular-clean', {
        name: marker,
        email: 'signed.out.probe@example.com',
        phone: '0491 570 156',
        address: '1 Probe St, Fitzroy',
      }),
    ),
  });
  expect(stored.status()).toBe(201);

  const bodies: string[] = [];
  const reads: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    reads.push(
      response
        .text()
        .then((text) => void bodies.push(text))
        .catch(() => undefined),
    );
  });
  for (const screen of adminScreens) {
    await page.goto(`/${screen}`);
    await expect(page.getByRole('heading', { name: 'Access Required' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveAttribute(
      'href',
      `/api/login?next=${encodeURIComponent(`/${screen}`)}`,
    );
    await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
  }
  await Promise.all(reads);
  const everything = bodies.join('\n');
  expect(bodies.length).toBeGreaterThan(adminScreens.length);
  expect(everything).not.toContain(marker);
  expect(everything).not.toContain('signed.out.probe@example.com');
  expect(everything).not.toContain(e2eAdmin.email);
});

test('the server sends admin screens as noindex Loading documents, then the browser checks the session', async ({
  request,
}) => {
  const response = await request.get('/dashboard');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('Loading');
  expect(html).toMatch(/<meta name="robots" content="noindex/);
  expect(html).not.toContain('Access Required');
});

test('signing in from /locations lands back on /locations; a location URL is copied', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInFrom(page, '/locations');
  await expect(page).toHaveURL(/\/locations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Location Management' })).toBeVisible();
  await expect(page.getByText(`${allSuburbs.length} locations`, { exact: true })).toBeVisible();

  const origin = new URL(page.url()).origin;
  const first = allSuburbs[0];
  if (!first) throw new Error('no suburbs');
  await expect(page.getByRole('link', { name: `${origin}/${first.slug}`, exact: true })).toBeVisible();
  const copy = page.getByRole('button', { name: `Copy ${first.name} URL`, exact: true });
  await copy.click();
  await expect(page.getByRole('button', { name: `Copied! ${first.name} URL`, exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/${first.slug}`);
  // 'Copied!' shows for 2 seconds, then the button reads Copy again.
  await expect(copy).toBeVisible({ timeout: 5000 });

  // The filter narrows the list as you type.
  await page.getByLabel('Filter locations').fill('south yarra');
  await expect(page.getByRole('button', { name: /^Copy / })).toHaveCount(1);
  await expect(page.getByText(`Showing 1 of ${allSuburbs.length} locations`)).toBeVisible();

  await page.getByRole('link', { name: /Back to Dashboard/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the dashboard greets by email without a first name and shows live status on the embedded default', async ({
  page,
}) => {
  await signInFrom(page, '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${e2eAdmin.email}` })).toBeVisible();
  await expect(page.getByText('Authenticated', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${e2eAdmin.email}`)).toBeVisible();

  const status = page.getByRole('region', { name: 'System Status' });
  await expect(status.getByText('Authentication: Active')).toBeVisible();
  await expect(status.getByText(/^Database: Connected \(\d+(\.\d+)? ms\)$/)).toBeVisible();
  await expect(status.getByText('Email Service: Capturing (no SMTP configured)')).toBeVisible();
  await expect(status.getByRole('link', { name: /^\d+$/ }).first()).toBeVisible();

  // The six cards, each a link to its screen.
  for (const [name, href] of [
    ['Quote Requests', '/admin'],
    ['Website Analytics', '/analytics'],
    ['Xero Integration', '/xero'],
    ['Email Test', '/email-test'],
    ['Client Email Test', '/client-email-test'],
    ['Location Management', '/locations'],
  ] as const) {
    await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toHaveAttribute(
      'href',
      href,
    );
  }
  await expect(page.getByRole('link', { name: 'View Public Site' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Email Support' })).toHaveAttribute('href', /^mailto:/);

  // The navigation moves between screens without reloading; the session stays.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Locations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Location Management' })).toBeVisible();
  await expect(page.getByRole('main')).toBeFocused();

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Access Required' })).toBeVisible();
});

test('every admin screen is axe clean, signed out and signed in, and fits a 360 px phone', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Access Required' })).toBeVisible();
  await expectNoAxeViolations(page);

  await signInFrom(page, '/dashboard');
  await page.setViewportSize({ width: 360, height: 740 });
  for (const screen of adminScreens) {
    await page.goto(`/${screen}`);
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
    if (screen === 'dashboard') await expect(page.getByText('Authentication: Active')).toBeVisible();
    if (screen === 'locations') await expect(page.getByText(/^Showing all/)).toBeVisible();
    if (screen === 'prices') await expect(page.getByRole('button', { name: 'Save Prices' })).toBeVisible();
    if (screen === 'schedule')
      await expect(page.getByRole('button', { name: 'Save settings' })).toBeVisible();
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow on /${screen}`).toBeLessThanOrEqual(0);
    // Tap targets: every visible link and button at least 44 px tall, except links inline in a run
    // of text (a paragraph, a value, a mail's text), which the target-size rule exempts.
    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main a, main button, header a, header button')]
        .filter((element) => element.offsetParent !== null && !element.closest('p, dd, pre, .location__text'))
        .filter((element) => element.getBoundingClientRect().height < 44)
        .map((element) => element.textContent?.trim()),
    );
    expect(small, `targets under 44 px on /${screen}`).toEqual([]);
  }
});

test('public pages never download the admin code', async ({ page }) => {
  const adminCode = /Access Required|System Status/;
  const scripts = new Map<string, string>();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.set(response.url(), await response.text());
  });
  for (const path of [
    '/',
    '/team',
    '/service-form?service=deep-cleaning',
    '/south-yarra',
    '/thank-you',
    '/terms',
  ]) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  }
  await page.waitForLoadState('networkidle');
  expect(scripts.size).toBeGreaterThan(0);
  const leaking = [...scripts].filter(([, text]) => adminCode.test(text)).map(([url]) => url);
  expect(leaking).toEqual([]);

  // The same built site does serve that code, to admin screens.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Access Required' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect([...scripts.values()].some((text) => adminCode.test(text))).toBe(true);
});

test.describe('with scripts off', () => {
  test.use({ javaScriptEnabled: false });

  test('an admin URL says the admin area needs JavaScript, instead of only Loading', async ({ page }) => {
    for (const path of ['/dashboard', '/admin', '/xero']) {
      await page.goto(path);
      // By class: Playwright's text locators skip <noscript> on purpose.
      const message = page.locator('main .admin-noscript');
      await expect(message).toBeVisible();
      await expect(message).toHaveText(
        'The admin area needs JavaScript. Please turn it on and reload this page.',
      );
    }
  });
});
