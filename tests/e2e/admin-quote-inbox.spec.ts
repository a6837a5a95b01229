/**
 * The quote inbox as staff use it, against its own server process with the
 * quote-dashboard password set and a real SMTP server on 127.0.0.1.
 */
import { toSubmission } from '@cleanquote/quote-core';
import { validAnswers } from '@cleanquote/quote-core/test-fixtures';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { type ServerWithSmtp, startServerWithSmtp } from '../support/server-with-smtp.ts';
import { signInThroughLogIn } from '../support/staff-sign-in.ts';
import { submitRegularClean } from '../support/wizard-flow.ts';

const dashboardPassword = 'inbox dashboard password';
const client = {
  name: 'Inbox Tester',
  phone: '0491 570 161',
  email: 'inbox.tester@example.com',
  address: '8 Acland St, St Kilda, VIC',
};

let app: ServerWithSmtp;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  app = await startServerWithSmtp({ env: { QUOTE_DASHBOARD_PASSWORD: dashboardPassword } });
});

test.afterAll(async () => {
  await app?.close();
});

function signInTo(page: Page, path: string): Promise<void> {
  return signInThroughLogIn(page, app.url, path);
}

/** The history entry lines of the open quote. */
function history(page: Page) {
  return page.getByRole('region', { name: 'History' }).getByRole('listitem');
}

test('a quote from the wizard is found, worked through the pipeline and answered from the inbox', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const reference = await submitRegularClean(page, app.url, client, 'Please use the side gate.');
  await expect
    .poll(() => app.received.filter((mail) => mail.envelope.to.includes(client.email)).length, {
      timeout: 15_000,
    })
    .toBe(1);

  // Unlock: a wrong password first.
  await signInTo(page, '/admin');
  const password = page.getByLabel('Password');
  await password.fill('not the password');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect password');
  await password.fill(dashboardPassword);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quote Requests' })).toBeVisible();

  // Find it by phone digits; the search is kept in the URL.
  await page.getByLabel('Search').fill('0491570161');
  await expect(page).toHaveURL(/[?&]q=0491570161/);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: client.name }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Regular Cleaning', { exact: true })).toBeVisible();
  await expect(row.getByText('St Kilda', { exact: true })).toBeVisible();
  await expect(row.getByText(/^\d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();
  await expect(row.getByText(/^Reply due in (\d+|under 1) h$/)).toBeVisible();
  await expectNoAxeViolations(page);

  // Open it and move it through the pipeline.
  await row.getByRole('link', { name: client.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: client.name })).toBeVisible();
  await expect(page.getByText(`Reference ${reference}`, { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: `Call ${client.phone}` })).toHaveAttribute(
    'href',
    'tel:0491570161',
  );
  await expect(page.getByRole('link', { name: `Email ${client.email}` })).toHaveAttribute(
    'href',
    `mailto:${client.email}`,
  );
  await expect(page.getByText('Townhouse')).toBeVisible();

  const status = page.getByRole('region', { name: /^Status/ });
  await status.getByRole('button', { name: 'Mark as Contacted' }).click();
  await expect(page.getByRole('heading', { name: 'Status: Contacted' })).toBeVisible();
  await status.getByRole('button', { name: 'Mark as Quoted' }).click();
  await expect(page.getByRole('heading', { name: 'Status: Quoted' })).toBeVisible();
  await status.getByRole('button', { name: 'Mark as Lost' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark as Lost' });
  await dialog.getByRole('button', { name: 'Mark as Lost' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please give a reason the quote was lost');
  await dialog.getByRole('radio', { name: 'Other', exact: true }).check();
  await dialog.getByLabel('Other reason').fill('Went with a friend of the family');
  await dialog.getByRole('button', { name: 'Mark as Lost' }).click();
  await expect(page.getByRole('heading', { name: 'Status: Lost' })).toBeVisible();
  await status.getByRole('button', { name: 'Reopen' }).click();
  await expect(page.getByRole('heading', { name: 'Status: Contacted' })).toBeVisible();

  await page.getByLabel('Note').fill('Called back, prefers Tuesdays.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(history(page).filter({ hasText: 'prefers Tuesdays' })).toHaveCount(1);

  // Every change survives a reload, with who made it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: client.name })).toBeVisible();
  const lines = history(page);
  await expect(lines.filter({ hasText: 'New → Contacted' })).toContainText('by Sarah');
  await expect(lines.filter({ hasText: 'Contacted → Quoted' })).toHaveCount(1);
  await expect(lines.filter({ hasText: 'Quoted → Lost' })).toContainText('Went with a friend of the family');
  await expect(lines.filter({ hasText: 'Lost → Contacted' })).toHaveCount(1);
  await expect(lines.filter({ hasText: 'Note' })).toContainText('by Sarah');

  // Reply from the composer: the customer receives it, threaded under the auto-response.
  await page.getByRole('button', { name: 'Reply' }).click();
  await expect(page.getByLabel('Subject')).not.toHaveValue('');
  await expect(page.getByLabel('Message')).toHaveValue(/Inbox/);
  await page.getByLabel('Message').fill('Hi Inbox, your regular clean would be $180. Shall we book it?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('li.toast')).toContainText('Reply Sent');
  await expect
    .poll(() => app.received.filter((mail) => mail.envelope.to.includes(client.email)).length, {
      timeout: 15_000,
    })
    .toBe(2);
  const [autoResponse, reply] = app.received.filter((mail) => mail.envelope.to.includes(client.email));
  const autoResponseId = autoResponse?.headers.get('message-id')?.[0];
  expect(autoResponseId).toBeTruthy();
  expect(reply?.headers.get('in-reply-to')?.[0]).toBe(autoResponseId);
  expect(reply?.headers.get('references')?.[0]).toContain(autoResponseId);
  expect(reply?.text).toContain('$180');
  await expect(history(page).filter({ hasText: 'Reply sent' })).toHaveCount(1);
  await expectNoAxeViolations(page);

  // A second quote from the same email is a returning customer's.
  const second = await page.request.post(`${app.url}/api/service-form`, {
    data: toSubmission(
      validAnswers('window-clean', {
        name: 'Inbox Tester Again',
        email: client.email,
        phone: '0491 570 199',
      }),
    ),
  });
  expect(second.status()).toBe(201);
  await page.goto(`${app.url}/admin?q=inbox.tester`);
  const again = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Inbox Tester Again' }) });
  await expect(again.getByText('Returning customer')).toBeVisible();
});

test('the CSV of a filter holds exactly its rows, with formulas neutralised', async ({ page }) => {
  for (const name of ['=cmd|calc', 'CSV Person Two']) {
    const stored = await page.request.post(`${app.url}/api/service-form`, {
      data: toSubmission(
        validAnswers('oven-clean', { name, email: 'csv.person@example.com', phone: '0491 570 177' }),
      ),
    });
    expect(stored.status()).toBe(201);
  }
  await signInTo(page, '/admin');
  await page.getByLabel('Password').fill(dashboardPassword);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByLabel('Service').selectOption({ label: 'Oven Cleaning' });
  await expect(page).toHaveURL(/service=oven-clean/);
  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(href).toContain('service=oven-clean');
  const csv = await page.request.get(`${app.url}${href}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
  const lines = (await csv.text()).trim().split(/\r\n/);
  expect(lines).toHaveLength(3); // the header and the two oven cleans
  expect(lines.some((line) => line.includes("'=cmd|calc"))).toBe(true);
  expect(lines.some((line) => /(^|,)"?=cmd/.test(line))).toBe(false);
});

test('the inbox works on a 360 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInTo(page, '/admin');
  await page.getByLabel('Password').fill(dashboardPassword);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quote Requests' })).toBeVisible();
  await expect(page.getByRole('link', { name: client.name, exact: true })).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByRole('link', { name: client.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: client.name })).toBeVisible();
  await page.getByRole('button', { name: 'Reply' }).click();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});

test('a quote past its address’s mail limit is in the inbox, its history saying no confirmation was sent', async ({
  page,
}) => {
  const email = 'limit.tester@example.com';
  for (let n = 1; n <= 4; n += 1) {
    const stored = await page.request.post(`${app.url}/api/service-form`, {
      data: toSubmission(
        validAnswers('regular-clean', { name: `Limit Tester ${n}`, email, phone: '0491 570 188' }),
      ),
    });
    expect(stored.status()).toBe(201);
  }
  // Three confirmations an hour to one address; the business hears of all four quotes.
  await expect
    .poll(() => app.received.filter((mail) => mail.envelope.to.includes(email)).length, { timeout: 15_000 })
    .toBe(3);
  await signInTo(page, '/admin');
  await page.getByLabel('Password').fill(dashboardPassword);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByLabel('Search').fill('limit.tester');
  await expect(page.getByRole('link', { name: /^Limit Tester \d$/ })).toHaveCount(4);

  await page.getByRole('link', { name: 'Limit Tester 4', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Limit Tester 4' })).toBeVisible();
  await expect(
    history(page).filter({ hasText: 'Confirmation not sent: too many mails to this address' }),
  ).toHaveCount(1);
  await expectNoAxeViolations(page);

  await page.goBack();
  await page.getByRole('link', { name: 'Limit Tester 1', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Limit Tester 1' })).toBeVisible();
  await expect(history(page).filter({ hasText: 'Quote request received' })).toHaveCount(1);
  await expect(history(page).filter({ hasText: 'Confirmation not sent' })).toHaveCount(0);
});
