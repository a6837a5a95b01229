/**
 * Markup typed into any field a customer or staff fill in — the request's answers, a partner's name
 * and reference, a staff reply, a quote's lines and note, the customer's answers, an organisation's
 * name in Xero — reaches every mail the API sends as text: each HTML part shows the characters and
 * holds no element or event handler they spell, each plain-text part shows them as typed. The CSV
 * export shows them as text too, with what a spreadsheet would run as a formula neutralised.
 */
import { Window } from 'happy-dom';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeXero, productEnvironmentFor, startFakeXero } from '../../../tests/support/fake-xero.ts';
import { ManualClock } from '../jobs/clock.ts';
import { JobRunner } from '../jobs/job-runner.ts';
import { createLogger } from '../lib/logger.ts';
import { addDays, melbourneDayStart, melbourneToday } from '../lib/melbourne-time.ts';
import type { MailDeliveryWorker } from '../mail/delivery.ts';
import { quoteExpiryJob } from '../priced-quotes/quote-expiry-job.ts';
import { sendQuoteAsStaff } from '../test-support/priced-quotes.ts';
import { createQuoteRequestDesk, type QuoteRequestDesk } from '../test-support/quote-request-desk.ts';
import { validQuoteRequests } from '../test-support/quote-requests.ts';
import { testAdmin } from '../test-support/sign-in.ts';
import { decodeHeader, type ReceivedMail, startSmtpTestServer } from '../test-support/smtp-test-server.ts';
import { startTestMailDelivery } from '../test-support/test-mail.ts';

const PUBLIC_URL = 'https://clean.example';
const MAIL_FROM = 'Sparkle Clean <quotes@sparkleclean.example>';
const BUSINESS_EMAIL = 'office@sparkleclean.example';
const NORTHSIDE = 'https://northside.example';
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const IMG = '<img src=x onerror=alert(1)>';
const SCRIPT = '</title><script>alert(1)</script>';
const SVG = '"><svg onload=alert(1)>';

/** What the customer types into the wizard, markup in every field that takes text. */
const TYPED = {
  // Its first word is the greeting's name.
  name: `${SVG} O'Brien`,
  // An address allows no markup; an apostrophe is the one character HTML escapes that it may hold.
  email: "zoe.o'brien@example.com",
  phone: `0491570158 ${IMG}`,
  address: `${SCRIPT} 12 Chapel St, South Yarra, VIC`,
  specialRequests: `-${IMG}\n${SCRIPT}\n${SVG}`,
  caseManagerName: `${SCRIPT} Dana`,
  caseManagerPhone: `03 9000 0000 ${SVG}`,
  caseManagerEmail: "dana.o'hara@example.org",
  caseManagerOrganization: `=HYPERLINK("http://evil.example","${IMG}")`,
};
const PARTNER_NAME = `${IMG} Northside Support`;
const PARTNER_REF = `+${SVG}`;
const REPLY = { subject: `About your clean ${SCRIPT}`, message: `Hi ${SVG},\n\n${IMG} Friday suits us.` };
const LINE_DESCRIPTION = `Inside the fridge & ${IMG}`;
const NOTE = `${SCRIPT}\nKeys at the agent ${SVG}`;
const CHANGES = `Cheaper please ${IMG}\n${SVG}`;
const REASON = `Found someone else ${SCRIPT}`;
const ACCEPTED_AS = `${IMG} Zoë O'Brien`;
const ORGANISATION = `${SVG} & Co Pty Ltd`;

/** The request the wizard sends for an NDIS client whose case manager asked for updates. */
const REQUEST = { ...validQuoteRequests.ndisWithCaseManager, ...TYPED, caseManagerUpdates: true };

/** The request's answers each mail about it shows (and the CSV): everything the customer typed. */
const ANSWERS = Object.values(TYPED);
/** What the business's mails about the customer's answer show of the customer. */
const CUSTOMER_DETAILS = [TYPED.name, TYPED.email, TYPED.phone, TYPED.address];
const FIRST_NAME = TYPED.name.split(' ')[0] ?? '';

/** Every element the mail templates write; anything else in a mail was made by typed text. */
const MAIL_ELEMENTS = new Set(
  'html head body p br hr h1 h2 strong a table thead tbody tfoot tr th td div span'.toUpperCase().split(' '),
);

const window = new Window({ url: PUBLIC_URL });
afterAll(() => window.happyDOM.close());

const header = (mail: ReceivedMail, name: string) => decodeHeader(mail.headers.get(name)?.[0] ?? '');

/**
 * Checks one mail: its HTML part holds only the templates' own elements, no event handler and no
 * tag the markup spells, and shows each of `shown` as text (a line break as a break); its text part
 * shows each of them as typed.
 */
function expectInert(mail: ReceivedMail, shown: readonly string[]) {
  const subject = header(mail, 'subject');
  const html = mail.html ?? '';
  expect(html, subject).not.toBe('');
  expect(html, subject).not.toMatch(/<(?:img|script|svg|title)\b|<\/title>/i);
  const document = new window.DOMParser().parseFromString(html, 'text/html');
  for (const element of document.querySelectorAll('*')) {
    expect(MAIL_ELEMENTS.has(element.tagName), `${subject}: <${element.tagName}>`).toBe(true);
    for (const attribute of element.attributes) {
      expect(attribute.name, `${subject}: <${element.tagName} ${attribute.name}>`).not.toMatch(/^on/i);
    }
  }
  const htmlText = document.body.textContent ?? '';
  // SMTP carries line breaks as CRLF.
  const plainText = mail.text.replaceAll('\r\n', '\n');
  for (const text of shown) {
    for (const line of text.split('\n')) expect(htmlText, subject).toContain(line);
    expect(plainText, subject).toContain(text);
  }
}

/** RFC 4180 rows: quoted fields may hold commas, doubled quotes and line breaks; rows end with CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted && char === '"' && text[index + 1] === '"') {
      field += '"';
      index += 1;
    } else if (char === '"') quoted = !quoted;
    else if (!quoted && char === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && char === '\r' && text[index + 1] === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
      index += 1;
    } else field += char;
  }
  return rows;
}

let smtp: Awaited<ReturnType<typeof startSmtpTestServer>> | undefined;
let desk: QuoteRequestDesk | undefined;
let worker: MailDeliveryWorker | undefined;
let fake: FakeXero | undefined;
afterEach(async () => {
  await worker?.stop();
  await smtp?.close();
  desk?.close();
  await fake?.close();
  worker = undefined;
  smtp = undefined;
  desk = undefined;
  fake = undefined;
});

/** A signed-in desk whose mails are delivered to a real SMTP server. */
async function open(overrides: Record<string, string> = {}) {
  smtp = await startSmtpTestServer();
  desk = await createQuoteRequestDesk({
    SMTP_URL: smtp.url,
    MAIL_FROM,
    BUSINESS_EMAIL,
    ADMIN_EMAIL: testAdmin.email,
    ...overrides,
  });
  worker = startTestMailDelivery(desk.database, { smtpUrl: smtp.url, from: MAIL_FROM });
  return { desk, smtp };
}

describe('markup typed into a request, a quote or an answer', () => {
  it('stays text in every mail the request, its quote, the answers and the reports send, and in the CSV', async () => {
    const { desk, smtp } = await open();
    const received = smtp.received;
    /** The one mail `matches` finds, once it has arrived. */
    const arrived = (what: string, matches: (mail: ReceivedMail) => boolean) =>
      vi.waitFor(
        () => {
          const found = received.filter(matches);
          expect(found, what).toHaveLength(1);
          return found[0] as ReceivedMail;
        },
        { timeout: 10_000 },
      );
    const to = (address: string) => (mail: ReceivedMail) => mail.envelope.to.includes(address);
    const subjectStarts = (start: string) => (mail: ReceivedMail) =>
      header(mail, 'subject').startsWith(start);
    const staff = (path: string, init: RequestInit = {}) =>
      desk.app.request(path, { ...init, headers: { Cookie: desk.cookie, ...init.headers } });
    const answer = (token: string, form: string, fields: Record<string, string>) =>
      desk.app.request(`/quote/${token}/${form}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: PUBLIC_URL,
          'User-Agent': BROWSER,
        },
        body: new URLSearchParams(fields).toString(),
      });

    // A partner staff named with markup sends the request, with its own reference.
    const partner = await desk.post('/api/partners', {
      name: PARTNER_NAME,
      key: 'northside-support',
      origins: [NORTHSIDE],
    });
    expect(partner.status).toBe(201);
    const fromPartner = { Origin: NORTHSIDE, 'X-Partner-Key': 'northside-support' };
    const first = await desk.post('/api/service-form', { ...REQUEST, partnerRef: PARTNER_REF }, fromPartner);
    expect(first.status).toBe(201);
    const { reference } = (await first.json()) as { reference: string };

    const notification = await arrived('notification', subjectStarts(`New quote request ${reference}`));
    expectInert(notification, ANSWERS);
    const autoResponse = await arrived('auto-response', to(TYPED.email));
    expectInert(autoResponse, [`Hi ${FIRST_NAME},`, ...ANSWERS]);

    // A second request from the same address the same day: its auto-response names only the service.
    expect((await desk.post('/api/service-form', REQUEST)).status).toBe(201);
    await vi.waitFor(() => expect(received.filter(to(TYPED.email))).toHaveLength(2), { timeout: 10_000 });
    expectInert(received.filter(to(TYPED.email))[1] as ReceivedMail, []);

    const listed = (await (await desk.get('/api/contact')).json()) as { id: string; reference: string }[];
    const firstId = listed.find((quote) => quote.reference === reference)?.id ?? '';
    const secondId = listed.find((quote) => quote.reference !== reference)?.id ?? '';

    // Staff reply: a plain-text mail only, the subject and message exactly as staff typed them.
    expect((await desk.post(`/api/contact/${firstId}/reply`, REPLY)).status).toBe(202);
    const reply = await arrived('reply', (mail) => header(mail, 'subject') === REPLY.subject);
    expect(reply.html).toBeUndefined();
    expect(reply.text.replaceAll('\r\n', '\n')).toContain(REPLY.message);

    // The priced quote, with a line and a note staff typed; the case manager hears it was sent.
    const lines = [{ description: LINE_DESCRIPTION, quantity: 1, unitPriceCents: 29_500 }];
    const quoted = await sendQuoteAsStaff(staff, firstId, received, { lines, note: NOTE });
    expectInert(quoted.mail, [`Hi ${FIRST_NAME},`, LINE_DESCRIPTION, NOTE]);
    const caseManagerMails = () => received.filter(to(TYPED.caseManagerEmail));
    await vi.waitFor(() => expect(caseManagerMails()).toHaveLength(1), { timeout: 10_000 });

    // The customer asks for changes; staff send the next version.
    expect((await answer(quoted.token, 'changes', { message: CHANGES })).status).toBe(303);
    const changes = await arrived('changes', subjectStarts('Changes requested on quote'));
    expectInert(changes, [...CUSTOMER_DETAILS, CHANGES]);
    const updated = await sendQuoteAsStaff(staff, firstId, received, { lines, note: NOTE });
    expectInert(updated.mail, [`Hi ${FIRST_NAME},`, LINE_DESCRIPTION, NOTE]);

    // Three days before it runs out, the expiry job reminds the customer.
    const { validUntil } = (await (await staff(`/api/contact/${firstId}/quote`)).json()) as {
      validUntil: string;
    };
    const clock = new ManualClock(melbourneDayStart(addDays(validUntil, -3)).getTime() + 5 * 60_000);
    const runner = new JobRunner({
      database: desk.database,
      environment: desk.environment,
      logger: createLogger('silent'),
      jobs: [quoteExpiryJob],
      clock,
      schedule: false,
    });
    expect(await runner.start()).toEqual([expect.objectContaining({ outcome: 'succeeded' })]);
    await runner.stop();
    const reminder = await arrived('reminder', (mail) => mail.text.includes('A reminder that our quote'));
    expectInert(reminder, [`Hi ${FIRST_NAME},`, TYPED.address]);

    // The customer declines with a reason; the case manager hears the request is closed.
    expect((await answer(updated.token, 'decline', { reason: REASON })).status).toBe(303);
    const declined = await arrived('declined', subjectStarts(`Quote ${reference} declined by`));
    expectInert(declined, [...CUSTOMER_DETAILS, REASON]);

    // The second request's quote is accepted under a typed name; the case manager hears it is booked.
    const second = await sendQuoteAsStaff(staff, secondId, received, { lines });
    expect((await answer(second.token, 'accept', { name: ACCEPTED_AS, accept: 'yes' })).status).toBe(303);
    const confirmation = await arrived('confirmation', (mail) =>
      mail.text.includes('Thank you for accepting'),
    );
    expectInert(confirmation, [`Hi ${FIRST_NAME},`, TYPED.address, ACCEPTED_AS]);
    const accepted = await arrived('accepted', (mail) =>
      header(mail, 'subject').endsWith(`accepted by ${ACCEPTED_AS}`),
    );
    expectInert(accepted, [ACCEPTED_AS, ...CUSTOMER_DETAILS]);

    // Quoted and closed for the first request, quoted and booked for the second.
    await vi.waitFor(() => expect(caseManagerMails()).toHaveLength(4), { timeout: 10_000 });
    for (const update of caseManagerMails()) expectInert(update, []);

    // The staff's test of the client's email, written from what staff typed.
    const testEmail = await desk.post('/api/test-client-email', {
      name: TYPED.name,
      email: 'tester@sparkleclean.example',
      phone: TYPED.phone,
      address: TYPED.address,
      service: 'regular-clean',
      message: TYPED.specialRequests,
    });
    expect(testEmail.status).toBe(202);
    expectInert(await arrived('client test', to('tester@sparkleclean.example')), [
      `Hi ${FIRST_NAME},`,
      TYPED.name,
      TYPED.phone,
      TYPED.address,
      TYPED.specialRequests,
    ]);

    // The daily report lists the day's requests: the customer's name, phone and email.
    const today = melbourneToday();
    expect((await desk.post(`/api/analytics/send-report?date=${today}`, {})).status).toBe(202);
    const report = await arrived(
      'daily report',
      (mail) => to(testAdmin.email)(mail) && subjectStarts('Daily analytics report')(mail),
    );
    expectInert(report, [TYPED.name, TYPED.phone, TYPED.email]);

    // Every mail sent, whichever kind, holds nothing live.
    // Two notifications and auto-responses, the reply, three quotes, the changes, the reminder, the
    // decline, the acceptance's two mails, four updates, the client test and two daily reports.
    await vi.waitFor(() => expect(received).toHaveLength(20), { timeout: 10_000 });
    for (const mail of received) if (mail !== reply) expectInert(mail, []);

    // The CSV: each typed text in its cell; what starts with = + - @ carries a leading quote.
    const csv = await desk.get('/api/contact.csv');
    expect(csv.status).toBe(200);
    const [columns = [], ...rows] = parseCsv((await csv.text()).replace(/^\uFEFF/, ''));
    const row = rows
      .map((cells) => Object.fromEntries(columns.map((name, index) => [name, cells[index] ?? ''])))
      .find((cells) => cells.Reference === reference);
    expect(row).toMatchObject({
      Name: TYPED.name,
      Email: TYPED.email,
      Phone: TYPED.phone,
      Address: TYPED.address,
      'Special requests': `'${TYPED.specialRequests}`,
      'Case manager': TYPED.caseManagerName,
      'Case manager phone': TYPED.caseManagerPhone,
      'Case manager email': TYPED.caseManagerEmail,
      'Case manager organisation': `'${TYPED.caseManagerOrganization}`,
      'Partner reference': `'${PARTNER_REF}`,
    });
  });

  it("stays text in the Xero report mail when it is in the organisation's name", async () => {
    fake = await startFakeXero({ tenants: [{ tenantName: ORGANISATION }] });
    const { desk, smtp } = await open(productEnvironmentFor(fake));
    // The popup's trip: /xero/connect → Xero's consent → /xero/callback.
    const start = await desk.get('/xero/connect');
    expect(start.status).toBe(302);
    const consent = await fetch(start.headers.get('Location') ?? '', { redirect: 'manual' });
    const callback = new URL(consent.headers.get('Location') ?? '');
    expect((await desk.get(`/xero/callback${callback.search}`)).status).toBe(200);

    const tenantId = fake.tenants[0]?.tenantId ?? '';
    const sent = await desk.post('/api/xero/test-reports', { tenantId, email: 'books@sparkleclean.example' });
    expect(sent.status).toBe(200);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 10_000 });
    const [mail] = smtp.received as [ReceivedMail];
    expect(header(mail, 'subject')).toContain(ORGANISATION);
    expectInert(mail, [`A test of the reports from Xero for ${ORGANISATION}`]);
  });
});
