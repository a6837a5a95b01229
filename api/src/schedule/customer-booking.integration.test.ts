import { and, eq, isNotNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outbox, visits } from '../db/schema.ts';
import type { QuoteDetail } from '../quote-requests/quote-view.ts';
import { BOOKING_DESK, type BookingDesk, SetClock, startBookingDesk } from '../test-support/booking-desk.ts';
import { sendQuoteAsStaff } from '../test-support/priced-quotes.ts';
import { validQuoteRequests } from '../test-support/quote-requests.ts';
import { decodeHeader, type ReceivedMail } from '../test-support/smtp-test-server.ts';
import { cutOffMessage, SLOT_TAKEN_MESSAGE } from './booking-section.tsx';
import { bookedWindowText } from './window-labels.ts';

const { businessEmail: BUSINESS_EMAIL, customer: CUSTOMER } = BOOKING_DESK;

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

/** A request from the wizard, priced and sent by staff, accepted by the customer: its id and link. */
async function acceptedQuote(): Promise<{ id: string; token: string }> {
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
  const accepted = await post(token, 'accept', { name: CUSTOMER.name, accept: 'yes' });
  expect(accepted.status).toBe(303);
  return { id: listed.id, token };
}

/** A form of the customer's page, posted as their browser does under its no-referrer policy. */
const post = (token: string, form: string, fields: Record<string, string>) =>
  desk.postForm(`/quote/${token}/${form}`, fields);

const documentOf = (response: Response) => desk.documentOf(response);

async function page(token: string) {
  const response = await app.request(`/quote/${token}`);
  expect(response.status).toBe(200);
  return documentOf(response);
}

/** The slots the page offers, in its order. */
function offeredSlots(document: Awaited<ReturnType<typeof documentOf>>, form: string): string[] {
  return [...document.querySelectorAll(`form[action$="/${form}"] input[name="slot"]`)].map(
    (input) => input.getAttribute('value') ?? '',
  );
}

/** The mails received so far that carry a calendar invite: each one's invite text. */
function invites(): { mail: ReceivedMail; inline: string; attached: string }[] {
  return smtp.received.flatMap((mail) => {
    const inline = mail.otherParts.find(
      (part) => !part.disposition && part.contentType.startsWith('text/calendar'),
    );
    const attached = mail.otherParts.find((part) => part.disposition?.includes('invite.ics'));
    return inline && attached ? [{ mail, inline: inline.content, attached: attached.content }] : [];
  });
}

const field = (ics: string, name: string) => new RegExp(`^${name}[:;](.*)$`, 'm').exec(ics)?.[1]?.trim();

async function scheduledReminders() {
  return database.db
    .select({ id: outbox.id, sendAfter: outbox.sendAfter })
    .from(outbox)
    .where(and(eq(outbox.kind, 'visit-reminder'), isNotNull(outbox.sendAfter)));
}

describe('booking on the quote page', () => {
  it('books, moves and cancels the visit: the page, the invite, the reminder and the history follow', async () => {
    const { id, token } = await acceptedQuote();

    const accepted = await page(token);
    expect(accepted.querySelector('#booking-heading')?.textContent).toBe('Choose a time');
    const slots = offeredSlots(accepted, 'book');
    expect(slots.length).toBeGreaterThan(10);
    // Each window is offered as a Melbourne wall-clock time with its offset.
    for (const slot of slots) expect(slot).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+1[01]:00$/);
    const [first, second] = slots as [string, string];

    // Booked.
    const booked = await post(token, 'book', { slot: first });
    expect(booked.status).toBe(303);
    expect(booked.headers.get('Location')).toBe(`/quote/${token}`);
    const window = { start: new Date(first), end: new Date(new Date(first).getTime() + 120 * 60_000) };
    expect((await page(token)).querySelector('#booking-heading')?.textContent).toBe(
      `Booked: ${bookedWindowText(window)}`,
    );
    await vi.waitFor(() => expect(invites()).toHaveLength(1), { timeout: 5_000 });
    const [confirmation] = invites();
    expect(confirmation?.mail.envelope.to).toEqual([CUSTOMER.email]);
    expect(confirmation?.mail.headers.get('in-reply-to')).toBeDefined();
    expect(confirmation?.inline).toBe(confirmation?.attached);
    const ics = confirmation?.inline ?? '';
    expect(field(ics, 'METHOD')).toBe('REQUEST');
    expect(field(ics, 'SEQUENCE')).toBe('0');
    const uid = field(ics, 'UID');
    expect(uid).toMatch(/@clean\.example$/);
    expect(field(ics, 'DTSTART')).toBe(`${window.start.toISOString().replace(/[-:]|\.\d{3}/g, '')}`);
    expect(field(ics, 'LOCATION')).toContain('12 Chapel St');
    expect(field(ics, 'SUMMARY')).toContain('End of Lease Cleaning');
    const [reminder] = await scheduledReminders();
    expect(reminder?.sendAfter?.getTime()).toBe(window.start.getTime() - 24 * 3_600_000);
    // The mail log shows it as scheduled, with its time.
    const log = (await (await staff('/api/admin/outbox?status=scheduled')).json()) as {
      id: string;
      kind: string;
      status: string;
      sendAfter: string;
    }[];
    expect(log.map(({ kind, status, sendAfter }) => ({ kind, status, sendAfter }))).toEqual([
      {
        kind: 'visit-reminder',
        status: 'scheduled',
        sendAfter: new Date(window.start.getTime() - 24 * 3_600_000).toISOString(),
      },
    ]);
    const download = await app.request(`/quote/${token}/visit.ics`);
    expect(download.headers.get('Content-Type')).toMatch(/^text\/calendar/);
    expect(field(await download.text(), 'UID')).toBe(uid);

    // Moved: the same UID, the next SEQUENCE, the reminder moved with it.
    const movable = offeredSlots(await page(token), 'reschedule');
    expect(movable).toContain(second);
    expect((await post(token, 'reschedule', { slot: second })).status).toBe(303);
    await vi.waitFor(() => expect(invites()).toHaveLength(2), { timeout: 5_000 });
    const moved = invites()[1]?.inline ?? '';
    expect([field(moved, 'METHOD'), field(moved, 'UID'), field(moved, 'SEQUENCE')]).toEqual([
      'REQUEST',
      uid,
      '1',
    ]);
    const reminders = await scheduledReminders();
    expect(reminders.map((mail) => mail.sendAfter?.getTime())).toEqual([
      new Date(second).getTime() - 24 * 3_600_000,
    ]);

    // Cancelled: METHOD:CANCEL, the reminder withdrawn, the time free and the quote bookable again.
    expect((await post(token, 'cancel', { reason: 'Moving out later' })).status).toBe(303);
    await vi.waitFor(() => expect(invites()).toHaveLength(3), { timeout: 5_000 });
    const cancelled = invites()[2]?.inline ?? '';
    expect([field(cancelled, 'METHOD'), field(cancelled, 'UID'), field(cancelled, 'SEQUENCE')]).toEqual([
      'CANCEL',
      uid,
      '2',
    ]);
    expect(field(cancelled, 'STATUS')).toBe('CANCELLED');
    expect(await scheduledReminders()).toEqual([]);
    const after = await page(token);
    expect(after.querySelector('#booking-heading')?.textContent).toBe('Choose a time');
    expect(offeredSlots(after, 'book')).toContain(second);

    // The business heard of each step (delivered by the worker, so waited for), and the history tells it.
    const businessSubjects = () =>
      smtp.received
        .filter((mail) => mail.envelope.to.includes(BUSINESS_EMAIL))
        .map((mail) => decodeHeader(mail.headers.get('subject')?.[0] ?? ''));
    await vi.waitFor(
      () =>
        expect(businessSubjects()).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^Visit booked: /),
            expect.stringMatching(/^Visit moved: /),
            expect.stringMatching(/^Visit cancelled: /),
          ]),
        ),
      { timeout: 5_000 },
    );
    const detail = (await (await staff(`/api/contact/${id}`)).json()) as QuoteDetail;
    const visitHistory = detail.history.flatMap((entry) => (entry.kind === 'visit' ? [entry.text] : []));
    expect(visitHistory).toEqual([
      expect.stringMatching(/^Visit booked for /),
      expect.stringMatching(/^Visit moved from .* to /),
      'Visit cancelled by the customer: Moving out later',
    ]);
  });

  it('refuses a time just taken with 409, the message and the refreshed list, and changes nothing', async () => {
    const { id, token } = await acceptedQuote();
    const slots = offeredSlots(await page(token), 'book');
    const taken = new Date(slots[0] ?? '');
    const another = await app.request('/api/service-form', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...validQuoteRequests.regularClean, email: 'another@example.com' }),
    });
    expect(another.status).toBe(201);
    const listed = (await (await staff('/api/contact')).json()) as { id: string }[];
    const anotherId = listed.find((request) => request.id !== id)?.id ?? '';
    // Between the page and the post, both teams were booked at that time for other customers.
    await database.writes.run(async (tx) => {
      for (const teamId of ['team-1', 'team-2']) {
        await tx.insert(visits).values({
          id: `visit-on-${teamId}`,
          quoteRequestId: anotherId,
          teamId,
          status: 'booked',
          start: taken,
          durationMinutes: 240,
          windowMinutes: 120,
          bookedBy: 'staff',
          createdAt: new Date(),
          updatedAt: new Date(),
        });
      }
    });
    const before = await database.db.select().from(visits);
    const refused = await post(token, 'book', { slot: slots[0] ?? '' });
    expect(refused.status).toBe(409);
    const document = await documentOf(refused);
    expect(document.body.textContent).toContain(SLOT_TAKEN_MESSAGE);
    expect(offeredSlots(document, 'book')).not.toContain(slots[0]);
    expect(offeredSlots(document, 'book')).toContain(slots.at(-1));
    expect(await database.db.select().from(visits)).toEqual(before);
  });

  it('inside the cut-off, the page says to call and the forms answer 409', async () => {
    const { token } = await acceptedQuote();
    const [slot] = offeredSlots(await page(token), 'book');
    expect((await post(token, 'book', { slot: slot ?? '' })).status).toBe(303);
    // Three hours before the window starts.
    clock.set(new Date(new Date(slot ?? '').getTime() - 3 * 3_600_000));
    const document = await page(token);
    expect(document.body.textContent).toContain(cutOffMessage(4));
    expect(document.querySelector('form[action$="/cancel"]')).toBeNull();
    const refused = await post(token, 'cancel', {});
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(cutOffMessage(4));
    expect((await database.db.select().from(visits))[0]?.status).toBe('booked');
  });

  it('offers no booking on a quote that is not accepted: 409 on POST', async () => {
    const submitted = await app.request('/api/service-form', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...validQuoteRequests.endOfLeaseWithCarpet, ...CUSTOMER }),
    });
    expect(submitted.status).toBe(201);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(2), { timeout: 5_000 });
    const [listed] = (await (await staff('/api/contact')).json()) as { id: string }[];
    const { token } = await sendQuoteAsStaff(staff, listed?.id ?? '', smtp.received);
    expect((await page(token)).querySelector('#booking-heading')).toBeNull();
    const refused = await post(token, 'book', { slot: '2030-01-07T08:00:00+11:00' });
    expect(refused.status).toBe(409);
    expect(await database.db.select().from(visits)).toEqual([]);
  });
});
