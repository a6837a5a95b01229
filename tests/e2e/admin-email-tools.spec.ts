/**
 * The admin email tools, in the browser against the real server process and real SMTP servers on
 * 127.0.0.1: the direct email sender on /email-test (its password kept nowhere), the client email test
 * on /client-email-test, and the Mail log (locked behind the quote dashboard password, a dead letter
 * retried and delivered, pages, each mail's text). Signed in through the sign-in page, as staff are.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createClient } from '@libsql/client';
import { expect, type Page, type Request, test } from '@playwright/test';
import { startSmtpTestServer } from '../../api/src/test-support/smtp-test-server.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  deliveryAdmin,
  type ServerWithSmtp,
  signInAsAdmin,
  startServerWithSmtp,
} from '../support/server-with-smtp.ts';
import { expectToast, toasts } from '../support/site.ts';

/** The sender's own mailbox on its own SMTP server; the password is unique, so any copy is found. */
const mailbox = { user: 'sarah@sparkleclean.example', pass: `mailbox password ${randomUUID()}` };
const quoteDashboardPassword = 'quote dashboard password 2026';

let app: ServerWithSmtp;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  app = await startServerWithSmtp({
    keepOutput: true,
    env: {
      // Every log line the server has, so the password search covers as much as possible.
      LOG_LEVEL: 'debug',
      // One failed delivery makes a dead letter (the Mail log's Retry).
      MAIL_MAX_ATTEMPTS: '1',
      // Mail texts carry customers' data: the log asks for this first.
      QUOTE_DASHBOARD_PASSWORD: quoteDashboardPassword,
    },
  });
});

test.afterAll(async () => {
  await app?.close();
});

/** Signs in on the sign-in page and lands on `next`, as staff do. */
async function signIn(page: Page, next: string, heading: string) {
  await page.goto(`${app.url}/api/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email address').fill(deliveryAdmin.email);
  await page.getByLabel('Password').fill(deliveryAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${app.url}${next}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** The mail log's entry for the newest mail to `address`. */
function mailTo(page: Page, address: string) {
  return page
    .locator('#mail-log')
    .getByRole('listitem')
    .filter({ has: page.getByText(address, { exact: true }) })
    .first();
}

/** The direct sender's part of /email-test (the Mail log's unlock step has a Password field too). */
function sender(page: Page) {
  return page.getByRole('region', { name: 'Send a test email' });
}

async function unlockMailLog(page: Page) {
  const log = page.locator('#mail-log');
  await log.getByLabel('Password', { exact: true }).fill(quoteDashboardPassword);
  await log.getByRole('button', { name: 'Unlock' }).click();
  await expect(log.getByRole('button', { name: 'Refresh' })).toBeVisible();
}

/** Fills the direct sender for `custom` at 127.0.0.1:`port` without TLS. */
async function fillDirectSender(page: Page, port: number, password: string, subject: string) {
  const form = sender(page);
  await form.getByLabel(/^From Email/).fill(mailbox.user);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByLabel(/^To Email/).fill('client@example.com');
  await form.getByLabel('Provider').selectOption('custom');
  await form.getByLabel(/^SMTP Host/).fill('127.0.0.1');
  await form.getByLabel(/^SMTP Port/).fill(String(port));
  await form.getByLabel('TLS', { exact: true }).selectOption({ label: 'None' });
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('Hello from the office.\nSecond line.');
}

/** Every text value of every row of every table in the server's database. */
async function everyStoredText(): Promise<{ tables: string[]; values: string[] }> {
  const client = createClient({ url: `file:${app.databaseFile}` });
  try {
    const tables = (
      await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    ).rows.map((row) => String(row.name));
    const values: string[] = [];
    for (const table of tables) {
      const { rows } = await client.execute(`SELECT * FROM "${table.replace(/"/g, '""')}"`);
      for (const row of rows) {
        for (const value of Object.values(row)) {
          if (typeof value === 'string') values.push(value);
          else if (value instanceof ArrayBuffer) values.push(Buffer.from(value).toString('utf8'));
        }
      }
    }
    return { tables, values };
  } finally {
    client.close();
  }
}

/** The database's files as bytes (main file and write-ahead log), for a search below the rows too. */
function databaseBytes(): string {
  const read = (path: string) => {
    try {
      return readFileSync(path).toString('latin1');
    } catch {
      return '';
    }
  };
  return read(app.databaseFile) + read(`${app.databaseFile}-wal`);
}

test('the direct sender delivers through a custom SMTP server; the password is kept nowhere', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const smtp = await startSmtpTestServer({ auth: mailbox });
  try {
    const bodies: Promise<string>[] = [];
    page.on('response', (response) => {
      bodies.push(
        response
          .body()
          .then((body) => body.toString('utf8'))
          .catch(() => ''),
      );
    });
    await signIn(page, '/email-test', 'Email Test');

    // The session cookie the browser keeps: HttpOnly, SameSite=Lax. Over http the server names it
    // without the __Host- prefix (which needs Secure, i.e. https): api/src/auth/middleware.ts.
    const cookies = await page.context().cookies(app.url);
    expect(cookies.map((cookie) => cookie.name)).toEqual(['cleanquote_session']);
    expect(cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    await expect(sender(page).getByLabel('Provider')).toHaveValue('gmail');
    await expect(page.getByText('Sends through smtp.gmail.com, port 465, over TLS.')).toBeVisible();
    await expect(sender(page).getByLabel('Subject')).toHaveValue('Test email from Sparkle Clean Melbourne');
    await fillDirectSender(page, smtp.port, mailbox.pass, 'Checking our own mailbox');

    const sent: Request[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/send-direct-email')) sent.push(request);
    });
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expectToast(page, 'Email Sent Successfully!', 'Test email sent to client@example.com');

    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1);
    const [mail] = smtp.received;
    expect(mail?.envelope).toEqual({ from: mailbox.user, to: ['client@example.com'] });
    expect(mail?.headers.get('subject')).toEqual(['Checking our own mailbox']);
    expect(mail?.text.replace(/\r\n/g, '\n')).toContain('Hello from the office.\nSecond line.');

    // It really went out with the password (so the searches below look for something real)…
    expect(sent).toHaveLength(1);
    expect(sent[0]?.postDataJSON()).toMatchObject({
      fromPassword: mailbox.pass,
      provider: 'custom',
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      smtpSecurity: 'none',
    });
    // …and now it is in no field, storage or URL of the page,
    await expect(sender(page).getByLabel(/^Password/)).toHaveValue('');
    const stored = await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]));
    expect(stored).not.toContain(mailbox.pass);
    expect(page.url()).not.toContain(encodeURIComponent(mailbox.pass));
    // no response the page received,
    const received = await Promise.all(bodies);
    expect(received.join('\n')).toContain('"recipient":"client@example.com"');
    expect(received.join('\n')).not.toContain(mailbox.pass);
    // no database row (every text column of every table) and no byte of the database files,
    const { tables, values } = await everyStoredText();
    expect(tables).toEqual(expect.arrayContaining(['outbox', 'sessions']));
    expect(values.length).toBeGreaterThan(0);
    expect(values.filter((value) => value.includes(mailbox.pass))).toEqual([]);
    expect(databaseBytes()).not.toContain(mailbox.pass);
    // and no log line.
    const output = app.server.output();
    expect(output).toContain('direct email sent');
    expect(output).not.toContain(mailbox.pass);
  } finally {
    await smtp.close();
  }
});

test('a wrong mailbox password shows the SMTP server’s refusal, and the password is cleared', async ({
  page,
}) => {
  const smtp = await startSmtpTestServer({ auth: mailbox });
  try {
    await signIn(page, '/email-test', 'Email Test');
    const wrong = `not the password ${randomUUID()}`;
    await fillDirectSender(page, smtp.port, wrong, 'This one is refused');
    await page.getByRole('button', { name: 'Send Test Email' }).click();

    await expect(toasts(page).locator('.toast__title')).toHaveText('Failed to Send Email');
    await expect(toasts(page).locator('.toast__description')).toContainText(
      '535 Authentication credentials invalid',
    );
    await expect(sender(page).getByLabel(/^Password/)).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Send Test Email' })).toBeEnabled();
    expect(smtp.received).toHaveLength(0);
    expect(app.server.output()).not.toContain(wrong);
  } finally {
    await smtp.close();
  }
});

/** The 400 field messages the server answers for `body` posted to `path`. */
async function serverFieldMessages(path: string, body: unknown): Promise<Record<string, string>> {
  const cookie = await signInAsAdmin(app.url);
  const response = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: app.url },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(400);
  return ((await response.json()) as { fields: Record<string, string> }).fields;
}

/** Collects the page's requests to `path`. */
function requestsTo(page: Page, path: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) seen.push(request.method());
  });
  return seen;
}

test('the direct sender shows the server’s own message for a malformed address, before any request', async ({
  page,
}) => {
  await signIn(page, '/email-test', 'Email Test');
  const sent = requestsTo(page, '/api/send-direct-email');
  const form = sender(page);
  const typed = { fromEmail: mailbox.user, fromPassword: 'x', toEmail: 'client at example.com' };
  await form.getByLabel(/^From Email/).fill(typed.fromEmail);
  await form.getByLabel(/^Password/).fill(typed.fromPassword);
  await form.getByLabel(/^To Email/).fill(typed.toEmail);
  await page.getByRole('button', { name: 'Send Test Email' }).click();
  await expectToast(page, 'Failed to Send Email', 'Please check the highlighted fields.');
  const to = form.getByLabel(/^To Email/);
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(to).toBeFocused();
  const server = await serverFieldMessages('/api/send-direct-email', { ...typed, provider: 'gmail' });
  expect(server.toEmail).toBeTruthy();
  await expect(to).toHaveAccessibleDescription(server.toEmail ?? '');
  expect(sent).toEqual([]);
});

test('the client email test sends the client auto-response, filled from the form', async ({ page }) => {
  await signIn(page, '/client-email-test', 'Client Email Test');
  const sent = requestsTo(page, '/api/test-client-email');

  // The server's field messages show by their fields, before any request; focus goes to the first.
  await page.getByRole('button', { name: 'Send Test Email' }).click();
  await expectToast(page, 'Email Test Failed', 'Please check the highlighted fields.');
  const name = page.getByLabel(/^Name/);
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  await expect(page.getByLabel(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Please enter a name')).toBeVisible();
  const server = await serverFieldMessages('/api/test-client-email', {
    name: '',
    email: '',
    phone: '',
    address: '',
    service: 'regular-clean',
    message: '',
  });
  await expect(name).toHaveAccessibleDescription(server.name ?? 'no message from the server');
  await expect(page.getByLabel(/^Email/)).toHaveAccessibleDescription(
    server.email ?? 'no message from the server',
  );
  expect(sent).toEqual([]);
  await expectNoAxeViolations(page);

  await name.fill('Priya Shah');
  await page.getByLabel(/^Email/).fill('priya.e2e@example.com');
  await page.getByLabel('Phone').fill('0491 570 158');
  await page.getByLabel('Address').fill('12 Chapel St, South Yarra, VIC');
  await page.getByLabel(/^Service/).selectOption({ label: 'End of Lease Cleaning' });
  await page.getByLabel('Message').fill('Testing the auto-response');
  await page.getByRole('button', { name: 'Send Test Email' }).click();
  await expectToast(
    page,
    'Test Email Sent',
    'The client auto-response is on its way to priya.e2e@example.com.',
  );
  await expect(name).not.toHaveAttribute('aria-invalid');

  await expect
    .poll(() => app.received.filter((mail) => mail.envelope.to.includes('priya.e2e@example.com')).length, {
      timeout: 15_000,
    })
    .toBe(1);
  const mail = app.received.find((each) => each.envelope.to.includes('priya.e2e@example.com'));
  expect(mail?.text).toContain('Hi Priya,');
  expect(mail?.text).toContain('End of Lease Cleaning');
  expect(mail?.text).toContain('We will email you a detailed quote within 24 hours.');
});

test('a dead letter is retried from the Mail log and delivered', async ({ page }) => {
  test.setTimeout(60_000);
  const address = 'dead.letter@example.com';
  await app.stopSmtp();
  try {
    await signIn(page, '/client-email-test', 'Client Email Test');
    await page.getByLabel(/^Name/).fill('Dana Letter');
    await page.getByLabel(/^Email/).fill(address);
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expectToast(page, 'Test Email Sent', `The client auto-response is on its way to ${address}.`);

    // The dashboard's dead-letter link: the log is locked until the quote dashboard password.
    await page.goto(`${app.url}/email-test?status=dead#mail-log`);
    const log = page.locator('#mail-log');
    await expect(log.getByRole('heading', { level: 2, name: 'Mail log' })).toBeFocused();
    await log.getByLabel('Password', { exact: true }).fill('not it');
    await log.getByRole('button', { name: 'Unlock' }).click();
    await expect(log.getByRole('alert')).toHaveText('Incorrect password');
    await expect(log.getByLabel('Password', { exact: true })).toBeFocused();
    await expectNoAxeViolations(page);
    await unlockMailLog(page);
    await expect(log.getByLabel('Status')).toHaveValue('dead');

    const entry = mailTo(page, address);
    await expect(async () => {
      await log.getByRole('button', { name: 'Refresh' }).click();
      await expect(entry.locator('.mail-status')).toHaveText('dead', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(entry.getByText('Last error', { exact: true })).toBeVisible();
  } finally {
    await app.startSmtp();
  }

  const entry = mailTo(page, address);
  const retry = entry.getByRole('button', { name: `Retry mail to ${address}` });
  await expect(retry).toHaveText(/^Retry /);
  await retry.click();
  await expectToast(page, 'Mail queued again', `The mail to ${address} will be sent again shortly.`);
  await expect(entry.locator('.mail-status')).toHaveText('queued');

  // The filter follows the URL: 'All' drops ?status.
  const log = page.locator('#mail-log');
  await log.getByLabel('Status').selectOption('');
  await expect(page).toHaveURL(`${app.url}/email-test#mail-log`);
  await expect(async () => {
    await log.getByRole('button', { name: 'Refresh' }).click();
    await expect(mailTo(page, address).locator('.mail-status')).toHaveText('sent', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect
    .poll(() => app.received.filter((mail) => mail.envelope.to.includes(address)).length, { timeout: 15_000 })
    .toBe(1);
});

test('missing fields, pages of mail, axe and a 360 px wide phone', async ({ page }) => {
  test.setTimeout(60_000);
  // Enough mail for a second page (25 a page).
  const cookie = await signInAsAdmin(app.url);
  for (let index = 0; index < 26; index += 1) {
    const response = await fetch(`${app.url}/api/test-client-email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: app.url },
      body: JSON.stringify({
        name: `Page Tester ${index}`,
        email: `page${index}@example.com`,
        service: 'oven-clean',
      }),
    });
    expect(response.status).toBe(202);
  }

  // The dashboard's dead-letter count links to the filtered log (a navigation inside the app).
  await signIn(page, '/dashboard', 'Welcome, Sarah');
  await page.locator('a[href="/email-test?status=dead#mail-log"]').click();
  await expect(page).toHaveURL(`${app.url}/email-test?status=dead#mail-log`);
  const log = page.locator('#mail-log');
  await expect(log.getByRole('heading', { level: 2, name: 'Mail log' })).toBeFocused();
  await unlockMailLog(page);
  await expect(log.getByLabel('Status')).toHaveValue('dead');
  await expect(log.getByRole('status')).toHaveText('No dead mail.');
  await log.getByLabel('Status').selectOption('');
  await expect(log.getByRole('listitem')).toHaveCount(25);

  await page.getByRole('button', { name: 'Send Test Email' }).click();
  await expectToast(page, 'Missing Information', 'Please fill in all required fields');
  for (const label of [/^From Email/, /^Password/, /^To Email/]) {
    await expect(sender(page).getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(sender(page).getByLabel(/^From Email/)).toBeFocused();

  await log.getByRole('button', { name: 'Load more' }).click();
  await expect.poll(() => log.getByRole('listitem').count()).toBeGreaterThan(25);
  await expect(log.locator('.mail__subject').nth(25)).toBeFocused();

  // A mail's text, read in place.
  const newest = mailTo(page, 'page25@example.com');
  await newest.getByText('Read mail to page25@example.com').click();
  await expect(newest.locator('pre')).toContainText('Hi Page,');
  await sender(page).getByLabel('Provider').selectOption('custom');
  await expectNoAxeViolations(page);

  // A phone 360 px wide: nothing scrolls sideways, every control is a 44 px target.
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/email-test', '/client-email-test']) {
    if (path !== '/email-test') {
      await page
        .getByRole('navigation', { name: 'Admin' })
        .getByRole('link', { name: 'Client Email Test' })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Client Email Test' })).toBeVisible();
    }
    const sizes = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
    }));
    expect(sizes.page, `${path} scrolls sideways`).toBeLessThanOrEqual(sizes.viewport);
    const small = await page
      .locator('main')
      .locator('button, select, input, textarea, summary')
      .evaluateAll((controls) =>
        controls
          .map((control) => ({ control, box: control.getBoundingClientRect() }))
          .filter(({ box }) => box.width > 1 && box.height > 0)
          .filter(({ box }) => box.height < 44 || box.width < 44)
          .map(({ control }) => control.outerHTML.slice(0, 80)),
      );
    expect(small, `${path}: controls under 44 px`).toEqual([]);
  }
  await expectNoAxeViolations(page);
});
