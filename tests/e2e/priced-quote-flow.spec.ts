import {
  centsToDollarsText,
  estimateDurationMinutes,
  formatAud,
  type PriceList,
  type QuoteLine,
  quoteLinesFor,
  quoteTotals,
} from '@cleanquote/quote-core/staff';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { openDatabase } from '../../api/src/db/database.ts';
import { parseEnvironment } from '../../api/src/env.ts';
import { ManualClock } from '../../api/src/jobs/clock.ts';
import { JobRunner } from '../../api/src/jobs/job-runner.ts';
import { createLogger } from '../../api/src/lib/logger.ts';
import { addDays, melbourneDayStart } from '../../api/src/lib/melbourne-time.ts';
import { quoteExpiryJob } from '../../api/src/priced-quotes/quote-expiry-job.ts';
import type { ReceivedMail } from '../../api/src/test-support/smtp-test-server.ts';
import {
  deliveryBusinessEmail,
  type ServerWithSmtp,
  startServerWithSmtp,
} from '../support/server-with-smtp.ts';
import {
  type Customer,
  quoteLinkIn,
  type StaffApiSession,
  staffApiSession,
} from '../support/staff-api-session.ts';
import { signInThroughLogIn } from '../support/staff-sign-in.ts';

let app: ServerWithSmtp;
let session: StaffApiSession;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  app = await startServerWithSmtp();
  session = await staffApiSession(app);
});

test.afterAll(async () => {
  await app?.close();
});

/** Today in Melbourne as the customer's page writes dates: '25/11/2026'. */
function melbourneDate(instant = new Date()): string {
  return new Intl.DateTimeFormat('en-AU', {
    timeZone: 'Australia/Melbourne',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(instant);
}

/** 'yyyy-MM-dd' → 'dd/MM/yyyy'. */
function shownDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

function header(mail: ReceivedMail | undefined, name: string): string {
  return mail?.headers.get(name)?.[0] ?? '';
}

const staff: StaffApiSession['staff'] = (path, init) => session.staff(path, init);
const mailsTo = (address: string) => session.mailsTo(address);
const storeRequest = (customer: Customer) => session.storeRequest(customer);

const SAMPLE_LINES: QuoteLine[] = [
  { description: 'End of Lease Cleaning', quantity: 1, unitPriceCents: 25_000 },
  { description: 'Bedrooms', quantity: 2, unitPriceCents: 6_000 },
];

/** A request with a quote sent through the staff API; returns the customer's link and the send answer. */
async function sentQuote(customer: { name: string; email: string; phone: string; address: string }) {
  const request = await storeRequest(customer);
  expect(
    (await staff(`/api/contact/${request.id}/quote`, { method: 'POST', body: { lines: SAMPLE_LINES } }))
      .status,
  ).toBe(201);
  const send = await staff(`/api/contact/${request.id}/quote/send`, { method: 'POST' });
  expect(send.status).toBe(200);
  const sent = (await send.json()) as { version: number; validUntil: string };
  await expect.poll(() => mailsTo(customer.email).length, { timeout: 15_000 }).toBe(2);
  return { ...request, ...sent, link: quoteLinkIn(mailsTo(customer.email)[1]) };
}

async function requestDetail(id: string) {
  return (await (await staff(`/api/contact/${id}`)).json()) as {
    status: string;
    history: { kind: string; text?: string; reason?: string; to?: string }[];
  };
}

/** A page of a browser context without JavaScript, as a customer who turned it off opens the link. */
async function pageWithoutScript(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return context.newPage();
}

function signInTo(page: Page, path: string): Promise<void> {
  return signInThroughLogIn(page, app.url, path);
}

test('staff price and send a quote, and the customer accepts it online without script', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const customer = {
    name: 'Priya Flow',
    email: 'priya.flow@example.com',
    phone: '0491 570 181',
    address: '9 Chapel St, Windsor, VIC',
  };
  const { id, reference } = await storeRequest(customer);
  const confirmation = mailsTo(customer.email)[0];

  // Staff prepare the quote: the lines come from the request's answers and the price list.
  await signInTo(page, '/admin');
  await page.getByLabel('Search').fill(customer.email);
  await page.getByRole('link', { name: customer.name, exact: true }).click();
  const section = page.getByRole('region', { name: 'Quote', exact: true });
  await section.getByRole('button', { name: 'Prepare Quote' }).click();
  const prices = (await (await staff('/api/prices')).json()) as PriceList;
  const detail = (await (await staff(`/api/contact/${id}`)).json()) as {
    details: Parameters<typeof quoteLinesFor>[0];
  };
  const expected = quoteLinesFor(detail.details, prices);
  expect(expected.map((line) => line.description)).toEqual([
    'End of Lease Cleaning',
    'Bedrooms',
    'Bathrooms',
    'Carpet steam cleaning: Bedrooms',
    'Carpet steam cleaning: Hallways',
  ]);
  const line = (number: number) => section.getByRole('group', { name: `Line ${number}`, exact: true });
  for (const [index, each] of expected.entries()) {
    await expect(line(index + 1).getByLabel('Description')).toHaveValue(each.description);
    await expect(line(index + 1).getByLabel('Quantity')).toHaveValue(String(each.quantity));
    await expect(line(index + 1).getByLabel('Unit price')).toHaveValue(
      centsToDollarsText(each.unitPriceCents),
    );
  }

  // The estimated time is the price list's for the request's rooms; staff keep it.
  const estimate = estimateDurationMinutes(detail.details, prices);
  await expect(section.getByRole('spinbutton', { name: /^Estimated time/ })).toHaveValue(String(estimate));

  // One line edited; the total follows as it is typed.
  await line(2).getByLabel('Unit price').fill('75.50');
  const edited = expected.map((each, index) => (index === 1 ? { ...each, unitPriceCents: 7550 } : each));
  const totals = quoteTotals(edited, true);
  await expect(section.getByText(formatAud(totals.totalCents), { exact: true }).first()).toBeVisible();
  await section.getByRole('button', { name: 'Send Quote' }).click();
  await expect(page.getByRole('heading', { name: 'Quote: Sent' })).toBeVisible();
  expect(await (await staff(`/api/contact/${id}/quote`)).json()).toMatchObject({ durationMinutes: estimate });

  // The quote mail, threaded under the customer's confirmation, with the total and valid-until.
  await expect.poll(() => mailsTo(customer.email).length, { timeout: 15_000 }).toBe(2);
  const quoteMail = mailsTo(customer.email)[1];
  const confirmationId = header(confirmation, 'message-id');
  expect(confirmationId).not.toBe('');
  expect(header(quoteMail, 'in-reply-to')).toBe(confirmationId);
  expect(header(quoteMail, 'references')).toContain(confirmationId);
  expect(quoteMail?.text).toContain(formatAud(totals.totalCents));
  expect(quoteMail?.text).toContain('Valid until');
  expect(quoteMail?.html).toContain(formatAud(totals.totalCents));
  const link = quoteLinkIn(quoteMail);

  // The customer, with JavaScript off, reads the quote and accepts it with their name.
  const customerPage = await pageWithoutScript(browser);
  const opened = await customerPage.goto(link);
  expect(opened?.status()).toBe(200);
  await expect(customerPage.getByText(formatAud(totals.totalCents)).first()).toBeVisible();
  await expect(customerPage.getByText(customer.address)).toBeVisible();
  await customerPage.getByLabel('Your full name').fill(customer.name);
  await customerPage.getByLabel('I accept the quote and the terms').check();
  await customerPage.getByRole('button', { name: 'Accept Quote' }).click();
  await expect(customerPage.getByText(`You accepted this quote on ${melbourneDate()}`)).toBeVisible();
  await expect(customerPage.getByRole('button', { name: 'Accept Quote' })).toHaveCount(0);

  // The request is Won, with both entries in its history, on the staff screen too.
  const won = await requestDetail(id);
  expect(won.status).toBe('won');
  const texts = won.history.filter((entry) => entry.kind === 'quote').map((entry) => entry.text);
  expect(texts).toEqual([
    `Quote sent, ${formatAud(totals.totalCents)} incl. GST`,
    'Viewed by the customer',
    `Accepted online by ${customer.name}`,
  ]);
  await page.reload();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText(`Quote sent, ${formatAud(totals.totalCents)} incl. GST`)).toBeVisible();
  await expect(history.getByText(`Accepted online by ${customer.name}`)).toBeVisible();

  // Both mails: the customer's confirmation and the business's notification.
  await expect.poll(() => mailsTo(customer.email).length, { timeout: 15_000 }).toBe(3);
  await expect
    .poll(() => mailsTo(deliveryBusinessEmail).filter((mail) => mail.text.includes(reference)).length, {
      timeout: 15_000,
    })
    .toBe(2);
  const accepted = mailsTo(customer.email)[2];
  expect(header(accepted, 'in-reply-to')).toBe(header(quoteMail, 'message-id'));
});

test('the customer asks for changes, or declines; the inbox follows', async ({ browser }) => {
  test.setTimeout(60_000);
  const changes = await sentQuote({
    name: 'Chen Changes',
    email: 'chen.changes@example.com',
    phone: '0491 570 182',
    address: '3 High St, Prahran, VIC',
  });
  const customer = await pageWithoutScript(browser);
  await customer.goto(changes.link);
  await customer.getByLabel('What would you like changed?').fill('Could you add the balcony windows?');
  await customer.getByRole('button', { name: 'Request Changes' }).click();
  await expect(customer.getByText(`You asked for changes on ${melbourneDate()}`)).toBeVisible();
  const asked = await requestDetail(changes.id);
  expect(asked.status).toBe('quoted');
  expect(asked.history.map((entry) => entry.text)).toContain(
    'Changes requested: Could you add the balcony windows?',
  );
  await expect
    .poll(
      () => mailsTo(deliveryBusinessEmail).filter((mail) => mail.text.includes('balcony windows')).length,
      {
        timeout: 15_000,
      },
    )
    .toBe(1);

  const declines = await sentQuote({
    name: 'Dana Declines',
    email: 'dana.declines@example.com',
    phone: '0491 570 183',
    address: '4 Glenferrie Rd, Hawthorn, VIC',
  });
  await customer.goto(declines.link);
  await customer.getByLabel('Reason (optional)').fill('Found another cleaner');
  await customer.getByRole('button', { name: 'Decline' }).click();
  await expect(customer.getByText(`You declined this quote on ${melbourneDate()}`)).toBeVisible();
  const declined = await requestDetail(declines.id);
  expect(declined.status).toBe('lost');
  expect(
    declined.history.some((entry) => entry.reason === 'Declined by customer: Found another cleaner'),
  ).toBe(true);

  // Answering again from the page opened before changes nothing.
  await customer.goto(declines.link);
  await expect(customer.getByText(`You declined this quote on ${melbourneDate()}`)).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Accept Quote' })).toHaveCount(0);
});

test('version 2 supersedes version 1: the earlier link points to the latest, and only it is accepted', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const first = await sentQuote({
    name: 'Vera Versions',
    email: 'vera.versions@example.com',
    phone: '0491 570 184',
    address: '5 Sydney Rd, Brunswick, VIC',
  });
  const changed = [...SAMPLE_LINES, { description: 'Balcony windows', quantity: 1, unitPriceCents: 4_500 }];
  const put = await staff(`/api/contact/${first.id}/quote`, {
    method: 'PUT',
    body: { lines: changed, durationMinutes: 270 },
  });
  expect(put.status).toBe(200);
  expect(await put.json()).toMatchObject({ version: 2, durationMinutes: 270 });
  expect((await staff(`/api/contact/${first.id}/quote/send`, { method: 'POST' })).status).toBe(200);
  await expect.poll(() => mailsTo('vera.versions@example.com').length, { timeout: 15_000 }).toBe(3);
  const secondTotal = formatAud(quoteTotals(changed, true).totalCents);

  const customer = await pageWithoutScript(browser);
  await customer.goto(first.link);
  await expect(customer.getByText('This quote was updated')).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Accept Quote' })).toHaveCount(0);
  await customer.getByRole('link', { name: 'See the latest quote' }).click();
  await expect(customer.getByText(secondTotal).first()).toBeVisible();
  await customer.getByLabel('Your full name').fill('Vera Versions');
  await customer.getByLabel('I accept the quote and the terms').check();
  await customer.getByRole('button', { name: 'Accept Quote' }).click();
  await expect(customer.getByText(`You accepted this quote on ${melbourneDate()}`)).toBeVisible();

  const quote = (await (await staff(`/api/contact/${first.id}/quote`)).json()) as {
    version: number;
    status: string;
    versions: { version: number; status: string }[];
  };
  expect(quote).toMatchObject({ version: 2, status: 'accepted', durationMinutes: 270 });
  expect(quote.versions.map((each) => [each.version, each.status])).toEqual([
    [1, 'superseded'],
    [2, 'accepted'],
  ]);
});

test('by the job clock: one reminder three days before valid-until, then the quote expires', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const customer = {
    name: 'Ezra Expires',
    email: 'ezra.expires@example.com',
    phone: '0491 570 185',
    address: '6 Bay St, Brighton, VIC',
  };
  const quote = await sentQuote(customer);

  // The job runs in this process on the server's database file, with a clock of the test's own; the
  // server's delivery worker sends what it queues.
  const environment = parseEnvironment({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: `file:${app.databaseFile}`,
    PUBLIC_URL: app.url,
  });
  const database = await openDatabase({ url: environment.DATABASE_URL });
  const clock = new ManualClock(melbourneDayStart(addDays(quote.validUntil, -3)).getTime() + 10 * 3_600_000);
  const runner = new JobRunner({
    database,
    environment,
    logger: createLogger('silent'),
    jobs: [quoteExpiryJob],
    clock,
    schedule: false,
  });
  try {
    // Registers the job on the database and runs what is due at the clock's hour.
    await runner.start();
    await expect.poll(() => mailsTo(customer.email).length, { timeout: 15_000 }).toBe(3);
    expect(mailsTo(customer.email)[2]?.text).toContain(shownDay(quote.validUntil));
    clock.advance(3_600_000);
    await runner.tick();

    clock.set(melbourneDayStart(addDays(quote.validUntil, 1)).getTime() + 3_600_000);
    await runner.tick();
  } finally {
    await runner.stop();
    database.close();
  }
  // Exactly one reminder, then the expiry, in the request's history.
  const history = (await requestDetail(quote.id)).history.map((entry) => entry.text);
  expect(history.filter((text) => text === 'Reminder sent to the customer')).toHaveLength(1);
  expect(history.filter((text) => text === 'Quote expired')).toHaveLength(1);

  const page = await pageWithoutScript(browser);
  await page.goto(quote.link);
  await expect(page.getByText(`This quote expired on ${shownDay(quote.validUntil)}`)).toBeVisible();
  const again = page.getByRole('link', { name: 'Request a new quote' });
  await expect(again).toHaveAttribute('href', /\/service-form\?service=end-of-lease&suburb=brighton/);
  await expect(page.getByRole('button', { name: 'Accept Quote' })).toHaveCount(0);
  const state = (await (await staff(`/api/contact/${quote.id}/quote`)).json()) as { status: string };
  expect(state.status).toBe('expired');
});

test('an unknown link is the 404 page', async ({ page }) => {
  const response = await page.goto(`${app.url}/quote/AAAAAAAAAAAAAAAAAAAAAA`);
  expect(response?.status()).toBe(404);
  const malformed = await page.goto(`${app.url}/quote/not-a-token`);
  expect(malformed?.status()).toBe(404);
});
