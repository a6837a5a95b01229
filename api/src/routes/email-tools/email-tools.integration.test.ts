import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import { createTestAdmin, signIn } from '../../test-support/sign-in.ts';
import { startSmtpTestServer } from '../../test-support/smtp-test-server.ts';
import { outbox } from '../../test-support/stored-rows.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import { startTestMailDelivery } from '../../test-support/test-mail.ts';

const mailbox = { user: 'sarah@sparkleclean.example', pass: 'the mailbox password 123' };

let context: Awaited<ReturnType<typeof createTestApp>>;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  context.close();
});

/** A test app that keeps every log line, so a test can look for the password in them. */
async function setUp(overrides: Record<string, string> = {}) {
  const lines: string[] = [];
  const logger = createLogger('debug', { write: (line: string) => lines.push(line) });
  context = await createTestApp(overrides, { logger });
  await createTestAdmin(context.database);
  const cookie = await signIn(context.app);
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    context.app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, ...headers },
      body: JSON.stringify(body),
    });
  return { lines, post, cookie };
}

describe('POST /api/send-direct-email', () => {
  it('sends from the sender’s own mailbox through a custom SMTP server, and keeps the password nowhere', async () => {
    const { post, lines } = await setUp();
    const smtp = await startSmtpTestServer({ auth: mailbox });
    cleanups.push(() => smtp.close());
    const response = await post('/api/send-direct-email', {
      fromEmail: mailbox.user,
      fromPassword: mailbox.pass,
      toEmail: 'client@example.com',
      provider: 'custom',
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      smtpSecurity: 'none',
      subject: 'Checking our mail',
      message: 'Hello from the office.',
    });
    const answer = await response.text();
    expect(response.status, answer).toBe(200);
    expect(JSON.parse(answer)).toMatchObject({ recipient: 'client@example.com' });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.envelope).toEqual({ from: mailbox.user, to: ['client@example.com'] });
    expect(smtp.received[0]?.text).toContain('Hello from the office.');
    expect(answer).not.toContain(mailbox.pass);
    expect(lines.join('\n')).not.toContain(mailbox.pass);
    expect(JSON.stringify(await context.database.db.select().from(outbox))).not.toContain(mailbox.pass);
  });

  it('answers 502 with the SMTP server’s refusal for a wrong password', async () => {
    const { post, lines } = await setUp();
    const smtp = await startSmtpTestServer({ auth: mailbox });
    cleanups.push(() => smtp.close());
    const wrong = 'not the password at all';
    const response = await post('/api/send-direct-email', {
      fromEmail: mailbox.user,
      fromPassword: wrong,
      toEmail: 'client@example.com',
      provider: 'custom',
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      smtpSecurity: 'none',
    });
    expect(response.status).toBe(502);
    const answer = await response.text();
    expect(JSON.parse(answer).error).toMatch(/535/);
    expect(answer).not.toContain(wrong);
    expect(lines.join('\n')).not.toContain(wrong);
    expect(smtp.received).toHaveLength(0);
  });

  it('answers 400 naming the missing from address, password and to address, and a custom server’s host and port', async () => {
    const { post } = await setUp();
    const missing = await post('/api/send-direct-email', { provider: 'gmail', fromEmail: ' ' });
    expect(missing.status).toBe(400);
    const named = (response: Response) =>
      response.json().then((body) => Object.keys((body as { fields: object }).fields).sort());
    expect(await named(missing)).toEqual(['fromEmail', 'fromPassword', 'toEmail']);
    const custom = await post('/api/send-direct-email', {
      provider: 'custom',
      fromEmail: mailbox.user,
      fromPassword: mailbox.pass,
      toEmail: 'client@example.com',
    });
    expect(custom.status).toBe(400);
    expect(await named(custom)).toEqual(['smtpHost', 'smtpPort']);
  });

  it('needs an admin session, and refuses a cross-site post', async () => {
    const { post } = await setUp();
    const signedOut = await context.app.request('/api/send-direct-email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(signedOut.status).toBe(401);
    const crossSite = await post('/api/send-direct-email', {}, { Origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
  });
});

describe('POST /api/test-client-email', () => {
  it('mails the real client auto-response, filled from the form, through the outbox', async () => {
    const { post } = await setUp();
    const smtp = await startSmtpTestServer();
    cleanups.push(() => smtp.close());
    const worker = startTestMailDelivery(context.database, { smtpUrl: smtp.url });
    cleanups.push(() => worker.stop());
    const response = await post('/api/test-client-email', {
      name: 'Priya Shah',
      email: 'priya@example.com',
      phone: '0491 570 158',
      address: '12 Chapel St, South Yarra, VIC',
      service: 'end-of-lease',
      message: 'Testing the auto-response',
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ recipient: 'priya@example.com' });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5_000 });
    const [mail] = smtp.received;
    expect(mail?.envelope.to).toEqual(['priya@example.com']);
    expect(mail?.text).toContain('Hi Priya,');
    expect(mail?.text).toContain('We will email you a detailed quote within 24 hours.');
    expect(mail?.text).toContain('End of Lease Cleaning');
  });

  it('answers 400 naming a bad address and an unknown service', async () => {
    const { post } = await setUp();
    const response = await post('/api/test-client-email', { name: 'Priya', email: 'nope', service: 'x' });
    expect(response.status).toBe(400);
    const { fields } = (await response.json()) as { fields: Record<string, string> };
    expect(Object.keys(fields).sort()).toEqual(['email', 'service']);
  });
});
