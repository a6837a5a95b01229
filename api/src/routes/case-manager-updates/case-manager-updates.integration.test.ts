import { Window } from 'happy-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailDeliveryWorker } from '../../mail/delivery.ts';
import { sendQuoteAsStaff } from '../../test-support/priced-quotes.ts';
import { createQuoteRequestDesk, type QuoteRequestDesk } from '../../test-support/quote-request-desk.ts';
import { validQuoteRequests } from '../../test-support/quote-requests.ts';
import { decodeHeader, type ReceivedMail, startSmtpTestServer } from '../../test-support/smtp-test-server.ts';
import { eq, outbox, quoteRequests } from '../../test-support/stored-rows.ts';
import { startTestMailDelivery } from '../../test-support/test-mail.ts';

const PUBLIC_URL = 'https://clean.example';
const MAIL_FROM = 'Sparkle Clean <quotes@sparkleclean.example>';
const BUSINESS_EMAIL = 'office@sparkleclean.example';
const CASE_MANAGER = 'sam@support.example.org';
const CLIENT = {
  name: 'Robin Client',
  email: 'robin@example.com',
  phone: '0491 570 156',
  address: '7 Example Rd, Box Hill, VIC',
};

let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
let inbox: QuoteRequestDesk;
let worker: MailDeliveryWorker;
const windows: Window[] = [];

beforeEach(async () => {
  smtp = await startSmtpTestServer();
  inbox = await createQuoteRequestDesk({ SMTP_URL: smtp.url, MAIL_FROM, BUSINESS_EMAIL, PUBLIC_URL });
  worker = startTestMailDelivery(inbox.database, { smtpUrl: smtp.url, from: MAIL_FROM });
});
afterEach(async () => {
  await worker.stop();
  await smtp.close();
  inbox.close();
  for (const window of windows.splice(0)) await window.happyDOM.close();
});

/** A case manager's request through the wizard's route; its id and reference once its two mails arrived. */
async function submit(extra: Record<string, unknown>): Promise<{ id: string; reference: string }> {
  const before = smtp.received.length;
  const response = await inbox.app.request('/api/service-form', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...validQuoteRequests.ndisWithCaseManager, ...CLIENT, ...extra }),
  });
  expect(response.status).toBe(201);
  const { reference } = (await response.json()) as { reference: string };
  await vi.waitFor(() => expect(smtp.received).toHaveLength(before + 2), { timeout: 5_000 });
  const [row] = await inbox.database.db
    .select({ id: quoteRequests.id })
    .from(quoteRequests)
    .where(eq(quoteRequests.reference, reference));
  if (!row) throw new Error('the request was not stored');
  return { id: row.id, reference };
}

async function move(id: string, status: string, reason?: string) {
  const response = await inbox.post(`/api/contact/${id}/status`, { status, reason });
  expect(response.status).toBe(200);
}

/** The case manager's update mails in the outbox: written with the move, so final once it answered. */
async function queuedUpdates(): Promise<string[]> {
  const rows = await inbox.database.db
    .select({ subject: outbox.subject })
    .from(outbox)
    .where(eq(outbox.kind, 'case-manager-update'))
    .orderBy(outbox.createdAt, outbox.id);
  return rows.map((row) => row.subject);
}

const toCaseManager = () => smtp.received.filter((mail) => mail.envelope.to.includes(CASE_MANAGER));

async function arrived(count: number): Promise<ReceivedMail[]> {
  await vi.waitFor(() => expect(toCaseManager()).toHaveLength(count), { timeout: 5_000 });
  return toCaseManager();
}

const header = (mail: ReceivedMail, name: string) => decodeHeader(mail.headers.get(name)?.[0] ?? '');

async function tokenOf(id: string): Promise<string | null> {
  const [row] = await inbox.database.db
    .select({ token: quoteRequests.caseManagerUpdatesToken })
    .from(quoteRequests)
    .where(eq(quoteRequests.id, id));
  return row?.token ?? null;
}

function documentOf(html: string) {
  const window = new Window({ url: PUBLIC_URL });
  windows.push(window);
  window.document.write(html);
  return window.document;
}

const textOf = (document: ReturnType<typeof documentOf>) =>
  (document.body.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('update mails to a case manager who ticked the box', () => {
  it('tells Quoted, Won and Lost (not Contacted) with the reference, the one-click unsubscribe and nothing else', async () => {
    const { id, reference } = await submit({ caseManagerUpdates: true });
    const token = await tokenOf(id);
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    const stopUrl = `${PUBLIC_URL}/case-manager-updates/${token}`;

    await move(id, 'contacted');
    expect(await queuedUpdates()).toEqual([]);

    await move(id, 'quoted');
    const [quoted] = await arrived(1);
    if (!quoted) throw new Error('no Quoted mail');
    expect(quoted.envelope.to).toEqual([CASE_MANAGER]);
    expect(header(quoted, 'to')).toBe(CASE_MANAGER);
    expect(header(quoted, 'from')).toBe(MAIL_FROM);
    expect(header(quoted, 'reply-to')).toBe(BUSINESS_EMAIL);
    expect(header(quoted, 'subject')).toBe(`Request ${reference}: we have sent the quote`);
    expect(header(quoted, 'list-unsubscribe')).toBe(`<${stopUrl}>`);
    expect(header(quoted, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(quoted.text).toContain(`Request ${reference}: We have sent the quote.`);
    expect(quoted.text).toContain(`Stop these emails about request ${reference}: ${stopUrl}`);
    const html = documentOf(quoted.html ?? '');
    expect(textOf(html)).toContain(`Request ${reference}: We have sent the quote.`);
    expect(html.querySelector(`a[href="${stopUrl}"]`)?.textContent).toBe(
      `Stop these emails about request ${reference}`,
    );
    // The status and the reference only: nothing the client or the case manager typed.
    for (const typed of [...Object.values(CLIENT), 'Sam Coordinator', '03 5550 0123', 'Example Support Co']) {
      expect(quoted.raw).not.toContain(typed);
    }

    await move(id, 'won');
    const [, won] = await arrived(2);
    expect(won && header(won, 'subject')).toBe(`Request ${reference}: the customer accepted the quote`);
    expect(won?.text).toContain(`Request ${reference}: The customer accepted the quote.`);
    expect(won && header(won, 'list-unsubscribe')).toBe(`<${stopUrl}>`);

    await move(id, 'lost', 'The client moved interstate');
    const [, , lost] = await arrived(3);
    expect(lost && header(lost, 'subject')).toBe(`Request ${reference}: the request is closed`);
    expect(`${lost?.text}${lost?.html}`).not.toContain('interstate');
    expect(await queuedUpdates()).toHaveLength(3);
  });

  it("keeps no working stop link in the outbox once the update is delivered: '[link sent to the case manager]'", async () => {
    const { id } = await submit({ caseManagerUpdates: true });
    const token = await tokenOf(id);
    await move(id, 'quoted');
    const [quoted] = await arrived(1);
    expect(quoted?.text).toContain(`${PUBLIC_URL}/case-manager-updates/${token}`);
    const stored = async () =>
      (
        await inbox.database.db
          .select({
            textBody: outbox.textBody,
            htmlBody: outbox.htmlBody,
            headers: outbox.headers,
            secretUntilSent: outbox.secretUntilSent,
          })
          .from(outbox)
          .where(eq(outbox.kind, 'case-manager-update'))
      )[0];
    await vi.waitFor(async () => expect((await stored())?.secretUntilSent).toBeNull(), { timeout: 5_000 });
    const copy = await stored();
    expect(JSON.stringify(copy)).not.toContain(token);
    expect(copy?.textBody).toContain('[link sent to the case manager]');
    expect(copy?.htmlBody).toContain('[link sent to the case manager]');
    expect(copy?.headers?.['List-Unsubscribe']).toBe('<[link sent to the case manager]>');
  });

  it('tells the quote staff send and the answer the client gives on its page, without the price', async () => {
    const { id, reference } = await submit({ caseManagerUpdates: true });
    const staff = (path: string, init: RequestInit = {}) =>
      inbox.app.request(path, { ...init, headers: { ...init.headers, Cookie: inbox.cookie } });
    const { token } = await sendQuoteAsStaff(staff, id, smtp.received);
    const [quoted] = await arrived(1);
    expect(quoted && header(quoted, 'subject')).toBe(`Request ${reference}: we have sent the quote`);
    // The quote was $495.00: no amount reaches the case manager.
    expect(`${quoted?.text}${quoted?.html}`).not.toMatch(/\$|495/);

    const accepted = await inbox.app.request(`/quote/${token}/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: PUBLIC_URL },
      body: new URLSearchParams({ name: CLIENT.name, accept: 'yes' }).toString(),
    });
    expect(accepted.status).toBe(303);
    const [, won] = await arrived(2);
    expect(won && header(won, 'subject')).toBe(`Request ${reference}: the customer accepted the quote`);
  });

  it('sends none when the box was left unticked, and keeps no unsubscribe token', async () => {
    const { id } = await submit({});
    const ticked = await submit({ caseManagerUpdates: true, email: 'other@example.com' });
    expect(await tokenOf(id)).toBeNull();
    await move(id, 'quoted');
    await move(id, 'won');
    expect(await queuedUpdates()).toEqual([]);
    // The outbox sends in order: the other request's mail arriving means none of these was sent.
    await move(ticked.id, 'quoted');
    const mails = await arrived(1);
    expect(mails.map((mail) => header(mail, 'subject'))).toEqual([
      `Request ${ticked.reference}: we have sent the quote`,
    ]);
  });

  it('refuses the box outside a case manager booking, naming caseManagerUpdates', async () => {
    const response = await inbox.app.request('/api/service-form', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...validQuoteRequests.regularClean, caseManagerUpdates: true }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      fields: {
        caseManagerUpdates: "Updates go to a case manager: choose 'Case manager' and enter their email",
      },
    });
  });
});

describe('GET and POST /case-manager-updates/:token', () => {
  it('shows the request and a Stop button; the button stops the mails for that request only', async () => {
    const first = await submit({ caseManagerUpdates: true });
    const second = await submit({ caseManagerUpdates: true, email: 'other@example.com' });
    const token = await tokenOf(first.id);
    const path = `/case-manager-updates/${token}`;

    const shown = await inbox.app.request(path);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('Cache-Control')).toBe('no-store');
    expect(shown.headers.get('Referrer-Policy')).toBe('no-referrer');
    const page = documentOf(await shown.text());
    expect(page.querySelector('h1')?.textContent).toBe(`Emails about request ${first.reference}`);
    const form = page.querySelector('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe(path);
    expect(form?.querySelector('button')?.textContent).toBe('Stop these emails');
    // Opening the link (a mail scanner does) stops nothing.
    await move(first.id, 'quoted');
    await arrived(1);

    // The page is sent without a referrer, so the browser posts its form with Origin: null.
    const stopped = await inbox.app.request(path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'null',
        'Sec-Fetch-Site': 'same-origin',
      },
      body: '',
    });
    expect(stopped.status).toBe(200);
    expect(textOf(documentOf(await stopped.text()))).toContain(
      `You will not get more emails about request ${first.reference}.`,
    );
    const again = documentOf(await (await inbox.app.request(path)).text());
    expect(textOf(again)).toContain(`You will not get more emails about request ${first.reference}.`);
    expect(again.querySelector('form')).toBeNull();

    await move(first.id, 'won');
    expect(await queuedUpdates()).toHaveLength(1);
    await move(second.id, 'won');
    const mails = await arrived(2);
    expect(header(mails[1] as ReceivedMail, 'subject')).toBe(
      `Request ${second.reference}: the customer accepted the quote`,
    );
  });

  it("stops with a mail client's one-click POST, from the provider's origin or none", async () => {
    for (const origin of [undefined, 'https://mail.provider.example']) {
      const { id, reference } = await submit({ caseManagerUpdates: true });
      const token = await tokenOf(id);
      const response = await inbox.app.request(`/case-manager-updates/${token}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          ...(origin ? { Origin: origin, 'Sec-Fetch-Site': 'cross-site' } : {}),
        },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(response.status, origin).toBe(200);
      expect(await response.text()).toContain(`You will not get more emails about request ${reference}.`);
      await move(id, 'quoted');
    }
    expect(await queuedUpdates()).toEqual([]);
    // Stopping again says the same.
    const [first] = await inbox.database.db
      .select({
        token: quoteRequests.caseManagerUpdatesToken,
        stoppedAt: quoteRequests.caseManagerUpdatesStoppedAt,
      })
      .from(quoteRequests)
      .limit(1);
    const repeat = await inbox.app.request(`/case-manager-updates/${first?.token}`, { method: 'POST' });
    expect(repeat.status).toBe(200);
    const [after] = await inbox.database.db
      .select({ stoppedAt: quoteRequests.caseManagerUpdatesStoppedAt })
      .from(quoteRequests)
      .where(eq(quoteRequests.caseManagerUpdatesToken, first?.token ?? ''));
    expect(after?.stoppedAt).toEqual(first?.stoppedAt);
  });

  it('answers a 404 page for a link no request has', async () => {
    await submit({ caseManagerUpdates: true });
    for (const method of ['GET', 'POST']) {
      const response = await inbox.app.request(`/case-manager-updates/${'a'.repeat(32)}`, { method });
      expect(response.status, method).toBe(404);
      expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(documentOf(await response.text()).querySelector('h1')?.textContent).toBe(
        'This link no longer works',
      );
    }
    const tooLong = await inbox.app.request(`/case-manager-updates/${'a'.repeat(500)}`);
    expect(tooLong.status).toBe(404);
  });
});
