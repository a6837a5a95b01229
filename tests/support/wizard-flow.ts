import { expect, type Page } from '@playwright/test';

/** A customer's contact details as typed into the wizard. */
export interface WizardClient {
  name: string;
  phone: string;
  email: string;
  address: string;
}

async function next(page: Page): Promise<void> {
  await page.locator('.cq-wizard').getByRole('button', { name: 'Next', exact: true }).click();
}

/**
 * Sends a regular clean (3 bedrooms, 2 bathrooms, townhouse, this week) through the wizard on
 * `base`/service-form as a visitor would, and answers the reference the server gave it.
 */
export async function submitRegularClean(
  page: Page,
  base: string,
  client: WizardClient,
  specialRequests: string,
): Promise<string> {
  await page.goto(`${base}/service-form`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('heading', { level: 1, name: 'Get Your Cleaning Quote' })).toBeVisible();

  // Service, property size, timing: the choices are radios named by their whole card.
  await page
    .getByRole('radio', {
      name: 'Regular Cleaning Weekly, fortnightly or monthly home cleaning',
      exact: true,
    })
    .check();
  await next(page);
  await page
    .getByRole('group', { name: /^Bedrooms/ })
    .getByRole('radio', { name: '3', exact: true })
    .check();
  await page
    .getByRole('group', { name: /^Bathrooms/ })
    .getByRole('radio', { name: '2', exact: true })
    .check();
  await page.getByRole('radio', { name: 'Townhouse', exact: true }).check();
  await next(page);
  await page.getByRole('radio', { name: 'This week within 7 days', exact: true }).check();
  await next(page);

  // Contact details, terms, final details.
  await page.getByRole('textbox', { name: /^Full Name/ }).fill(client.name);
  await page.getByRole('textbox', { name: /^Phone Number/ }).fill(client.phone);
  await page.getByRole('textbox', { name: /^Email Address/ }).fill(client.email);
  await page.getByRole('textbox', { name: /^Property Address/ }).fill(client.address);
  await next(page);
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await next(page);
  await page.getByRole('textbox', { name: /^Special requests/ }).fill(specialRequests);

  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/service-form') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Get My Quote', exact: true }).click();
  const response = await answered;
  expect(response.status()).toBe(201);
  const { reference } = (await response.json()) as { reference: string };
  expect(reference).toMatch(/^CQ-[0-9A-Z]{8}$/);
  await page.waitForURL(`**/thank-you?reference=${reference}`);
  return reference;
}
