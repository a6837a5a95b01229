import { type QuoteLine, quoteTotals } from '@cleanquote/quote-core/staff';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { type FakeXero, productEnvironmentFor, startFakeXero } from '../support/fake-xero.ts';
import { type ServerWithSmtp, startServerWithSmtp } from '../support/server-with-smtp.ts';
import {
  type Customer,
  quoteLinkIn,
  type StaffApiSession,
  staffApiSession,
} from '../support/staff-api-session.ts';
import { signInThroughLogIn } from '../support/staff-sign-in.ts';
import { connectThroughPopup, organisationItem } from '../support/xero-screen.ts';

let fake: FakeXero;
let app: ServerWithSmtp;
let session: StaffApiSession;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  fake = await startFakeXero();
  app = await startServerWithSmtp({
    env: { ...productEnvironmentFor(fake), XERO_SYNC_RETRY_BASE_MS: '300', XERO_TIMEOUT_MS: '3000' },
  });
  session = await staffApiSession(app);
});

test.afterAll(async () => {
  await app?.close();
  await fake?.close();
});

const organisation = () => fake.tenants[0]?.tenantName ?? '';

const staff: StaffApiSession['staff'] = (path, init) => session.staff(path, init);
const mailsTo = (address: string) => session.mailsTo(address);
const storeRequest = (customer: Customer) => session.storeRequest(customer);

/** Drafts (or re-drafts) and sends a request's quote through the staff API; the customer's link. */
async function sendQuote(id: string, email: string, lines: QuoteLine[]): Promise<string> {
  const before = mailsTo(email).length;
  const drafted = await staff(`/api/contact/${id}/quote`, { method: 'POST', body: { lines } });
  if (drafted.status === 409) {
    expect((await staff(`/api/contact/${id}/quote`, { method: 'PUT', body: { lines } })).status).toBe(200);
  } else {
    expect(drafted.status).toBe(201);
  }
  expect((await staff(`/api/contact/${id}/quote/send`, { method: 'POST' })).status).toBe(200);
  await expect.poll(() => mailsTo(email).length, { timeout: 15_000 }).toBe(before + 1);
  return quoteLinkIn(mailsTo(email).at(-1));
}

/** The customer, with JavaScript off, accepts the quote behind `link`. */
async function acceptWithoutScript(browser: Browser, link: string, name: string): Promise<void> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const customer = await context.newPage();
  await customer.goto(link);
  await customer.getByLabel('Your full name').fill(name);
  await customer.getByLabel('I accept the quote and the terms').check();
  await customer.getByRole('button', { name: 'Accept Quote' }).click();
  await expect(customer.getByText(/^You accepted this quote on /)).toBeVisible();
  await context.close();
}

/** The request's page in the quote inbox, as staff open it: searched by email, then its name. */
async function openRequest(page: Page, customer: Customer): Promise<void> {
  await page.goto(`${app.url}/admin`);
  await page.getByLabel('Search').fill(customer.email);
  await page.getByRole('link', { name: customer.name, exact: true }).click();
}

const quoteWrites = () =>
  fake.requests.filter((request) => request.method === 'POST' && request.path === '/api.xro/2.0/Quotes');

const LINES: QuoteLine[] = [
  { description: 'End of Lease Cleaning', quantity: 1, unitPriceCents: 29_500 },
  { description: 'Bedrooms', quantity: 2, unitPriceCents: 7_000 },
  { description: 'Carpet steam cleaning: Bedrooms', quantity: 2, unitPriceCents: 4_950 },
];

const priya: Customer = {
  name: 'Priya Ledger',
  email: 'priya.ledger@example.com',
  phone: '0491 570 182',
  address: '12 Chapel St, Windsor, VIC',
};

test('connect with the write scopes, choose the organisation, and each quote lands in Xero once', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInThroughLogIn(page, app.url, '/xero');
  await connectThroughPopup(page, organisation());
  const authorize = fake.requests.find((request) => request.path === '/identity/connect/authorize');
  expect(authorize?.query.scope?.split(' ')).toEqual(
    expect.arrayContaining(['accounting.transactions', 'accounting.contacts']),
  );
  const item = organisationItem(page, organisation());
  await item.getByLabel('Send quotes and invoices to this organisation').check();
  await expect
    .poll(
      async () => ((await (await staff('/api/xero/sync')).json()) as { tenantId: string | null }).tenantId,
    )
    .toBe(fake.tenants[0]?.tenantId);
  expect(await (await staff('/api/xero/sync')).json()).toMatchObject({
    accountCode: '200',
    taxType: 'OUTPUT',
    canWrite: true,
  });
  await expectNoAxeViolations(page);

  // A priced quote sent: one Xero quote for the customer's contact, our lines and total, SENT.
  const first = await storeRequest(priya);
  await sendQuote(first.id, priya.email, LINES);
  await openRequest(page, priya);
  await expect.poll(() => fake.quotes().length, { timeout: 15_000 }).toBe(1);
  const [xeroQuote] = fake.quotes();
  await expect(page.getByText(`In Xero: ${xeroQuote?.QuoteNumber}`)).toBeVisible({ timeout: 15_000 });
  const totals = quoteTotals(LINES, true);
  expect(xeroQuote).toMatchObject({
    Status: 'SENT',
    Reference: first.reference,
    LineAmountTypes: 'Inclusive',
    Total: totals.totalCents / 100,
  });
  expect(xeroQuote?.LineItems?.map((line) => [line.Description, line.Quantity, line.UnitAmount])).toEqual(
    LINES.map((line) => [line.description, line.quantity, line.unitPriceCents / 100]),
  );
  expect(fake.contacts()).toEqual([expect.objectContaining({ Name: priya.name, EmailAddress: priya.email })]);
  expect(xeroQuote?.Contact?.ContactID).toBe(fake.contacts()[0]?.ContactID);

  // A second request from the same email reuses the contact.
  const second = await storeRequest(priya);
  await sendQuote(second.id, priya.email, LINES.slice(0, 1));
  await expect.poll(() => fake.quotes().length, { timeout: 15_000 }).toBe(2);
  expect(fake.contacts()).toHaveLength(1);

  // Version 2 updates the same Xero quote.
  const v2 = LINES.map((line, index) => (index === 0 ? { ...line, unitPriceCents: 31_000 } : line));
  const link = await sendQuote(first.id, priya.email, v2);
  const v2Total = quoteTotals(v2, true).totalCents / 100;
  await expect
    .poll(() => fake.quotes().find((quote) => quote.QuoteID === xeroQuote?.QuoteID)?.Total, {
      timeout: 15_000,
    })
    .toBe(v2Total);
  expect(fake.quotes()).toHaveLength(2);

  // The customer accepts without script: the Xero quote is ACCEPTED.
  await acceptWithoutScript(browser, link, priya.name);
  await expect
    .poll(() => fake.quotes().find((quote) => quote.QuoteID === xeroQuote?.QuoteID)?.Status, {
      timeout: 15_000,
    })
    .toBe('ACCEPTED');

  // 'Create Invoice in Xero': one draft sales invoice, shown with its number.
  await page.reload();
  const create = page.getByRole('button', { name: 'Create Invoice in Xero' });
  await create.click();
  await expect.poll(() => fake.invoices().length, { timeout: 15_000 }).toBe(1);
  const [invoice] = fake.invoices();
  await expect(page.getByText(`Invoice ${invoice?.InvoiceNumber}`)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Open in Xero' })).toHaveAttribute(
    'href',
    new RegExp(invoice?.InvoiceID ?? 'missing'),
  );
  expect(invoice).toMatchObject({
    Type: 'ACCREC',
    Status: 'DRAFT',
    Reference: first.reference,
    LineAmountTypes: 'Inclusive',
    Total: v2Total,
  });
  await expect(create).toHaveCount(0);
  // Pressed again through the API (a second tab, a double submit): nothing more is created.
  expect((await staff(`/api/contact/${first.id}/xero/invoice`, { method: 'POST' })).status).toBe(200);
  await page.waitForTimeout(500);
  expect(fake.invoices()).toHaveLength(1);
  await expectNoAxeViolations(page);
});

test('Xero failing: three 500s then one quote; a 429 waits its Retry-After; Xero down shows Retry', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const flaky: Customer = { ...priya, name: 'Sam Flaky', email: 'sam.flaky@example.com' };
  const request = await storeRequest(flaky);
  const quotesBefore = fake.quotes().length;
  fake.failTimes('/api.xro/2.0/Quotes', 500, 3);
  await sendQuote(request.id, flaky.email, LINES);
  await expect.poll(() => fake.quotes().length, { timeout: 30_000 }).toBe(quotesBefore + 1);
  const attempts = quoteWrites().filter((write) => write.idempotencyKey?.startsWith(`${request.id}:1:`));
  expect(attempts).toHaveLength(4);
  expect(new Set(attempts.map((attempt) => attempt.idempotencyKey)).size).toBe(1);
  await signInThroughLogIn(page, app.url, '/admin');
  await openRequest(page, flaky);
  await expect(page.getByText(/^In Xero: QU-\d+$/)).toBeVisible({ timeout: 15_000 });

  // 429 with Retry-After: 2 s: the next attempt comes no sooner.
  const limited: Customer = { ...priya, name: 'Lee Limited', email: 'lee.limited@example.com' };
  const limitedRequest = await storeRequest(limited);
  fake.rateLimitNext('/api.xro/2.0/Quotes', 2);
  await sendQuote(limitedRequest.id, limited.email, LINES);
  const ofLimited = () =>
    quoteWrites().filter((write) => write.idempotencyKey?.startsWith(`${limitedRequest.id}:`));
  await expect.poll(() => ofLimited().length, { timeout: 30_000 }).toBe(2);
  const [refused, retried] = ofLimited();
  expect((retried?.at ?? 0) - (refused?.at ?? 0)).toBeGreaterThanOrEqual(2_000);

  // Xero down for the rest of the test: the quote page says so, with Retry; the Accept is answered.
  const stranded: Customer = { ...priya, name: 'Dana Down', email: 'dana.down@example.com' };
  const strandedRequest = await storeRequest(stranded);
  fake.failAlways('/api.xro/2.0/', 503);
  const link = await sendQuote(strandedRequest.id, stranded.email, LINES);
  await openRequest(page, stranded);
  await expect(page.getByText(/^Xero sync failed: /)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expectNoAxeViolations(page);
  await acceptWithoutScript(browser, link, stranded.name);
  const status = (await (await staff('/api/admin/status')).json()) as { xeroSyncFailed: number };
  expect(status.xeroSyncFailed).toBeGreaterThanOrEqual(1);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText(/^Xero sync failed: /)).toBeVisible({ timeout: 15_000 });
  fake.stopFailing();
});
