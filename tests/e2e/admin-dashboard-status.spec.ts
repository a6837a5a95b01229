/**
 * Issue 12: the dashboard's System Status is measured, not fixed text. Runs against its own server
 * process with SMTP_URL pointing at a real SMTP server on 127.0.0.1, which the test then stops.
 */
import { expect, test } from '@playwright/test';
import { deliveryAdmin, type ServerWithSmtp, startServerWithSmtp } from '../support/server-with-smtp.ts';

let app: ServerWithSmtp;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  app = await startServerWithSmtp();
});

test.afterAll(async () => {
  await app?.close();
});

test('the dashboard greets by first name; Email Service turns Failing once a delivery fails', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto(`${app.url}/api/login?next=/dashboard`);
  await page.getByLabel('Email address').fill(deliveryAdmin.email);
  await page.getByLabel('Password').fill(deliveryAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${app.url}/dashboard`);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Sarah' })).toBeVisible();
  await expect(page.getByText('Signed in as Sarah')).toBeVisible();

  const status = page.getByRole('region', { name: 'System Status' });
  const refresh = status.getByRole('button', { name: 'Refresh status' });
  await expect(status.getByText('Email Service: Active')).toBeVisible();

  // A mail that is delivered keeps it Active, and shows when mail last went out.
  const sendTestMail = (email: string) =>
    page.request.post(`${app.url}/api/test-client-email`, {
      data: { name: 'Status Probe', email, phone: '', address: '', service: 'regular-clean', message: '' },
    });
  expect((await sendTestMail('status.ok@example.com')).status()).toBe(202);
  await expect
    .poll(() => app.received.some((mail) => mail.envelope.to.includes('status.ok@example.com')), {
      timeout: 15_000,
    })
    .toBe(true);
  await expect(async () => {
    await refresh.click();
    await expect(status.getByText(/^Last sent \d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000 });
  await expect(status.getByText('Email Service: Active')).toBeVisible();

  // The SMTP server goes away: the next delivery fails and the panel says so, with the error.
  await app.stopSmtp();
  expect((await sendTestMail('status.failing@example.com')).status()).toBe(202);
  await expect(async () => {
    await refresh.click();
    await expect(status.getByText('Email Service: Failing')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(status.locator('.status-detail').first()).toContainText(/ECONNREFUSED|connect/i);
  await expect(status.getByText(/^Mail waiting to send: [1-9]\d*$/)).toBeVisible();
  await expect(status.getByText('Database: Connected', { exact: false })).toBeVisible();
});
