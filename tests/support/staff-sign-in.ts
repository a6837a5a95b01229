import { expect, type Page } from '@playwright/test';
import { deliveryAdmin } from './server-with-smtp.ts';

/**
 * Opens `path` on the server at `url` signed out, follows its 'Log In' link and signs in as the
 * server's admin (ADMIN_EMAIL / ADMIN_PASSWORD of startServerWithSmtp): staff land back on `path`.
 */
export async function signInThroughLogIn(page: Page, url: string, path: string): Promise<void> {
  await page.goto(`${url}${path}`);
  await page.getByRole('link', { name: 'Log In' }).click();
  await page.getByLabel('Email address').fill(deliveryAdmin.email);
  await page.getByLabel('Password').fill(deliveryAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${url}${path}`);
}
