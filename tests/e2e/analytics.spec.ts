/**
 * First-party analytics counted from a real browser, the wizard funnel, the
 * report and the daily report mail, the scheduled job's next run, and /analytics — against its own
 * server process (an empty database of its own) with a real SMTP server on 127.0.0.1.
 */
import { toSubmission } from '@cleanquote/quote-core';
import { validAnswers } from '@cleanquote/quote-core/test-fixtures';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  deliveryAdmin,
  deliveryBusinessEmail,
  type ServerWithSmtp,
  startServerWithSmtp,
} from '../support/server-with-smtp.ts';
import { expectToast } from '../support/site.ts';
import { submitRegularClean } from '../support/wizard-flow.ts';

const dashboardPassword = 'analytics dashboard password';
const client = {
  name: 'Funnel Walker',
  phone: '0491 570 162',
  email: 'funnel.walker@example.com',
  address: '3 Lygon St, Carlton, VIC',
};

interface Report {
  date: string;
  totalViews: number;
  pageBreakdown: { page: string; count: number }[];
  funnel: { step: string; reached: number; dropOff: number }[];
  contactRequests: { name: string; service: string }[];
}

let app: ServerWithSmtp;
let staffCookie: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  app = await startServerWithSmtp({ env: { QUOTE_DASHBOARD_PASSWORD: dashboardPassword } });
  // Staff read the report from outside the visitor's browser: the browser stays a visitor's.
  const signIn = await fetch(`${app.url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: app.url },
    body: JSON.stringify(deliveryAdmin),
  });
  staffCookie = (signIn.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
  const unlock = await fetch(`${app.url}/api/admin/unlock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: app.url, Cookie: staffCookie },
    body: JSON.stringify({ password: dashboardPassword }),
  });
  expect(unlock.status).toBe(200);
});

test.afterAll(async () => {
  await app?.close();
});

/** Today in Melbourne, 'YYYY-MM-DD'. */
function melbourneToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Melbourne' }).format(new Date());
}

async function report(date = melbourneToday()): Promise<Report> {
  const response = await fetch(`${app.url}/api/analytics/report?date=${date}`, {
    headers: { Cookie: staffCookie },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Report;
}

function countOf(found: Report, page: string): number {
  return found.pageBreakdown.find((row) => row.page === page)?.count ?? 0;
}

async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${app.url}${path}`);
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

test('page views and the wizard funnel from a real browser are in today’s report, and no public page sets a cookie', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const setCookies: string[] = [];
  page.on('response', async (response) => {
    const header = await response.headerValue('set-cookie');
    if (header) setCookies.push(`${response.url()}: ${header}`);
  });

  await visit(page, '/');
  await visit(page, '/team');
  await visit(page, '/?utm_source=newsletter');
  // The whole wizard, then /thank-you by the app's own navigation.
  const reference = await submitRegularClean(page, app.url, client, 'Analytics walk.');

  await expect
    .poll(async () => {
      const found = await report();
      return {
        home: countOf(found, 'Home'),
        team: countOf(found, '/team'),
        wizard: countOf(found, '/service-form'),
        thankYou: countOf(found, '/thank-you'),
      };
    })
    .toEqual({ home: 2, team: 1, wizard: 1, thankYou: 1 });
  await expect
    .poll(async () => Object.fromEntries((await report()).funnel.map((row) => [row.step, row.reached])))
    .toEqual({
      started: 1,
      'service-type': 1,
      'property-size': 1,
      timing: 1,
      'contact-info': 1,
      'terms-agreement': 1,
      'final-details': 1,
      submitted: 1,
    });
  const today = await report();
  expect(today.totalViews).toBe(5);
  expect(today.contactRequests).toEqual([
    expect.objectContaining({ name: client.name, service: 'regular-clean' }),
  ]);
  expect(reference).toMatch(/^CQ-/);

  expect(setCookies).toEqual([]);
  expect(await context.cookies()).toEqual([]);
});

test('a browser with Global Privacy Control adds nothing', async ({ browser }) => {
  const before = await report();
  const privateContext = await browser.newContext({ extraHTTPHeaders: { 'Sec-GPC': '1' } });
  await privateContext.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true });
  });
  const page = await privateContext.newPage();
  const beacons: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/collect')) beacons.push(request.url());
  });
  await visit(page, '/');
  await visit(page, '/privacy');
  await page.goto(`${app.url}/service-form`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page
    .getByRole('radio', {
      name: 'Regular Cleaning Weekly, fortnightly or monthly home cleaning',
      exact: true,
    })
    .check();
  await page.locator('.cq-wizard').getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('group', { name: /^Bedrooms/ })).toBeVisible();
  await privateContext.close();

  // A visitor without it, afterwards: once that view is counted, the earlier ones would have been.
  const ordinary = await browser.newContext();
  await visit(await ordinary.newPage(), '/terms');
  await expect.poll(async () => countOf(await report(), '/terms')).toBe(1);
  await ordinary.close();
  const after = await report();
  expect(beacons).toEqual([]);
  expect(after.totalViews).toBe(before.totalViews + 1);
  expect(countOf(after, '/privacy')).toBe(0);
  expect(after.funnel).toEqual(before.funnel);
});

test('send-report delivers one mail with an HTML part and a text part; the daily job is next at 09:00 Melbourne time', async () => {
  const sent = await fetch(`${app.url}/api/analytics/send-report?date=${melbourneToday()}`, {
    method: 'POST',
    headers: { Origin: app.url, Cookie: staffCookie },
  });
  expect(sent.status).toBe(202);
  const reportMails = () =>
    app.received.filter(
      (mail) =>
        mail.envelope.to.includes(deliveryAdmin.email) &&
        (mail.headers.get('subject')?.[0] ?? '').startsWith('Daily analytics report for'),
    );
  await expect.poll(() => reportMails().length, { timeout: 15_000 }).toBe(1);
  const [mail] = reportMails();
  expect(mail?.text).toContain('Page views: 6');
  expect(mail?.text).toContain(client.name);
  expect(mail?.html).toContain('<h2 style="font-size:1.1em">Quote wizard</h2>');

  const jobs = await fetch(`${app.url}/api/admin/jobs`, { headers: { Cookie: staffCookie } });
  expect(jobs.status).toBe(200);
  const daily = ((await jobs.json()) as { name: string; nextRunAt: string; timezone: string }[]).find(
    (job) => job.name === 'daily-report',
  );
  // The next 9:00 in Melbourne: today's if it is not yet 9, else tomorrow's, with that day's offset.
  const hour = Number(
    new Intl.DateTimeFormat('en-AU', {
      timeZone: 'Australia/Melbourne',
      hour: 'numeric',
      hourCycle: 'h23',
    }).format(new Date()),
  );
  const [year, month, day] = melbourneToday().split('-').map(Number) as [number, number, number];
  const nextDay = new Date(Date.UTC(year, month - 1, day + (hour >= 9 ? 1 : 0), 2));
  const offset = new Intl.DateTimeFormat('en-AU', {
    timeZone: 'Australia/Melbourne',
    timeZoneName: 'longOffset',
  })
    .formatToParts(nextDay)
    .find((part) => part.type === 'timeZoneName')
    ?.value.replace('GMT', '');
  expect(daily).toMatchObject({
    timezone: 'Australia/Melbourne',
    nextRunAt: `${nextDay.toISOString().slice(0, 10)}T09:00:00${offset}`,
  });
  expect(offset).toMatch(/^\+1[01]:00$/);
});

test('/analytics shows the day’s report, sends it, and is axe clean and keyboard-complete', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto(`${app.url}/analytics`);
  await page.getByRole('link', { name: 'Log In' }).click();
  await page.getByLabel('Email address').fill(deliveryAdmin.email);
  await page.getByLabel('Password').fill(deliveryAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${app.url}/analytics`);

  // The report lists quote requests: the dashboard password first.
  await expect(
    page.getByText('Enter the quote dashboard password to see the analytics report.'),
  ).toBeVisible();
  await page.getByLabel('Password').fill(dashboardPassword);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Website Analytics' })).toBeVisible();

  // By keyboard: the Date field to today, then Send Daily Report.
  const date = page.getByLabel('Date');
  await date.focus();
  await date.fill(melbourneToday());
  const pages = page.getByRole('region', { name: 'Pages' });
  await expect(pages.getByRole('row', { name: 'Home 2' })).toBeVisible();
  await expect(pages.getByRole('row', { name: '/team 1' })).toBeVisible();
  const funnel = page.getByRole('region', { name: 'Quote wizard funnel' });
  await expect(funnel.getByRole('listitem').first()).toHaveText(/Opened the wizard\s*1 reached/);
  await expect(funnel.getByRole('listitem').last()).toHaveText(/Quote submitted\s*1 reached/);
  await expect(
    page.getByRole('region', { name: 'Quote requests' }).getByRole('row', { name: new RegExp(client.name) }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /Page views and quote requests per day/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // Tab steps through the date's day, month and year, then reaches the button.
  const sendButton = page.getByRole('button', { name: 'Send Daily Report' });
  for (
    let step = 0;
    step < 4 && !(await sendButton.evaluate((button) => button === document.activeElement));
    step += 1
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(sendButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(
    page,
    'Daily analytics report sent',
    `The report for ${melbourneToday().split('-').reverse().join('/')} is on its way to ${deliveryAdmin.email} and ${deliveryBusinessEmail}.`,
  );

  // The chart's numbers open from the keyboard too.
  const numbers = page.getByText('Show the numbers for each day');
  await numbers.focus();
  await page.keyboard.press('Enter');
  const table = page.getByRole('table', { name: 'Page views and quote requests per day' });
  await expect(table.getByRole('row')).toHaveCount(31);
  await expectNoAxeViolations(page);

  // The dashboard's System Status names the daily report: no 9:00 has passed on this new database.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
  const status = page.getByRole('region', { name: 'System Status' });
  await expect(status).toContainText('Daily report: Not sent yet');
  await expect(status).toContainText(/Next \d{2}\/\d{2}\/\d{4} at 9:00 AM/);

  // The day's quote requests lead on to the inbox, filtered to that day.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Analytics' }).click();
  await page.getByLabel('Date').fill(melbourneToday());
  const quotes = page.getByRole('region', { name: 'Quote requests' });
  await expect(quotes.getByRole('row', { name: new RegExp(client.name) })).toBeVisible();
  await quotes.getByRole('link', { name: 'See them in the inbox' }).click();
  await expect(page).toHaveURL(`${app.url}/admin?from=${melbourneToday()}&to=${melbourneToday()}`);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(melbourneToday());
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(melbourneToday());
  await expect(page.getByRole('link', { name: client.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible();

  // Past 50 quote requests, the report lists the 50 newest and counts them all.
  for (let n = 0; n < 50; n += 1) {
    const stored = await page.request.post(`${app.url}/api/service-form`, {
      headers: { Origin: app.url },
      data: toSubmission(
        validAnswers('oven-clean', { name: `Busy Day ${n}`, email: `busy.day.${n}@example.com` }),
      ),
    });
    expect(stored.status()).toBe(201);
  }
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Analytics' }).click();
  await page.getByLabel('Date').fill(melbourneToday());
  await expect(page.getByRole('definition').filter({ hasText: /^51$/ })).toBeVisible();
  await expect(quotes.getByRole('row')).toHaveCount(51);
  await expect(quotes.getByRole('row').nth(1)).toContainText('Busy Day 49');
  await expect(quotes.getByRole('row', { name: new RegExp(client.name) })).toHaveCount(0);
  await expect(quotes.getByText('50 newest shown.')).toBeVisible();
  await quotes.getByRole('link', { name: 'See all 51 in the inbox' }).click();
  await expect(page).toHaveURL(`${app.url}/admin?from=${melbourneToday()}&to=${melbourneToday()}`);
});
