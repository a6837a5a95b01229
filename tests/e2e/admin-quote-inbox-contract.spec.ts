/**
 * The quote inbox on the admin's typed contract, in a real browser against its own server process
 * (quote-dashboard password set): the URL as the one source of the filters, 'Mark as Contacted' on
 * a row, a returning customer's earlier and later requests, the forms saying the server's own
 * words, and a filter bar that fits the page at desktop and phone widths.
 */
import { type ServiceType, toSubmission } from '@cleanquote/quote-core';
import { validAnswers } from '@cleanquote/quote-core/test-fixtures';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { deliveryAdmin, type ServerWithSmtp, startServerWithSmtp } from '../support/server-with-smtp.ts';

const dashboardPassword = 'inbox contract password';
/** The search's pause before it narrows the list (the list's SEARCH_DELAY_MS), and a little more. */
const PAST_THE_SEARCH_PAUSE_MS = 300;

let app: ServerWithSmtp;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  app = await startServerWithSmtp({ env: { QUOTE_DASHBOARD_PASSWORD: dashboardPassword } });
});

test.afterAll(async () => {
  await app?.close();
});

/** Stores a quote request as the public form does; answers its reference. */
async function submitQuote(
  page: Page,
  service: ServiceType,
  client: { name: string; email: string; phone: string },
): Promise<string> {
  const stored = await page.request.post(`${app.url}/api/service-form`, {
    data: toSubmission(validAnswers(service, client)),
  });
  expect(stored.status()).toBe(201);
  return ((await stored.json()) as { reference: string }).reference;
}

/** Signs in, opens `path` and enters the quote-dashboard password, asked under the inbox's heading. */
async function openUnlocked(page: Page, path: string): Promise<void> {
  await page.goto(`${app.url}/admin`);
  await page.getByRole('link', { name: 'Log In' }).click();
  await page.getByLabel('Email address').fill(deliveryAdmin.email);
  await page.getByLabel('Password').fill(deliveryAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${app.url}/admin`);
  if (path !== '/admin') await page.goto(`${app.url}${path}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Quote Requests' })).toBeVisible();
  await page.getByLabel('Password').fill(dashboardPassword);
  await page.getByRole('button', { name: 'Unlock' }).click();
}

/** The list's row of the quote whose name link reads `name`. */
function rowOf(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
}

test('a Service chosen while the search waits for its pause keeps both filters, in the URL and the list', async ({
  page,
}) => {
  await submitQuote(page, 'oven-clean', {
    name: 'Racy Oven',
    email: 'racy.oven@example.com',
    phone: '0491 570 301',
  });
  await submitQuote(page, 'window-clean', {
    name: 'Racy Window',
    email: 'racy.window@example.com',
    phone: '0491 570 302',
  });
  await submitQuote(page, 'oven-clean', {
    name: 'Calm Oven',
    email: 'calm.oven@example.com',
    phone: '0491 570 303',
  });

  // The page's clock is held still, so the search's pause lasts exactly as long as the test says.
  await page.clock.install();
  await openUnlocked(page, '/admin');
  await expect(rowOf(page, 'Calm Oven')).toHaveCount(1);

  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await page.getByLabel('Search').fill('racy');
  await page.getByLabel('Service').selectOption({ label: 'Oven Cleaning' });
  // The Service is written at once; the search is still waiting for its pause.
  await expect(page).toHaveURL(/[?&]service=oven-clean/);
  expect(new URL(page.url()).searchParams.get('q')).toBeNull();

  await page.clock.runFor(PAST_THE_SEARCH_PAUSE_MS);
  await page.clock.resume();
  await expect(page).toHaveURL(/[?&]q=racy/);
  const filters = new URL(page.url()).searchParams;
  expect(filters.get('q')).toBe('racy');
  expect(filters.get('service')).toBe('oven-clean');
  await expect(page.getByRole('link', { name: /^(Racy|Calm) / })).toHaveText(['Racy Oven']);
  await expect(page.getByText('Showing 1 quote request, newest first')).toBeVisible();

  // The URL alone is the view: a reload shows the same filters and the same list.
  await page.reload();
  await expect(page.getByLabel('Search')).toHaveValue('racy');
  await expect(page.getByLabel('Service')).toHaveValue('oven-clean');
  await expect(page.getByRole('link', { name: /^(Racy|Calm) / })).toHaveText(['Racy Oven']);
});

test('a new quote is marked contacted from its row, with the same history entry as on its page', async ({
  page,
}) => {
  await submitQuote(page, 'deep-clean', {
    name: 'Row Mover',
    email: 'row.mover@example.com',
    phone: '0491 570 311',
  });
  await openUnlocked(page, '/admin?q=row.mover');
  const row = rowOf(page, 'Row Mover');
  await expect(row.getByText('New', { exact: true })).toBeVisible();
  const button = row.getByRole('button', { name: 'Mark as Contacted', exact: true });
  await expect(button).toHaveAccessibleName('Mark as Contacted');
  await expect(button).toHaveAccessibleDescription('Row Mover');
  await expectNoAxeViolations(page);

  await button.click();
  await expect(row.getByText('Contacted', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Mark as Contacted' })).toHaveCount(0);
  await expect(row.getByText(/^Reply due in/)).toHaveCount(0);

  await row.getByRole('link', { name: 'Row Mover', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Row Mover' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Status: Contacted' })).toBeVisible();
  const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(history.filter({ hasText: 'New → Contacted' })).toContainText('by Sarah');
  await expect(history.filter({ hasText: '→' })).toHaveCount(1);

  // Only new quotes offer the row's button.
  await page.getByRole('link', { name: '← Back to quote requests' }).click();
  await expect(rowOf(page, 'Row Mover').getByRole('button')).toHaveCount(0);
});

test('a customer’s first quote lists the later one; only the later one is a returning customer’s', async ({
  page,
}) => {
  // The same phone digits, written differently, under two email addresses.
  const first = await submitQuote(page, 'regular-clean', {
    name: 'Twice First',
    email: 'twice.first@example.com',
    phone: '0491 570 321',
  });
  const second = await submitQuote(page, 'carpet-clean', {
    name: 'Twice Second',
    email: 'twice.second@example.com',
    phone: '0491570321',
  });
  await openUnlocked(page, '/admin?q=twice');
  await expect(rowOf(page, 'Twice Second').getByText('Returning customer')).toBeVisible();
  await expect(rowOf(page, 'Twice First')).toHaveCount(1);
  await expect(rowOf(page, 'Twice First').getByText('Returning customer')).toHaveCount(0);

  await page.getByRole('link', { name: 'Twice First', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Twice First' })).toBeVisible();
  await expect(page.getByText('Returning customer', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Earlier requests from this customer' })).toHaveCount(0);
  const later = page.getByRole('region', { name: 'Later requests from this customer' });
  await expect(later.getByRole('link')).toHaveText([new RegExp(`^${second} · Carpet Cleaning · `)]);
  await expectNoAxeViolations(page);

  await later.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Twice Second' })).toBeVisible();
  await expect(page.getByText('Returning customer', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Later requests from this customer' })).toHaveCount(0);
  const earlier = page.getByRole('region', { name: 'Earlier requests from this customer' });
  await expect(earlier.getByRole('link')).toHaveText([new RegExp(`^${first} · Regular Cleaning · `)]);
});

test('the note and reply forms say the server’s own words before sending anything', async ({ page }) => {
  await submitQuote(page, 'window-clean', {
    name: 'Form Words',
    email: 'form.words@example.com',
    phone: '0491 570 331',
  });
  await openUnlocked(page, '/admin?q=form.words');
  await page.getByRole('link', { name: 'Form Words', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Form Words' })).toBeVisible();
  const id = new URL(page.url()).searchParams.get('quote');
  expect(id).toBeTruthy();
  const sent: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && path.startsWith('/api/contact/')) sent.push(path);
  });

  // A blank note: the message appears and focus moves to the note, with nothing sent.
  await page.getByLabel('Note').fill('   ');
  await page.getByRole('button', { name: 'Add note' }).click();
  const noteMessage = page.getByRole('region', { name: 'History' }).getByRole('alert');
  await expect(noteMessage).toHaveText(/\S/);
  await expect(page.getByLabel('Note')).toBeFocused();
  await expect(page.getByLabel('Note')).toHaveAttribute('aria-invalid', 'true');

  // A blank subject: the same, in the reply composer.
  await page.getByRole('button', { name: 'Reply' }).click();
  await page.getByLabel('Subject').fill('');
  await page.getByLabel('Message').focus();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByLabel('Subject')).toBeFocused();
  await expect(page.getByLabel('Subject')).toHaveAccessibleDescription(/\S/);
  const subjectMessage = await page
    .getByLabel('Subject')
    .evaluate(
      (input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
    );
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Cancel' }).click();

  // 'Mark as Lost' with no reason chosen: the message, focus on the first reason, nothing sent.
  await page
    .getByRole('region', { name: /^Status/ })
    .getByRole('button', { name: 'Mark as Lost' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Mark as Lost' });
  await dialog.getByRole('button', { name: 'Mark as Lost' }).click();
  const reasonMessage = await dialog.getByRole('alert').textContent();
  expect(reasonMessage).toMatch(/\S/);
  await expect(dialog.getByRole('radio').first()).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(sent).toEqual([]);

  // The server, asked the same, answers the same words for the same fields.
  const headers = { Origin: app.url };
  const note = await page.request.post(`${app.url}/api/contact/${id}/notes`, {
    data: { text: '   ' },
    headers,
  });
  expect(note.status()).toBe(400);
  expect(((await note.json()) as { fields: Record<string, string> }).fields.text).toBe(
    await noteMessage.textContent(),
  );
  const reply = await page.request.post(`${app.url}/api/contact/${id}/reply`, {
    data: { subject: '', message: 'Hello' },
    headers,
  });
  expect(reply.status()).toBe(400);
  expect(((await reply.json()) as { fields: Record<string, string> }).fields.subject).toBe(subjectMessage);
  const lost = await page.request.post(`${app.url}/api/contact/${id}/status`, {
    data: { status: 'lost' },
    headers,
  });
  expect(lost.status()).toBe(400);
  expect(((await lost.json()) as { fields: Record<string, string> }).fields.reason).toBe(reasonMessage);

  // A good note goes through and the form is ready for the next.
  await page.getByLabel('Note').fill('Prefers a morning visit.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(
    page.getByRole('region', { name: 'History' }).getByRole('listitem').filter({ hasText: 'morning visit' }),
  ).toHaveCount(1);
  await expect(page.getByLabel('Note')).toHaveValue('');
  expect(sent).toEqual([`/api/contact/${id}/notes`]);
});

test('a quote’s link opened while locked shows the password under the inbox heading, then the quote', async ({
  page,
}) => {
  await submitQuote(page, 'end-of-lease', {
    name: 'Locked Link',
    email: 'locked.link@example.com',
    phone: '0491 570 341',
  });
  await openUnlocked(page, '/admin?q=locked.link');
  await page.getByRole('link', { name: 'Locked Link', exact: true }).click();
  const path = new URL(page.url()).pathname + new URL(page.url()).search;
  await page.context().clearCookies();

  await openUnlocked(page, path);
  await expect(page.getByRole('heading', { level: 1, name: 'Locked Link' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Quote Requests' })).toHaveCount(0);
});

for (const width of [1280, 360]) {
  test(`the filter bar fits the page at ${width} px, with no sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await openUnlocked(page, '/admin?from=2020-01-01&to=2030-12-31');
    const bar = page.getByRole('search', { name: 'Filter quote requests' });
    await expect(bar.getByLabel('To', { exact: true })).toBeVisible();
    const overflowing = await bar.evaluate((search) => {
      const main = search.closest('main') ?? document.body;
      const edge = Math.min(search.getBoundingClientRect().right, main.getBoundingClientRect().right);
      return [...search.querySelectorAll('input, select, button, a, label')]
        .filter((control) => control.getBoundingClientRect().right > edge + 0.5)
        .map((control) => control.outerHTML.slice(0, 80));
    });
    expect(overflowing).toEqual([]);
    const barBox = await bar.boundingBox();
    const mainBox = await page.getByRole('main').boundingBox();
    expect(barBox && mainBox && barBox.x + barBox.width <= mainBox.x + mainBox.width + 0.5).toBe(true);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
}
