import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hiddenAnswerFields, type QuoteAnswers, type StepId } from '@cleanquote/quote-core';
import { validAnswers } from '@cleanquote/quote-core/test-fixtures';
import { eq } from 'drizzle-orm';
import { Window } from 'happy-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeXero, productEnvironmentFor, startFakeXero } from '../../../tests/support/fake-xero.ts';
import { type App, createApp } from '../app.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { quoteRequests } from '../db/schema.ts';
import { parseEnvironment } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import type { MailDeliveryWorker } from '../mail/delivery.ts';
import type { BuiltSite, PageKey, RenderDocumentOptions, RenderedPage } from '../site/site.ts';
import { sendQuoteAsStaff } from '../test-support/priced-quotes.ts';
import { validQuoteRequests } from '../test-support/quote-requests.ts';
import { createTestAdmin, signIn, testAdmin } from '../test-support/sign-in.ts';
import { startSmtpTestServer } from '../test-support/smtp-test-server.ts';
import { startTestMailDelivery } from '../test-support/test-mail.ts';

/*
 * Whatever a customer or a member of staff types, every page the server renders shows it as text:
 * markup sent through each field that reaches a page is escaped in the HTML, makes no element,
 * attribute or script in the document a browser parses, and reads exactly as it was typed.
 */

const PUBLIC_URL = 'https://clean.example';
const MAIL_FROM = 'Sparkle Clean <quotes@sparkleclean.example>';

/** Markup a person might type, and how the page's HTML must carry it. */
const MARKUP = [
  { typed: '<img src=x onerror=alert(1)>', escaped: '&lt;img src=x onerror=alert(1)&gt;' },
  {
    typed: '</title><script>alert(1)</script>',
    escaped: '&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
  },
  { typed: '"><svg onload=alert(1)>', escaped: '&quot;&gt;&lt;svg onload=alert(1)&gt;' },
] as const;

/** What someone typed into a field: some words, then each piece of markup. */
const typed = (words: string) => [words, ...MARKUP.map((markup) => markup.typed)].join(' ');
/** The same text as the page's HTML must carry it, in an element's text or an attribute's value. */
const escaped = (words: string) => [words, ...MARKUP.map((markup) => markup.escaped)].join(' ');

const windows: Window[] = [];
afterEach(async () => {
  for (const window of windows.splice(0)) await window.happyDOM.close();
});

/** The page as a browser parses it. */
function parse(html: string) {
  const window = new Window({ url: PUBLIC_URL });
  windows.push(window);
  window.document.write(html);
  return window.document;
}

/**
 * Asserts that nothing typed became markup on the page (no image or SVG of its own, no event
 * handler, no script) and that each text in `shown` is in the HTML escaped and on the page as typed:
 * in an element's text or as a form field's value.
 */
function expectInert(html: string, shown: readonly string[] = []) {
  for (const markup of MARKUP) expect(html).not.toContain(markup.typed);
  const document = parse(html);
  expect(document.querySelectorAll('img[src="x"], svg[onload]')).toHaveLength(0);
  const handlers = [...document.querySelectorAll('*')].flatMap((element) =>
    element.getAttributeNames().filter((name) => name.toLowerCase().startsWith('on')),
  );
  expect(handlers).toEqual([]);
  const scripts = [...document.querySelectorAll('script')].map((script) => script.textContent);
  expect(scripts).not.toContain('alert(1)');
  const values = [...document.querySelectorAll('input')].map((input) => input.getAttribute('value'));
  for (const text of shown) {
    const words = text.slice(0, text.indexOf(' <'));
    expect(html).toContain(escaped(words));
    const onPage = (document.body.textContent ?? '').includes(text) || values.includes(text);
    expect(onPage, `"${text}" reads as typed`).toBe(true);
  }
  return document;
}

/** What the app takes from the site's server entry. */
interface SiteEntry {
  render(url: string, options: RenderDocumentOptions & { publicUrl: string }): RenderedPage;
  pageKey(url: string): PageKey;
  inlineScriptHashes: readonly string[];
}

/**
 * The site as the app serves it, rendered by the site's own server entry. Loaded by path, as the
 * server loads the built one: the API's type check never compiles the site's React.
 */
async function realSite(): Promise<BuiltSite> {
  const entryPath = fileURLToPath(new URL('../../../sites/web/src/entry-server.tsx', import.meta.url));
  const entry = (await import(entryPath)) as SiteEntry;
  return {
    clientDirectory: mkdtempSync(join(tmpdir(), 'cleanquote-markup-site-')),
    renderDocument(url, publicUrl, options) {
      const page = entry.render(url, { publicUrl, ...options });
      const html = `<!doctype html><html lang="en-AU"><head>${page.head}</head><body><div id="root">${page.html}</div></body></html>`;
      return { ...page, html };
    },
    pageKey: (url) => entry.pageKey(url),
    inlineScriptHashes: entry.inlineScriptHashes,
  };
}

describe('pages with what customers and staff typed', () => {
  let directory: string;
  let database: Database;
  let app: App;
  let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
  let worker: MailDeliveryWorker;
  let cookie: string;

  beforeEach(async () => {
    smtp = await startSmtpTestServer();
    directory = mkdtempSync(join(tmpdir(), 'cleanquote-markup-'));
    const environment = parseEnvironment({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL,
      DATABASE_URL: `file:${join(directory, 'test.db')}`,
      SMTP_URL: smtp.url,
      MAIL_FROM,
      PUBLIC_POST_RATE_LIMIT: '1000',
    });
    database = await openDatabase({ url: environment.DATABASE_URL });
    app = createApp({ environment, database, logger: createLogger('silent'), site: await realSite() });
    worker = startTestMailDelivery(database, { smtpUrl: smtp.url, from: MAIL_FROM });
    await createTestAdmin(database);
    cookie = await signIn(app);
  });
  afterEach(async () => {
    await worker.stop();
    await smtp.close();
    database.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const staff = (path: string, init: RequestInit = {}) =>
    app.request(path, { ...init, headers: { Cookie: cookie, ...init.headers } });

  /** A request through the wizard's route, with what the customer typed; its id once its mails arrived. */
  async function submit(request: object): Promise<{ id: string; reference: string }> {
    const before = smtp.received.length;
    const response = await app.request('/api/service-form', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThanOrEqual(before + 2), {
      timeout: 5_000,
    });
    const [row] = await database.db
      .select({ id: quoteRequests.id })
      .from(quoteRequests)
      .where(eq(quoteRequests.reference, reference));
    if (!row) throw new Error('the request was not stored');
    return { id: row.id, reference };
  }

  /** One of the quote page's forms, posted as the customer's browser posts it. */
  const answer = (path: string, fields: Record<string, string>) =>
    app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: PUBLIC_URL },
      body: new URLSearchParams(fields).toString(),
    });

  const html = async (response: Response, status: number) => {
    expect(response.status).toBe(status);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    return response.text();
  };

  it("the customer's quote page: name, address, lines, note, and every answer form sent back", async () => {
    const customer = { name: typed('Priya Shah'), address: typed('12 Chapel St, South Yarra, VIC') };
    const { id } = await submit({
      ...validQuoteRequests.regularClean,
      ...customer,
      specialRequests: typed('Please bring a ladder.'),
    });
    const line = typed('Regular clean, 2 bedrooms');
    const note = typed('Keys are with the agent.');
    const first = await sendQuoteAsStaff(staff, id, smtp.received, {
      lines: [{ description: line, quantity: 1, unitPriceCents: 19_500 }],
      note,
    });
    const quotePage = `/quote/${first.token}`;
    expectInert(await html(await app.request(quotePage), 200), [customer.name, customer.address, line, note]);

    // Sent back with their problems, each form keeps what was typed.
    const name = typed('Priya Anne Shah');
    const unticked = expectInert(await html(await answer(`${quotePage}/accept`, { name }), 400), [name]);
    expect(unticked.querySelector('#accept-name')?.getAttribute('value')).toBe(name);
    const reason = `${typed('Too far away.')} ${'x'.repeat(2_000)}`;
    const tooLong = expectInert(await html(await answer(`${quotePage}/decline`, { reason }), 400), [reason]);
    expect(tooLong.querySelector('#decline-reason')?.textContent).toBe(reason);

    const change = typed('Fortnightly, please.');
    expect((await answer(`${quotePage}/changes`, { message: change })).status).toBe(303);
    const changed = expectInert(await html(await app.request(quotePage), 200), [change]);
    expect(changed.querySelector('.quoted-text')?.textContent).toBe(`Your message: ${change}`);

    // The next version, accepted: the page thanks the customer by the name they typed.
    const second = await sendQuoteAsStaff(staff, id, smtp.received, {
      lines: [{ description: line, quantity: 1, unitPriceCents: 18_500 }],
      note,
    });
    const accepted = await answer(`/quote/${second.token}/accept`, { name, accept: 'yes' });
    expect(accepted.status).toBe(303);
    const thanked = expectInert(await html(await app.request(`/quote/${second.token}`), 200), [name]);
    expect(thanked.querySelector('.notice-accepted p')?.textContent).toContain(`Thank you, ${name}.`);
    // The first link now says the quote was updated, and leads to the accepted version.
    expectInert(await html(await app.request(quotePage), 200), [customer.name, customer.address]);
    expectInert(await html(await app.request(`${quotePage}/latest`), 200), [customer.name, name]);
  });

  it('the sign-in page: the address typed, and a next address made of markup', async () => {
    const email = typed('owner@sparkleclean.example');
    const refused = await app.request('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password: 'not the password', next: '/dashboard' }).toString(),
    });
    const page = expectInert(await html(refused, 401), [email]);
    expect(page.querySelector('#email')?.getAttribute('value')).toBe(email);

    // A path made of markup is still a path on this site: the form carries it back as text.
    const next = '/"><img/src=x/onerror=alert(1)>';
    const signIn = expectInert(
      await html(await app.request(`/api/login?next=${encodeURIComponent(next)}`), 200),
    );
    expect(signIn.querySelector('input[name="next"]')?.getAttribute('value')).toBe(next);
  });

  it('the newsletter: markup is no address, and its link pages show nothing from the link', async () => {
    const refused = await app.request('/api/newsletter', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: typed('jo@client.example'), source: typed('footer') }),
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('Content-Type')).toMatch(/^application\/json/);
    for (const { typed: token } of MARKUP) {
      const query = `?token=${encodeURIComponent(token)}`;
      const confirm = await html(await app.request(`/api/newsletter/confirm${query}`), 400);
      expect(expectInert(confirm).querySelector('h1')?.textContent).toBe('This link no longer works');
      const unsubscribe = await html(await app.request(`/api/newsletter/unsubscribe${query}`), 404);
      expect(expectInert(unsubscribe).querySelector('h1')?.textContent).toBe('This link no longer works');
      expect(`${confirm}${unsubscribe}`).not.toContain('alert(1)');
    }
  });

  it("the case manager's stop page: the request's reference only, whatever the client typed", async () => {
    const { id, reference } = await submit({
      ...validQuoteRequests.ndisWithCaseManager,
      name: typed('Alex Client'),
      address: typed('7 Example Rd, Box Hill, VIC'),
      specialRequests: typed('Quiet please.'),
      caseManagerName: typed('Casey Manager'),
      caseManagerOrganization: typed('Care Co'),
      caseManagerUpdates: true,
    });
    const [row] = await database.db
      .select({ token: quoteRequests.caseManagerUpdatesToken })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, id));
    const path = `/case-manager-updates/${row?.token}`;
    const shown = await html(await app.request(path), 200);
    expect(expectInert(shown).querySelector('h1')?.textContent).toBe(`Emails about request ${reference}`);
    const stopped = await html(
      await app.request(path, { method: 'POST', headers: { Origin: PUBLIC_URL } }),
      200,
    );
    expectInert(stopped);
    expect(`${shown}${stopped}`).not.toContain('alert(1)');
    for (const { typed: token } of MARKUP) {
      const unknown = await html(
        await app.request(`/case-manager-updates/${encodeURIComponent(token)}`),
        404,
      );
      expect(expectInert(unknown).querySelector('h1')?.textContent).toBe('This link no longer works');
      expect(unknown).not.toContain('alert(1)');
    }
  });

  /** The form the no-script wizard posts from `step`: the other answers hidden, the step's own fields, the button. */
  function wizardForm(step: StepId, answers: QuoteAnswers, own: Record<string, string>, action: string) {
    const form = new URLSearchParams(hiddenAnswerFields(answers, step));
    for (const [field, value] of Object.entries(own)) form.append(field, value);
    form.append('step', step);
    form.append('idempotencyKey', 'form-key-1234-5678');
    form.append('action', action);
    return app.request('/service-form', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: PUBLIC_URL },
      body: form.toString(),
    });
  }

  it("the wizard without script: the customer's name, address and special requests, and a suburb in the link", async () => {
    const contact = { name: typed('Jo Tenant'), address: typed('2 Elm St, Box Hill, VIC') };
    const specialRequests = typed('Ring the bell twice.');
    const answers = validAnswers('regular-clean', { ...contact, specialRequests });

    // Back from the terms: the contact step shows the name and address in their fields.
    const back = await wizardForm('terms-agreement', answers, { termsAccepted: 'true' }, 'back');
    const contactStep = expectInert(await html(back, 200), [contact.name, contact.address]);
    expect(contactStep.querySelector('input[name="name"]')?.getAttribute('value')).toBe(contact.name);
    expect(contactStep.querySelector('input[name="address"]')?.getAttribute('value')).toBe(contact.address);

    // On to the last step: the special requests in their box.
    const next = await wizardForm('terms-agreement', answers, { termsAccepted: 'true' }, 'next');
    const finalStep = expectInert(await html(next, 200), [specialRequests]);
    expect(finalStep.querySelector('textarea[name="specialRequests"]')?.textContent).toBe(specialRequests);

    for (const { typed: suburb } of MARKUP) {
      const served = await app.request(
        `/service-form?service=regular-clean&suburb=${encodeURIComponent(suburb)}`,
      );
      expectInert(await html(served, 200));
    }
  });
});

describe("Xero's popup pages", () => {
  let fake: FakeXero;
  let directory: string;
  let database: Database;
  let app: App;
  let cookie: string;
  const names = [typed('Sparkle Clean Pty Ltd'), typed('Sparkle Windows')];

  beforeEach(async () => {
    fake = await startFakeXero({ tenants: names.map((tenantName) => ({ tenantName })) });
    directory = mkdtempSync(join(tmpdir(), 'cleanquote-markup-xero-'));
    const environment = parseEnvironment({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL,
      DATABASE_URL: `file:${join(directory, 'xero.db')}`,
      ADMIN_EMAIL: testAdmin.email,
      ...productEnvironmentFor(fake),
    });
    database = await openDatabase({ url: environment.DATABASE_URL });
    await createTestAdmin(database);
    app = createApp({ environment, database, logger: createLogger('silent') });
    cookie = await signIn(app);
  });
  afterEach(async () => {
    database.close();
    await fake.close();
    rmSync(directory, { recursive: true, force: true });
  });

  /** The popup's trip through Xero's consent, back to /xero/callback (with Xero's answer changed by `change`). */
  async function connect(change?: (answer: URL) => void): Promise<Response> {
    const start = await app.request('/xero/connect', { headers: { Cookie: cookie } });
    const consent = await fetch(start.headers.get('Location') ?? '', { redirect: 'manual' });
    const callback = new URL(consent.headers.get('Location') ?? '');
    change?.(callback);
    return app.request(`/xero/callback${callback.search}`, { headers: { Cookie: cookie } });
  }

  it("names the organisations connected as Xero calls them, and shows Xero's error as text", async () => {
    for (const { typed: error } of MARKUP) {
      const failed = await connect((answer) => answer.searchParams.set('error', error));
      const page = await failed.text();
      expect(failed.status).toBe(400);
      expect(page).toContain(MARKUP.find((markup) => markup.typed === error)?.escaped);
      expect(expectInert(page).querySelector('.error')?.textContent).toContain(`(${error})`);
    }
    const connected = await connect();
    expect(connected.status).toBe(200);
    const page = expectInert(await connected.text(), names);
    expect(page.querySelector('[role="status"]')?.textContent).toBe(
      `Connected: ${names.join(', ')}. You can close this window.`,
    );
    // The page's one script is its own file.
    expect([...page.querySelectorAll('script')].map((script) => script.getAttribute('src'))).toEqual([
      '/xero/connected.js',
    ]);
  });
});
