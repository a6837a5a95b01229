/**
 * From /xero in a real browser: connect through the popup against a fake
 * Xero on 127.0.0.1, see the organisation, send a test report and read it on a real SMTP server,
 * schedule Monday 09:00 and see it with its job, disconnect (the fake sees DELETE /connections/{id}
 * and the schedule goes); the validation messages ('Please select a tenant', …) and failure messages
 * ('Failed to send test report', …); 'Reconnect needed'
 * on /xero and the dashboard; no token readable in the database file; axe clean at 360 px and on a
 * desktop. Its own server process and database, so the connection state is this file's alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { type FakeXero, productEnvironmentFor, startFakeXero } from '../support/fake-xero.ts';
import type { RawXeroRow } from '../support/fake-xero-reports.ts';
import { deliveryAdmin, type ServerWithSmtp, startServerWithSmtp } from '../support/server-with-smtp.ts';
import { expectToast } from '../support/site.ts';
import { signInThroughLogIn } from '../support/staff-sign-in.ts';
import {
  connectThroughPopup as connectThroughPopupTo,
  organisationItem as organisationItemOf,
} from '../support/xero-screen.ts';

interface Schedule {
  id: string;
  tenantId: string;
  tenantName: string;
  dayOfWeek: string;
  hour: string;
  emailRecipients: string[];
  reportTypes: string[];
  jobName: string;
  nextRunAt: string;
}

let fake: FakeXero;
let app: ServerWithSmtp;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  fake = await startFakeXero();
  app = await startServerWithSmtp({
    env: productEnvironmentFor(fake),
  });
});

test.afterAll(async () => {
  await app?.close();
  await fake?.close();
});

const organisation = () => fake.tenants[0]?.tenantName ?? '';

function signInTo(page: Page, path: string): Promise<void> {
  return signInThroughLogIn(page, app.url, path);
}

const organisationItem = (page: Page) => organisationItemOf(page, organisation());

function connectThroughPopup(page: Page): Promise<void> {
  return connectThroughPopupTo(page, organisation());
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${app.url}${path}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

const schedules = async (page: Page) =>
  (await getJson<{ schedules: Schedule[] }>(page, '/api/xero/schedules')).schedules;

/** A time in Melbourne as the weekday and 24-hour clock: 'Monday 09:00'. */
function melbourneWeekdayAndTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-AU', {
    timeZone: 'Australia/Melbourne',
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((each) => each.type === type)?.value ?? '';
  return `${part('weekday')} ${part('hour')}:${part('minute')}`;
}

/** A figure of a summary row of the fake's rows, as the mail shows money: '16,164.30'. */
function summaryFigure(rows: readonly RawXeroRow[], label: string): string {
  const flat = (list: readonly RawXeroRow[]): RawXeroRow[] =>
    list.flatMap((row) => [row, ...flat(row.Rows ?? [])]);
  const value = flat(rows).find((row) => row.RowType === 'SummaryRow' && row.Cells?.[0]?.Value === label)
    ?.Cells?.[1]?.Value;
  if (value === undefined) throw new Error(`the fake serves no '${label}' row`);
  return new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number(value),
  );
}

/** Every file of the server's SQLite database (the main file, and its WAL while one is open). */
function databaseBytes(): Buffer {
  const directory = dirname(app.databaseFile);
  const name = basename(app.databaseFile);
  return Buffer.concat(
    readdirSync(directory)
      .filter((file) => file.startsWith(name))
      .map((file) => readFileSync(join(directory, file))),
  );
}

test('connect through the popup, send a test report, schedule Monday 09:00 and disconnect', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInTo(page, '/xero');
  await expect(page.getByRole('heading', { level: 1, name: 'Xero Integration' })).toBeVisible();
  await expect(page.getByText('No Xero organisation is connected yet.')).toBeVisible();
  await expectNoAxeViolations(page);

  await connectThroughPopup(page);
  const tenant = fake.tenants[0];
  expect(tenant).toBeDefined();
  await expect(
    organisationItem(page).getByText(/^Last updated: \d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2} [AP]M$/),
  ).toBeVisible();

  // A test report, read on the SMTP server: figures from the fake's rows, grouped as money.
  const testReport = page.getByRole('region', { name: 'Send a test report' });
  await expect(testReport.getByLabel('Organisation')).toHaveValue(tenant?.tenantId ?? '');
  const reader = 'books@sparkleclean.example';
  await testReport.getByLabel('Email address').fill(reader);
  await testReport.getByRole('button', { name: 'Send Test Report' }).click();
  await expectToast(page, 'Test report sent', `Test report sent to ${reader}`);
  const mailsTo = (address: string) => app.received.filter((mail) => mail.envelope.to.includes(address));
  await expect.poll(() => mailsTo(reader).length, { timeout: 15_000 }).toBe(1);
  const [mail] = mailsTo(reader);
  const totalIncome = summaryFigure(fake.reportRows('profit_loss'), 'Total Income');
  expect(totalIncome).toMatch(/^\d{1,3}(,\d{3})+\.\d{2}$/);
  expect(mail?.text).toContain('Profit and Loss');
  expect(mail?.text).toContain('Balance Sheet');
  expect(mail?.text).toContain(totalIncome);
  expect(mail?.html).toContain(totalIncome);
  expect(mail?.text).toContain(organisation());

  // Weekly reports with the defaults: Monday 09:00, the admin, Profit and Loss and Balance Sheet.
  const weekly = page.getByRole('region', { name: 'Weekly reports' });
  await expect(weekly.getByLabel('Organisation')).toHaveValue(tenant?.tenantId ?? '');
  await expect(weekly.getByLabel('Day')).toHaveValue('1');
  await expect(weekly.getByLabel('Time')).toHaveValue('9');
  await expect(weekly.getByRole('button', { name: `Remove ${deliveryAdmin.email}` })).toBeVisible();
  await expect(weekly.getByRole('checkbox', { name: 'Profit and Loss' })).toBeChecked();
  await expect(weekly.getByRole('checkbox', { name: 'Balance Sheet' })).toBeChecked();
  await expect(weekly.getByRole('checkbox', { name: 'Bank Summary' })).not.toBeChecked();
  await weekly.getByRole('button', { name: 'Schedule Weekly Reports' }).click();
  await expectToast(page, 'Weekly reports scheduled', 'Weekly reports scheduled for Monday at 09:00');

  const [schedule, ...others] = await schedules(page);
  expect(others).toEqual([]);
  expect(schedule).toMatchObject({
    tenantId: tenant?.tenantId,
    tenantName: organisation(),
    dayOfWeek: '1',
    hour: '9',
    emailRecipients: [deliveryAdmin.email],
    reportTypes: ['profit_loss', 'balance_sheet'],
    jobName: `xero-weekly:${schedule?.id}`,
  });
  expect(schedule?.nextRunAt).toMatch(/T09:00:00\+1[01]:00$/);
  expect(melbourneWeekdayAndTime(schedule?.nextRunAt ?? '')).toBe('Monday 09:00');
  const jobs = await getJson<{ name: string; nextRunAt: string | null }[]>(page, '/api/admin/jobs');
  const job = jobs.find((each) => each.name === schedule?.jobName);
  expect(job?.nextRunAt).toBe(schedule?.nextRunAt);
  const listed = page.getByRole('region', { name: 'Scheduled weekly reports' });
  await expect(
    listed.getByRole('heading', { level: 3, name: `${organisation()}: Every Monday at 09:00` }),
  ).toBeVisible();
  await expect(listed.getByText(/^Next run: \d{2}\/\d{2}\/\d{4} at 9:00 AM$/)).toBeVisible();

  // Axe, with everything on screen, on a desktop and at 360 px (nothing wider than the phone).
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoAxeViolations(page);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  const small = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'main button, main a, main select, main input:not([type="checkbox"])',
      ),
    ]
      .filter((element) => element.offsetParent !== null && element.getBoundingClientRect().height < 44)
      .map((element) => element.textContent?.trim() || element.id),
  );
  expect(small).toEqual([]);

  // No token the fake issued is readable in the database's bytes.
  const bytes = databaseBytes();
  // The search sees what is stored (the organisation's name is kept in plain text)...
  expect(bytes.includes(organisation())).toBe(true);
  // ...and none of the tokens.
  const tokens = fake.issuedTokens();
  expect(tokens.length).toBeGreaterThan(0);
  expect(tokens.filter((token) => bytes.includes(token))).toEqual([]);

  // Disconnect asks first; Escape cancels and gives focus back.
  const disconnect = organisationItem(page).getByRole('button', { name: `Disconnect ${organisation()}` });
  await disconnect.click();
  const dialog = page.getByRole('alertdialog', { name: `Disconnect ${organisation()}?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(disconnect).toBeFocused();
  expect(fake.requests.filter((request) => request.method === 'DELETE')).toEqual([]);

  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expectToast(
    page,
    'Xero disconnected successfully',
    `${organisation()} is no longer connected, and its weekly reports are cancelled.`,
  );
  await expect(page.getByText('No Xero organisation is connected yet.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Organisations' })).toBeFocused();
  expect(
    fake.requests.filter(
      (request) => request.method === 'DELETE' && request.path.startsWith('/connections/'),
    ),
  ).toHaveLength(1);
  expect(await schedules(page)).toEqual([]);
  const jobsAfter = await getJson<{ name: string }[]>(page, '/api/admin/jobs');
  expect(jobsAfter.map((each) => each.name)).not.toContain(schedule?.jobName);
});

test('what is missing is named, the buttons stay enabled and nothing is sent', async ({ page }) => {
  test.setTimeout(60_000);
  await signInTo(page, '/xero');
  // Before any organisation is connected, the forms are there and say what is missing.
  const beforeConnecting = page.getByRole('region', { name: 'Send a test report' });
  await beforeConnecting.getByRole('button', { name: 'Send Test Report' }).click();
  await expect(beforeConnecting.getByRole('alert')).toHaveText(
    'Please select a tenant and enter an email address',
  );
  const weeklyBefore = page.getByRole('region', { name: 'Weekly reports' });
  await weeklyBefore.getByLabel('Organisation').selectOption('');
  await weeklyBefore.getByRole('button', { name: 'Schedule Weekly Reports' }).click();
  await expect(page.getByRole('region', { name: 'Weekly reports' }).getByRole('alert')).toHaveText(
    'Please select a tenant',
  );
  await connectThroughPopup(page);
  const mailsBefore = app.received.length;
  const reportRequests = () => fake.requests.filter((request) => request.path.startsWith('/api.xro/')).length;
  const reportsBefore = reportRequests();

  const testReport = page.getByRole('region', { name: 'Send a test report' });
  const send = testReport.getByRole('button', { name: 'Send Test Report' });
  await send.click();
  await expect(testReport.getByRole('alert')).toHaveText('Please select a tenant and enter an email address');
  await expect(testReport.getByLabel('Email address')).toBeFocused();
  await expect(send).toBeEnabled();
  await testReport.getByLabel('Organisation').selectOption('');
  await testReport.getByLabel('Email address').fill('books@sparkleclean.example');
  await send.click();
  await expect(testReport.getByRole('alert')).toHaveText('Please select a tenant and enter an email address');
  await expect(testReport.getByLabel('Organisation')).toBeFocused();

  const weekly = page.getByRole('region', { name: 'Weekly reports' });
  const schedule = weekly.getByRole('button', { name: 'Schedule Weekly Reports' });
  await weekly.getByLabel('Organisation').selectOption('');
  await schedule.click();
  await expect(weekly.getByRole('alert')).toHaveText('Please select a tenant');
  await expect(schedule).toBeEnabled();
  await weekly.getByLabel('Organisation').selectOption({ label: organisation() });
  await weekly.getByRole('button', { name: `Remove ${deliveryAdmin.email}` }).click();
  await schedule.click();
  await expect(weekly.getByRole('alert')).toHaveText(
    'Please add at least one email recipient and select report types',
  );
  // A recipient is added once, whatever its letter case; Enter adds it too.
  const address = weekly.getByLabel('Recipient email');
  await address.fill('Owner@SparkleClean.example');
  await address.press('Enter');
  await address.fill('owner@sparkleclean.example');
  await weekly.getByRole('button', { name: 'Add recipient' }).click();
  await expect(weekly.getByRole('button', { name: /^Remove / })).toHaveCount(1);
  await weekly.getByRole('checkbox', { name: 'Profit and Loss' }).uncheck();
  await weekly.getByRole('checkbox', { name: 'Balance Sheet' }).uncheck();
  await schedule.click();
  await expect(weekly.getByRole('alert')).toHaveText(
    'Please add at least one email recipient and select report types',
  );
  await expect(schedule).toBeEnabled();

  expect(await schedules(page)).toEqual([]);
  expect(reportRequests()).toBe(reportsBefore);
  expect(app.received.length).toBe(mailsBefore);
});

test('when Xero fails: the server’s error, the organisation kept; a status that cannot be read says so', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInTo(page, '/xero');
  if ((await page.getByText('No Xero organisation is connected yet.').count()) > 0)
    await connectThroughPopup(page);
  await expect(organisationItem(page).getByText('Connected', { exact: true })).toBeVisible();

  // A report Xero answers with a 500: the toast carries the server's message.
  fake.failNext('/api.xro/2.0/Reports', 500);
  const testReport = page.getByRole('region', { name: 'Send a test report' });
  await testReport.getByLabel('Email address').fill('books@sparkleclean.example');
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/xero/test-reports'));
  await testReport.getByRole('button', { name: 'Send Test Report' }).click();
  const failed = await answered;
  expect(failed.status()).toBeGreaterThanOrEqual(500);
  const { error } = (await failed.json()) as { error: string };
  expect(error).not.toBe('');
  await expectToast(page, 'Failed to send test report', error);

  // Xero cannot remove the connection: nothing changes, and the server's error shows.
  fake.failNext('/connections', 500);
  await organisationItem(page)
    .getByRole('button', { name: `Disconnect ${organisation()}` })
    .click();
  const refused = page.waitForResponse((response) => response.url().includes('/api/xero/disconnect/'));
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
  const { error: disconnectError } = (await (await refused).json()) as { error: string };
  await expectToast(page, 'Failed to disconnect Xero', disconnectError);
  await expect(organisationItem(page).getByText('Connected', { exact: true })).toBeVisible();

  // The server out of reach: the status cannot be read, and the screen says so.
  await page.route('**/api/xero/status', (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Failed to fetch Xero status');
  await page.unroute('**/api/xero/status');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(organisationItem(page)).toBeVisible();
});

test('a connection Xero no longer accepts: Reconnect needed on /xero and the dashboard, then connected again', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInTo(page, '/xero');
  if ((await page.getByText('No Xero organisation is connected yet.').count()) > 0)
    await connectThroughPopup(page);

  // The app was removed in Xero: the next report finds the refresh token refused.
  fake.revokeGrant();
  fake.expireAccessTokens();
  const testReport = page.getByRole('region', { name: 'Send a test report' });
  await testReport.getByLabel('Email address').fill('books@sparkleclean.example');
  await testReport.getByRole('button', { name: 'Send Test Report' }).click();
  await expectToast(
    page,
    'Failed to send test report',
    'Xero no longer allows access to this organisation. Please use Connect to Xero to connect it again.',
  );
  await expect(organisationItem(page).getByText('Reconnect needed', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Organisations' })).toBeFocused();
  // Its reports can no longer be asked for; the forms offer only organisations that still work.
  await expect(testReport.getByRole('option', { name: organisation() })).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
  const notice = page.getByRole('link', { name: 'Xero: Reconnect needed' });
  await expect(notice).toBeVisible();
  await expectNoAxeViolations(page);
  await notice.click();
  await expect(page).toHaveURL(`${app.url}/xero`);

  await connectThroughPopup(page);
  await expect(organisationItem(page).getByText('Reconnect needed', { exact: true })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Xero: Reconnect needed' })).toHaveCount(0);
});

test('with the popup blocked, connecting runs in the tab and the callback page leads back', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInTo(page, '/xero');
  await page.evaluate(() => {
    window.open = () => null;
  });
  await page.getByRole('button', { name: 'Connect to Xero' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Xero connected' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Xero settings' }).click();
  await expect(page).toHaveURL(`${app.url}/xero`);
  await expect(organisationItem(page).getByText('Connected', { exact: true })).toBeVisible();
});

test('a consent refused in Xero leaves /xero saying so, and Try again connects', async ({ page }) => {
  test.setTimeout(60_000);
  await signInTo(page, '/xero');
  fake.denyConsent = true;
  try {
    const opened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Connect to Xero' }).click();
    // The failure page tells this tab why, and closes itself.
    await (await opened).waitForEvent('close');
    const failed = page.getByRole('alert').filter({ hasText: 'Xero was not connected.' });
    await expect(failed).toHaveText(/Access was not allowed in Xero, so nothing was connected\./);
    await expect(page.getByText('Finish connecting in the Xero window')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Connect to Xero' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  } finally {
    fake.denyConsent = false;
  }

  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Try again' }).click();
  await (await opened).waitForEvent('close');
  await expect(organisationItem(page).getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Xero was not connected.' })).toHaveCount(0);
});

test('a Xero window closed before connecting finished leaves /xero saying so, with Try again', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInTo(page, '/xero');
  // The popup is held on a page of this site, as if its user closed Xero's consent before answering.
  await page.evaluate(() => {
    const open = window.open.bind(window);
    window.open = (_url, target, features) => open('/robots.txt', target, features);
  });
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect to Xero' }).click();
  const popup = await opened;
  await expect(page.getByText('Finish connecting in the Xero window')).toBeVisible();
  await popup.close();
  await expect(page.getByRole('alert').filter({ hasText: 'Xero was not connected.' })).toHaveText(
    /The Xero window was closed before connecting finished\./,
  );
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});

test('with Xero not set up on the server, /xero says the developer must set it up, and offers no Connect button', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const bare = await startServerWithSmtp();
  try {
    await signInThroughLogIn(page, bare.url, '/xero');
    const organisations = page.getByRole('region', { name: 'Organisations' });
    await expect(organisations.getByText("Xero isn't set up for this business yet.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect to Xero' })).toHaveCount(0);
    const details = organisations.getByRole('group').filter({ hasText: 'Details for your developer' });
    await expect(details.getByText('XERO_CLIENT_ID')).toBeHidden();
    await organisations.getByText('Details for your developer').click();
    await expect(details.getByText(/XERO_CLIENT_ID and XERO_CLIENT_SECRET/)).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    await bare.close();
  }
});
