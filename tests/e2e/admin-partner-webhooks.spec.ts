/**
 * Staff set a partner's webhook on /partners — against the app's own server process with SECRETS_KEY
 * set and a partner's receiver on 127.0.0.1 (allowed by WEBHOOK_ALLOWED_HTTP_ORIGINS), its deliveries
 * verified with the standardwebhooks library: the secret is shown once, a test event arrives signed
 * and the log shows it Delivered, addresses inside a private network are refused at the URL field, a
 * receiver's 410 Gone switches the webhook off and its dead delivery is retried, all of it works from
 * the keyboard; and on a server without SECRETS_KEY the form says why nothing was kept.
 */
import { randomBytes } from 'node:crypto';
import { partnerWebhook, WEBHOOK_EVENTS } from '@cleanquote/quote-core/staff';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  startWebhookReceiver,
  verifyWebhook,
  type WebhookReceiver,
} from '../../api/src/test-support/webhook-receiver.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { e2eAdmin } from '../support/e2e-admin.ts';
import { type ServerWithSmtp, startServerWithSmtp } from '../support/server-with-smtp.ts';
import { signInThroughLogIn } from '../support/staff-sign-in.ts';

let app: ServerWithSmtp;
let receiver: WebhookReceiver;
/** Paths whose next request the receiver answers 410 Gone (once each); everything else gets 200. */
const goneOnce = new Set<string>();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  receiver = await startWebhookReceiver();
  receiver.answer((request) => ({ status: goneOnce.delete(request.path) ? 410 : 200 }));
  app = await startServerWithSmtp({
    env: {
      SECRETS_KEY: randomBytes(32).toString('base64'),
      WEBHOOK_ALLOWED_HTTP_ORIGINS: receiver.origin,
    },
  });
});

test.afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

/** Adds a partner on /partners (signed in already); answers its card. */
async function addPartner(page: Page, name: string, key: string): Promise<Locator> {
  const form = page.getByRole('region', { name: 'Add a partner' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Key').fill(key);
  await form.getByLabel('Allowed sites').fill('https://coordination.example');
  await form.getByRole('button', { name: 'Add partner' }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(card).toHaveCount(1);
  return card;
}

/** Counts the requests the page sends with `method` to a path ending in `pathEnd`, from now on. */
function countRequests(page: Page, method: string, pathEnd: RegExp): { readonly count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === method && pathEnd.test(new URL(request.url()).pathname)) seen.count += 1;
  });
  return seen;
}

test('staff set a webhook, see its secret once, and a test event arrives signed and shows Delivered', async ({
  page,
}) => {
  const key = `webhook-${Date.now().toString(36)}`;
  const name = `Webhook Partner ${key.slice(-4)}`;
  await signInThroughLogIn(page, app.url, '/partners');
  const card = await addPartner(page, name, key);
  const webhook = card.getByRole('region', { name: `Webhook for ${name}` });
  await expect(webhook.getByLabel('Webhook URL')).toHaveValue('');
  // A new webhook sends both events and is on until staff say otherwise.
  await expect(webhook.getByRole('checkbox', { name: 'quote.created' })).toBeChecked();
  await expect(webhook.getByRole('checkbox', { name: 'quote.status_changed' })).toBeChecked();
  await expect(webhook.getByRole('checkbox', { name: 'quote.created' })).toHaveAccessibleDescription(
    'A quote request is received',
  );
  await expect(webhook.getByRole('checkbox', { name: 'Enabled' })).toBeChecked();

  const url = `${receiver.origin}/hooks/${key}`;
  await webhook.getByLabel('Webhook URL').fill(url);
  for (const event of [
    'quote.status_changed',
    'visit.booked',
    'visit.rescheduled',
    'visit.cancelled',
    'visit.completed',
  ]) {
    await webhook.getByRole('checkbox', { name: event }).uncheck();
  }
  await webhook.getByRole('button', { name: 'Save Webhook' }).click();

  // The secret, this once: read-only, focused, with the warning read with it.
  const secretField = webhook.getByRole('textbox', { name: 'Signing secret' });
  await expect(secretField).toBeFocused();
  await expect(secretField).toHaveJSProperty('readOnly', true);
  await expect(secretField).toHaveValue(/^whsec_[A-Za-z0-9+/=]+$/);
  await expect(secretField).toHaveAccessibleDescription("Copy it now: it won't be shown again.");
  await expect(webhook.getByRole('button', { name: 'Copy secret' })).toBeVisible();
  const secret = await secretField.inputValue();
  await expectNoAxeViolations(page);

  // What the server holds now: the settings, never the secret.
  const stored = await page.request.get(`${app.url}/api/partners/${key}/webhook`);
  expect(stored.status()).toBe(200);
  const storedText = await stored.text();
  expect(JSON.parse(storedText)).toMatchObject({ url, events: ['quote.created'], enabled: true });
  expect(storedText).not.toContain(secret.slice('whsec_'.length));

  await webhook.getByRole('button', { name: 'Send test event' }).click();
  await expect(page.getByText('Test event queued', { exact: true })).toBeVisible();
  const log = webhook.getByRole('table', { name: 'Deliveries' });
  const row = log.getByRole('row').filter({ hasText: 'webhook.test' });
  await expect(row).toHaveCount(1);
  // The log reads itself again while the delivery is pending, until the receiver has answered.
  await expect(row.getByRole('cell', { name: 'Delivered', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '200', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: /^\d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2} [AP]M$/ })).toHaveCount(
    2,
  );

  // The receiver got it, and it verifies with the secret shown once.
  const test = receiver.received.find((each) => each.path === `/hooks/${key}`);
  if (!test) throw new Error('the receiver got no webhook.test');
  const verified = verifyWebhook(secret, test);
  expect(verified.type).toBe('webhook.test');
  await expect(row.getByRole('rowheader')).toHaveText(String(test.headers['webhook-id']));
  await expectNoAxeViolations(page);

  // Gone once the page is left: only the answer that made it carried the secret.
  await page.reload();
  await expect(webhook.getByLabel('Webhook URL')).toHaveValue(url);
  await expect(webhook.getByRole('checkbox', { name: 'quote.status_changed' })).not.toBeChecked();
  await expect(webhook.getByRole('textbox', { name: 'Signing secret' })).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
});

test('addresses inside a private network are refused at the URL field; a URL the browser knows is wrong sends nothing', async ({
  page,
}) => {
  const key = `refused-${Date.now().toString(36)}`;
  const name = `Refused Partner ${key.slice(-4)}`;
  await signInThroughLogIn(page, app.url, '/partners');
  const card = await addPartner(page, name, key);
  const webhook = card.getByRole('region', { name: `Webhook for ${name}` });
  const urlField = webhook.getByLabel('Webhook URL');
  const save = webhook.getByRole('button', { name: 'Save Webhook' });
  const puts = countRequests(page, 'PUT', /\/webhook$/);

  // The browser checks with the server's own schema: the server's message, and nothing is sent.
  const typed = 'partner.example/hooks';
  const serverAnswer = await page.request.put(`${app.url}/api/partners/${key}/webhook`, {
    headers: { Origin: app.url },
    data: { url: typed, events: ['quote.created'], enabled: true },
  });
  expect(serverAnswer.status()).toBe(400);
  const serverMessage = ((await serverAnswer.json()) as { fields: Record<string, string> }).fields.url ?? '';
  const schemaCheck = partnerWebhook.safeParse({ url: typed, events: ['quote.created'], enabled: true });
  expect(schemaCheck.success ? '' : schemaCheck.error.issues[0]?.message).toBe(serverMessage);
  expect(serverMessage).not.toBe('');
  await urlField.fill(typed);
  await save.click();
  await expect(webhook.getByText(serverMessage, { exact: true })).toBeVisible();
  await expect(urlField).toHaveAccessibleDescription(new RegExp(escapeRegExp(serverMessage)));
  await expect(urlField).toHaveAttribute('aria-invalid', 'true');
  await expect(urlField).toBeFocused();
  expect(puts.count).toBe(0);

  for (const refused of ['https://10.0.0.1/hooks', 'https://169.254.169.254/latest/meta-data']) {
    await urlField.fill(refused);
    const answer = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().endsWith(`/${key}/webhook`),
    );
    await save.click();
    const response = await answer;
    expect(response.status()).toBe(400);
    const { fields } = (await response.json()) as { fields: Record<string, string> };
    expect(fields.url).toBeTruthy();
    const message = webhook.getByText(fields.url ?? '', { exact: true });
    await expect(message).toBeVisible();
    await expect(urlField).toHaveAccessibleDescription(new RegExp(escapeRegExp(fields.url ?? '')));
    await expect(urlField).toBeFocused();
  }
  expect(puts.count).toBe(2);
  // Nothing was kept: no secret, no settings.
  await expect(webhook.getByRole('textbox', { name: 'Signing secret' })).toHaveCount(0);
  expect((await page.request.get(`${app.url}/api/partners/${key}/webhook`)).status()).toBe(404);
  await expectNoAxeViolations(page);
});

test('the webhook is set, tested and rotated from the keyboard alone', async ({ page }) => {
  const key = `keyboard-${Date.now().toString(36)}`;
  const name = `Keyboard Partner ${key.slice(-4)}`;
  await signInThroughLogIn(page, app.url, '/partners');
  const card = await addPartner(page, name, key);
  const webhook = card.getByRole('region', { name: `Webhook for ${name}` });

  // From the card's embed code disclosure, Tab walks the webhook's controls in order — once the
  // webhook's settings have been read and its form is there to walk.
  await expect(webhook.getByLabel('Webhook URL')).toBeVisible();
  await card.getByText('Embed code').focus();
  await page.keyboard.press('Tab');
  await expect(webhook.getByLabel('Webhook URL')).toBeFocused();
  await page.keyboard.type(`${receiver.origin}/keyboard/${key}`);
  // Every event is ticked for a new webhook: each is unticked from the keyboard.
  for (const event of WEBHOOK_EVENTS) {
    await page.keyboard.press('Tab');
    await expect(webhook.getByRole('checkbox', { name: event })).toBeFocused();
    await page.keyboard.press('Space');
  }
  await page.keyboard.press('Tab');
  await expect(webhook.getByRole('checkbox', { name: 'Enabled' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(webhook.getByRole('button', { name: 'Save Webhook' })).toBeFocused();
  await page.keyboard.press('Enter');

  // No event chosen: the schema's message, focus on the first event.
  const first = webhook.getByRole('checkbox', { name: 'quote.created' });
  await expect(first).toBeFocused();
  await expect(webhook.getByText('Choose at least one event to send')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(first).toBeChecked();
  await webhook.getByRole('button', { name: 'Save Webhook' }).focus();
  await page.keyboard.press('Enter');
  const secretField = webhook.getByRole('textbox', { name: 'Signing secret' });
  await expect(secretField).toBeFocused();
  const firstSecret = await secretField.inputValue();
  await page.keyboard.press('Tab');
  await expect(webhook.getByRole('button', { name: 'Copy secret' })).toBeFocused();

  // Send test event, then Rotate Secret: the dialog explains, Escape keeps the secret.
  await page.keyboard.press('Tab');
  await expect(webhook.getByRole('button', { name: 'Send test event' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Test event queued', { exact: true })).toBeVisible();
  await webhook.getByRole('button', { name: 'Rotate Secret' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: `Rotate the signing secret for ${name}?` });
  await expect(dialog).toContainText('The old secret keeps signing too for 24 hours');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(webhook.getByRole('button', { name: 'Rotate Secret' })).toBeFocused();
  await expect(secretField).toHaveValue(firstSecret);

  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Rotate Secret' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(secretField).toBeFocused();
  await expect(secretField).toHaveValue(/^whsec_/);
  await expect(secretField).not.toHaveValue(firstSecret);
  await expect(
    webhook.getByText(/^The previous secret also signs until \d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2} [AP]M\.$/),
  ).toBeVisible();

  // The test event's delivery is in the log, reached by keyboard too (the log scrolls sideways).
  const log = webhook.getByRole('table', { name: 'Deliveries' });
  await expect(log.getByRole('row').filter({ hasText: 'webhook.test' })).toHaveCount(1);
  await webhook.getByRole('button', { name: 'Refresh deliveries' }).focus();
  await page.keyboard.press('Tab');
  await expect(webhook.getByRole('region', { name: `Deliveries for ${name}` })).toBeFocused();
});

test('a receiver answering 410 Gone switches the webhook off, says so, and its dead delivery is retried', async ({
  page,
}) => {
  const key = `gone-${Date.now().toString(36)}`;
  const name = `Gone Partner ${key.slice(-4)}`;
  const path = `/gone/${key}`;
  goneOnce.add(path);
  await signInThroughLogIn(page, app.url, '/partners');
  const card = await addPartner(page, name, key);
  const webhook = card.getByRole('region', { name: `Webhook for ${name}` });
  await webhook.getByLabel('Webhook URL').fill(`${receiver.origin}${path}`);
  await webhook.getByRole('button', { name: 'Save Webhook' }).click();
  await expect(webhook.getByRole('textbox', { name: 'Signing secret' })).toBeFocused();

  await webhook.getByRole('button', { name: 'Send test event' }).click();
  const row = webhook
    .getByRole('table', { name: 'Deliveries' })
    .getByRole('row')
    .filter({ hasText: 'webhook.test' });
  await expect(row.getByRole('cell', { name: 'Dead', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '410', exact: true })).toBeVisible();
  // The app switched the webhook off: the card says so, and Enabled is no longer ticked.
  await expect(webhook.getByRole('note')).toContainText('410 Gone');
  await expect(webhook.getByRole('checkbox', { name: 'Enabled' })).not.toBeChecked();
  await expectNoAxeViolations(page);

  // Retry sends it again with the same webhook-id; this time the receiver takes it.
  const id = (await row.getByRole('rowheader').textContent()) ?? '';
  expect(id).not.toBe('');
  await row.getByRole('button', { name: `Retry ${id}` }).click();
  await expect(row.getByRole('cell', { name: 'Delivered', exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Retry/ })).toHaveCount(0);
  const attempts = receiver.received.filter((each) => each.path === path);
  expect(attempts.map((each) => each.headers['webhook-id'])).toEqual([id, id]);

  // Enabled again: the notice goes.
  await webhook.getByRole('checkbox', { name: 'Enabled' }).check();
  await webhook.getByRole('button', { name: 'Save Webhook' }).click();
  await expect(webhook.getByRole('note')).toHaveCount(0);
  await expect(webhook.getByRole('checkbox', { name: 'Enabled' })).toBeChecked();
});

test('on a server without SECRETS_KEY, saving a webhook says why nothing was kept', async ({ page }) => {
  // The Playwright config's own server runs without SECRETS_KEY.
  const key = `no-secrets-${Date.now().toString(36)}`;
  const name = `No Secrets Partner ${key.slice(-4)}`;
  await page.goto('/api/login?next=/partners');
  await page.getByLabel('Email address').fill(e2eAdmin.email);
  await page.getByLabel('Password').fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/partners$/);
  const card = await addPartner(page, name, key);
  const webhook = card.getByRole('region', { name: `Webhook for ${name}` });
  await webhook.getByLabel('Webhook URL').fill('https://partner.example/webhooks/cleanquote');
  const answer = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().endsWith(`/${key}/webhook`),
  );
  await webhook.getByRole('button', { name: 'Save Webhook' }).click();
  const response = await answer;
  expect(response.status()).toBe(503);
  const { error } = (await response.json()) as { error: string };
  expect(error).toContain('SECRETS_KEY');
  await expect(webhook.getByRole('alert')).toHaveText(error);
  await expect(webhook.getByRole('textbox', { name: 'Signing secret' })).toHaveCount(0);
  await expect(webhook.getByRole('button', { name: 'Send test event' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
