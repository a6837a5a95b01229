/**
 * A regular customer's life, in a real browser against the real server, a real SMTP server and the
 * fake Xero, the customer WITHOUT script: a weekly quote at 15% off is accepted and its first window
 * booked; the series holds 12 weeks of visits across the end of daylight saving; the customer skips
 * one and moves another; the calendar invite, expanded by ical.js, gives exactly the visits the
 * product holds in Melbourne time; staff complete a visit, the customer's mail arrives and its
 * invoice is AUTHORISED in Xero once although Xero failed first; a problem reported within 24 hours
 * books a free re-clean, and after 24 hours the page asks for a call instead.
 */
import { business } from '@cleanquote/content';
import type { QuoteLine } from '@cleanquote/quote-core/staff';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  addDays,
  formatMelbourneDateTime,
  melbourneDay,
  melbourneWallClock,
} from '../../api/src/lib/melbourne-time.ts';
import { slotValue } from '../../api/src/schedule/window-labels.ts';
import { expandSeriesInvite } from '../../api/src/test-support/expand-invite.ts';
import type { ReceivedMail } from '../../api/src/test-support/smtp-test-server.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { type FakeXero, productEnvironmentFor, startFakeXero } from '../support/fake-xero.ts';
import { type ServerWithSmtp, startServerWithSmtp } from '../support/server-with-smtp.ts';
import {
  type Customer,
  quoteLinkIn,
  type StaffApiSession,
  staffApiSession,
} from '../support/staff-api-session.ts';
import { signInThroughLogIn } from '../support/staff-sign-in.ts';
import { connectThroughPopup, organisationItem } from '../support/xero-screen.ts';

const HOUR = 60 * 60 * 1000;

let fake: FakeXero;
let app: ServerWithSmtp;
let session: StaffApiSession;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  fake = await startFakeXero();
  app = await startServerWithSmtp({
    env: { ...productEnvironmentFor(fake), XERO_SYNC_RETRY_BASE_MS: '300', XERO_TIMEOUT_MS: '3000' },
  });
  session = await staffApiSession(app);
});

test.afterAll(async () => {
  await app?.close();
  await fake?.close();
});

/** A visit as the staff API lists it. */
interface ApiVisit {
  id: string;
  start: string;
  end: string;
  status: string;
  kind: string;
  seriesId: string | null;
  occurrenceStart: string | null;
}

const LINES: QuoteLine[] = [
  { description: 'Regular Cleaning', quantity: 1, unitPriceCents: 12_000 },
  { description: 'Bedrooms', quantity: 3, unitPriceCents: 2_500 },
  { description: 'Bathrooms', quantity: 2, unitPriceCents: 3_000 },
];
/** $255.00 less the weekly 15% ($38.25): $216.75 per visit. */
const PER_VISIT_CENTS = 21_675;

const rosa: Customer = {
  name: 'Rosa Regular',
  email: 'rosa.regular@example.com',
  phone: '0491 570 177',
  address: '8 Lygon St, Carlton, VIC',
};

/** The first visit: Tuesday 16 March 2027, 10:00 — three weeks before daylight saving ends. */
const FIRST = melbourneWallClock('2027-03-16', 10 * 60);

async function pageWithoutScript(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return context.newPage();
}

/** The request's visits from today on, as the staff API lists them. */
async function visitsOf(
  id: string,
): Promise<{ visits: ApiVisit[]; series: { id: string; label: string } | null }> {
  return (await (await session.staff(`/api/contact/${id}/visit`)).json()) as {
    visits: ApiVisit[];
    series: { id: string; label: string } | null;
  };
}

/** The inline calendar invites the customer received, oldest first. */
function invitesTo(address: string): string[] {
  return session
    .mailsTo(address)
    .flatMap((mail: ReceivedMail) =>
      mail.otherParts
        .filter((part) => part.contentType.startsWith('text/calendar') && !part.disposition)
        .map((part) => part.content),
    );
}

/** A visit's window as Melbourne wall-clock text, 'yyyy-MM-dd HH:mm–HH:mm'. */
function melbourneWindow(start: Date | string, end: Date | string): string {
  return `${formatMelbourneDateTime(new Date(start))}–${formatMelbourneDateTime(new Date(end)).slice(11)}`;
}

/** The list item of the customer's page naming this visit's day. */
function visitRow(page: Page, dayText: string) {
  return page.getByRole('list', { name: 'Your visits' }).getByRole('listitem').filter({ hasText: dayText });
}

let request: { id: string; reference: string };
let link: string;
let customerPage: Page;

test('a weekly quote at 15% off is accepted and booked once; 12 weeks of visits, one skipped and one moved from the page without script; the invite gives exactly those visits', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // Bookings are offered 200 days ahead, so the first visit can be in March.
  const settings = (await (await session.staff('/api/schedule/settings')).json()) as Record<string, unknown>;
  expect(
    (
      await session.staff('/api/schedule/settings', {
        method: 'PUT',
        body: { ...settings, horizonDays: 200 },
      })
    ).status,
  ).toBe(200);

  // Xero connected and quote sync on.
  await signInThroughLogIn(page, app.url, '/xero');
  await connectThroughPopup(page, fake.tenants[0]?.tenantName ?? '');
  await organisationItem(page, fake.tenants[0]?.tenantName ?? '')
    .getByLabel('Send quotes and invoices to this organisation')
    .check();
  await expect
    .poll(
      async () =>
        ((await (await session.staff('/api/xero/sync')).json()) as { tenantId: string | null }).tenantId,
    )
    .toBe(fake.tenants[0]?.tenantId);

  // Staff price the request weekly and send it.
  request = await session.storeRequest(rosa);
  const drafted = await session.staff(`/api/contact/${request.id}/quote`, {
    method: 'POST',
    body: { lines: LINES, frequency: 'weekly', durationMinutes: 120 },
  });
  expect(drafted.status).toBe(201);
  const quote = (await drafted.json()) as Record<string, unknown>;
  expect(quote).toMatchObject({
    frequency: 'weekly',
    subtotalCents: 25_500,
    discountPercent: 15,
    discountCents: 3_825,
    totalCents: PER_VISIT_CENTS,
  });
  expect((await session.staff(`/api/contact/${request.id}/quote/send`, { method: 'POST' })).status).toBe(200);
  await expect.poll(() => session.mailsTo(rosa.email).length, { timeout: 15_000 }).toBe(2);
  link = quoteLinkIn(session.mailsTo(rosa.email)[1]);

  // The customer, with JavaScript off: the discount and the total per visit, then accept and book.
  customerPage = await pageWithoutScript(browser);
  await customerPage.goto(link);
  await expect(customerPage.getByText('Weekly discount (15%)')).toBeVisible();
  await expect(customerPage.getByText('per visit, weekly').first()).toBeVisible();
  await customerPage.getByLabel('Your full name').fill(rosa.name);
  await customerPage.getByLabel('I accept the quote and the terms').check();
  await customerPage.getByRole('button', { name: 'Accept Quote' }).click();
  await expect(customerPage.getByRole('heading', { name: 'Choose a time' })).toBeVisible();
  await customerPage.locator(`input[name="slot"][value="${slotValue(FIRST)}"]`).check();
  await customerPage.getByRole('button', { name: 'Book this time' }).click();
  await expect(
    customerPage.getByRole('heading', { name: 'Your regular clean: Weekly, Tuesdays 10:00 am–12:00 pm' }),
  ).toBeVisible();

  // Twelve Tuesdays at 10:00 Melbourne time, on both sides of 4 April.
  const { visits, series } = await visitsOf(request.id);
  expect(series?.label).toBe('Weekly, Tuesdays 10:00 am–12:00 pm');
  const tuesdays = Array.from({ length: 12 }, (_, week) => addDays('2027-03-16', week * 7));
  expect(visits.map((visit) => formatMelbourneDateTime(new Date(visit.start)))).toEqual(
    tuesdays.map((day) => `${day} 10:00`),
  );
  expect(visits.every((visit) => visit.status === 'booked' && visit.seriesId === series?.id)).toBe(true);
  await expect(customerPage.getByRole('list', { name: 'Your visits' }).getByRole('listitem')).toHaveCount(12);

  // Skip 30 March; move 13 April to Wednesday 14 April at 8:00.
  await visitRow(customerPage, 'Tuesday 30 March 2027')
    .getByRole('button', { name: 'Skip this visit' })
    .click();
  await expect(visitRow(customerPage, 'Tuesday 30 March 2027').getByText('Skipped')).toBeVisible();
  await visitRow(customerPage, 'Tuesday 13 April 2027').getByRole('button', { name: 'Change time' }).click();
  const moveTo = melbourneWallClock('2027-04-14', 8 * 60);
  await customerPage.getByRole('radio', { name: 'Wed 14 Apr, arrive 8:00–10:00 am' }).check();
  await customerPage
    .getByRole('region', { name: /^Change the time of Tuesday 13 April 2027/ })
    .getByRole('button', { name: 'Change time' })
    .click();
  await expect(visitRow(customerPage, 'Wednesday 14 April 2027').getByText('Booked (moved)')).toBeVisible();
  const checker = await browser.newPage();
  await checker.goto(link);
  await expectNoAxeViolations(checker);
  await checker.setViewportSize({ width: 360, height: 740 });
  await expectNoAxeViolations(checker);
  await checker.close();

  const after = (await visitsOf(request.id)).visits;
  const held = after.filter((visit) => visit.status === 'booked');
  expect(held).toHaveLength(11);
  expect(after.find((visit) => visit.start === moveTo.toISOString())?.occurrenceStart).toBe(
    melbourneWallClock('2027-04-13', 10 * 60).toISOString(),
  );

  // The invite as the page offers it, and as the last mail carried it, expanded by ical.js: exactly
  // the visits held, in Melbourne time.
  const heldWindows = held.map((visit) => melbourneWindow(visit.start, visit.end));
  const until = new Date(new Date(held.at(-1)?.start ?? 0).getTime() + HOUR);
  const downloaded = await (await fetch(`${link}/visit.ics`)).text();
  expect(
    expandSeriesInvite(downloaded, until).map((visit) => melbourneWindow(visit.start, visit.end)),
  ).toEqual(heldWindows);
  await expect.poll(() => invitesTo(rosa.email).length, { timeout: 15_000 }).toBe(3);
  const latest = invitesTo(rosa.email).at(-1) ?? '';
  expect(latest).toMatch(/^SEQUENCE:2\r?$/m);
  expect(latest).toMatch(/TZID=Australia\/Melbourne/);
  expect(expandSeriesInvite(latest, until).map((visit) => melbourneWindow(visit.start, visit.end))).toEqual(
    heldWindows,
  );
  expect(heldWindows).toContain('2027-04-06 10:00–12:00');
  expect(heldWindows).toContain('2027-03-23 10:00–12:00');
});

test('staff complete a visit: the customer is mailed once and its invoice is AUTHORISED in Xero once, after Xero failed twice', async () => {
  test.setTimeout(120_000);
  // The visit of 16 March is recorded as done this morning: staff place it earlier today.
  const [first] = (await visitsOf(request.id)).visits;
  if (!first) throw new Error('no visit');
  const doneAt = new Date(Date.now() - 2 * HOUR);
  const placed = await session.staff(`/api/visits/${first.id}`, {
    method: 'PATCH',
    body: { start: new Date(Date.now() - 5 * HOUR).toISOString(), override: true },
  });
  expect(placed.status).toBe(200);
  const mailsBefore = session.mailsTo(rosa.email).length;
  fake.failTimes('/api.xro/2.0/Invoices', 500, 2);
  const completed = await session.staff(`/api/visits/${first.id}`, {
    method: 'PATCH',
    body: { status: 'completed', completedAt: doneAt.toISOString() },
  });
  expect(completed.status).toBe(200);
  await expect.poll(() => session.mailsTo(rosa.email).length, { timeout: 15_000 }).toBe(mailsBefore + 2);
  const completion = session
    .mailsTo(rosa.email)
    .find((mail) =>
      mail.text.includes("Something not right? Tell us within 24 hours and we'll come back at no cost"),
    );
  expect(completion?.text).toContain('$216.75');
  await expect.poll(() => fake.invoices().length, { timeout: 30_000 }).toBe(1);
  const [invoice] = fake.invoices();
  expect(invoice).toMatchObject({
    Status: 'AUTHORISED',
    Reference: `${request.reference} ${melbourneDay(new Date(Date.now() - 5 * HOUR))}`,
  });
  expect(Math.round((invoice?.Total ?? 0) * 100)).toBe(PER_VISIT_CENTS);
  const writes = fake.requests.filter(
    (each) => each.method !== 'GET' && each.path.startsWith('/api.xro/2.0/Invoices'),
  );
  expect(writes.length).toBeGreaterThanOrEqual(3);
  expect(new Set(writes.map((write) => write.idempotencyKey)).size).toBe(1);
  // Nothing more is written however long we wait.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(fake.invoices()).toHaveLength(1);
});

test('a problem reported within 24 hours books a free re-clean; no invoice is made for it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const toBusiness = () => session.mailsTo('office@sparkleclean.example').length;
  const before = toBusiness();
  await customerPage.goto(link);
  await customerPage.getByLabel('What was not right?').fill('The oven was not <b>cleaned</b>.');
  await customerPage.getByRole('button', { name: 'Report a problem' }).click();
  await expect(customerPage.getByRole('heading', { name: 'Your free re-clean' })).toBeVisible();
  await expect.poll(toBusiness, { timeout: 15_000 }).toBeGreaterThan(before);
  const report = session
    .mailsTo('office@sparkleclean.example')
    .find((mail) => mail.text.includes('The oven was not <b>cleaned</b>.'));
  expect(report?.text).toContain(request.reference);

  // The first time offered, within the next three days, at no cost.
  const [slot] = await customerPage
    .locator('form[action$="/reclean"] input[name="slot"]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  if (!slot) throw new Error('no re-clean time offered');
  expect(new Date(slot).getTime() - Date.now()).toBeLessThan(4 * 24 * HOUR);
  await customerPage.locator(`form[action$="/reclean"] input[value="${slot}"]`).check();
  await customerPage.getByRole('button', { name: 'Book re-clean' }).click();
  await expect(customerPage.getByRole('heading', { name: /^Re-clean: / })).toBeVisible();
  await expect(customerPage.getByText(/at no cost \(\$0\)/)).toBeVisible();
  const reclean = (await visitsOf(request.id)).visits.find((visit) => visit.kind === 're-clean');
  expect(reclean).toMatchObject({ status: 'booked', start: new Date(slot).toISOString() });
  const checker = await browser.newPage();
  await checker.goto(link);
  await expectNoAxeViolations(checker);
  await checker.close();

  // A re-clean is free: nothing is invoiced for it.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(fake.invoices()).toHaveLength(1);
});

test('more than 24 hours after a clean, the page asks for a call and a report is refused', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const oneOff: Customer = { ...rosa, name: 'Otto Once', email: 'otto.once@example.com' };
  const stored = await session.storeRequest(oneOff);
  expect(
    (await session.staff(`/api/contact/${stored.id}/quote`, { method: 'POST', body: { lines: LINES } }))
      .status,
  ).toBe(201);
  expect((await session.staff(`/api/contact/${stored.id}/quote/send`, { method: 'POST' })).status).toBe(200);
  await expect.poll(() => session.mailsTo(oneOff.email).length, { timeout: 15_000 }).toBe(2);
  const oneOffLink = quoteLinkIn(session.mailsTo(oneOff.email)[1]);
  const page = await pageWithoutScript(browser);
  await page.goto(oneOffLink);
  await page.getByLabel('Your full name').fill(oneOff.name);
  await page.getByLabel('I accept the quote and the terms').check();
  await page.getByRole('button', { name: 'Accept Quote' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a time' })).toBeVisible();

  // Staff record the clean of the day before yesterday, finished 26 hours ago.
  const booked = await session.staff(`/api/contact/${stored.id}/visit`, {
    method: 'POST',
    body: { start: new Date(Date.now() - 30 * HOUR).toISOString(), override: true },
  });
  expect(booked.status).toBe(201);
  const { id: visitId } = (await booked.json()) as { id: string };
  const completed = await session.staff(`/api/visits/${visitId}`, {
    method: 'PATCH',
    body: { status: 'completed', completedAt: new Date(Date.now() - 26 * HOUR).toISOString() },
  });
  expect(completed.status).toBe(200);

  await page.goto(oneOffLink);
  await expect(
    page.getByText(`It has been more than 24 hours since your clean — please call ${business.phone}`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Report a problem' })).toHaveCount(0);
  const refused = await fetch(`${oneOffLink}/report`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: app.url },
    body: new URLSearchParams({ message: 'Too late?' }).toString(),
  });
  expect(refused.status).toBe(409);
});
