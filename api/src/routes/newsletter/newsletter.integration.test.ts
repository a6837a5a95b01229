import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailDeliveryWorker } from '../../mail/delivery.ts';
import { CONFIRMATION_LINK_TTL_MS, CONFIRMATION_RESEND_INTERVAL_MS } from '../../newsletter/subscriptions.ts';
import { startSmtpTestServer } from '../../test-support/smtp-test-server.ts';
import { eq, newsletterSubscribers, outbox } from '../../test-support/stored-rows.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import { startTestMailDelivery } from '../../test-support/test-mail.ts';

let context: Awaited<ReturnType<typeof createTestApp>>;
let worker: MailDeliveryWorker | undefined;
let server: Awaited<ReturnType<typeof startSmtpTestServer>> | undefined;

beforeEach(async () => {
  context = await createTestApp();
});

afterEach(async () => {
  await worker?.stop();
  await server?.close();
  worker = undefined;
  server = undefined;
  context.close();
});

function subscribe(body: unknown, headers: Record<string, string> = {}) {
  return context.app.request('/api/newsletter', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function subscribers() {
  return context.database.db.select().from(newsletterSubscribers);
}

async function queuedMail() {
  return context.database.db.select().from(outbox);
}

/** Subscribes through a real SMTP server and returns the confirmation mail as received. */
async function subscribeAndReceive(email: string) {
  server = await startSmtpTestServer();
  worker = startTestMailDelivery(context.database, { smtpUrl: server.url });
  expect((await subscribe({ email, source: 'home-newsletter' })).status).toBe(202);
  await vi.waitFor(() => expect(server?.received).toHaveLength(1), { timeout: 5_000 });
  const mail = server.received[0];
  if (!mail) throw new Error('no mail');
  return mail;
}

/** A link from a mail as a path the test app can request. */
function pathOf(url: string): string {
  const parsed = new URL(url);
  expect(parsed.origin).toBe('https://clean.example');
  return parsed.pathname + parsed.search;
}

describe('POST /api/newsletter', () => {
  it.each([
    ['no @', 'jo.client.example'],
    ['empty', ''],
    ['blank', '   '],
    ['a list', 'a@b.example, c@d.example'],
    ['a line break', 'a@b.example\r\nBcc: c@d.example'],
  ])('refuses an address with %s: 400 naming email, nothing stored or mailed', async (_label, email) => {
    const response = await subscribe({ email });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fields: Record<string, string> };
    expect(Object.keys(body.fields)).toEqual(['email']);
    expect(await subscribers()).toEqual([]);
    expect(await queuedMail()).toEqual([]);
  });

  it('records a pending subscription with consent time and source, and queues the confirmation', async () => {
    const before = Date.now();
    const response = await subscribe({ email: ' Jo@Client.Example ', source: 'home-newsletter' });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ status: 'pending' });
    const [row] = await subscribers();
    expect(row).toMatchObject({ email: 'jo@client.example', status: 'pending', source: 'home-newsletter' });
    expect(row?.consentedAt.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(row?.confirmedAt).toBeNull();
    const mail = await queuedMail();
    expect(mail.map((entry) => [entry.kind, entry.toAddress])).toEqual([
      ['newsletter-confirmation', 'jo@client.example'],
    ]);
  });

  it('records a partner origin as the source', async () => {
    const partnered = await createTestApp({ PARTNER_ORIGINS: 'https://agency.example' });
    try {
      const response = await partnered.app.request('/api/newsletter', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://agency.example' },
        body: JSON.stringify({ email: 'jo@client.example' }),
      });
      expect(response.status).toBe(202);
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('https://agency.example');
      const [row] = await partnered.database.db.select().from(newsletterSubscribers);
      expect(row?.source).toBe('https://agency.example');
    } finally {
      partnered.close();
    }
  });

  it('does not duplicate a subscriber or re-send the confirmation when asked twice in a row', async () => {
    expect((await subscribe({ email: 'jo@client.example' })).status).toBe(202);
    expect((await subscribe({ email: 'JO@client.example' })).status).toBe(202);
    expect(await subscribers()).toHaveLength(1);
    expect(await queuedMail()).toHaveLength(1);
  });

  it('sends a new confirmation when asked again after the resend interval', async () => {
    await subscribe({ email: 'jo@client.example' });
    await context.database.writes.run((tx) =>
      tx
        .update(newsletterSubscribers)
        .set({ confirmationSentAt: new Date(Date.now() - CONFIRMATION_RESEND_INTERVAL_MS - 1000) }),
    );
    await subscribe({ email: 'jo@client.example' });
    expect(await subscribers()).toHaveLength(1);
    expect(await queuedMail()).toHaveLength(2);
  });
});

describe('double opt-in and unsubscribe over real SMTP', () => {
  it('mails a confirmation link that subscribes, with sender identification and one-click unsubscribe', async () => {
    const mail = await subscribeAndReceive('jo@client.example');
    expect(mail.envelope.to).toEqual(['jo@client.example']);
    const confirmLink = mail.text.match(
      /https:\/\/clean\.example\/api\/newsletter\/confirm\?token=[a-z2-7]+/,
    )?.[0];
    expect(confirmLink).toBeDefined();
    expect(mail.text).toContain('Sparkle Clean Melbourne');
    expect(mail.text).toContain('ABN');

    // RFC 8058: an HTTPS List-Unsubscribe URL and List-Unsubscribe-Post on every newsletter mail.
    const listUnsubscribe = mail.headers.get('list-unsubscribe')?.[0] ?? '';
    expect(listUnsubscribe).toMatch(
      /^<https:\/\/clean\.example\/api\/newsletter\/unsubscribe\?token=[a-z2-7]+>$/,
    );
    expect(mail.headers.get('list-unsubscribe-post')).toEqual(['List-Unsubscribe=One-Click']);
    expect(mail.text).toContain(listUnsubscribe.slice(1, -1));

    const confirmed = await context.app.request(pathOf(confirmLink ?? ''));
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get('Content-Type')).toContain('text/html');
    expect(await confirmed.text()).toContain('You are subscribed');
    const [row] = await subscribers();
    expect(row?.status).toBe('subscribed');
    expect(row?.confirmedAt).toBeInstanceOf(Date);

    // The link works once.
    expect((await context.app.request(pathOf(confirmLink ?? ''))).status).toBe(400);
    // Subscribing again once confirmed changes nothing and mails nothing.
    expect((await subscribe({ email: 'jo@client.example' })).status).toBe(202);
    expect(await queuedMail()).toHaveLength(1);
    expect((await subscribers())[0]?.status).toBe('subscribed');
  });

  it('unsubscribes with the one-click POST a mail client sends (RFC 8058)', async () => {
    const mail = await subscribeAndReceive('jo@client.example');
    const url = (mail.headers.get('list-unsubscribe')?.[0] ?? '').slice(1, -1);
    const response = await context.app.request(pathOf(url), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        // Mail providers post from their own origin; no cookie is involved.
        Origin: 'https://mail.provider.example',
      },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    const [row] = await subscribers();
    expect(row?.status).toBe('unsubscribed');
    expect(row?.unsubscribedAt).toBeInstanceOf(Date);
  });

  it('unsubscribes from the link in the mail body (GET) and shows a page', async () => {
    const mail = await subscribeAndReceive('jo@client.example');
    const link = mail.text.match(
      /https:\/\/clean\.example\/api\/newsletter\/unsubscribe\?token=[a-z2-7]+/,
    )?.[0];
    const response = await context.app.request(pathOf(link ?? ''));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('You are unsubscribed');
    expect((await subscribers())[0]?.status).toBe('unsubscribed');
    // Subscribing again starts a new double opt-in with a fresh consent, on the same row.
    expect((await subscribe({ email: 'jo@client.example', source: 'footer' })).status).toBe(202);
    const [row] = await subscribers();
    expect(row).toMatchObject({ status: 'pending', source: 'footer' });
  });
});

describe('confirmation and unsubscribe links', () => {
  it('refuse unknown, missing or expired tokens', async () => {
    expect((await context.app.request('/api/newsletter/confirm?token=abc')).status).toBe(400);
    expect((await context.app.request('/api/newsletter/confirm')).status).toBe(400);
    expect((await context.app.request('/api/newsletter/unsubscribe?token=abc')).status).toBe(404);
    expect(
      (await context.app.request('/api/newsletter/unsubscribe?token=abc', { method: 'POST' })).status,
    ).toBe(404);

    const mail = await subscribeAndReceive('jo@client.example');
    const confirmLink = mail.text.match(
      /https:\/\/clean\.example\/api\/newsletter\/confirm\?token=[a-z2-7]+/,
    )?.[0];
    await context.database.writes.run((tx) =>
      tx
        .update(newsletterSubscribers)
        .set({ confirmationSentAt: new Date(Date.now() - CONFIRMATION_LINK_TTL_MS - 1000) })
        .where(eq(newsletterSubscribers.email, 'jo@client.example')),
    );
    expect((await context.app.request(pathOf(confirmLink ?? ''))).status).toBe(400);
    expect((await subscribers())[0]?.status).toBe('pending');
  });

  it('store only a hash of the confirmation token', async () => {
    const mail = await subscribeAndReceive('jo@client.example');
    const token = mail.text.match(/confirm\?token=([a-z2-7]+)/)?.[1] ?? 'missing';
    const raw = JSON.stringify(await context.database.client.execute('SELECT * FROM newsletter_subscribers'));
    expect(raw).not.toContain(token);
  });
});

describe('the newsletter endpoint under fuzzing', () => {
  it('never answers 5xx and stores a subscriber only for an acceptable address', async () => {
    const fuzzed = await createTestApp({ PUBLIC_POST_RATE_LIMIT: '100000' });
    try {
      const email = fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.emailAddress(),
        fc.constantFrom('@', 'a@', '@b', 'a@b\r\nBcc: c@d', ' a@b ', 'a@b,c@d'),
        fc.integer(),
        fc.constant(null),
      );
      const body = fc.oneof(
        fc.record({ email, source: fc.option(fc.string({ maxLength: 120 }), { nil: undefined }) }),
        fc.jsonValue(),
      );
      await fc.assert(
        fc.asyncProperty(body, async (candidate) => {
          const before = (await fuzzed.database.db.select().from(newsletterSubscribers)).length;
          const response = await fuzzed.app.request('/api/newsletter', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(candidate),
          });
          expect(response.status).toBeLessThan(500);
          const rows = await fuzzed.database.db.select().from(newsletterSubscribers);
          if (response.status === 400) expect(rows.length).toBe(before);
          else expect(response.status).toBe(202);
          for (const row of rows) {
            expect(row.email).toContain('@');
            expect(row.email).not.toMatch(/[\s,;<>]/);
          }
        }),
        { numRuns: 150 },
      );
    } finally {
      fuzzed.close();
    }
  });
});
