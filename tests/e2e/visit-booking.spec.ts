/**
 * From an accepted quote to a booked clean, in a real browser against the real server and a real
 * SMTP server: staff price an end-of-lease request at 4 hours and send it; the customer, with
 * JavaScript off, accepts and books an arrival window, moves it, then cancels it. The calendar
 * invite, the reminder, /schedule and the request's history follow every step.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { weekStart } from '../../api/src/schedule/booking-counts.ts';
import type { ReceivedMail } from '../../api/src/test-support/smtp-test-server.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { type ServerWithSmtp, startServerWithSmtp } from '../support/server-with-smtp.ts';
import { quoteLinkIn, type StaffApiSession, staffApiSession } from '../support/staff-api-session.ts';
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

/** The calendar invites the customer received, oldest first: the inline part of each mail. */
function invitesTo(address: string): string[] {
  return session
    .mailsTo(address)
    .flatMap((mail: ReceivedMail) =>
      mail.otherParts
        .filter((part) => part.contentType.startsWith('text/calendar') && !part.disposition)
        .map((part) => part.content),
    );
}

/** A property of an invite, its parameters left off. */
function property(ics: string, name: string): string | undefined {
  return new RegExp(`^${name}(?:;[^:\\r\\n]*)?:(.*?)\\r?$`, 'm').exec(ics.replace(/\r\n[ \t]/g, ''))?.[1];
}

/** '20261202T080000' style UTC stamp of an instant, as DTSTART carries it. */
function utcStamp(instant: Date): string {
  return `${instant.toISOString().replace(/[-:]|\.\d{3}/g, '')}`;
}

/** The reminders waiting in the outbox, as staff's mail log lists them. */
async function scheduledReminders(): Promise<{ sendAfter: string }[]> {
  const mails = (await (await session.staff('/api/admin/outbox?status=scheduled')).json()) as {
    kind: string;
    sendAfter: string;
  }[];
  return mails.filter((mail) => mail.kind === 'visit-reminder');
}

async function pageWithoutScript(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return context.newPage();
}

/** The slot values of the page's form posting to `action`, in order. */
async function slotsOf(page: Page, action: 'book' | 'reschedule'): Promise<string[]> {
  return page
    .locator(`form[action$="/${action}"] input[name="slot"]`)
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

test('a 4-hour end of lease clean is booked, moved and cancelled by the customer without script; the invite, the reminder and /schedule follow', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const customer = {
    name: 'Bea Booking',
    email: 'bea.booking@example.com',
    phone: '0491 570 191',
    address: '21 Lennox St, Richmond, VIC',
  };
  const { id, reference } = await session.storeRequest(customer);

  // Staff prepare the quote, set the estimated time to 4 hours and send it.
  await signInThroughLogIn(page, app.url, '/admin');
  await page.getByLabel('Search').fill(customer.email);
  await page.getByRole('link', { name: customer.name, exact: true }).click();
  const quote = page.getByRole('region', { name: 'Quote', exact: true });
  await quote.getByRole('button', { name: 'Prepare Quote' }).click();
  await quote.getByLabel(/^Estimated time/).fill('240');
  await quote.getByRole('button', { name: 'Send Quote' }).click();
  await expect(page.getByRole('heading', { name: 'Quote: Sent' })).toBeVisible();
  const sent = (await (await session.staff(`/api/contact/${id}/quote`)).json()) as {
    durationMinutes: number;
  };
  expect(sent.durationMinutes).toBe(240);
  await expect.poll(() => session.mailsTo(customer.email).length, { timeout: 15_000 }).toBe(2);
  const link = quoteLinkIn(session.mailsTo(customer.email)[1]);

  // The customer, with JavaScript off, accepts and books the first window offered.
  const customerPage = await pageWithoutScript(browser);
  await customerPage.goto(link);
  await customerPage.getByLabel('Your full name').fill(customer.name);
  await customerPage.getByLabel('I accept the quote and the terms').check();
  await customerPage.getByRole('button', { name: 'Accept Quote' }).click();
  await expect(customerPage.getByRole('heading', { name: 'Choose a time' })).toBeVisible();
  const [first, second] = await slotsOf(customerPage, 'book');
  if (!first || !second) throw new Error('fewer than two windows offered');
  await customerPage.locator(`input[name="slot"][value="${first}"]`).check();
  await customerPage.getByRole('button', { name: 'Book this time' }).click();
  await expect(customerPage.getByRole('heading', { name: /^Booked: / })).toBeVisible();
  // The same page in a browser with script, where axe can run: the booked state, at 360 px too.
  const checker = await browser.newPage();
  await checker.goto(link);
  await expectNoAxeViolations(checker);
  await checker.setViewportSize({ width: 360, height: 740 });
  await expectNoAxeViolations(checker);
  await checker.close();

  // The confirmation carries the invite: the window's times, in Melbourne, as UTC instants.
  await expect.poll(() => invitesTo(customer.email).length, { timeout: 15_000 }).toBe(1);
  const booked = invitesTo(customer.email)[0] ?? '';
  const start = new Date(first);
  expect(property(booked, 'METHOD')).toBe('REQUEST');
  expect(property(booked, 'SEQUENCE')).toBe('0');
  expect(property(booked, 'DTSTART')).toBe(utcStamp(start));
  expect(property(booked, 'DTEND')).toBe(utcStamp(new Date(start.getTime() + 2 * 3_600_000)));
  const uid = property(booked, 'UID');
  expect(await scheduledReminders()).toEqual([
    expect.objectContaining({ sendAfter: new Date(start.getTime() - 24 * 3_600_000).toISOString() }),
  ]);

  // Staff see it on /schedule, in its week, by the customer's name.
  // The slot is written in Melbourne's wall-clock time: its date is the visit's Melbourne day.
  await page.goto(`${app.url}/schedule?week=${weekStart(first.slice(0, 10))}`);
  await expect(page.getByRole('link', { name: customer.name })).toBeVisible();
  await expectNoAxeViolations(page);

  // Moved to the second window: the same UID, SEQUENCE 1, the reminder moved.
  await customerPage.getByText('Show the times you can move to').click();
  await customerPage.locator(`form[action$="/reschedule"] input[name="slot"][value="${second}"]`).check();
  await customerPage.getByRole('button', { name: 'Change time' }).click();
  await expect(customerPage.getByRole('heading', { name: /^Booked: / })).toBeVisible();
  await expect.poll(() => invitesTo(customer.email).length, { timeout: 15_000 }).toBe(2);
  const moved = invitesTo(customer.email)[1] ?? '';
  expect([property(moved, 'METHOD'), property(moved, 'UID'), property(moved, 'SEQUENCE')]).toEqual([
    'REQUEST',
    uid,
    '1',
  ]);
  expect(await scheduledReminders()).toEqual([
    expect.objectContaining({
      sendAfter: new Date(new Date(second).getTime() - 24 * 3_600_000).toISOString(),
    }),
  ]);

  // Cancelled: METHOD:CANCEL, the reminder withdrawn, the quote bookable again.
  await customerPage.getByLabel('Reason for cancelling (optional)').fill('The lease was extended');
  await customerPage.getByRole('button', { name: 'Cancel visit' }).click();
  await expect(customerPage.getByRole('heading', { name: 'Choose a time' })).toBeVisible();
  await expect.poll(() => invitesTo(customer.email).length, { timeout: 15_000 }).toBe(3);
  const cancelled = invitesTo(customer.email)[2] ?? '';
  expect([
    property(cancelled, 'METHOD'),
    property(cancelled, 'UID'),
    property(cancelled, 'SEQUENCE'),
  ]).toEqual(['CANCEL', uid, '2']);
  expect(await scheduledReminders()).toEqual([]);
  await page.goto(`${app.url}/schedule?week=${weekStart(second.slice(0, 10))}`);
  const visit = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: customer.name }) });
  await expect(visit.getByText('Cancelled')).toBeVisible();

  // Each step is in the request's history, as staff read it.
  await page.goto(`${app.url}/admin?quote=${encodeURIComponent(id)}`);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText(/^Visit booked for /)).toBeVisible();
  await expect(history.getByText(/^Visit moved from /)).toBeVisible();
  await expect(history.getByText('Visit cancelled by the customer: The lease was extended')).toBeVisible();
  expect(reference).toMatch(/^CQ-/);
});
