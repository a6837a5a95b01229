/**
 * Issue 5's "Done when": a quote submitted through the wizard on /service-form arrives on the test
 * SMTP server as two mails (the business's notification and the client's auto-response) and in
 * GET /api/contact for the signed-in admin. Runs against its own server process (the built site and
 * the API), with SMTP_URL pointing at a real SMTP server on 127.0.0.1.
 */
import { expect, type Page, test } from '@playwright/test';
import {
  deliveryBusinessEmail,
  type ServerWithSmtp,
  signInAsAdmin,
  startServerWithSmtp,
} from '../support/server-with-smtp.ts';

const client = {
  name: 'Delivery Tester',
  phone: '0491 570 159',
  email: 'delivery.tester@example.com',
  address: '8 Acland St, St Kilda, VIC',
};

let app: ServerWithSmtp;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  app = await startServerWithSmtp();
});

test.afterAll(async () => {
  await app?.close();
});

async function next(page: Page) {
  await page.locator('.cq-wizard').getByRole('button', { name: 'Next', exact: true }).click();
}

test('a regular clean sent through the wizard arrives as two mails and in the admin quote list', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const specialRequests = `Please use the side gate (${Date.now()})`;

  await page.goto(`${app.url}/service-form`);
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

  // Two mails on the SMTP server within 10 seconds: one to the business, one to the client.
  await expect
    .poll(() => app.received.filter((mail) => mail.headers.get('subject')?.[0]?.includes(reference)).length, {
      timeout: 10_000,
    })
    .toBe(2);
  const mails = app.received.filter((mail) => mail.headers.get('subject')?.[0]?.includes(reference));
  const notification = mails.find((mail) => mail.envelope.to.includes(deliveryBusinessEmail));
  const autoResponse = mails.find((mail) => mail.envelope.to.includes(client.email));
  expect(notification?.envelope.to).toEqual([deliveryBusinessEmail]);
  expect(notification?.text).toContain('Regular Cleaning');
  expect(notification?.text).toContain(client.phone);
  expect(notification?.text).toContain(specialRequests);
  expect(autoResponse?.envelope.to).toEqual([client.email]);
  expect(autoResponse?.text).toContain('within 24 hours');

  // The signed-in admin sees it in the quote list.
  const cookie = await signInAsAdmin(app.url);
  const list = await fetch(`${app.url}/api/contact`, { headers: { Cookie: cookie } });
  expect(list.status).toBe(200);
  const quotes = (await list.json()) as Record<string, unknown>[];
  expect(quotes.find((quote) => quote.reference === reference)).toMatchObject({
    reference,
    name: client.name,
    email: client.email,
    phone: client.phone,
    address: client.address,
    service: 'regular-clean',
    message: specialRequests,
    status: 'new',
    source: 'main-site',
  });
});
