/**
 * The customer's priced quote page, as the customer meets it: staff price and send a quote through
 * the staff API of a real server (the built site and the API) with a real SMTP server; the link comes
 * from the mail; the page is opened with JavaScript disabled at 360 px and on a desktop, its forms
 * reached and used with the keyboard alone, and each state checked with axe.
 *
 * axe is itself a script, and a page with JavaScript disabled never runs it (its analysis waits
 * forever), so axe looks at the same page in a context with JavaScript on. The page carries no script
 * at all (checked below), so what axe sees is exactly what the customer without JavaScript gets.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { validQuoteRequests } from '../../api/src/test-support/quote-requests.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { type ServerWithSmtp, signInAsAdmin, startServerWithSmtp } from '../support/server-with-smtp.ts';

const customer = {
  name: 'Morgan Renter',
  email: 'morgan.renter@example.com',
  phone: '0491 570 161',
  address: '4 Chapel St, South Yarra, VIC',
};

let app: ServerWithSmtp;
let token: string;

test.describe.configure({ mode: 'serial' });
test.use({ javaScriptEnabled: false });

/** Today's date in Melbourne as the page writes dates: dd/MM/yyyy. */
function melbourneToday(): string {
  return new Intl.DateTimeFormat('en-AU', {
    timeZone: 'Australia/Melbourne',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  app = await startServerWithSmtp();
  const submitted = await fetch(`${app.url}/api/service-form`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...validQuoteRequests.endOfLeaseWithCarpet, ...customer }),
  });
  expect(submitted.status, await submitted.clone().text()).toBe(201);
  const { reference } = (await submitted.json()) as { reference: string };

  const cookie = await signInAsAdmin(app.url);
  const staff = (path: string, body: unknown) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: app.url },
      body: JSON.stringify(body),
    });
  const list = (await (await fetch(`${app.url}/api/contact`, { headers: { Cookie: cookie } })).json()) as {
    id: string;
    reference: string;
  }[];
  const id = list.find((request) => request.reference === reference)?.id ?? '';
  const drafted = await staff(`/api/contact/${id}/quote`, {
    lines: [
      { description: 'End of Lease Cleaning', quantity: 1, unitPriceCents: 29_500 },
      { description: 'Bedrooms', quantity: 2, unitPriceCents: 7_000 },
      { description: 'Bathrooms', quantity: 1, unitPriceCents: 6_000 },
    ],
    note: 'Keys can be left with the agent.',
  });
  expect(drafted.status).toBe(201);
  expect((await staff(`/api/contact/${id}/quote/send`, {})).status).toBe(200);

  // The link exists only in the mail the customer gets.
  await expect
    .poll(() => app.received.find((mail) => mail.text.includes('View and accept your quote')), {
      timeout: 15_000,
    })
    .toBeTruthy();
  const mail = app.received.find((candidate) => candidate.text.includes('View and accept your quote'));
  token = mail?.text.match(/\/quote\/([A-Za-z0-9_-]{22})\b/)?.[1] ?? '';
  expect(token).toHaveLength(22);
});

test.afterAll(async () => {
  await app?.close();
});

/** Runs axe on the page `visit` leaves open, in a context of the same size with JavaScript on. */
async function expectAxeClean(
  browser: Browser,
  viewport: { width: number; height: number },
  visit: (page: Page) => Promise<unknown>,
): Promise<void> {
  const context = await browser.newContext({ viewport, javaScriptEnabled: true });
  try {
    const page = await context.newPage();
    await visit(page);
    await expectNoAxeViolations(page);
  } finally {
    await context.close();
  }
}

/** What has the keyboard focus: its id, else its text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return element?.id || element?.textContent?.trim() || '';
  });
}

for (const viewport of [
  { name: 'at 360 px', width: 360, height: 760 },
  { name: 'on a desktop', width: 1280, height: 900 },
]) {
  test(`the quote page ${viewport.name}: the quote, axe-clean, its forms reached by the keyboard`, async ({
    page,
    browser,
  }) => {
    const size = { width: viewport.width, height: viewport.height };
    await page.setViewportSize(size);
    const response = await page.goto(`${app.url}/quote/${token}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    await expect(page.locator('script')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Your quote' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Total \(incl\. GST\)\s*\$495\.00/ })).toBeVisible();
    await expect(page.getByText(/^Valid until \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    await expect(page.getByText('Keys can be left with the agent.')).toBeVisible();
    // Nothing wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAxeClean(browser, size, (axePage) => axePage.goto(`${app.url}/quote/${token}`));

    // Every field and button of the three forms is reached with Tab, in the page's order.
    const reached: string[] = [];
    for (let press = 0; press < 20 && !reached.includes('Decline'); press += 1) {
      await page.keyboard.press('Tab');
      reached.push(await focused(page));
    }
    const formControls = reached.filter((control) =>
      [
        'accept-name',
        'accept-terms',
        'Accept Quote',
        'changes-message',
        'Request Changes',
        'decline-reason',
        'Decline',
      ].includes(control),
    );
    expect(formControls).toEqual([
      'accept-name',
      'accept-terms',
      'Accept Quote',
      'changes-message',
      'Request Changes',
      'decline-reason',
      'Decline',
    ]);
  });
}

test('printed on A4: the quote and its terms, without the forms', async ({ page }) => {
  await page.goto(`${app.url}/quote/${token}`);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('row', { name: /Total \(incl\. GST\)\s*\$495\.00/ })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Unit price' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Terms' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept Quote' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Your answer' })).toBeHidden();
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdf.byteLength).toBeGreaterThan(0);
});

test('a form sent with problems comes back with its messages, axe-clean', async ({ page, browser }) => {
  await page.goto(`${app.url}/quote/${token}`);
  await page.getByRole('button', { name: 'Accept Quote' }).click();
  await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
  await expect(page).toHaveTitle(/^Error: /);
  const name = page.getByRole('textbox', { name: 'Your full name' });
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(/Enter your full name/);
  await expectAxeClean(browser, { width: 360, height: 760 }, async (axePage) => {
    await axePage.goto(`${app.url}/quote/${token}`);
    await axePage.getByRole('button', { name: 'Accept Quote' }).click();
    await expect(axePage.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
  });
  // The summary's link takes the focus to the field.
  await page.getByRole('link', { name: 'Enter your full name' }).click();
  await expect(name).toBeFocused();
});

test('accepting with the keyboard: the page says the quote was accepted today', async ({ page, browser }) => {
  await page.setViewportSize({ width: 360, height: 760 });
  await page.goto(`${app.url}/quote/${token}`);
  await page.getByRole('textbox', { name: 'Your full name' }).focus();
  await page.keyboard.type(customer.name);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'I accept the quote and the terms' })).toBeChecked();
  await page.keyboard.press('Tab');
  await Promise.all([page.waitForURL(`${app.url}/quote/${token}`), page.keyboard.press('Enter')]);
  await expect(
    page.getByRole('heading', { name: `You accepted this quote on ${melbourneToday()}` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept Quote' })).toHaveCount(0);
  await expectAxeClean(browser, { width: 360, height: 760 }, (axePage) =>
    axePage.goto(`${app.url}/quote/${token}`),
  );
});

test("an unknown link gets the site's 404 page", async ({ page }) => {
  const response = await page.goto(`${app.url}/quote/AAAAAAAAAAAAAAAAAAAAAA`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
