/**
 * Staff manage the partner sites on /partners, and what they change governs which
 * sites may send quotes with a partner key, at once.
 */
import { toSubmission } from '@cleanquote/quote-core';
import { validAnswers } from '@cleanquote/quote-core/test-fixtures';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { e2eAdmin } from '../support/e2e-admin.ts';

/**
 * Each test's partner site has an origin of its own: the server is shared with other specs, and a
 * partner another test lists for an origin makes that origin known (a key it doesn't know is then a
 * 400, not the 403 of an origin no partner lists).
 */
function partnerOriginFor(key: string): string {
  return `https://${key}.coordination.example`;
}

async function signInTo(page: Page, path: string): Promise<void> {
  await page.goto(`/api/login?next=${path}`);
  await page.getByLabel('Email address').fill(e2eAdmin.email);
  await page.getByLabel('Password').fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Signs in on /partners and adds a partner for the partner site's origin; answers its card. */
async function addPartnerOnScreen(page: Page, name: string, key: string) {
  await signInTo(page, '/partners');
  const form = page.getByRole('region', { name: 'Add a partner' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Key').fill(key);
  await form.getByLabel('Allowed sites').fill(partnerOriginFor(key));
  await form.getByRole('button', { name: 'Add partner' }).click();
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
}

test('staff add a partner, whose quotes then arrive under its name, and disable it', async ({ page }) => {
  const key = `coordination-${Date.now().toString(36)}`;
  const partnerOrigin = partnerOriginFor(key);
  const name = `Coordination Partners ${key.slice(-4)}`;
  const sendQuote = () =>
    page.request.post('/api/service-form', {
      headers: { Origin: partnerOrigin, 'X-Partner-Key': key },
      data: toSubmission(validAnswers('deep-clean', { name: `Client of ${name}` })),
    });
  expect((await sendQuote()).status()).toBe(403); // a site not listed yet

  await signInTo(page, '/partners');
  await expect(page.getByRole('heading', { level: 1, name: 'Partner Sites' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Add a partner' });
  await form.getByLabel('Name').fill(name);
  await expect(form.getByLabel('Key')).not.toHaveValue('');
  await form.getByLabel('Key').fill(key);
  await form.getByLabel('Allowed sites').fill('coordination.example/quotes');
  await form.getByRole('button', { name: 'Add partner' }).click();
  await expect(form.getByText(/is not an origin like https:\/\/agency.example/)).toBeVisible();
  await form.getByLabel('Allowed sites').fill(partnerOrigin);
  await form.getByRole('button', { name: 'Add partner' }).click();

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByText('Quote requests: 0')).toBeVisible();
  // The snippet: the exact-version script with its SRI hash, and the element with this key.
  await card.getByText('Embed code').click();
  const code = card.locator('pre code');
  await expect(code).toContainText(
    /<script async src="http:\/\/localhost:\d+\/embed\/[^/"]+\/cleanquote-wizard\.js"/,
  );
  await expect(code).toContainText(/integrity="sha384-[A-Za-z0-9+/=]+" crossorigin="anonymous"/);
  await expect(code).toContainText(`<cleanquote-wizard partner-key="${key}"></cleanquote-wizard>`);
  await expectNoAxeViolations(page);

  // Its key now works from its site, and the inbox names the partner.
  expect((await sendQuote()).status()).toBe(201);
  await page.goto('/admin');
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: `Client of ${name}` }) });
  await expect(row.getByText(name, { exact: true })).toBeVisible();

  // Disabled: its site's quotes are refused with a way to call.
  await page.goto('/partners');
  await card.getByRole('button', { name: `Disable ${name}` }).click();
  await expect(card.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(card.getByText('Quote requests: 1')).toBeVisible();
  const refused = await sendQuote();
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: string }).error).toContain('(03) 5550 0123');
  await card.getByRole('button', { name: `Enable ${name}` }).click();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  expect((await sendQuote()).status()).toBe(201);
});

test('a partner without quote requests is deleted after confirming, and its key stops working', async ({
  page,
}) => {
  const key = `short-lived-${Date.now().toString(36)}`;
  const partnerOrigin = partnerOriginFor(key);
  const name = `Short Lived ${key.slice(-4)}`;
  const status = async () =>
    (await (
      await page.request.get(`/api/partner-status?key=${key}`, { headers: { Origin: partnerOrigin } })
    ).json()) as { accepting: boolean };

  const card = await addPartnerOnScreen(page, name, key);
  await expect(card.getByText('Quote requests: 0')).toBeVisible();
  expect((await status()).accepting).toBe(true);

  // The embed code's disclosure shows whether it is open: its marker turns.
  const marker = card.locator('summary', { hasText: 'Embed code' }).locator('.disclosure__marker');
  await expect(marker).toBeVisible();
  const turn = () => marker.evaluate((element) => getComputedStyle(element).transform);
  const closed = await turn();
  await card.getByText('Embed code').click();
  await expect(card.locator('pre code')).toBeVisible();
  await expect.poll(turn).not.toBe(closed);

  // Cancel keeps it.
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete ${name}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card).toHaveCount(1);

  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await dialog.getByRole('button', { name: 'Delete partner' }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Partner Sites' })).toBeFocused();
  expect((await status()).accepting).toBe(false);
  const refused = await page.request.post('/api/service-form', {
    headers: { Origin: partnerOrigin, 'X-Partner-Key': key },
    data: toSubmission(validAnswers('deep-clean', { name: `Client of ${name}` })),
  });
  // Refused as any unknown key is; nothing is stored under the deleted partner.
  expect(refused.ok()).toBe(false);
  expect(refused.status()).toBeGreaterThanOrEqual(400);

  // Gone after a reload too.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Partner Sites' })).toBeVisible();
  await expect(page.getByRole('heading', { name, exact: true })).toHaveCount(0);
});

test('a partner with quote requests offers Disable, not Delete, and says why', async ({ page }) => {
  const key = `kept-${Date.now().toString(36)}`;
  const partnerOrigin = partnerOriginFor(key);
  const name = `Kept Partner ${key.slice(-4)}`;
  const card = await addPartnerOnScreen(page, name, key);
  await expect(card.getByRole('button', { name: `Delete ${name}` })).toBeVisible();

  const sent = await page.request.post('/api/service-form', {
    headers: { Origin: partnerOrigin, 'X-Partner-Key': key },
    data: toSubmission(validAnswers('deep-clean', { name: `Client of ${name}` })),
  });
  expect(sent.status()).toBe(201);
  await page.reload();
  await expect(card.getByText('Quote requests: 1')).toBeVisible();
  await expect(card.getByRole('button', { name: `Disable ${name}` })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expect(
    card.getByText('Its quote requests keep its name, so it can be disabled but not deleted.'),
  ).toBeVisible();
});
