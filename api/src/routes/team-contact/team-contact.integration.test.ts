import { customerService, team } from '@cleanquote/content';
import { teamContact } from '@cleanquote/quote-core/staff';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MailDeliveryWorker } from '../../mail/delivery.ts';
import { freePort, startSmtpTestServer } from '../../test-support/smtp-test-server.ts';
import { outbox, teamContactMessages } from '../../test-support/stored-rows.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import { startTestMailDelivery } from '../../test-support/test-mail.ts';

const [founder, salesManager] = team;
if (!founder || !salesManager) throw new Error('packages/content has no team');

let context: Awaited<ReturnType<typeof createTestApp>>;
const workers: MailDeliveryWorker[] = [];
const servers: Array<{ close(): Promise<void> }> = [];

async function setUp(overrides: Record<string, string> = {}) {
  context = await createTestApp(overrides);
}

afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
  for (const server of servers.splice(0)) await server.close();
  context.close();
});

const valid = {
  senderName: 'Jo Client',
  senderEmail: 'jo@client.example',
  senderPhone: '0491 570 110',
  subject: 'Bond clean next week',
  message: 'Can you do an end of lease clean on Friday?',
  recipientName: founder.name,
  recipientEmail: founder.email,
};

function post(body: unknown, headers: Record<string, string> = {}) {
  return context.app.request('/api/team-contact', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function stored() {
  return {
    messages: await context.database.db.select().from(teamContactMessages),
    mail: await context.database.db.select().from(outbox),
  };
}

async function smtp(port?: number) {
  const server = await startSmtpTestServer(port === undefined ? {} : { port });
  servers.push(server);
  return server;
}

describe('POST /api/team-contact', () => {
  it('stores the message and queues one mail to the team member, in one transaction', async () => {
    await setUp();
    const response = await post(valid);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; recipient: { id: string; name: string } };
    expect(body.recipient).toEqual({ id: founder.id, name: founder.name });
    const { messages, mail } = await stored();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      id: body.id,
      recipientId: founder.id,
      recipientEmail: founder.email,
      senderName: 'Jo Client',
      senderEmail: 'jo@client.example',
      senderPhone: '0491 570 110',
      subject: 'Bond clean next week',
      source: 'main-site',
    });
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      id: messages[0]?.outboxId,
      kind: 'team-contact',
      toAddress: founder.email,
      replyToAddress: 'jo@client.example',
      status: 'queued',
    });
  });

  it.each([
    ['an id', { recipientId: salesManager.id }, salesManager],
    ['a name only', { recipientName: salesManager.name }, salesManager],
    ['an email only', { recipientEmail: salesManager.email.toUpperCase() }, salesManager],
    ['the customer-service id', { recipientId: 'customer-service' }, customerService],
    ['an id with a display label that differs', { recipientId: founder.id, recipientName: 'Sarah' }, founder],
  ])('resolves the recipient on the server from %s', async (_label, recipient, expected) => {
    await setUp();
    const { recipientName: _name, recipientEmail: _email, ...sender } = valid;
    const response = await post({ ...sender, ...recipient });
    expect(response.status).toBe(201);
    const { mail } = await stored();
    expect(mail.map((entry) => entry.toAddress)).toEqual([expected.email]);
  });

  it.each([
    [
      'an address the browser chose',
      { recipientName: founder.name, recipientEmail: 'attacker@evil.example' },
      'recipientEmail',
    ],
    ['an unknown id', { recipientId: 'ceo' }, 'recipientId'],
    ['a prototype key as id', { recipientId: '__proto__' }, 'recipientId'],
    [
      'an id and an email of different people',
      { recipientId: founder.id, recipientEmail: salesManager.email },
      'recipientId',
    ],
    [
      'a name and an email of different people',
      { recipientName: founder.name, recipientEmail: salesManager.email },
      'recipientEmail',
    ],
    ['an unknown name', { recipientName: 'Someone Else', recipientEmail: undefined }, 'recipientName'],
    ['no recipient at all', { recipientName: undefined, recipientEmail: undefined }, 'recipientName'],
  ])('refuses %s with 400 and stores and mails nothing', async (_label, recipient, field) => {
    await setUp();
    const response = await post({ ...valid, ...recipient });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fields: Record<string, string>; requestId: string };
    expect(body.fields[field]).toBe('Unknown recipient');
    expect(body.requestId).toBe(response.headers.get('X-Request-Id'));
    expect(await stored()).toEqual({ messages: [], mail: [] });
  });

  it('names each missing or bad field in a 400, and stores nothing', async () => {
    await setUp();
    const response = await post({ ...valid, senderName: '  ', senderEmail: 'not-an-email', message: '' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(Object.keys(body.fields).sort()).toEqual(['message', 'senderEmail', 'senderName']);
    expect(body.fields.senderEmail).toBe('Please enter a valid email address');
    expect(await stored()).toEqual({ messages: [], mail: [] });
  });

  it.each([
    ['malformed JSON', '{"senderName": "Jo"'],
    ['a JSON array', '[]'],
    ['an empty body', ''],
  ])('answers %s with 400 naming the request', async (_label, raw) => {
    await setUp();
    const response = await post(raw);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fields: { request: expect.any(String) } });
  });

  it('refuses sender emails that could add recipients or headers', async () => {
    await setUp();
    for (const senderEmail of [
      'jo@client.example\r\nBcc: x@evil.example',
      'jo@client.example, x@evil.example',
    ]) {
      const response = await post({ ...valid, senderEmail });
      expect(response.status).toBe(400);
    }
    expect(await stored()).toEqual({ messages: [], mail: [] });
  });

  it('copies the message to BUSINESS_EMAIL when that is another inbox', async () => {
    await setUp({ BUSINESS_EMAIL: 'office@sparkleclean.example' });
    expect((await post(valid)).status).toBe(201);
    const { mail } = await stored();
    expect(mail.map((entry) => [entry.kind, entry.toAddress]).sort()).toEqual([
      ['team-contact', founder.email],
      ['team-contact-copy', 'office@sparkleclean.example'],
    ]);
  });

  it('records a configured partner origin as the source and answers it with CORS', async () => {
    await setUp({ PARTNER_ORIGINS: 'https://agency.example' });
    const response = await post(valid, { Origin: 'https://agency.example' });
    expect(response.status).toBe(201);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('https://agency.example');
    const { messages } = await stored();
    expect(messages[0]?.source).toBe('https://agency.example');
  });

  it('reaches the team member over SMTP: To the member, Reply-To the sender, no injected headers', async () => {
    await setUp();
    const server = await smtp();
    workers.push(startTestMailDelivery(context.database, { smtpUrl: server.url }));
    const injected = await post({
      ...valid,
      senderName: 'Jo\r\nBcc: victim@evil.example',
      subject: 'Hi\r\nBcc: victim@evil.example\r\nX-Injected: 1',
    });
    expect(injected.status).toBe(400);
    expect(((await injected.json()) as { fields: object }).fields).toEqual({
      senderName: 'Your name must not contain control characters',
      subject: 'The subject must not contain control characters',
    });
    const response = await post({ ...valid, subject: 'Hi, Bcc: victim@evil.example; X-Injected: 1' });
    expect(response.status).toBe(201);
    await vi.waitFor(() => expect(server.received).toHaveLength(1), { timeout: 5_000 });
    const [mail] = server.received;
    expect(mail?.envelope.to).toEqual([founder.email]);
    expect(mail?.headers.get('to')?.[0]).toContain(founder.email);
    expect(mail?.headers.get('reply-to')?.[0]).toContain('jo@client.example');
    expect(mail?.headers.has('bcc')).toBe(false);
    expect(mail?.headers.has('x-injected')).toBe(false);
    expect(mail?.text).toContain('Can you do an end of lease clean on Friday?');
    expect(mail?.text).toContain('0491 570 110');
  });

  it('keeps answering 201 while SMTP is down, and the mail goes out once it is back', async () => {
    await setUp();
    const port = await freePort();
    workers.push(startTestMailDelivery(context.database, { smtpUrl: `smtp://127.0.0.1:${port}` }));
    for (let n = 0; n < 3; n += 1) {
      expect((await post({ ...valid, message: `Message ${n}` })).status).toBe(201);
    }
    await vi.waitFor(async () => {
      const { mail } = await stored();
      expect(mail.every((entry) => entry.attempts >= 1 && entry.status === 'queued')).toBe(true);
    });
    const server = await smtp(port);
    await vi.waitFor(() => expect(server.received).toHaveLength(3), { timeout: 5_000 });
    expect(server.received.map((mail) => mail.text.match(/Message \d/)?.[0]).sort()).toEqual([
      'Message 0',
      'Message 1',
      'Message 2',
    ]);
  });

  it('never fails with a 5xx and never stores what the schema rejects (fuzz)', async () => {
    await setUp({ PUBLIC_POST_RATE_LIMIT: '100000' });
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('', ' ', '\r\nBcc: x@evil.example', 'a@b', '<script>', '__proto__', founder.name),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
    );
    const field = fc.oneof(text, fc.constant(undefined), fc.constant(null), fc.integer(), fc.boolean());
    const body = fc.record(
      {
        senderName: field,
        senderEmail: fc.oneof(field, fc.emailAddress()),
        senderPhone: field,
        subject: field,
        message: field,
        recipientId: fc.oneof(field, fc.constantFrom(founder.id, 'customer-service')),
        recipientName: fc.oneof(field, fc.constant(founder.name)),
        recipientEmail: fc.oneof(field, fc.constant(founder.email)),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (candidate) => {
        const before = (await stored()).messages.length;
        const response = await post(candidate);
        expect(response.status).toBeLessThan(500);
        const after = (await stored()).messages.length;
        if (response.status === 201) {
          expect(teamContact.safeParse(candidate).success).toBe(true);
          expect(after).toBe(before + 1);
        } else {
          expect(response.status).toBe(400);
          expect(after).toBe(before);
        }
      }),
      { numRuns: 150 },
    );
  });
});
