import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { problemReports, visits } from '../db/schema.ts';
import { addDays, melbourneDay } from '../lib/melbourne-time.ts';
import type { QuoteDetail } from '../quote-requests/quote-view.ts';
import { BOOKING_DESK, type BookingDesk, SetClock, startBookingDesk } from '../test-support/booking-desk.ts';
import { sendQuoteAsStaff } from '../test-support/priced-quotes.ts';
import { validQuoteRequests } from '../test-support/quote-requests.ts';
import { decodeHeader } from '../test-support/smtp-test-server.ts';
import { alreadyReportedMessage, lateReportMessage, NO_REPORT_MESSAGE } from './problem-reports.ts';
import { bookedWindowText } from './window-labels.ts';

const { businessEmail: BUSINESS_EMAIL, customer: CUSTOMER } = BOOKING_DESK;
const HOUR = 3_600_000;

let clock: SetClock;
let desk: BookingDesk;
let app: BookingDesk['app'];
let database: BookingDesk['database'];
let smtp: BookingDesk['smtp'];

beforeEach(async () => {
  clock = new SetClock(new Date());
  desk = await startBookingDesk({ clock });
  ({ app, database, smtp } = desk);
});

afterEach(() => desk.close());

const staff = (path: string, init: RequestInit = {}) => desk.staff(path, init);

/** A form of the customer's page, posted as their browser does under its no-referrer policy. */
const post = (token: string, form: string, fields: Record<string, string>) =>
  desk.postForm(`/quote/${token}/${form}`, fields);

const documentOf = (response: Response) => desk.documentOf(response);

async function page(token: string) {
  const response = await app.request(`/quote/${token}`);
  expect(response.status).toBe(200);
  return documentOf(response);
}

type Page = Awaited<ReturnType<typeof page>>;

function offeredSlots(document: Page, form: string): string[] {
  return [...document.querySelectorAll(`form[action$="/${form}"] input[name="slot"]`)].map(
    (input) => input.getAttribute('value') ?? '',
  );
}

async function recleanRequests(): Promise<number> {
  const status = (await (await staff('/api/admin/status')).json()) as { recleanRequests: number };
  return status.recleanRequests;
}

/**
 * A request accepted; then, from `bookFrom` (else now), its first offered window booked by the
 * customer; then the clock at `completedAt` (else 3 hours after the window starts) and the visit
 * marked completed by staff.
 */
async function completedClean({ bookFrom, completedAt }: { bookFrom?: Date; completedAt?: Date } = {}) {
  const submitted = await app.request('/api/service-form', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...validQuoteRequests.endOfLeaseWithCarpet, ...CUSTOMER }),
  });
  expect(submitted.status).toBe(201);
  await vi.waitFor(() => expect(smtp.received).toHaveLength(2), { timeout: 5_000 });
  const [listed] = (await (await staff('/api/contact')).json()) as { id: string }[];
  if (!listed) throw new Error('the request is not listed');
  const { token } = await sendQuoteAsStaff(staff, listed.id, smtp.received);
  expect((await post(token, 'accept', { name: CUSTOMER.name, accept: 'yes' })).status).toBe(303);
  if (bookFrom) clock.set(bookFrom);
  const [slot] = offeredSlots(await page(token), 'book');
  expect((await post(token, 'book', { slot: slot ?? '' })).status).toBe(303);
  const [visit] = await database.db.select().from(visits);
  if (!visit) throw new Error('no visit booked');
  clock.set(completedAt ?? new Date(visit.start.getTime() + 3 * HOUR));
  const completed = await staff(`/api/visits/${visit.id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ status: 'completed' }),
  });
  expect(completed.status).toBe(200);
  const detail = (await (await staff(`/api/contact/${listed.id}`)).json()) as QuoteDetail;
  return { id: listed.id, token, visit, reference: detail.reference };
}

/** The Melbourne days the slots fall on, in order, each once. */
const daysOf = (slots: string[]) => [...new Set(slots.map((slot) => melbourneDay(new Date(slot))))];

describe('the re-clean guarantee on the quote page', () => {
  it('within 24 hours: the report is recorded, the business told, and a free re-clean booked once', async () => {
    // A Tuesday morning: the first window offered is Wednesday 8:00, done by 11:00.
    const { id, token, visit, reference } = await completedClean({
      bookFrom: new Date('2027-03-02T07:00:00+11:00'),
    });
    const form = (await page(token)).querySelector('form[action$="/report"]');
    expect(form?.querySelector('label[for="reclean-message"]')?.textContent).toBe('What was not right?');
    expect(form?.querySelector('button')?.textContent?.trim()).toBe('Report a problem');
    expect(await recleanRequests()).toBe(0);

    const message = 'Streaks on the <b>oven</b> door & the windows\n<script>alert(1)</script>';
    const reported = await post(token, 'report', { message });
    expect(reported.status).toBe(303);
    expect(reported.headers.get('Location')).toBe(`/quote/${token}`);

    // The business's mail arrives, naming the reference, the customer, the day, and the message as text.
    const businessMail = () =>
      smtp.received.find((mail) =>
        decodeHeader(mail.headers.get('subject')?.[0] ?? '').startsWith('Problem reported'),
      );
    await vi.waitFor(() => expect(businessMail()).toBeDefined(), { timeout: 5_000 });
    const mail = businessMail();
    expect(mail?.envelope.to).toEqual([BUSINESS_EMAIL]);
    const day = bookedWindowText({ start: visit.start, end: visit.start }).split(',')[0];
    expect(decodeHeader(mail?.headers.get('subject')?.[0] ?? '')).toBe(
      `Problem reported: ${reference}, ${CUSTOMER.name}, clean of ${day}`,
    );
    // Lines travel as CRLF over SMTP.
    expect(mail?.text.replace(/\r\n/g, '\n')).toContain(`Their message:\n${message}`);
    expect(mail?.text).toContain(`Reference: ${reference}`);
    expect(mail?.html).not.toContain('<b>oven</b>');
    expect(mail?.html).not.toContain('<script>');
    const html = await documentOf(new Response(mail?.html ?? ''));
    expect(html.body.textContent).toContain('Streaks on the <b>oven</b> door & the windows');

    // The history says so, and the dashboard counts it.
    const detail = (await (await staff(`/api/contact/${id}`)).json()) as QuoteDetail;
    expect(detail.history.flatMap((entry) => (entry.kind === 'visit' ? [entry.text] : []))).toContain(
      `Problem reported with the visit of ${bookedWindowText({ start: visit.start, end: new Date(visit.start.getTime() + 2 * HOUR) })}: ${message}`,
    );
    expect(await recleanRequests()).toBe(1);

    // The free re-clean: from now to the end of the third day after today, whatever the notice.
    const offered = await page(token);
    expect(offered.querySelector('form[action$="/report"]')).toBeNull();
    const slots = offeredSlots(offered, 'reclean');
    const now = clock.now();
    const today = melbourneDay(now);
    expect(slots.length).toBeGreaterThan(0);
    expect(daysOf(slots).every((slotDay) => slotDay >= today && slotDay <= addDays(today, 3))).toBe(true);
    expect(new Date(slots[0] ?? '').getTime()).toBeGreaterThanOrEqual(now.getTime());
    // The usual 24 hours' notice would offer nothing this early.
    expect(new Date(slots[0] ?? '').getTime()).toBeLessThan(now.getTime() + 24 * HOUR);

    // No time chosen: 400, the times still offered.
    const noTime = await post(token, 'reclean', {});
    expect(noTime.status).toBe(400);
    const noTimePage = await documentOf(noTime);
    expect(noTimePage.querySelector('.reclean [role="alert"]')?.textContent).toContain(
      'Choose a time first.',
    );
    expect(offeredSlots(noTimePage, 'reclean')).toEqual(slots);

    // Posted twice at once (a double tap): both answer done, one re-clean is booked.
    const slot = slots[0] ?? '';
    const [first, second] = await Promise.all([
      post(token, 'reclean', { slot }),
      post(token, 'reclean', { slot: slots[1] ?? slot }),
    ]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect((await post(token, 'reclean', { slot: slots.at(-1) ?? slot })).status).toBe(303);
    const recleans = await database.db.select().from(visits).where(eq(visits.kind, 're-clean'));
    expect(recleans).toHaveLength(1);
    const [reclean] = recleans;
    const [report] = await database.db.select().from(problemReports);
    expect(report?.recleanVisitId).toBe(reclean?.id);
    expect(report?.visitId).toBe(visit.id);

    // The page shows it as a re-clean with its time, at no cost.
    const booked = await page(token);
    const heading = booked.querySelector('#reclean-heading')?.textContent ?? '';
    expect(heading).toBe(
      `Re-clean: ${bookedWindowText({ start: reclean?.start ?? now, end: new Date((reclean?.start ?? now).getTime() + 2 * HOUR) })}`,
    );
    expect(booked.querySelector('.reclean')?.textContent).toContain('at no cost ($0)');
    expect(offeredSlots(booked, 'reclean')).toEqual([]);
    // Booked but not done: still a request on the dashboard; done, it is not.
    expect(await recleanRequests()).toBe(1);
    clock.set(new Date((reclean?.start ?? now).getTime() + 3 * HOUR));
    const done = await staff(`/api/visits/${reclean?.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'completed' }),
    });
    expect(done.status).toBe(200);
    expect(await recleanRequests()).toBe(0);
  });

  it('after 24 hours: the page says to call, and a report is refused with 409', async () => {
    const { token } = await completedClean();
    const completedAt = clock.now();
    clock.set(new Date(completedAt.getTime() + 24 * HOUR - 60_000));
    expect((await page(token)).querySelector('form[action$="/report"]')).not.toBeNull();

    clock.set(new Date(completedAt.getTime() + 24 * HOUR + 60_000));
    const late = await page(token);
    expect(late.querySelector('form[action$="/report"]')).toBeNull();
    expect(late.querySelector('.reclean')?.textContent).toContain(lateReportMessage());
    expect(lateReportMessage()).toMatch(
      /^It has been more than 24 hours since your clean — please call \(0\d\) /,
    );

    const refused = await post(token, 'report', { message: 'The bathroom was missed' });
    expect(refused.status).toBe(409);
    expect((await documentOf(refused)).body.textContent).toContain(lateReportMessage());
    expect(await database.db.select().from(problemReports)).toEqual([]);
    expect(await recleanRequests()).toBe(0);
  });

  it('refuses an empty or too long message with 400, naming the problem and keeping what was typed', async () => {
    const { token } = await completedClean();
    // No report yet: no re-clean to book.
    const early = await post(token, 'reclean', { slot: '2030-01-07T08:00:00+11:00' });
    expect(early.status).toBe(409);
    expect((await documentOf(early)).querySelector('[role="alert"]')?.textContent).toContain(
      NO_REPORT_MESSAGE,
    );

    const empty = await post(token, 'report', { message: '  \n ' });
    expect(empty.status).toBe(400);
    const emptyPage = await documentOf(empty);
    expect(emptyPage.title).toMatch(/^Error: /);
    expect(emptyPage.querySelector('#reclean-message-error')?.textContent).toBe(
      'Error: Tell us what was not right',
    );
    expect(emptyPage.querySelector('#reclean-message')?.getAttribute('aria-invalid')).toBe('true');

    const long = 'x'.repeat(2001);
    const tooLong = await post(token, 'report', { message: long });
    expect(tooLong.status).toBe(400);
    const longPage = await documentOf(tooLong);
    expect(longPage.querySelector('#reclean-message-error')?.textContent).toBe(
      'Error: Your message must be 2,000 characters or fewer (it has 2,001)',
    );
    expect(longPage.querySelector('#reclean-message')?.textContent).toBe(long);

    expect((await post(token, 'report', { message: 'y'.repeat(2000) })).status).toBe(303);
    expect(await database.db.select().from(problemReports)).toHaveLength(1);
  });

  it("takes a report only from the page's own form, also under /latest", async () => {
    const { token } = await completedClean();
    const from = (headers: Record<string, string>) =>
      app.request(`/quote/${token}/report`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ message: 'The oven was missed' }).toString(),
      });
    expect((await from({ Origin: 'https://evil.example' })).status).toBe(403);
    expect((await from({ Origin: 'null', 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect(await database.db.select().from(problemReports)).toEqual([]);

    const latest = await post(token, 'latest/report', { message: 'The oven was missed' });
    expect(latest.status).toBe(303);
    expect(latest.headers.get('Location')).toBe(`/quote/${token}/latest`);
    expect(await database.db.select().from(problemReports)).toHaveLength(1);
    const slot = offeredSlots(await page(token), 'reclean')[0] ?? '';
    expect((await post(token, 'latest/reclean', { slot })).status).toBe(303);
    expect(await database.db.select().from(visits).where(eq(visits.kind, 're-clean'))).toHaveLength(1);
  });

  it('answers a report posted twice with one report, and a different second one with 409', async () => {
    const { token } = await completedClean();
    expect((await post(token, 'report', { message: 'Dust on the skirting boards' })).status).toBe(303);
    expect((await post(token, 'report', { message: 'Dust on the skirting boards' })).status).toBe(303);
    const another = await post(token, 'report', { message: 'And the fridge' });
    expect(another.status).toBe(409);
    expect((await documentOf(another)).querySelector('[role="alert"]')?.textContent).toContain(
      alreadyReportedMessage(),
    );
    expect((await post(token, 'report', { message: '' })).status).toBe(409);
    expect(await database.db.select().from(problemReports)).toHaveLength(1);
    await vi.waitFor(
      () =>
        expect(
          smtp.received.filter((mail) =>
            decodeHeader(mail.headers.get('subject')?.[0] ?? '').startsWith('Problem reported'),
          ),
        ).toHaveLength(1),
      { timeout: 5_000 },
    );
  });
});

describe('the re-clean range across daylight-saving changes', () => {
  it.each([
    // Clocks go back on Sunday 4 April 2027: Friday and Saturday are +11:00, Monday +10:00.
    {
      change: 'April',
      booked: '2027-04-01T07:00:00+11:00',
      lastDay: '2027-04-05',
      offsets: ['+11:00', '+10:00'],
    },
    // Clocks go forward on Sunday 3 October 2027: Friday and Saturday are +10:00, Monday +11:00.
    {
      change: 'October',
      booked: '2027-09-30T07:00:00+10:00',
      lastDay: '2027-10-04',
      offsets: ['+10:00', '+11:00'],
    },
  ])(
    'around the $change change, offers to the end of the third day after today',
    async ({ booked, lastDay, offsets }) => {
      // The first window Friday, done at 1 pm.
      const { token } = await completedClean({
        bookFrom: new Date(booked),
        completedAt: new Date(`${addDays(lastDay, -3)}T13:00:00${offsets[0]}`),
      });
      expect(melbourneDay(clock.now())).toBe(addDays(lastDay, -3));
      expect((await post(token, 'report', { message: 'The oven was missed' })).status).toBe(303);
      const slots = offeredSlots(await page(token), 'reclean');
      const days = daysOf(slots);
      // Friday afternoon, Saturday, (Sunday closed), Monday — and nothing on Tuesday.
      expect(days.at(-1)).toBe(lastDay);
      expect(days[0] && days[0] >= addDays(lastDay, -3)).toBe(true);
      expect(days).not.toContain(addDays(lastDay, 1));
      // Each day's windows on its own side of the change: 8:00 on Saturday and on Monday.
      expect(slots).toContain(`${addDays(lastDay, -2)}T08:00:00${offsets[0]}`);
      expect(slots).toContain(`${lastDay}T08:00:00${offsets[1]}`);
      // Saturday 8:00 is less than 24 hours away: the notice is ignored.
      expect(
        new Date(`${addDays(lastDay, -2)}T08:00:00${offsets[0]}`).getTime() - clock.now().getTime(),
      ).toBeLessThan(24 * HOUR);
      const [slot] = slots.filter((value) => value.startsWith(lastDay));
      expect((await post(token, 'reclean', { slot: slot ?? '' })).status).toBe(303);
      const [reclean] = await database.db.select().from(visits).where(eq(visits.kind, 're-clean'));
      expect(reclean?.start.toISOString()).toBe(new Date(slot ?? '').toISOString());
    },
  );
});
