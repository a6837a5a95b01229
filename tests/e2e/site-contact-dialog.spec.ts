import { customerService, team } from '@cleanquote/content';
import { expect, type Page, test } from '@playwright/test';
import { expectToast, gotoHydrated, stubReviewsWidget, toasts } from '../support/site.ts';

// The contact dialog and the toasts.

const [founder, salesManager] = team;
if (!founder || !salesManager) throw new Error('packages/content has no team');

test.beforeEach(async ({ page }) => {
  await stubReviewsWidget(page);
});

async function openFounderDialog(page: Page) {
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: `Email ${founder?.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Email ${founder?.name}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillRequired(dialog: ReturnType<Page['getByRole']>) {
  await dialog.getByLabel('Your Name').fill('Jo Client');
  await dialog.getByLabel('Your Email').fill('jo@client.example');
  await dialog.getByLabel('Message').fill('Could you do an end of lease clean next Friday?');
}

test('has labelled fields, 5-row message, Cancel and Send, at most 500 px wide', async ({ page }) => {
  const dialog = await openFounderDialog(page);
  await expect(dialog.getByLabel('Your Name')).toBeFocused();
  await expect(dialog.getByLabel('Your Email')).toHaveAttribute('type', 'email');
  await expect(dialog.getByLabel('Phone (optional)')).toHaveAttribute('type', 'tel');
  await expect(dialog.getByLabel('Subject (optional)')).toBeVisible();
  const message = dialog.getByLabel('Message');
  await expect(message).toHaveJSProperty('tagName', 'TEXTAREA');
  await expect(message).toHaveAttribute('rows', '5');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  await expect(dialog.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  expect(await dialog.evaluate((element) => getComputedStyle(element).maxWidth)).toBe('500px');
  expect((await dialog.boundingBox())?.width).toBeLessThanOrEqual(500);

  // Escape dismisses it and clears the recipient: the next one opened is for someone else.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: `Email ${salesManager.name}` }).click();
  await expect(page.getByRole('dialog', { name: `Email ${salesManager.name}` })).toContainText(
    salesManager.email,
  );
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a missing name, email or message gives the Missing Information toast and sends nothing', async ({
  page,
}) => {
  let requests = 0;
  await page.route('**/api/team-contact', (route) => {
    requests++;
    return route.continue();
  });
  const dialog = await openFounderDialog(page);
  const send = dialog.getByRole('button', { name: 'Send Message' });
  await send.click();
  await expectToast(page, 'Missing Information', 'Please fill in all required fields.');
  await expect(toasts(page)).toHaveClass(/toast--destructive/);
  for (const missing of ['Your Name', 'Your Email', 'Message']) {
    await fillRequired(dialog);
    await dialog.getByLabel(missing).fill(missing === 'Your Email' ? '' : '   ');
    await send.click();
    await expectToast(page, 'Missing Information', 'Please fill in all required fields.');
  }
  await expect(dialog).toBeVisible();
  expect(requests).toBe(0);
});

test('sending: Sending... with the buttons disabled, then Message Sent! and the dialog closes', async ({
  page,
}) => {
  let release: () => void = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  let body: Record<string, unknown> | undefined;
  let status = 0;
  await page.route('**/api/team-contact', async (route) => {
    body = route.request().postDataJSON();
    await held;
    const response = await route.fetch();
    status = response.status();
    await route.fulfill({ response });
  });
  const dialog = await openFounderDialog(page);
  await fillRequired(dialog);
  await dialog.getByLabel('Phone (optional)').fill('0491 570 110');
  await dialog.getByLabel('Subject (optional)').fill('Bond clean');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  release();
  await expectToast(
    page,
    'Message Sent!',
    `Your message has been sent to ${founder.name}. They'll get back to you soon!`,
  );
  await expect(dialog).toBeHidden();
  expect(status).toBe(201);
  expect(body).toEqual({
    senderName: 'Jo Client',
    senderEmail: 'jo@client.example',
    senderPhone: '0491 570 110',
    subject: 'Bond clean',
    message: 'Could you do an end of lease clean next Friday?',
    recipientId: founder.id,
    recipientName: founder.name,
    recipientEmail: founder.email,
  });

  // The form starts empty next time.
  await page.getByRole('button', { name: `Email ${founder.name}` }).click();
  for (const label of ['Your Name', 'Your Email', 'Phone (optional)', 'Subject (optional)', 'Message']) {
    await expect(page.getByRole('dialog').getByLabel(label)).toHaveValue('');
  }
});

test('a failure keeps the dialog and what was typed, with the Error toast', async ({ page }) => {
  await page.route('**/api/team-contact', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }),
  );
  const dialog = await openFounderDialog(page);
  await fillRequired(dialog);
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Error', 'Failed to send message. Please try again or call directly.');
  await expect(toasts(page)).toHaveClass(/toast--destructive/);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Your Name')).toHaveValue('Jo Client');
  await expect(dialog.getByLabel('Message')).toHaveValue('Could you do an end of lease clean next Friday?');
  await expect(dialog.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('a network failure is a failure too', async ({ page }) => {
  await page.route('**/api/team-contact', (route) => route.abort('connectionreset'));
  const dialog = await openFounderDialog(page);
  await fillRequired(dialog);
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Error', 'Failed to send message. Please try again or call directly.');
  await expect(dialog).toBeVisible();
});

test('Email Us writes to the customer service team', async ({ page }) => {
  let body: Record<string, unknown> | undefined;
  await page.route('**/api/team-contact', async (route) => {
    body = route.request().postDataJSON();
    await route.continue();
  });
  await gotoHydrated(page, '/');
  await page.locator('#contact').getByRole('button', { name: 'Email Us' }).click();
  const dialog = page.getByRole('dialog', { name: `Email ${customerService.name}` });
  await fillRequired(dialog);
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(
    page,
    'Message Sent!',
    `Your message has been sent to ${customerService.name}. They'll get back to you soon!`,
  );
  expect(body).toMatchObject({ recipientId: customerService.id, recipientEmail: customerService.email });
});

test.describe('toasts', () => {
  test('one at a time: a new toast replaces the one showing', async ({ page }) => {
    const dialog = await openFounderDialog(page);
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Missing Information', 'Please fill in all required fields.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.locator('#newsletter').getByRole('button', { name: 'Subscribe' }).click();
    await expectToast(page, 'Invalid Email', 'Please enter a valid email address');
  });

  test('close by themselves after 5 seconds', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.mouse.move(0, 0);
    const started = Date.now();
    await page.locator('#newsletter').getByRole('button', { name: 'Subscribe' }).click();
    await expect(toasts(page)).toHaveCount(1);
    await page.waitForTimeout(3500);
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toHaveCount(0, { timeout: 5000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(5000);
  });

  test('swipe right to dismiss', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.locator('#newsletter').getByRole('button', { name: 'Subscribe' }).click();
    const toast = toasts(page);
    await expect(toast).toHaveCount(1);
    const box = await toast.boundingBox();
    if (!box) throw new Error('the toast has no box');
    // The finger is lifted once the toast has followed it, as a person does: releasing before the
    // page has handled the last moves would measure a shorter swipe than the one made.
    const followed = (pixels: number) =>
      expect
        .poll(() => toast.evaluate((element) => element.style.getPropertyValue('--radix-toast-swipe-move-x')))
        .toBe(`${pixels}px`);
    // Less than the 50 px threshold springs back …
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 50, box.y + box.height / 2, { steps: 5 });
    await followed(30);
    await page.mouse.up();
    await expect(toast).toHaveAttribute('data-swipe', 'cancel');
    await expect(toast).toHaveCount(1);
    // It springs back over 0.2 s; a press during that lands beside it, on the viewport.
    await expect.poll(async () => (await toast.boundingBox())?.x).toBe(box.x);
    // … past it dismisses.
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 140, box.y + box.height / 2, { steps: 8 });
    await followed(120);
    await page.mouse.up();
    await expect(toast).toHaveCount(0);
  });

  test('F8 moves focus to the notifications region', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.locator('#newsletter').getByRole('button', { name: 'Subscribe' }).click();
    await expect(toasts(page)).toHaveCount(1);
    await page.keyboard.press('F8');
    await expect(page.getByRole('region', { name: 'Notifications (F8)' }).locator('ol')).toBeFocused();
  });

  test('are at most 420 px wide on medium screens and full width on phones', async ({ page }) => {
    await gotoHydrated(page, '/');
    const viewport = page.locator('.toast-viewport');
    expect(await viewport.evaluate((element) => getComputedStyle(element).maxWidth)).toBe('420px');
    await page.locator('#newsletter').getByRole('button', { name: 'Subscribe' }).click();
    expect((await toasts(page).boundingBox())?.width).toBeLessThanOrEqual(420);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await viewport.evaluate((element) => getComputedStyle(element).maxWidth)).toBe('none');
  });
});
