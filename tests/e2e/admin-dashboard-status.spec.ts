/**
 * The dashboard's System Status is measured, not fixed text. Runs against its own server
 * process with SMTP_URL pointing at a real SMTP server on 127.0.0.1, which the test then stops.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { openDatabase } from '../../api/src/db/database.ts';
import { startServerProcess } from '../../api/src/test-support/server-process.ts';
import { createTestAdmin, testAdmin } from '../../api/src/test-support/sign-in.ts';
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
  await signInToDashboard(page, app.url, deliveryAdmin);
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

async function signInToDashboard(page: Page, url: string, admin: { email: string; password: string }) {
  await page.goto(`${url}/api/login?next=/dashboard`);
  await page.getByLabel('Email address').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${url}/dashboard`);
}

test('with neither ADMIN_EMAIL nor BUSINESS_EMAIL set, the daily report line says nobody receives it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // The plain `npm start` default: no report addresses. The admin was made on an earlier start.
  const directory = mkdtempSync(join(tmpdir(), 'cleanquote-no-recipient-'));
  const databaseUrl = `file:${join(directory, 'no-recipient.db')}`;
  const database = await openDatabase({ url: databaseUrl });
  await createTestAdmin(database);
  database.close();
  const server = await startServerProcess({
    startTimeoutMs: 45_000,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      BUSINESS_EMAIL: '',
      SMTP_URL: '',
    },
  });
  try {
    await signInToDashboard(page, server.url, testAdmin);
    const status = page.getByRole('region', { name: 'System Status' });
    await expect(status.getByText('Daily report: no recipient (set ADMIN_EMAIL)')).toBeVisible();
  } finally {
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  }
});
