/**
 * The staff flow from a request to a sent quote, counted: on a 1280×800 screen, from the open inbox to
 * a quote on its way in at most six actions, the email and the page previewed first; the customer's
 * acceptance then tells the business when the clean is wanted and what was asked. And a version
 * accepted while the next is being drafted: the request reads as accepted, the draft discarded in its
 * history. Against the app's own server process and a real SMTP server.
 */
import { toSubmission } from '@cleanquote/quote-core';
import { validAnswers } from '@cleanquote/quote-core/test-fixtures';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { decodeHeader, type ReceivedMail } from '../../api/src/test-support/smtp-test-server.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  deliveryBusinessEmail,
  type ServerWithSmtp,
  startServerWithSmtp,
} from '../support/server-with-smtp.ts';
import { signInThroughLogIn } from '../support/staff-sign-in.ts';

let app: ServerWithSmtp;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  app = await startServerWithSmtp();
});

test.afterAll(async () => {
  await app?.close();
});

/** Stores a request as the wizard does. */
async function submitRequest(page: Page, customer: Record<string, string>): Promise<void> {
  const answers = validAnswers('end-of-lease', customer);
  const stored = await page.request.post(`${app.url}/api/service-form`, { data: toSubmission(answers) });
  expect(stored.status()).toBe(201);
}

/** The id of the customer's request, as signed-in staff read it. */
async function requestIdOf(page: Page, customer: Record<string, string>): Promise<string> {
  const list = await page.request.get(`${app.url}/api/contact?q=${encodeURIComponent(customer.email ?? '')}`);
  const [listed] = (await list.json()) as { id: string }[];
  if (!listed) throw new Error('the request is not listed');
  return listed.id;
}

/** A mail's subject, decoded. */
const subjectOf = (mail: ReceivedMail) => decodeHeader(mail.headers.get('subject')?.[0] ?? '');

/** The mail to `address` whose subject matches, once it has arrived. */
async function mailTo(address: string, subject: RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = app.received.find(
          (mail) => mail.envelope.to.includes(address) && subject.test(subjectOf(mail)),
        );
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found as ReceivedMail;
}

/** The customer's link in the quote's mail. */
function quoteLinkIn(mail: ReceivedMail): string {
  const link = mail.text.match(/View and accept your quote: (\S+)/)?.[1];
  if (!link) throw new Error(`no quote link in ${mail.text}`);
  return link;
}

/** The customer opens their link in their own browser and accepts the quote with their name. */
async function acceptAsCustomer(browser: Browser, link: string, name: string): Promise<void> {
  const customerPage = await browser.newPage();
  await customerPage.goto(link);
  await customerPage.getByLabel('Your full name').fill(name);
  await customerPage.getByLabel('I accept the quote and the terms').check();
  await customerPage.getByRole('button', { name: 'Accept Quote' }).click();
  await expect(customerPage.getByText(/You accepted this quote on/)).toBeVisible();
  await customerPage.close();
}

/** True when the whole of `locator` is inside the 800 px high window, without scrolling. */
async function onFirstScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const scrolled = await page.evaluate(() => window.scrollY);
  return box !== null && scrolled === 0 && box.y >= 0 && box.y + box.height <= 800;
}

test('from the open inbox to a sent quote in six actions at most, previewed first; the acceptance names the timing and the special requests', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const customer = {
    name: 'Counted Flow Tester',
    email: 'counted.flow@example.com',
    phone: '0491 570 164',
    urgency: 'urgent-today',
    specialRequests: 'The side gate sticks; please lift it as you open it.',
  };
  await page.setViewportSize({ width: 1280, height: 800 });
  await submitRequest(page, customer);
  await signInThroughLogIn(page, app.url, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Quote Requests' })).toBeVisible();
  const id = await requestIdOf(page, customer);

  /** Every click or fill that changes something, counted. */
  let actions = 0;
  const act = async (done: Promise<void>) => {
    await done;
    actions += 1;
  };

  // 1. The request, from the inbox.
  await act(page.getByRole('link', { name: customer.name, exact: true }).click());
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  const section = page.getByRole('region', { name: 'Quote', exact: true });
  const prepare = section.getByRole('button', { name: 'Prepare Quote' });
  await expect(prepare).toBeVisible();
  expect(await onFirstScreen(page, prepare)).toBe(true);

  // 2. Prepare Quote: the lines from the answers, the request's timing and special requests beside them.
  await act(prepare.click());
  const wishes = section.getByRole('complementary', { name: 'The request' });
  await expect(wishes).toContainText('TimingUrgent (Today/Tomorrow)');
  await expect(wishes).toContainText(`Special requests${customer.specialRequests}`);
  const lines = await section
    .getByRole('group', { name: /^Line \d+$/ })
    .first()
    .boundingBox();
  const aside = await wishes.boundingBox();
  // Beside the lines, not below them.
  expect(aside && lines && aside.x > lines.x + lines.width / 2 && aside.y < lines.y + lines.height).toBe(
    true,
  );

  // 3. A price changed.
  await act(section.getByRole('group', { name: 'Line 1', exact: true }).getByLabel('Unit price').fill('310'));

  // (axe can't run inside the preview's frames, which run no script: the editor is checked here.)
  await expectNoAxeViolations(page);

  // 4. Preview: the email and the page as the customer will get them (the draft is saved first).
  const previewAnswer = page.waitForResponse((response) =>
    response.url().endsWith(`/api/contact/${id}/quote/preview`),
  );
  await act(section.getByRole('button', { name: 'Preview' }).click());
  const preview = (await (await previewAnswer).json()) as {
    page: string;
    mail: { subject: string; text: string; html: string };
  };
  const dialog = page.getByRole('dialog', { name: 'Preview' });
  await expect(dialog.getByText(`Subject: ${preview.mail.subject}`)).toBeVisible();
  const mailFrame = page.frameLocator('iframe[title="The quote\'s email"]');
  const pageFrame = page.frameLocator('iframe[title="The customer\'s quote page"]');
  await expect(mailFrame.locator('body')).toContainText('$310.00');
  await expect(pageFrame.getByRole('button', { name: 'Accept Quote' })).toBeVisible();
  await expect(pageFrame.locator('body')).toContainText('End of Lease Cleaning');

  // 5. Send Quote, from the preview: nothing more is asked.
  await act(dialog.getByRole('button', { name: 'Send Quote' }).click());
  await expect(page.locator('li.toast')).toContainText('Quote sent');
  await expect(page.getByRole('heading', { name: 'Quote: Sent' })).toBeVisible();
  expect(actions).toBeLessThanOrEqual(6);

  // What the customer got is what the preview showed, but for their own link.
  const quoteMail = await mailTo(customer.email, /^Your quote from /);
  expect(subjectOf(quoteMail)).toBe(preview.mail.subject);
  const link = quoteLinkIn(quoteMail);
  const token = new URL(link).pathname.split('/').at(-1) ?? '';
  // (Compared line by line: the mail's transfer encoding may pad a line's end.)
  const linesOf = (text: string) =>
    text
      .trim()
      .split(/\r?\n/)
      .map((line) => line.trimEnd());
  expect(linesOf(quoteMail.text)).toEqual(
    linesOf(preview.mail.text.replaceAll('link-made-when-sent', token)),
  );

  // The customer accepts; the business's mail says when the clean is wanted and what was asked.
  await acceptAsCustomer(browser, link, customer.name);
  const accepted = await mailTo(deliveryBusinessEmail, /accepted by Counted Flow Tester$/);
  expect(accepted.text).toContain('Timing: Urgent (Today/Tomorrow)');
  expect(accepted.text).toContain(`Special requests: ${customer.specialRequests}`);

  // On the won request, going back through the pipeline is no longer the filled, primary action.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Status: Won' })).toBeVisible();
  for (const back of ['Mark as Contacted', 'Mark as Quoted']) {
    await expect(page.getByRole('button', { name: back })).toHaveClass(/button--outline/);
  }
});

test('a version accepted while the next is drafted: the request shows it accepted, the draft discarded in the history', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const customer = {
    name: 'Draft Beside Tester',
    email: 'draft.beside@example.com',
    phone: '0491 570 165',
  };
  await submitRequest(page, customer);
  await signInThroughLogIn(page, app.url, '/admin');
  const id = await requestIdOf(page, customer);
  await page.goto(`${app.url}/admin?quote=${id}`);
  const section = page.getByRole('region', { name: 'Quote', exact: true });
  await section.getByRole('button', { name: 'Prepare Quote' }).click();
  await section.getByRole('button', { name: 'Send Quote' }).click();
  await expect(page.getByRole('heading', { name: 'Quote: Sent' })).toBeVisible();
  const link = quoteLinkIn(await mailTo(customer.email, /^Your quote from /));

  // Staff start version 2 while the customer still holds version 1.
  await page.getByRole('button', { name: 'Edit Quote' }).click();
  await page.getByRole('group', { name: 'Line 1', exact: true }).getByLabel('Unit price').fill('280');
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page.getByRole('heading', { name: 'Quote: Draft' })).toBeVisible();

  await acceptAsCustomer(browser, link, customer.name);

  await page.reload();
  const accepted = page.getByRole('region', { name: 'Quote: Accepted' });
  await expect(accepted).toBeVisible();
  await expect(accepted.getByText(`Accepted by ${customer.name}`, { exact: false })).toBeVisible();
  await expect(accepted.locator('.priced-versions li')).toHaveCount(1);
  await expect(accepted.locator('.priced-versions li')).toContainText('Version 1 — Accepted');
  await expect(
    page
      .getByRole('region', { name: 'History' })
      .getByText('Draft of version 2 discarded: version 1 was accepted'),
  ).toBeVisible();
  const detail = (await (await page.request.get(`${app.url}/api/contact/${id}`)).json()) as {
    status: string;
    quoteStatus: string;
  };
  expect(detail).toMatchObject({ status: 'won', quoteStatus: 'accepted' });
});
