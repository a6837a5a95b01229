/**
 * A quote submitted through the wizard on /service-form arrives on the test
 * SMTP server as two mails (the business's notification and the client's auto-response) and in
 * GET /api/contact for the signed-in admin. Runs against its own server process (the built site and
 * the API), with SMTP_URL pointing at a real SMTP server on 127.0.0.1.
 */
import { expect, test } from '@playwright/test';
import {
  deliveryBusinessEmail,
  type ServerWithSmtp,
  signInAsAdmin,
  startServerWithSmtp,
} from '../support/server-with-smtp.ts';
import { submitRegularClean } from '../support/wizard-flow.ts';

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

test('a regular clean sent through the wizard arrives as two mails and in the admin quote list', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const specialRequests = `Please use the side gate (${Date.now()})`;

  const reference = await submitRegularClean(page, app.url, client, specialRequests);

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
