import { team } from '@cleanquote/content';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { gotoHydrated, stubReviewsWidget, toasts } from '../support/site.ts';

// axe with its default rules, best practices included: 0 violations on every public page, with the
// contact dialog open, with a toast showing and with the mobile menu open.

const publicPages = [
  '/',
  '/public',
  '/?location=box-hill',
  '/team',
  '/service-form',
  '/thank-you',
  '/terms',
  '/privacy',
  '/south-yarra',
];

test.beforeEach(async ({ page }) => {
  await stubReviewsWidget(page);
});

for (const path of publicPages) {
  test(`${path} has no axe violations`, async ({ page }) => {
    await gotoHydrated(page, path);
    await expectNoAxeViolations(page);
  });
}

test('no violations with the contact dialog open', async ({ page }) => {
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: `Email ${team[0]?.name}` }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('no violations with a toast showing over the dialog', async ({ page }) => {
  await gotoHydrated(page, '/team');
  await page.getByRole('button', { name: 'Email Us' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send Message' }).click();
  await expect(toasts(page)).toHaveCount(1);
  await expectNoAxeViolations(page);
});

test('no violations with the FAQ open and the newsletter subscribed', async ({ page }) => {
  await page.route('**/api/newsletter', (route) => route.fulfill({ status: 202, body: '{}' }));
  await gotoHydrated(page, '/');
  await page.locator('#faq summary').first().click();
  await page.getByLabel('Email address').fill('jo@example.com');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Thank you for subscribing!')).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  for (const path of ['/', '/team', '/south-yarra']) {
    test(`${path} has no violations with the mobile menu open`, async ({ page }) => {
      await gotoHydrated(page, path);
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.locator('#site-menu')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('no violations with the dialog open on a phone', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.locator('#contact').getByRole('button', { name: 'Email Us' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
