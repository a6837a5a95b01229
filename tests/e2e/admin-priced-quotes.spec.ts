/**
 * Priced quotes as staff work them: the price list (/prices, open while the quote dashboard is
 * locked), and a quote prepared from a request's answers, edited, sent and mailed — against the
 * app's own server process with the quote-dashboard password set and a real SMTP server.
 */
import { toSubmission } from '@cleanquote/quote-core';
import {
  centsToDollarsText,
  durationItems,
  estimateDurationMinutes,
  formatAud,
  gstIncluded,
  type PriceList,
  priceItems,
  type QuoteLine,
  quoteLinesFor,
} from '@cleanquote/quote-core/staff';
import { validAnswers } from '@cleanquote/quote-core/test-fixtures';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { type ServerWithSmtp, startServerWithSmtp } from '../support/server-with-smtp.ts';
import { signInThroughLogIn } from '../support/staff-sign-in.ts';

const dashboardPassword = 'priced quotes dashboard password';
const customer = {
  name: 'Priced Quote Tester',
  email: 'priced.quote@example.com',
  phone: '0491 570 163',
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

/** The price list as the API holds it (the page's session cookie). */
async function pricesOf(page: Page): Promise<PriceList & { gstRegistered: boolean }> {
  const response = await page.request.get(`${app.url}/api/prices`);
  expect(response.status()).toBe(200);
  return response.json();
}

/** Counts the requests the page sends with `method` to a path ending in `pathEnd`, from now on. */
function countRequests(page: Page, method: string, pathEnd: RegExp): { readonly count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === method && pathEnd.test(new URL(request.url()).pathname)) seen.count += 1;
  });
  return seen;
}

test('the price list shows the prices, refuses a bad amount before sending, and records a change', async ({
  page,
}) => {
  // Prices hold no customer data: the quote dashboard's password is not asked for.
  await signInTo(page, '/prices');
  await expect(page.getByRole('heading', { level: 1, name: 'Price List' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Prices' }),
  ).toHaveAttribute('aria-current', 'page');

  const prices = await pricesOf(page);
  for (const item of priceItems(prices)) {
    await expect(page.getByLabel(item.label, { exact: true })).toHaveValue(centsToDollarsText(item.cents));
  }
  await expect(
    page.getByRole('group', { name: 'End of Lease Cleaning' }).getByLabel(': Per bedroom'),
  ).toHaveValue('60.00');
  // Each service's estimated time, in minutes, in a group of its own.
  for (const item of durationItems(prices)) {
    await expect(page.getByLabel(`${item.label} in minutes`, { exact: true })).toHaveValue(
      String(item.minutes),
    );
  }
  await expect(
    page
      .getByRole('group', { name: 'End of Lease Cleaning: Estimated time', exact: true })
      .getByLabel('End of Lease Cleaning: Time per bedroom in minutes'),
  ).toHaveValue('45');
  await expectNoAxeViolations(page);

  const saves = countRequests(page, 'PUT', /\/api\/prices$/);
  const bedroom = page.getByLabel('End of Lease Cleaning: Per bedroom', { exact: true });
  for (const [typed, message] of [
    ['12.345', 'End of Lease Cleaning: Per bedroom: whole cents only (no fraction of a cent)'],
    ['-5', 'End of Lease Cleaning: Per bedroom: can’t be negative'],
  ] as const) {
    await bedroom.fill(typed);
    await page.getByRole('button', { name: 'Save Prices' }).click();
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(bedroom).toHaveAttribute('aria-invalid', 'true');
    await expect(bedroom).toBeFocused();
  }
  expect(saves.count).toBe(0);
  await expectNoAxeViolations(page);

  await bedroom.fill('65');
  await page.getByRole('button', { name: 'Save Prices' }).click();
  await expect(page.locator('li.toast')).toContainText('Prices Saved');
  await expect(bedroom).not.toHaveAttribute('aria-invalid');
  expect(saves.count).toBe(1);
  expect((await pricesOf(page)).services['end-of-lease'].bedroomCents).toBe(6500);

  const changes = page.getByRole('region', { name: 'Price changes' }).getByRole('listitem');
  await expect(changes).toHaveCount(1);
  await expect(changes.first()).toContainText('End of Lease Cleaning: Per bedroom: $60.00 → $65.00');
  await expect(changes.first()).toContainText(/by Sarah on \d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2} (AM|PM)$/);

  // A time: a fraction of a minute is refused at its field, whole minutes are saved and recorded.
  const baseTime = page.getByLabel('End of Lease Cleaning: Base time in minutes', { exact: true });
  await baseTime.fill('200.5');
  await page.getByRole('button', { name: 'Save Prices' }).click();
  await expect(
    page.getByText('End of Lease Cleaning: Base time: whole minutes only', { exact: true }),
  ).toBeVisible();
  await expect(baseTime).toBeFocused();
  expect(saves.count).toBe(1);
  await baseTime.fill('200');
  await page.getByRole('button', { name: 'Save Prices' }).click();
  await expect(page.locator('li.toast').last()).toContainText('1 time changed. New quotes start from them.');
  expect(saves.count).toBe(2);
  expect((await pricesOf(page)).durations['end-of-lease'].baseMinutes).toBe(200);
  await expect(changes).toHaveCount(2);
  await expect(changes.first()).toContainText('End of Lease Cleaning: Base time: 3 h → 3 h 20 min');

  // Saved and read again: the page shows what the server holds.
  await page.reload();
  await expect(bedroom).toHaveValue('65.00');
  await expect(baseTime).toHaveValue('200');
});

/** The editor's line `number` (from 1). */
function line(page: Page, number: number): Locator {
  return page.getByRole('group', { name: `Line ${number}`, exact: true });
}

test('a quote prepared from an end-of-lease request is edited with live totals, sent and mailed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const answers = validAnswers('end-of-lease+carpet', customer);
  const stored = await page.request.post(`${app.url}/api/service-form`, { data: toSubmission(answers) });
  expect(stored.status()).toBe(201);

  await signInTo(page, '/admin');
  await page.getByLabel('Password').fill(dashboardPassword);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByLabel('Search').fill(customer.email);
  await page.getByRole('link', { name: customer.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();

  const section = page.getByRole('region', { name: 'Quote', exact: true });
  await section.getByRole('button', { name: 'Prepare Quote' }).click();
  await expect(section.getByRole('heading', { name: 'Prepare Quote' })).toBeFocused();

  // The lines are the request's answers at the price list's prices.
  const prices = await pricesOf(page);
  const id = new URL(page.url()).searchParams.get('quote') ?? '';
  const detail = await page.request.get(`${app.url}/api/contact/${id}`);
  const { details } = await detail.json();
  const expected: QuoteLine[] = quoteLinesFor(details, prices);
  expect(expected.map((each) => each.description)).toEqual([
    'End of Lease Cleaning',
    'Bedrooms',
    'Bathrooms',
    'Carpet steam cleaning: Bedrooms',
    'Carpet steam cleaning: Hallways',
  ]);
  await expect(section.getByRole('group', { name: /^Line \d+$/ })).toHaveCount(expected.length);
  for (const [index, each] of expected.entries()) {
    const fields = line(page, index + 1);
    await expect(fields.getByLabel('Description')).toHaveValue(each.description);
    await expect(fields.getByLabel('Quantity')).toHaveValue(String(each.quantity));
    await expect(fields.getByLabel('Unit price')).toHaveValue(centsToDollarsText(each.unitPriceCents));
    await expect(fields).toContainText(formatAud(each.quantity * each.unitPriceCents));
  }
  const sum = (lines: QuoteLine[]) =>
    lines.reduce((total, each) => total + each.quantity * each.unitPriceCents, 0);
  const totals = section.locator('.quote-totals');
  await expect(totals).toContainText(`Total (incl. GST)${formatAud(sum(expected))}`);
  await expect(totals).toContainText(`GST included${formatAud(gstIncluded(sum(expected)))}`);
  // The estimated time starts from the price list's times for the request's rooms, its hours beside it.
  const estimate = estimateDurationMinutes(details, prices);
  const time = section.getByRole('spinbutton', { name: /^Estimated time/ });
  await expect(time).toHaveValue(String(estimate));
  await expect(time).toHaveAttribute('step', '15');
  await time.fill('240');
  await expect(time).toHaveAccessibleDescription(/^4 h /);
  await expectNoAxeViolations(page);

  // A new base price: the line's total and the quote's follow as it is typed.
  await line(page, 1).getByLabel('Unit price').fill('299.95');
  const edited = expected.map((each, index) => (index === 0 ? { ...each, unitPriceCents: 29995 } : each));
  await expect(line(page, 1)).toContainText('$299.95');
  await expect(totals).toContainText(`Total (incl. GST)${formatAud(sum(edited))}`);
  await expect(totals).toContainText(`GST included${formatAud(gstIncluded(sum(edited)))}`);

  // A bad quantity is refused in the server's words before anything is sent.
  const quoteSaves = countRequests(page, 'POST', /\/api\/contact\/[^/]+\/quote$/);
  await line(page, 2).getByLabel('Quantity').fill('2.5');
  await section.getByRole('button', { name: 'Save Draft' }).click();
  await expect(section.getByText('Line 2: the quantity is a whole number from 1 to 999')).toBeVisible();
  await expect(line(page, 2).getByLabel('Quantity')).toBeFocused();
  expect(quoteSaves.count).toBe(0);
  await line(page, 2).getByLabel('Quantity').fill(String(expected[1]?.quantity));
  // So is an estimated time under a quarter of an hour.
  await time.fill('10');
  await section.getByRole('button', { name: 'Save Draft' }).click();
  await expect(
    section.getByText('The estimated time is a whole number of minutes from 15 to 720', { exact: true }),
  ).toBeVisible();
  await expect(time).toBeFocused();
  expect(quoteSaves.count).toBe(0);
  await time.fill('240');

  // By keyboard: add a line, fill it, remove it again.
  const addLine = section.getByRole('button', { name: 'Add line' });
  await addLine.focus();
  await page.keyboard.press('Enter');
  const added = line(page, expected.length + 1);
  await expect(added.getByLabel('Description')).toBeFocused();
  await page.keyboard.type('Balcony');
  await page.keyboard.press('Tab');
  await expect(added.getByLabel('Quantity')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(added.getByLabel('Unit price')).toBeFocused();
  await page.keyboard.type('40');
  await expect(totals).toContainText(`Total (incl. GST)${formatAud(sum(edited) + 4000)}`);
  await page.keyboard.press('Tab');
  const remove = section.getByRole('button', { name: `Remove line ${expected.length + 1}` });
  await expect(remove).toBeFocused();
  await page.keyboard.press('Space');
  await expect(section.getByRole('group', { name: /^Line \d+$/ })).toHaveCount(expected.length);
  await expect(totals).toContainText(`Total (incl. GST)${formatAud(sum(edited))}`);

  await section.getByLabel('Note to the customer').fill('Keys are with the agent.');
  await expectNoAxeViolations(page);
  // On a 360 px phone the lines stack, with no sideways scrolling.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Send Quote saves the draft and sends it: no other step.
  await section.getByRole('button', { name: 'Send Quote' }).click();
  await expect(page.getByRole('heading', { name: 'Quote: Sent' })).toBeVisible();
  await expect(page.locator('li.toast')).toContainText('Quote sent');
  await expect(page.locator('li.toast')).toContainText(/valid until \d{2}\/\d{2}\/\d{4}/);
  const sent = page.getByRole('region', { name: 'Quote: Sent' });
  await expect(sent).toContainText(/Valid until \d{2}\/\d{2}\/\d{4}/);
  await expect(sent.getByRole('listitem').filter({ hasText: /^Version 1 — Sent — sent / })).toContainText(
    formatAud(sum(edited)),
  );
  await expect(sent).toContainText('Estimated time: 4 h');
  const saved = await page.request.get(`${app.url}/api/contact/${id}/quote`);
  expect(await saved.json()).toMatchObject({ version: 1, status: 'sent', durationMinutes: 240 });
  await expect(
    page
      .getByRole('region', { name: 'History' })
      .getByRole('listitem')
      .filter({ hasText: `Quote sent, ${formatAud(sum(edited))} incl. GST` }),
  ).toHaveCount(1);

  // The customer receives it: the confirmation first, then the quote.
  await expect
    .poll(() => app.received.filter((mail) => mail.envelope.to.includes(customer.email)).length, {
      timeout: 15_000,
    })
    .toBe(2);
  const mail = app.received.filter((each) => each.envelope.to.includes(customer.email)).at(-1);
  expect(mail?.text).toContain(formatAud(sum(edited)));
  expect(mail?.text).toContain('Keys are with the agent.');

  // Editing a sent quote drafts the next version, and says what the customer's link will show.
  await sent.getByRole('button', { name: 'Edit Quote' }).click();
  await expect(
    page.getByText(
      "Editing makes version 2; the customer's earlier link will show that the quote was updated.",
    ),
  ).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: /^Estimated time/ })).toHaveValue('240');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Quote: Sent' })).toBeFocused();

  // The inbox shows the quote's state, and 'Awaiting customer' finds it.
  await page.getByRole('link', { name: '← Back to quote requests' }).click();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: customer.name }) });
  await expect(row.getByText('Quote: Sent', { exact: true })).toBeVisible();
  await page.getByLabel('Search').fill('');
  await page.getByRole('checkbox', { name: 'Awaiting customer' }).check();
  await expect(page).toHaveURL(/[?&]awaiting=customer/);
  await expect(page.locator('.quote-row')).toHaveCount(1);

  // The dashboard counts it among the quotes awaiting an answer.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(
    page.getByRole('region', { name: 'System Status' }).getByText('Quotes awaiting an answer: 1'),
  ).toBeVisible();

  // Today's report counts the quote sent.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Analytics' }).click();
  const today = await page.getByLabel('Date').getAttribute('max');
  await page.getByLabel('Date').fill(today ?? '');
  const figures = page.getByRole('region', { name: 'Priced quotes' });
  await expect(figures.getByRole('definition').first()).toHaveText('1');
  await expect(figures).toContainText('Quotes sent1');
  await expect(figures).toContainText('Quotes accepted0');
  await expect(figures).toContainText('Acceptance rate0%');
  await expect(figures).toContainText(/Median time from request to quote\d+(\.\d)? hours?/);
});
