import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { parseEnvironment } from '../../env.ts';
import type { Clock } from '../../jobs/clock.ts';
import { createLogger } from '../../lib/logger.ts';
import { addDays, melbourneDay } from '../../lib/melbourne-time.ts';
import type { MailDeliveryWorker } from '../../mail/delivery.ts';
import { formatMelbourneDate, formatQuoteDay } from '../../priced-quotes/quote-dates.ts';
import type { HistoryEntry, QuoteDetail } from '../../quote-requests/quote-view.ts';
import type { BuiltSite } from '../../site/site.ts';
import { sendQuoteAsStaff } from '../../test-support/priced-quotes.ts';
import { validQuoteRequests } from '../../test-support/quote-requests.ts';
import { createTestAdmin, signIn } from '../../test-support/sign-in.ts';
import { decodeHeader, type ReceivedMail, startSmtpTestServer } from '../../test-support/smtp-test-server.ts';
import { startTestMailDelivery } from '../../test-support/test-mail.ts';

const PUBLIC_URL = 'https://clean.example';
const MAIL_FROM = 'Sparkle Clean <quotes@sparkleclean.example>';
const BUSINESS_EMAIL = 'office@sparkleclean.example';
const CUSTOMER = {
  name: 'Priya Shah',
  email: 'priya@example.com',
  phone: '0491 570 158',
  address: '12 Chapel St, South Yarra, VIC',
};
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SITE_NOT_FOUND = '<!doctype html><html><body><h1>Page Not Found</h1></body></html>';

/** Stands in for the built site: every page it is asked for is its 404 page. */
function notFoundSite(directory: string): BuiltSite {
  return {
    clientDirectory: directory,
    renderDocument: () => ({ status: 404, head: '', html: SITE_NOT_FOUND }),
    pageKey: () => ({ key: 'not-found', lasting: true }),
    inlineScriptHashes: [],
  };
}

/**
 * The real time, moved forward by hand: staff send a quote at the real time, and the customer's
 * answers after it must come later, also once a test has moved to the days after.
 */
class ShiftedClock implements Clock {
  shiftMs = 0;
  now(): Date {
    return new Date(Date.now() + this.shiftMs);
  }
}

let directory: string;
let database: Database;
let app: ReturnType<typeof createApp>;
let clock: ShiftedClock;
let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
let worker: MailDeliveryWorker;
let cookie: string;
const windows: Window[] = [];

/** What the app logged, one JSON line each, when a test asks for its log. */
let logLines: string[] = [];

async function start(overrides: Record<string, string> = {}, { log = false } = {}) {
  smtp = await startSmtpTestServer();
  directory = mkdtempSync(join(tmpdir(), 'cleanquote-customer-quote-'));
  const environment = parseEnvironment({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
    DATABASE_URL: `file:${join(directory, 'test.db')}`,
    SMTP_URL: smtp.url,
    MAIL_FROM,
    BUSINESS_EMAIL,
    ...overrides,
  });
  database = await openDatabase({ url: environment.DATABASE_URL });
  clock = new ShiftedClock();
  app = createApp({
    environment,
    database,
    logger: log
      ? createLogger('info', { write: (line: string) => logLines.push(line) })
      : createLogger('silent'),
    site: notFoundSite(mkdtempSync(join(directory, 'site-'))),
    clock,
  });
  worker = startTestMailDelivery(database, { smtpUrl: smtp.url, from: MAIL_FROM });
  await createTestAdmin(database);
  cookie = await signIn(app);
}

beforeEach(() => start());
afterEach(async () => {
  await worker.stop();
  await smtp.close();
  database.close();
  rmSync(directory, { recursive: true, force: true });
  for (const window of windows.splice(0)) await window.happyDOM.close();
});

/** Submits the customer's request through the wizard's route; its id once its two mails arrived. */
async function submitRequest(answers: Record<string, string> = {}): Promise<string> {
  const submitted = await app.request('/api/service-form', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...validQuoteRequests.endOfLeaseWithCarpet, ...CUSTOMER, ...answers }),
  });
  expect(submitted.status).toBe(201);
  await vi.waitFor(() => expect(smtp.received).toHaveLength(2), { timeout: 5_000 });
  const [listed] = (await (await staff('/api/contact')).json()) as { id: string }[];
  if (!listed) throw new Error('the request is not listed');
  return listed.id;
}

function staff(path: string, init: RequestInit = {}) {
  return app.request(path, { ...init, headers: { Cookie: cookie, ...init.headers } });
}

/** Prices and sends the request's quote through the staff API; the customer's link token. */
async function sendQuote(id: string, draft: Parameters<typeof sendQuoteAsStaff>[3] = {}): Promise<string> {
  return (await sendQuoteAsStaff(staff, id, smtp.received, draft)).token;
}

const QUOTE_SENT = 'Quote sent, $495.00 incl. GST';

async function detail(id: string): Promise<QuoteDetail> {
  return (await (await staff(`/api/contact/${id}`)).json()) as QuoteDetail;
}

/** The request's history entries of kind 'quote', as text. */
async function quoteHistory(id: string): Promise<string[]> {
  return (await detail(id)).history
    .filter((entry): entry is Extract<HistoryEntry, { kind: 'quote' }> => entry.kind === 'quote')
    .map((entry) => entry.text);
}

/** The ids of the mails in the outbox, as staff see it: newest first. */
async function outboxMailIds(): Promise<string[]> {
  return ((await (await staff('/api/admin/outbox')).json()) as { id: string }[]).map((mail) => mail.id);
}

function page(path: string, userAgent = BROWSER) {
  return app.request(path, { headers: { 'User-Agent': userAgent, Accept: 'text/html' } });
}

function answer(
  token: string,
  form: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return app.request(`/quote/${token}/${form}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: PUBLIC_URL,
      'User-Agent': BROWSER,
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The page as a document, to read it as a browser would. */
async function documentOf(response: Response) {
  const window = new Window({ url: PUBLIC_URL });
  windows.push(window);
  const document = new window.DOMParser().parseFromString(await response.text(), 'text/html');
  return document;
}

/** The visible text of a document, whitespace collapsed. */
function textOf(document: { body: { textContent: string | null } }): string {
  return (document.body.textContent ?? '').replace(/\s+/g, ' ');
}

const header = (mail: ReceivedMail, name: string) => decodeHeader(mail.headers.get(name)?.[0] ?? '');

describe('GET /quote/:token', () => {
  it('shows the quote: the business, the customer, the lines, the total with its GST, the terms and three forms', async () => {
    const id = await submitRequest();
    const token = await sendQuote(id, {
      note: 'We will bring our own vacuum.\nKeys at the agent.',
    });
    const response = await page(`/quote/${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(response.headers.get('X-Robots-Tag')).toBe('noindex');
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(response.headers.get('Set-Cookie')).toBeNull();
    const html = await response.clone().text();
    expect(html).not.toMatch(/<script/i);
    const document = await documentOf(response);
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    const text = textOf(document);
    for (const expected of [
      'Sparkle Clean',
      '(03) 5550 0123',
      'hello@sparkleclean.example',
      'ABN 00 000 000 000',
      CUSTOMER.name,
      CUSTOMER.address,
      (await detail(id)).reference,
      'Total (incl. GST) $495.00',
      'GST included $45.00',
      `Valid until ${formatQuoteDay(addDays(melbourneDay(new Date()), 30))}`,
      'Payment is due on completion of the service',
      'bond-back guarantee',
    ]) {
      expect(text).toContain(expected);
    }
    expect(document.querySelector('.note')?.textContent).toBe(
      'We will bring our own vacuum.\nKeys at the agent.',
    );
    const rows = [...document.querySelectorAll('table.lines tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    // Each description also carries its quantity × unit price, which narrow screens show instead of
    // those two columns.
    expect(rows).toEqual([
      ['End of Lease Cleaning 1 × $295.00', '1', '$295.00', '$295.00'],
      ['Bedrooms 2 × $70.00', '2', '$70.00', '$140.00'],
      ['Bathrooms 1 × $60.00', '1', '$60.00', '$60.00'],
    ]);
    // Landmarks and one h1.
    expect(document.querySelectorAll('header, main, footer')).toHaveLength(3);
    expect(document.querySelectorAll('h1')).toHaveLength(1);

    const forms = [...document.querySelectorAll('form')];
    expect(forms.map((form) => [form.getAttribute('method'), form.getAttribute('action')])).toEqual([
      ['post', `/quote/${token}/accept`],
      ['post', `/quote/${token}/changes`],
      ['post', `/quote/${token}/decline`],
    ]);
    expect(forms.map((form) => form.querySelector('button')?.textContent)).toEqual([
      'Accept Quote',
      'Request Changes',
      'Decline',
    ]);
    // Every control has its label.
    for (const control of document.querySelectorAll('input, textarea')) {
      const label = document.querySelector(`label[for="${control.id}"]`);
      expect(label?.textContent, control.id).toBeTruthy();
    }
    expect(document.querySelector('label[for="accept-terms"]')?.textContent).toBe(
      'I accept the quote and the terms',
    );
    expect(document.querySelector('input[name="accept"]')?.getAttribute('value')).toBe('yes');
  });

  it("says 'Total' without a GST line when the business is not registered for GST", async () => {
    await worker.stop();
    await smtp.close();
    database.close();
    await start({ GST_REGISTERED: 'false' });
    const id = await submitRequest();
    const token = await sendQuote(id);
    const text = textOf(await documentOf(await page(`/quote/${token}`)));
    expect(text).toContain('Total $495.00');
    expect(text).not.toContain('GST');
    expect(text).not.toContain('incl.');
  });

  it("answers an unknown or malformed link with the site's 404 page", async () => {
    const id = await submitRequest();
    await sendQuote(id);
    for (const path of [
      '/quote/AAAAAAAAAAAAAAAAAAAAAA',
      '/quote/not-a-token',
      '/quote/AAAAAAAAAAAAAAAAAAAAAA/latest',
      `/quote/${'x'.repeat(200)}`,
    ]) {
      const response = await page(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toBe(SITE_NOT_FOUND);
      expect(response.headers.get('X-Robots-Tag')).toBe('noindex');
      expect(response.headers.get('Cache-Control')).toBe('no-store');
    }
    const posted = await answer('AAAAAAAAAAAAAAAAAAAAAA', 'accept', { name: 'Priya Shah', accept: 'yes' });
    expect(posted.status).toBe(404);
    expect(await posted.text()).toBe(SITE_NOT_FOUND);
  });

  it('records the first view by a browser once, and none by a bot or tool', async () => {
    const id = await submitRequest();
    const token = await sendQuote(id);
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 (compatible; Slackbot-LinkExpanding 1.0)',
      'curl/8.5.0',
      '',
    ]) {
      expect((await page(`/quote/${token}`, agent)).status).toBe(200);
    }
    expect(await quoteHistory(id)).toEqual([QUOTE_SENT]);

    // A headless browser is a browser: it counts, once however many ask together.
    const headless =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';
    const [first, second] = await Promise.all([page(`/quote/${token}`, headless), page(`/quote/${token}`)]);
    expect([first?.status, second?.status]).toEqual([200, 200]);
    await page(`/quote/${token}`);
    const history = (await detail(id)).history.filter((entry) => entry.kind === 'quote');
    expect(history).toHaveLength(2);
    expect(history[1]).toMatchObject({
      text: 'Viewed by the customer',
      actor: { name: CUSTOMER.name, email: CUSTOMER.email },
    });
  });

  it('keeps the link out of the request log', async () => {
    await worker.stop();
    await smtp.close();
    database.close();
    logLines = [];
    await start({}, { log: true });
    const id = await submitRequest();
    const token = await sendQuote(id);
    expect((await page(`/quote/${token}`)).status).toBe(200);
    expect((await answer(token, 'decline', {})).status).toBe(303);
    const requests = logLines.filter((line) => line.includes('"msg":"request"'));
    expect(requests.some((line) => line.includes('"path":"/quote/[link]"'))).toBe(true);
    expect(requests.some((line) => line.includes('"path":"/quote/[link]/decline"'))).toBe(true);
    expect(logLines.join('\n')).not.toContain(token);
  });
});

describe('POST /quote/:token/accept', () => {
  it('accepts the quote: the page says so, the request is won, the history and both mails tell it', async () => {
    const id = await submitRequest();
    const { token, mail: quoteMail } = await sendQuoteAsStaff(staff, id, smtp.received);
    const quoteMessageId = quoteMail.headers.get('message-id')?.[0];
    expect(quoteMessageId).toMatch(/^<.+>$/);

    const response = await answer(token, 'accept', { name: '  Priya Anne Shah ', accept: 'yes' });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`/quote/${token}`);
    expect(response.headers.get('Set-Cookie')).toBeNull();

    const today = formatMelbourneDate(clock.now());
    const document = await documentOf(await page(`/quote/${token}`));
    expect(textOf(document)).toContain(`You accepted this quote on ${today}`);
    // The answers are gone; the one form left books the visit.
    expect([...document.querySelectorAll('form')].map((form) => form.getAttribute('action'))).toEqual([
      `/quote/${token}/book`,
    ]);

    const after = await detail(id);
    expect(after.status).toBe('won');
    expect(after.history.slice(-2)).toEqual([
      expect.objectContaining({
        kind: 'quote',
        text: 'Accepted online by Priya Anne Shah',
        actor: { name: 'Priya Anne Shah', email: CUSTOMER.email },
      }),
      expect.objectContaining({
        kind: 'status',
        from: 'quoted',
        to: 'won',
        actor: { name: 'Priya Anne Shah', email: CUSTOMER.email },
      }),
    ]);

    await vi.waitFor(() => expect(smtp.received).toHaveLength(5), { timeout: 5_000 });
    const confirmation = smtp.received.find((mail) => header(mail, 'subject').startsWith('Re: '));
    if (!confirmation) throw new Error('no confirmation to the customer');
    expect(confirmation.envelope.to).toEqual([CUSTOMER.email]);
    expect(header(confirmation, 'subject')).toBe(`Re: ${header(quoteMail, 'subject')}`);
    expect(header(confirmation, 'in-reply-to')).toBe(quoteMessageId);
    expect(header(confirmation, 'references')).toBe(quoteMessageId);
    expect(header(confirmation, 'reply-to')).toBe(BUSINESS_EMAIL);
    expect(confirmation.text).toContain('Hi Priya,');
    expect(confirmation.text).toContain('$495.00 incl. GST');
    expect(confirmation.text).toContain(`on ${today} as Priya Anne Shah`);
    expect(confirmation.text).toContain('bond-back guarantee');

    const notification = smtp.received.find((mail) => header(mail, 'subject').startsWith('Quote '));
    if (!notification) throw new Error('no notification to the business');
    expect(header(notification, 'subject')).toBe(`Quote ${after.reference} accepted by Priya Anne Shah`);
    expect(header(notification, 'reply-to')).toContain(CUSTOMER.email);
    expect(notification.text).toContain(`${PUBLIC_URL}/admin?quote=${id}`);
  });

  it('changes nothing when answered twice, or after another answer', async () => {
    const id = await submitRequest();
    const token = await sendQuote(id);
    expect((await answer(token, 'accept', { name: 'Priya Shah', accept: 'yes' })).status).toBe(303);
    const history = (await detail(id)).history;
    const mails = await outboxMailIds();

    for (const [form, fields] of [
      ['accept', { name: 'Someone Else', accept: 'yes' }],
      ['decline', { reason: 'Changed my mind' }],
      ['changes', { message: 'Cheaper please' }],
      ['accept', { name: '' }],
    ] as const) {
      const again = await answer(token, form, fields);
      expect(again.status, form).toBe(303);
      expect(again.headers.get('Location')).toBe(`/quote/${token}`);
    }
    expect((await detail(id)).history).toEqual(history);
    expect(await outboxMailIds()).toEqual(mails);
    expect(textOf(await documentOf(await page(`/quote/${token}`)))).toContain('You accepted this quote on');
  });

  it('answers 400 with the messages, linked from a summary, and keeps what was typed', async () => {
    const id = await submitRequest();
    const token = await sendQuote(id);
    const longName = 'N'.repeat(201);
    const response = await answer(token, 'accept', { name: longName });
    expect(response.status).toBe(400);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const document = await documentOf(response);
    expect(document.title).toMatch(/^Error: /);
    const summary = document.querySelector('.error-summary');
    expect(summary?.getAttribute('role')).toBe('alert');
    expect(
      [...(summary?.querySelectorAll('a') ?? [])].map((link) => [
        link.getAttribute('href'),
        link.textContent,
      ]),
    ).toEqual([
      ['#accept-name', 'Your full name must be 200 characters or fewer'],
      ['#accept-terms', 'Tick the box to accept the quote and the terms'],
    ]);
    const name = document.querySelector('#accept-name');
    expect(name?.getAttribute('value')).toBe(longName);
    expect(name?.getAttribute('aria-invalid')).toBe('true');
    expect(name?.getAttribute('aria-describedby')).toBe('accept-name-hint accept-name-error');
    expect(document.querySelector('#accept-name-error')?.textContent).toContain(
      'Your full name must be 200 characters or fewer',
    );

    // A ticked box stays ticked beside a missing name.
    const ticked = await documentOf(await answer(token, 'accept', { name: '   ', accept: 'yes' }));
    expect(ticked.querySelector('#accept-terms')?.hasAttribute('checked')).toBe(true);
    expect(ticked.querySelector('#accept-name-error')?.textContent).toContain('Enter your full name');

    const message = `${'Please quote for the garage too. '.repeat(61)}`;
    expect(message.trim().length).toBeGreaterThan(2000);
    const changes = await answer(token, 'changes', { message });
    expect(changes.status).toBe(400);
    const changesPage = await documentOf(changes);
    expect(changesPage.querySelector('#changes-message')?.textContent).toBe(message);
    expect(changesPage.querySelector('.error-summary a')?.textContent).toBe(
      'Your message must be 2,000 characters or fewer',
    );
    const empty = await documentOf(await answer(token, 'changes', { message: ' \n ' }));
    expect(empty.querySelector('.error-summary a')?.textContent).toBe('Enter the changes you would like');

    const decline = await answer(token, 'decline', { reason: 'r'.repeat(2001) });
    expect(decline.status).toBe(400);

    // Nothing was answered.
    expect(await quoteHistory(id)).toEqual([QUOTE_SENT]);
    expect((await detail(id)).status).toBe('quoted');
  });

  it("takes the page's own form, which a browser posts with Origin: null, and refuses another site's", async () => {
    const id = await submitRequest();
    const token = await sendQuote(id);
    for (const fetchSite of ['cross-site', 'same-site']) {
      const refused = await answer(token, 'decline', {}, { Origin: 'null', 'Sec-Fetch-Site': fetchSite });
      expect(refused.status, fetchSite).toBe(403);
    }
    expect(await quoteHistory(id)).toEqual([QUOTE_SENT]);
    const own = await answer(
      token,
      'decline',
      { reason: 'Too far' },
      { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' },
    );
    expect(own.status).toBe(303);
    expect(await quoteHistory(id)).toEqual([QUOTE_SENT, 'Declined by the customer']);
  });

  it('refuses a post from another site, takes only a form, and limits posts per address', async () => {
    await worker.stop();
    await smtp.close();
    database.close();
    await start({ PUBLIC_POST_RATE_LIMIT: '3' });
    const id = await submitRequest();
    const token = await sendQuote(id);
    const crossSite = await answer(token, 'decline', {}, { Origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    const json = await app.request(`/quote/${token}/decline`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: PUBLIC_URL },
      body: '{}',
    });
    expect(json.status).toBe(415);
    // The limit counts every answer together, whatever the link.
    expect((await answer('AAAAAAAAAAAAAAAAAAAAAA', 'changes', { message: 'x' })).status).toBe(404);
    expect((await answer(token, 'changes', { message: '' })).status).toBe(400);
    const limited = await answer(token, 'accept', { name: 'Priya Shah', accept: 'yes' });
    expect(limited.status).toBe(429);
    expect(await quoteHistory(id)).toEqual([QUOTE_SENT]);
  });
});

describe('POST /quote/:token/changes and /decline', () => {
  it('asks for changes: the request stays quoted; the business gets the message', async () => {
    const id = await submitRequest();
    const token = await sendQuote(id);
    const message = 'Could you also clean the balcony?\nAnd the garage.';
    expect((await answer(token, 'changes', { message })).status).toBe(303);

    const document = await documentOf(await page(`/quote/${token}`));
    expect(textOf(document)).toContain(`You asked for changes on ${formatMelbourneDate(clock.now())}`);
    expect(document.querySelectorAll('form')).toHaveLength(0);
    const after = await detail(id);
    expect(after.status).toBe('quoted');
    expect(await quoteHistory(id)).toEqual([QUOTE_SENT, `Changes requested: ${message}`]);

    await vi.waitFor(() => expect(smtp.received).toHaveLength(4), { timeout: 5_000 });
    const notification = smtp.received[3];
    if (!notification) throw new Error('no notification');
    expect(notification.envelope.to).toEqual([BUSINESS_EMAIL]);
    expect(header(notification, 'subject')).toBe(
      `Changes requested on quote ${after.reference} by ${CUSTOMER.name}`,
    );
    expect(notification.text.replace(/\r\n/g, '\n')).toContain(message);
  });

  it('declines with a reason: the request is lost with it, and the business is told', async () => {
    const id = await submitRequest();
    const token = await sendQuote(id);
    expect((await answer(token, 'decline', { reason: ' Found someone closer. ' })).status).toBe(303);

    expect(textOf(await documentOf(await page(`/quote/${token}`)))).toContain(
      `You declined this quote on ${formatMelbourneDate(clock.now())}`,
    );
    const after = await detail(id);
    expect(after.status).toBe('lost');
    expect(after.history.slice(-2)).toEqual([
      expect.objectContaining({
        kind: 'quote',
        text: 'Declined by the customer',
        actor: { name: CUSTOMER.name, email: CUSTOMER.email },
      }),
      expect.objectContaining({
        kind: 'status',
        from: 'quoted',
        to: 'lost',
        reason: 'Declined by customer: Found someone closer.',
      }),
    ]);

    await vi.waitFor(() => expect(smtp.received).toHaveLength(4), { timeout: 5_000 });
    const notification = smtp.received[3];
    expect(notification?.envelope.to).toEqual([BUSINESS_EMAIL]);
    expect(notification?.text).toContain('Found someone closer.');
  });

  it("declines without a reason: 'Declined by customer'", async () => {
    const id = await submitRequest();
    const token = await sendQuote(id);
    expect((await answer(token, 'decline', { reason: '' })).status).toBe(303);
    const after = await detail(id);
    expect(after.history.at(-1)).toMatchObject({
      kind: 'status',
      to: 'lost',
      reason: 'Declined by customer',
    });
  });
});

describe('an updated quote', () => {
  it("shows 'This quote was updated' on the earlier link, the latest version through it, and only the latest can be accepted", async () => {
    const id = await submitRequest();
    const first = { token: await sendQuote(id) };
    const second = {
      token: await sendQuote(id, {
        lines: [{ description: 'End of Lease Cleaning', quantity: 1, unitPriceCents: 45_000 }],
      }),
    };

    const earlier = await documentOf(await page(`/quote/${first.token}`));
    expect(textOf(earlier)).toContain('This quote was updated');
    expect(earlier.querySelectorAll('form')).toHaveLength(0);
    const latestLink = [...earlier.querySelectorAll('a')].find(
      (link) => link.textContent === 'See the latest quote',
    );
    expect(latestLink?.getAttribute('href')).toBe(`/quote/${first.token}/latest`);

    // The earlier link's own version can no longer be accepted.
    expect((await answer(first.token, 'accept', { name: 'Priya Shah', accept: 'yes' })).status).toBe(303);
    expect((await detail(id)).status).toBe('quoted');

    // Through it, the latest version, answerable there: its forms post under /latest.
    const latest = await page(latestLink?.getAttribute('href') ?? '');
    expect(latest.status).toBe(200);
    expect(latest.headers.get('Referrer-Policy')).toBe('no-referrer');
    const latestPage = await documentOf(latest);
    expect(textOf(latestPage)).toContain('Version 2');
    expect(textOf(latestPage)).toContain('Total (incl. GST) $450.00');
    expect([...latestPage.querySelectorAll('form')].map((form) => form.getAttribute('action'))).toEqual([
      `/quote/${first.token}/latest/accept`,
      `/quote/${first.token}/latest/changes`,
      `/quote/${first.token}/latest/decline`,
    ]);

    // The latest link's own /latest is its page.
    const own = await page(`/quote/${second.token}/latest`);
    expect(own.status).toBe(302);
    expect(own.headers.get('Location')).toBe(`/quote/${second.token}`);

    const accepted = await answer(first.token, 'latest/accept', { name: 'Priya Shah', accept: 'yes' });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('Location')).toBe(`/quote/${first.token}/latest`);
    expect((await detail(id)).status).toBe('won');
    expect(await quoteHistory(id)).toEqual([
      QUOTE_SENT,
      'Quote sent, $450.00 incl. GST (version 2)',
      'Viewed by the customer',
      'Accepted online by Priya Shah',
    ]);
    expect(textOf(await documentOf(await page(`/quote/${second.token}`)))).toContain(
      'You accepted this quote on',
    );
    // Answering again, from either link, changes nothing.
    expect((await answer(second.token, 'decline', {})).status).toBe(303);
    expect((await detail(id)).status).toBe('won');
  });
});

describe('a version accepted while the next is drafted', () => {
  it('discards the draft in the same write: the request reads as the accepted version, the history says so', async () => {
    const id = await submitRequest();
    const token = await sendQuote(id);
    // Staff start version 2 while the customer still has version 1.
    const drafted = await staff(`/api/contact/${id}/quote`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        lines: [{ description: 'End of Lease Cleaning', quantity: 1, unitPriceCents: 40_000 }],
      }),
    });
    expect(await drafted.json()).toMatchObject({ version: 2, status: 'draft' });

    expect((await answer(token, 'accept', { name: 'Priya Shah', accept: 'yes' })).status).toBe(303);

    const after = await detail(id);
    expect(after.status).toBe('won');
    expect(after.quoteStatus).toBe('accepted');
    expect(await quoteHistory(id)).toEqual([
      QUOTE_SENT,
      'Accepted online by Priya Shah',
      'Draft of version 2 discarded: version 1 was accepted',
    ]);
    const quote = (await (await staff(`/api/contact/${id}/quote`)).json()) as {
      version: number;
      status: string;
      versions: { version: number; status: string }[];
    };
    expect(quote).toMatchObject({ version: 1, status: 'accepted' });
    expect(quote.versions.map((each) => [each.version, each.status])).toEqual([[1, 'accepted']]);
    // The accepted quote no longer changes: no new draft can be made beside it.
    const again = await staff(`/api/contact/${id}/quote`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        lines: [{ description: 'End of Lease Cleaning', quantity: 1, unitPriceCents: 1 }],
      }),
    });
    expect(again.status).toBe(409);
  });

  it("tells the business the request's timing and special requests when the quote is accepted", async () => {
    const id = await submitRequest({ urgency: 'urgent-today', specialRequests: 'The cat stays inside.' });
    const token = await sendQuote(id);
    expect((await answer(token, 'accept', { name: 'Priya Shah', accept: 'yes' })).status).toBe(303);
    const notification = await vi.waitFor(
      () => {
        const mail = smtp.received.find((each) => header(each, 'subject').includes('accepted by Priya Shah'));
        if (!mail) throw new Error('no notification yet');
        return mail;
      },
      { timeout: 5_000 },
    );
    expect(notification.text).toContain('Timing: Urgent (Today/Tomorrow)');
    expect(notification.text).toContain('Special requests: The cat stays inside.');
    expect(notification.html).toContain('The cat stays inside.');
  });
});

describe('an expired quote', () => {
  it("says when it expired, links to a new request for the same service and suburb, and can't be accepted", async () => {
    const id = await submitRequest();
    const token = await sendQuote(id);
    const validUntil = addDays(melbourneDay(clock.now()), 30);
    clock.shiftMs = 31 * 24 * 60 * 60 * 1000;
    expect(melbourneDay(clock.now()) > validUntil).toBe(true);

    const document = await documentOf(await page(`/quote/${token}`));
    expect(textOf(document)).toContain(`This quote expired on ${formatQuoteDay(validUntil)}`);
    expect(document.querySelectorAll('form')).toHaveLength(0);
    const again = [...document.querySelectorAll('a')].find(
      (link) => link.textContent === 'Request a new quote',
    );
    expect(again?.getAttribute('href')).toBe('/service-form?service=end-of-lease&suburb=south-yarra');

    expect((await answer(token, 'accept', { name: 'Priya Shah', accept: 'yes' })).status).toBe(303);
    expect((await detail(id)).status).toBe('quoted');
  });
});
