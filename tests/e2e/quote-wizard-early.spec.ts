/**
 * The wizard answers the first tap, however early. On a slow phone (Lighthouse's mobile
 * throttling: 4× CPU and slow 4G) the page shows long before its script runs; a tap then either
 * posts the server-rendered form (docs/decisions/0009) or, once hydrated, acts in the page — never
 * nothing, and never a reload that forgets the pre-filled service.
 */
import { expect, type Page, test } from '@playwright/test';
import { emulateSlowPhone } from '../support/slow-phone.ts';

const wizard = (page: Page) => page.locator('.cq-wizard');
const stepHeading = (page: Page) => wizard(page).locator('[data-cq-step]').getByRole('heading').first();
const nextButton = (page: Page) => wizard(page).getByRole('button', { name: 'Next', exact: true });

test.beforeEach(async ({ page }) => {
  test.setTimeout(60_000);
  await emulateSlowPhone(page);
});

test('Next pressed as soon as the page is there keeps the pre-filled service and moves to step 2', async ({
  page,
}) => {
  await page.goto('/service-form?service=window-cleaning');
  await nextButton(page).click();

  await expect(stepHeading(page)).toHaveText('Tell us about your windows', { timeout: 20_000 });
  await expect(wizard(page).getByText('Step 2 of 6')).toBeVisible();
  // The service is kept: once the page is interactive, Back shows it chosen.
  await page.locator('.cq-wizard[data-cq-ready="true"]').waitFor({ timeout: 30_000 });
  await wizard(page).getByRole('button', { name: 'Back', exact: true }).click();
  await expect(stepHeading(page)).toHaveText('What type of cleaning do you need?');
  await expect(wizard(page).getByRole('radio', { name: /^Window Cleaning/ })).toBeChecked();
});

test('a service card tapped as soon as the page is there is chosen, and Next moves on', async ({ page }) => {
  await page.goto('/service-form');
  const card = wizard(page).getByRole('radio', { name: 'Carpet Cleaning Steam cleaning', exact: true });
  await card.click();
  await expect(card).toBeChecked();

  await nextButton(page).click();
  await expect(stepHeading(page)).toHaveText('Which carpeted areas need cleaning?', { timeout: 20_000 });
  await expect(wizard(page).getByText('Step 2 of 6')).toBeVisible();
});

test('a card chosen before the script ran is taken over when it runs: Next then acts in the page', async ({
  page,
}) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    // The analytics beacon posts page views and funnel steps; it is not the form.
    if (request.method() === 'POST' && !request.url().endsWith('/api/collect')) posts.push(request.url());
  });
  await page.goto('/service-form');
  await wizard(page)
    .getByRole('radio', { name: /^Oven Cleaning/ })
    .click();
  await page.locator('.cq-wizard[data-cq-ready="true"]').waitFor({ timeout: 30_000 });
  await expect(wizard(page).getByRole('radio', { name: /^Oven Cleaning/ })).toBeChecked();

  await nextButton(page).click();
  await expect(stepHeading(page)).toHaveText('Tell us about your oven');
  await expect(stepHeading(page)).toBeFocused();
  expect(posts).toEqual([]);
});
