/**
 * A case manager books an NDIS clean through the wizard in the browser and ticks 'Email me when this
 * request moves on'; staff move the request to Quoted and then Won, and both update mails arrive on
 * a real SMTP server, each with a one-click unsubscribe whose page stops them. Unticked, no update is
 * sent. Runs against its own server process with SMTP_URL pointing at that SMTP server.
 */
import { expect, type Page, test } from '@playwright/test';
import type { ReceivedMail } from '../../api/src/test-support/smtp-test-server.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { type ServerWithSmtp, signInAsAdmin, startServerWithSmtp } from '../support/server-with-smtp.ts';

const UPDATES_BOX = 'Email me when this request moves on';

let app: ServerWithSmtp;
let cookie: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  app = await startServerWithSmtp();
  cookie = await signInAsAdmin(app.url);
});

test.afterAll(async () => {
  await app?.close();
});

async function next(page: Page): Promise<void> {
  await page.locator('.cq-wizard').getByRole('button', { name: 'Next', exact: true }).click();
}

/**
 * Books an NDIS clean as a case manager through the wizard on /service-form, ticking the updates box
 * or not (axe checks the step with the box as left); answers the request's reference.
 */
async function bookAsCaseManager(page: Page, caseManagerEmail: string, tick: boolean): Promise<string> {
  await page.goto(`${app.url}/service-form`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('radio', { name: /^NDIS & Aged Care Cleaning/ }).check();
  await next(page);
  await page.getByRole('radio', { name: /^Case manager/ }).check();
  await page.getByRole('textbox', { name: /^Case Manager Name/ }).fill('Sam Coordinator');
  await page.getByRole('textbox', { name: /^Case Manager Phone/ }).fill('03 5550 0123');
  await page.getByRole('textbox', { name: /^Case Manager Email/ }).fill(caseManagerEmail);
  const box = page.getByRole('checkbox', { name: UPDATES_BOX, exact: true });
  await expect(box).not.toBeChecked();
  if (tick) {
    // By keyboard, as anyone who cannot use a mouse would.
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  await expectNoAxeViolations(page);
  await next(page);
  await page.getByRole('radio', { name: 'This week within 7 days', exact: true }).check();
  await next(page);
  await page.getByRole('textbox', { name: /^Full Name/ }).fill('Robin Client');
  await page.getByRole('textbox', { name: /^Phone Number/ }).fill('0491 570 156');
  await page.getByRole('textbox', { name: /^Email Address/ }).fill('robin.client@example.com');
  await page.getByRole('textbox', { name: /^Property Address/ }).fill('7 Example Rd, Box Hill, VIC');
  await next(page);
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await next(page);
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/service-form') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Get My Quote', exact: true }).click();
  const response = await answered;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject(tick ? { caseManagerUpdates: true } : {});
  const { reference } = (await response.json()) as { reference: string };
  await page.waitForURL(`**/thank-you?reference=${reference}`);
  return reference;
}

/** Staff move the request with this reference to `status`, through the API as the inbox does. */
async function move(reference: string, status: string): Promise<void> {
  const list = await fetch(`${app.url}/api/contact`, { headers: { Cookie: cookie } });
  const quotes = (await list.json()) as { id: string; reference: string }[];
  const quote = quotes.find((candidate) => candidate.reference === reference);
  if (!quote) throw new Error(`${reference} is not in the inbox`);
  const moved = await fetch(`${app.url}/api/contact/${quote.id}/status`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: app.url, 'Content-Type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  expect(moved.status).toBe(200);
}

const to = (address: string) => app.received.filter((mail) => mail.envelope.to.includes(address));
const subjectOf = (mail: ReceivedMail) => mail.headers.get('subject')?.[0] ?? '';

test('a case manager who ticked the box is emailed when the request is Quoted and Won, and can stop it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const caseManager = 'sam.updates@support.example.org';
  const reference = await bookAsCaseManager(page, caseManager, true);

  await move(reference, 'contacted');
  await move(reference, 'quoted');
  await move(reference, 'won');
  await expect
    .poll(() => to(caseManager).map(subjectOf), { timeout: 10_000 })
    .toEqual([
      `Request ${reference}: we have sent the quote`,
      `Request ${reference}: the customer accepted the quote`,
    ]);
  const [quoted] = to(caseManager);
  const unsubscribe = quoted?.headers.get('list-unsubscribe')?.[0] ?? '';
  expect(unsubscribe).toMatch(new RegExp(`^<${app.url}/case-manager-updates/[a-z2-7]{32}>$`));
  expect(quoted?.headers.get('list-unsubscribe-post')).toEqual(['List-Unsubscribe=One-Click']);

  // The link in the mail opens a page whose button stops the mails.
  const link = unsubscribe.slice(1, -1);
  expect(quoted?.text).toContain(link);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Emails about request ${reference}`);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Stop these emails' }).click();
  await expect(page.getByText(`You will not get more emails about request ${reference}.`)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a case manager who left the box unticked gets no update', async ({ page }) => {
  test.setTimeout(90_000);
  const unticked = 'sam.quiet@support.example.org';
  const quiet = await bookAsCaseManager(page, unticked, false);
  await move(quiet, 'quoted');
  await move(quiet, 'won');

  // The outbox sends in order: once a later request's update arrived, none for this one was queued.
  const witness = 'sam.witness@support.example.org';
  const later = await bookAsCaseManager(page, witness, true);
  await move(later, 'quoted');
  await expect.poll(() => to(witness).length, { timeout: 10_000 }).toBe(1);
  expect(to(unticked)).toEqual([]);
});
