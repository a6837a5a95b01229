import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';

test.describe('/thank-you', () => {
  test('shows the confirmation, the next steps, the reference and the ways to reach us', async ({ page }) => {
    await page.goto('/thank-you?reference=CQ-7KX4M2QH');
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();
    await expect(page.getByText('Your quote request has been submitted successfully')).toBeVisible();
    await expect(page.getByText(/within 24 hours/).first()).toBeVisible();
    await expect(page.getByTestId('quote-reference')).toHaveText('CQ-7KX4M2QH');
    for (const stepName of ['Review', 'Contact', 'Schedule']) {
      await expect(page.getByRole('heading', { name: stepName, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('main').getByRole('link', { name: /^Call / })).toHaveAttribute(
      'href',
      /^tel:/,
    );
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByRole('button', { name: 'Email Us' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Customer Service');
    await expectNoAxeViolations(page);
  });

  test('opened directly, without a reference, still shows its page', async ({ page }) => {
    const response = await page.goto('/thank-you');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();
    await expect(page.getByTestId('quote-reference')).toHaveCount(0);
  });

  test('returns to the home page after 30 seconds', async ({ page }) => {
    await page.clock.install();
    await page.goto('/thank-you');
    await page.locator('html[data-hydrated]').waitFor();
    await page.clock.fastForward(29_000);
    await expect(page).toHaveURL(/\/thank-you$/);
    await page.clock.fastForward(2_000);
    await expect(page).toHaveURL(/\/$/);
  });
});
