/**
 * Staff take and see backups: a snapshot taken on request lands in BACKUP_DIR, is listed, and the
 * dashboard's System Status shows when it was taken. Runs against its own server process.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openDatabase } from '../../api/src/db/database.ts';
import { type ServerProcess, startServerProcess } from '../../api/src/test-support/server-process.ts';
import { createTestAdmin, testAdmin } from '../../api/src/test-support/sign-in.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

let directory: string;
let backupDir: string;
let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  directory = mkdtempSync(join(tmpdir(), 'cleanquote-backups-e2e-'));
  backupDir = join(directory, 'backups');
  const databaseUrl = `file:${join(directory, 'cleanquote.db')}`;
  const database = await openDatabase({ url: databaseUrl });
  await createTestAdmin(database);
  database.close();
  server = await startServerProcess({
    startTimeoutMs: 45_000,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      BACKUP_DIR: backupDir,
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      SMTP_URL: '',
      // Set and never entered: backups need only the sign-in, not the quote dashboard's password.
      QUOTE_DASHBOARD_PASSWORD: 'the shared quote dashboard password',
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

/** dd/MM/yyyy at h:mm AM in Melbourne, as staff read times. */
function melbourneTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-AU', {
    timeZone: 'Australia/Melbourne',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} at ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
}

test('signed out, backups can be neither listed nor taken', async ({ request }) => {
  expect((await request.get(`${server.url}/api/admin/backups`)).status()).toBe(401);
  expect((await request.post(`${server.url}/api/admin/backups`)).status()).toBe(401);
});

test('signed in without the quote unlock, Back up now takes a backup: a file in BACKUP_DIR, listed, shown on the dashboard', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto(`${server.url}/api/login?next=/dashboard`);
  await page.getByLabel('Email address').fill(testAdmin.email);
  await page.getByLabel('Password').fill(testAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${server.url}/dashboard`);

  const status = page.getByRole('region', { name: 'System Status' });
  await expect(status.getByText('Backups: None yet')).toBeVisible();
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/admin/backups') && response.request().method() === 'POST',
  );
  await status.getByRole('button', { name: 'Back up now' }).click();
  const taken = await answered;
  expect(taken.status()).toBe(201);
  const backup = (await taken.json()) as { file: string; createdAt: string; sizeBytes: number; ok: boolean };
  await expect(status.getByRole('status').filter({ hasText: 'Backed up' })).toHaveText(
    `Backed up ${melbourneTime(backup.createdAt)}`,
  );
  expect(backup.ok).toBe(true);
  expect(existsSync(join(backupDir, backup.file))).toBe(true);
  expect(statSync(join(backupDir, backup.file)).size).toBe(backup.sizeBytes);

  const listed = (await (await page.request.get(`${server.url}/api/admin/backups`)).json()) as Array<
    typeof backup
  >;
  expect(listed[0]).toEqual(backup);

  await expect(status.getByText(`Backups: last ${melbourneTime(backup.createdAt)}`)).toBeVisible();
  // The temporary directory holds the database and BACKUP_DIR alike.
  await expect(status.getByText("Backups are on the database's own disk")).toBeVisible();
  await expectNoAxeViolations(page, { include: '.system-status' });
});
