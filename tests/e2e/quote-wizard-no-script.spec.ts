/**
 * The quote wizard works with JavaScript disabled (GOV.UK style, docs/decisions/0009).
 * Its server-rendered form posts every answer so far to /service-form; the server answers with the
 * next step, the same step with its messages, or — after storing the quote — /thank-you. Quotes are
 * read back as the admin the config's server creates (GET /api/contact, the outbox).
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInAsE2eAdmin } from '../support/e2e-admin.ts';

test.use({ javaScriptEnabled: false });

const wizard = (page: Page) => page.locator('.cq-wizard');
const stepHeading = (page: Page) => wizard(page).locator('[data-cq-step]').getByRole('heading').first();
const stepText = (page: Page) => wizard(page).getByText(/^Step \d+ of \d+$/);
const nextButton = (page: Page) => wizard(page).getByRole('button', { name: /^(Next|Get My Quote)$/ });
const backButton = (page: Page) => wizard(page).getByRole('button', { name: 'Back', exact: true });

/** Presses a button that posts the form, and waits for the server's page. */
async function post(page: Page, button: Locator): Promise<void> {
  await Promise.all([page.waitForEvent('load'), button.click()]);
}

async function expectStep(page: Page, heading: string, step: string): Promise<void> {
  await expect(stepHeading(page)).toHaveText(heading);
  await expect(stepText(page)).toHaveText(step);
}

function radio(page: Page, name: string | RegExp, group?: string | RegExp): Locator {
  const scope = group ? wizard(page).getByRole('group', { name: group }) : wizard(page);
  return scope.getByRole('radio', { name, exact: typeof name === 'string' ? true : undefined });
}

async function quoteInAdminList(base: string, reference: string) {
  const cookie = await signInAsE2eAdmin(base);
  const list = await fetch(`${base}/api/contact`, { headers: { Cookie: cookie } });
  expect(list.status).toBe(200);
  const quotes = (await list.json()) as Record<string, unknown>[];
  const outbox = await fetch(`${base}/api/admin/outbox?limit=100`, { headers: { Cookie: cookie } });
  const mails = (await outbox.json()) as { kind: string; subject: string; text: string | null }[];
  return {
    quote: quotes.find((quote) => quote.reference === reference),
    notification: mails.find(
      (mail) => mail.kind === 'quote-notification' && mail.subject.includes(reference),
    ),
  };
}

test('an end-of-lease clean with carpets, answered and sent with JavaScript disabled', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const client = { name: 'Jordan Tenant', phone: '0491 570 110', email: 'jordan.noscript@example.com' };
  const specialRequests = `Bond inspection on Friday (${Date.now()})`;

  await page.goto('/service-form?suburb=st-kilda');
  await expectStep(page, 'What type of cleaning do you need?', 'Step 1 of 6');
  // Never disabled in the server's markup: the server checks the step itself.
  await expect(nextButton(page)).toBeEnabled();
  await radio(page, 'End of Lease Cleaning Bond-back guarantee').check();
  await post(page, nextButton(page));
  await expectStep(page, 'Tell us about your property', 'Step 2 of 7');

  // Back keeps the choice; Next again.
  await post(page, backButton(page));
  await expectStep(page, 'What type of cleaning do you need?', 'Step 1 of 7');
  await expect(radio(page, /^End of Lease Cleaning/)).toBeChecked();
  await post(page, nextButton(page));

  await radio(page, '2', /^Bedrooms/).check();
  await radio(page, '1', /^Bathrooms/).check();
  await post(page, nextButton(page));
  await expectStep(page, 'Do you need carpet steam cleaning?', 'Step 3 of 7');
  await radio(page, 'Yes, add carpet steam cleaning').check();
  await post(page, nextButton(page));
  await expectStep(page, 'Which carpeted areas need cleaning?', 'Step 4 of 8');

  // Each counter button posts, and the server counts.
  const counter = (room: RegExp) => wizard(page).getByRole('group', { name: room });
  await post(page, wizard(page).getByRole('button', { name: 'Add one bedroom' }));
  await expect(counter(/^Bedrooms/).getByRole('status')).toHaveText('Bedrooms: 1');
  await post(page, wizard(page).getByRole('button', { name: 'Add one bedroom' }));
  await post(page, wizard(page).getByRole('button', { name: 'Add one hallway' }));
  await post(page, wizard(page).getByRole('button', { name: 'Add one study' }));
  await post(page, wizard(page).getByRole('button', { name: 'Remove one study' }));
  await expect(counter(/^Bedrooms/).getByRole('status')).toHaveText('Bedrooms: 2');
  await expect(counter(/^Hallways/).getByRole('status')).toHaveText('Hallways: 1');
  await expect(counter(/^Studies/).getByRole('status')).toHaveText('Studies: 0');
  const summary = wizard(page).getByRole('region', { name: 'Selected Areas' });
  await expect(summary).toContainText('2 room(s)');
  await expect(summary).toContainText('1 room(s)');
  await post(page, nextButton(page));

  await expectStep(page, 'When do you need the clean?', 'Step 5 of 8');
  await wizard(page).getByRole('radio', { name: 'Today/Tomorrow' }).check();
  await post(page, nextButton(page));

  await expectStep(page, 'Your contact details', 'Step 6 of 8');
  const address = wizard(page).getByRole('textbox', { name: /^Property Address/ });
  await expect(address).toHaveValue('St Kilda, VIC');
  await address.fill('3/21 Fitzroy St, St Kilda, VIC');
  await wizard(page)
    .getByRole('textbox', { name: /^Full Name/ })
    .fill(client.name);
  await wizard(page)
    .getByRole('textbox', { name: /^Phone Number/ })
    .fill(client.phone);
  await wizard(page)
    .getByRole('textbox', { name: /^Email Address/ })
    .fill(client.email);
  await post(page, nextButton(page));

  await expectStep(page, 'Terms and privacy', 'Step 7 of 8');
  await wizard(page)
    .getByRole('checkbox', { name: /I have read and agree/ })
    .check();
  await post(page, nextButton(page));

  await expectStep(page, 'Anything else we should know?', 'Step 8 of 8');
  await radio(page, 'Friend recommendation').check();
  await wizard(page)
    .getByRole('textbox', { name: /^Special requests/ })
    .fill(specialRequests);
  await expect(nextButton(page)).toHaveText('Get My Quote');
  await post(page, nextButton(page));

  await page.waitForURL(/\/thank-you\?reference=CQ-[A-Z0-9]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeVisible();
  const reference = (await page.getByTestId('quote-reference').textContent()) ?? '';
  expect(page.url()).toContain(reference);

  const { quote, notification } = await quoteInAdminList(baseURL ?? '', reference);
  expect(quote).toMatchObject({
    reference,
    service: 'end-of-lease',
    name: client.name,
    phone: client.phone,
    email: client.email,
    address: '3/21 Fitzroy St, St Kilda, VIC',
    message: specialRequests,
    source: 'main-site',
  });
  expect(notification?.text).toContain('Carpet areas: Bedrooms: 2, Hallways: 1');
  expect(notification?.text).toContain('Timing: Urgent');
});

test('an NDIS booking by a case manager: missing answers come back with their messages, answers kept', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = `case.noscript.${Date.now()}@example.org`;

  await page.goto('/service-form');
  // Nothing chosen: the server answers with the same step and what is missing.
  await post(page, nextButton(page));
  await expectStep(page, 'What type of cleaning do you need?', 'Step 1 of 6');
  await expect(wizard(page).locator('.cq-field__error')).toHaveText('Choose a service');

  await radio(page, /^NDIS & Aged Care Cleaning/).check();
  await post(page, nextButton(page));
  await expectStep(page, 'NDIS and aged care details', 'Step 2 of 6');
  await radio(page, /^Case manager/).check();
  await post(page, nextButton(page));
  // The case manager's details are asked now, with what each needs.
  await expectStep(page, 'NDIS and aged care details', 'Step 2 of 6');
  await expect(radio(page, /^Case manager/)).toBeChecked();
  await expect(wizard(page).getByRole('textbox', { name: /^Case Manager Name/ })).toHaveAccessibleDescription(
    "Enter the case manager's name",
  );
  await expect(
    wizard(page).getByRole('textbox', { name: /^Case Manager Email/ }),
  ).toHaveAccessibleDescription("Enter the case manager's email address");
  await wizard(page)
    .getByRole('textbox', { name: /^Case Manager Name/ })
    .fill('Sam Coordinator');
  await wizard(page)
    .getByRole('textbox', { name: /^Case Manager Phone/ })
    .fill('03 5550 0123');
  await wizard(page)
    .getByRole('textbox', { name: /^Case Manager Email/ })
    .fill('sam@support.example.org');
  await wizard(page)
    .getByRole('textbox', { name: /^Organisation/ })
    .fill('Example Support Co');
  await post(page, nextButton(page));

  await expectStep(page, 'When do you need the clean?', 'Step 3 of 6');
  await wizard(page).getByRole('radio', { name: 'just getting quotes' }).check();
  await post(page, nextButton(page));

  // The browser's own checks are off (novalidate): the server refuses the empty phone itself.
  await wizard(page)
    .getByRole('textbox', { name: /^Full Name/ })
    .fill('Casey Client');
  await wizard(page)
    .getByRole('textbox', { name: /^Email Address/ })
    .fill(email);
  await wizard(page)
    .getByRole('textbox', { name: /^Property Address/ })
    .fill('4 Grove Rd, Hawthorn, VIC');
  await post(page, nextButton(page));
  await expectStep(page, 'Your contact details', 'Step 4 of 6');
  await expect(wizard(page).locator('.cq-field__error')).toHaveText(['Enter your phone number']);
  await expect(wizard(page).getByRole('textbox', { name: /^Full Name/ })).toHaveValue('Casey Client');
  await expect(wizard(page).getByRole('textbox', { name: /^Email Address/ })).toHaveValue(email);
  await expect(wizard(page).getByRole('textbox', { name: /^Property Address/ })).toHaveValue(
    '4 Grove Rd, Hawthorn, VIC',
  );
  await expect(wizard(page).getByRole('textbox', { name: /^Phone Number/ })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await wizard(page)
    .getByRole('textbox', { name: /^Phone Number/ })
    .fill('0491 570 111');
  await post(page, nextButton(page));

  await expectStep(page, 'Terms and privacy', 'Step 5 of 6');
  await post(page, nextButton(page));
  await expect(
    wizard(page).getByRole('checkbox', { name: /I have read and agree/ }),
  ).toHaveAccessibleDescription('Please agree to the terms and privacy policy');
  await wizard(page)
    .getByRole('checkbox', { name: /I have read and agree/ })
    .check();
  await post(page, nextButton(page));

  // Back from the last step keeps the ticked box; Next returns.
  await expectStep(page, 'Anything else we should know?', 'Step 6 of 6');
  await post(page, backButton(page));
  await expect(wizard(page).getByRole('checkbox', { name: /I have read and agree/ })).toBeChecked();
  await post(page, nextButton(page));
  await post(page, nextButton(page));

  await page.waitForURL(/\/thank-you\?reference=CQ-[A-Z0-9]+$/);
  const reference = (await page.getByTestId('quote-reference').textContent()) ?? '';
  const { quote, notification } = await quoteInAdminList(baseURL ?? '', reference);
  expect(quote).toMatchObject({ reference, service: 'ndis-aged-care', name: 'Casey Client', email });
  expect(notification?.text).toContain('Sam Coordinator');
});

test('a post from another site is refused', async ({ page, baseURL }) => {
  // Another origin (127.0.0.1 is another site than localhost) with a form aimed at the wizard.
  const foreign = (baseURL ?? '').replace('localhost', '127.0.0.1');
  await page.route(`${foreign}/elsewhere`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>Elsewhere</title><form method="post" action="${baseURL}/service-form">
        <input type="hidden" name="step" value="service-type"><input type="hidden" name="serviceType" value="oven-clean">
        <button>Send</button></form></html>`,
    }),
  );
  await page.goto(`${foreign}/elsewhere`);
  const answered = page.waitForResponse(`${baseURL}/service-form`);
  await page.getByRole('button', { name: 'Send' }).click();
  const response = await answered;
  expect(response.request().headers().origin).toBe(foreign);
  expect(response.status()).toBe(403);
});
