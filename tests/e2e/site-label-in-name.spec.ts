import { faq, team } from '@cleanquote/content';
import { expect, type Page, test } from '@playwright/test';
import { labelInNameFailures, type NamedControl, namedControls } from '../support/accessibility-tree.ts';
import { gotoHydrated, stubReviewsWidget, toasts } from '../support/site.ts';

// The site outside the quote wizard: every button, link and disclosure's
// accessible name contains the text it shows (WCAG 2.2 SC 2.5.3 Label in Name), so "click Email Us"
// or "click Oven Clean" finds it by the words on screen.

test.beforeEach(async ({ page }) => {
  await stubReviewsWidget(page);
});

async function expectLabelsInNames(page: Page, options: { within?: string } = {}): Promise<NamedControl[]> {
  const controls = await namedControls(page, options);
  expect(controls.length, `controls found on ${page.url()}`).toBeGreaterThan(0);
  expect(labelInNameFailures(controls), `on ${page.url()}`).toEqual([]);
  return controls;
}

const pages = [
  '/',
  '/public',
  '/?location=box-hill',
  '/team',
  '/thank-you',
  '/terms',
  '/privacy',
  '/south-yarra',
];

for (const path of pages) {
  test(`${path}: every control's name contains its visible text`, async ({ page }) => {
    await gotoHydrated(page, path);
    const controls = await expectLabelsInNames(page);
    // The header and footer are walked on every page.
    expect(controls.map((control) => control.name)).toEqual(
      expect.arrayContaining(['Skip to main content', 'Book Now', 'Privacy Policy']),
    );
  });
}

test('the home page walk reaches the team Email buttons and the FAQ questions', async ({ page }) => {
  await gotoHydrated(page, '/');
  const controls = await expectLabelsInNames(page);
  const names = controls.map((control) => control.name);
  for (const member of team) expect(names).toContain(`Email ${member.name}`);
  for (const entry of faq) expect(names).toContain(entry.question);
});

test('the 404 page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const controls = await expectLabelsInNames(page);
  expect(controls.map((control) => control.name)).toContain('Back to Home');
});

test('the header and footer around the quote wizard', async ({ page }) => {
  await gotoHydrated(page, '/service-form');
  await expectLabelsInNames(page, { within: 'header, footer' });
});

test('the contact dialog', async ({ page }) => {
  await gotoHydrated(page, '/team');
  await page.getByRole('button', { name: 'Email Us' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const inDialog = await expectLabelsInNames(page, { within: '[role="dialog"]' });
  expect(inDialog.map((control) => control.name)).toEqual(
    expect.arrayContaining(['Cancel', 'Send Message', 'Close']),
  );
});

test('a toast', async ({ page }) => {
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(toasts(page)).toHaveCount(1);
  const inToast = await expectLabelsInNames(page, { within: '.toast' });
  expect(inToast.map((control) => control.name)).toEqual(['Close']);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the Menu button and the open menu', async ({ page }) => {
    await gotoHydrated(page, '/south-yarra');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.locator('#site-menu')).toBeVisible();
    const controls = await expectLabelsInNames(page, { within: 'header' });
    expect(controls.map((control) => control.name)).toEqual(
      expect.arrayContaining(['Menu', 'Home', 'Services', 'About', 'Contact', 'Team', 'Book Now']),
    );
  });
});

test('the check catches a name that leaves out the visible text', async ({ page }) => {
  await gotoHydrated(page, '/terms');
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Email Us';
    button.setAttribute('aria-label', 'Contact');
    document.querySelector('main')?.append(button);
  });
  const failures = labelInNameFailures(await namedControls(page, { within: 'main' }));
  expect(failures).toEqual(['button <button> shows "Email Us" but is named "Contact"']);
});
