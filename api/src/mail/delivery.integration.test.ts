import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { outbox } from '../db/schema.ts';
import { backoff } from '../lib/durable-queue.ts';
import { freePort, startSilentServer, startSmtpTestServer } from '../test-support/smtp-test-server.ts';
import { startTestMailDelivery } from '../test-support/test-mail.ts';
import { type MailDeliveryOptions, type MailDeliveryWorker, mailBackoff } from './delivery.ts';
import { enqueueMail, type OutboxMail, OutboxMailError } from './outbox.ts';

/**
 * Waits for an SMTP conversation's outcome. Deliveries, retries and backoff take real round trips,
 * so the bound allows for a loaded machine (vitest's default is 1 s); a passing check returns at once.
 */
function eventually<T>(check: () => T | Promise<T>, options: { timeout?: number } = {}): Promise<T> {
  return vi.waitFor(check, { timeout: 15_000, ...options });
}

let directory: string;
let database: Database;
const workers: MailDeliveryWorker[] = [];
const cleanups: Array<() => Promise<void> | void> = [];

beforeEach(async () => {
  directory = mkdtempSync(join(tmpdir(), 'cleanquote-mail-'));
  database = await openDatabase({ url: `file:${join(directory, 'mail.db')}` });
});

afterEach(async () => {
  // Workers first: an SMTP server waits for the pooled connection a worker keeps open.
  for (const worker of workers.splice(0)) await worker.stop();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  database.close();
  rmSync(directory, { recursive: true, force: true });
});

function startWorker(overrides: Partial<MailDeliveryOptions> = {}) {
  const worker = startTestMailDelivery(database, overrides);
  workers.push(worker);
  return worker;
}

async function smtpServer(...args: Parameters<typeof startSmtpTestServer>) {
  const server = await startSmtpTestServer(...args);
  cleanups.push(() => server.close());
  return server;
}

const mail: OutboxMail = {
  kind: 'test',
  to: { name: 'Sarah Mitchell', address: 'sarah@sparkleclean.example' },
  subject: 'New message',
  text: 'Hello from the outbox',
};

function enqueue(value: OutboxMail = mail) {
  return database.writes.run((tx) => enqueueMail(tx, value));
}

async function row(id: string) {
  const [found] = await database.db.select().from(outbox).where(eq(outbox.id, id));
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

describe('enqueueMail', () => {
  it('stores the mail as queued with a Message-ID fixed at enqueue time, in the caller’s transaction', async () => {
    const id = await enqueue({ ...mail, from: 'Sparkle Clean <quotes@sparkleclean.example>' });
    const stored = await row(id);
    expect(stored).toMatchObject({ status: 'queued', attempts: 0, toAddress: 'sarah@sparkleclean.example' });
    expect(stored.messageId).toMatch(/^<[0-9a-f-]{36}@sparkleclean\.example>$/);
  });

  it('disappears with a transaction that rolls back', async () => {
    await expect(
      database.writes.run(async (tx) => {
        await enqueueMail(tx, mail);
        throw new Error('the record it belongs to failed');
      }),
    ).rejects.toThrow('the record it belongs to failed');
    expect(await database.db.select().from(outbox)).toEqual([]);
  });

  it.each([
    'sarah@sparkleclean.example\r\nBcc: victim@elsewhere.example',
    'sarah@sparkleclean.example, victim@elsewhere.example',
    'Sarah <sarah@sparkleclean.example>',
    'no-at-sign',
  ])('refuses a recipient that is not one plain address: %j', async (address) => {
    await expect(enqueue({ ...mail, to: address })).rejects.toBeInstanceOf(OutboxMailError);
    await expect(enqueue({ ...mail, replyTo: address })).rejects.toBeInstanceOf(OutboxMailError);
    expect(await database.db.select().from(outbox)).toEqual([]);
  });

  it('refuses extra headers that would replace structural ones', async () => {
    await expect(enqueue({ ...mail, headers: { Bcc: 'victim@elsewhere.example' } })).rejects.toThrow(
      OutboxMailError,
    );
    await expect(enqueue({ ...mail, headers: { 'X-Evil\r\nBcc': 'x' } })).rejects.toThrow(OutboxMailError);
  });
});

describe('the retry schedule', () => {
  it('doubles per attempt up to the cap, with half of each wait random', () => {
    const wait = backoff(mailBackoff(1_000, 60_000));
    expect([wait(1, () => 0), wait(1, () => 0.999_999)]).toEqual([500, 1_000]);
    expect([wait(4, () => 0), wait(4, () => 0.999_999)]).toEqual([4_000, 8_000]);
    expect([wait(30, () => 0), wait(30, () => 0.999_999)]).toEqual([30_000, 60_000]);
  });
});

describe('the delivery worker', () => {
  it('keeps mail as captured when no SMTP server is configured', async () => {
    const id = await enqueue();
    startWorker({ smtpUrl: undefined });
    await eventually(async () => expect((await row(id)).status).toBe('captured'));
    expect((await row(id)).attempts).toBe(0);
  });

  it('stores mail as captured at enqueue while a capture-mode worker runs, and as queued once it stopped', async () => {
    const worker = startWorker({ smtpUrl: undefined });
    const id = await enqueue();
    expect(await row(id)).toMatchObject({ status: 'captured', attempts: 0 });
    await worker.stop();
    const later = await enqueue();
    expect((await row(later)).status).toBe('queued');
  });

  it('queues mail at enqueue while a sending worker runs', async () => {
    const server = await smtpServer();
    startWorker({ smtpUrl: server.url });
    const id = await enqueue();
    await eventually(async () => expect((await row(id)).status).toBe('sent'));
  });

  it('is woken by an enqueue: the mail reaches the SMTP server well before the next poll', async () => {
    const server = await smtpServer();
    // The poll would only come after 5 s: only the wake-up on enqueue can deliver in time.
    const worker = startWorker({ smtpUrl: server.url, pollIntervalMs: 5_000 });
    await worker.deliverDue();
    const id = await enqueue({ ...mail, replyTo: { name: 'Jo Client', address: 'jo@client.example' } });
    await eventually(() => expect(server.received).toHaveLength(1), { timeout: 4_000 });
    const [received] = server.received;
    expect(received?.envelope.to).toEqual(['sarah@sparkleclean.example']);
    expect(received?.headers.get('message-id')).toEqual([(await row(id)).messageId]);
    expect(received?.headers.get('reply-to')?.[0]).toContain('jo@client.example');
    expect(received?.text.trim()).toBe('Hello from the outbox');
    await eventually(async () => expect((await row(id)).status).toBe('sent'));
    expect((await row(id)).attempts).toBe(1);
  });

  it('cannot be made to add headers or recipients through CR/LF in user-supplied fields', async () => {
    const server = await smtpServer();
    startWorker({ smtpUrl: server.url });
    await enqueue({
      ...mail,
      subject: 'Hello\r\nBcc: victim@elsewhere.example\r\nX-Injected: yes',
      replyTo: { name: 'Jo\r\nBcc: victim@elsewhere.example', address: 'jo@client.example' },
      to: { name: 'Sarah\nCc: victim@elsewhere.example', address: 'sarah@sparkleclean.example' },
      headers: { 'X-Source': 'partner\r\nBcc: victim@elsewhere.example' },
      text: 'Body\r\n.\r\nMAIL FROM:<evil@elsewhere.example>\r\n',
    });
    await eventually(() => expect(server.received).toHaveLength(1));
    const [received] = server.received;
    expect(received?.envelope.to).toEqual(['sarah@sparkleclean.example']);
    expect(received?.headers.has('bcc')).toBe(false);
    expect(received?.headers.has('cc')).toBe(false);
    expect(received?.headers.has('x-injected')).toBe(false);
    expect(received?.headers.get('subject')).toHaveLength(1);
    const headerBlock = received?.raw.slice(0, received.raw.indexOf('\r\n\r\n')) ?? '';
    expect(headerBlock).not.toMatch(/^(bcc|cc|x-injected):/im);
    // The body survives, dot-stuffed by SMTP, and is not read as a new SMTP command.
    expect(received?.text).toContain('MAIL FROM:<evil@elsewhere.example>');
  });

  it('retries with backoff while the SMTP server is down and delivers once it is back', async () => {
    const port = await freePort();
    startWorker({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const id = await enqueue();
    await eventually(async () => {
      const stored = await row(id);
      expect(stored.status).toBe('queued');
      expect(stored.attempts).toBeGreaterThanOrEqual(2);
      expect(stored.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    });
    const server = await smtpServer({ port });
    await eventually(async () => expect((await row(id)).status).toBe('sent'));
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.headers.get('message-id')).toEqual([(await row(id)).messageId]);
  });

  it('gives up on a server that never greets after the greeting timeout, and keeps the mail for later', async () => {
    const silent = await startSilentServer();
    cleanups.push(() => silent.close());
    const worker = startWorker({ smtpUrl: silent.url, greetingTimeoutMs: 300, retryBaseMs: 60_000 });
    const id = await enqueue();
    await eventually(async () => {
      const stored = await row(id);
      expect(stored.status).toBe('queued');
      expect(stored.attempts).toBe(1);
      expect(stored.lastError).toMatch(/greeting/i);
    });
    expect(silent.connections).toBeGreaterThanOrEqual(1);
    // Shutting down does not hang on the silent server.
    await worker.stop(1_000);
  });

  it('dead-letters a mail after the configured number of temporary failures', async () => {
    const server = await smtpServer({ rejectRecipients: { code: 451, message: 'Try again later' } });
    startWorker({ smtpUrl: server.url, maxAttempts: 3 });
    const id = await enqueue();
    await eventually(async () => expect((await row(id)).status).toBe('dead'));
    const stored = await row(id);
    expect(stored.attempts).toBe(3);
    expect(stored.lastError).toContain('451');
    expect(server.received).toEqual([]);
  });

  it('dead-letters at once on a permanent refusal (5xx)', async () => {
    const server = await smtpServer({ rejectRecipients: { code: 550, message: 'No such user' } });
    startWorker({ smtpUrl: server.url, maxAttempts: 10 });
    const id = await enqueue();
    await eventually(async () => expect((await row(id)).status).toBe('dead'));
    expect((await row(id)).attempts).toBe(1);
  });

  it('resends with the same Message-ID after a crash between sending and recording it', async () => {
    const server = await smtpServer();
    const first = startWorker({ smtpUrl: server.url });
    const id = await enqueue();
    await eventually(async () => expect((await row(id)).status).toBe('sent'));
    await first.stop();
    // What a crash right after the SMTP server accepted the mail leaves behind: still 'sending',
    // under a lease that has since run out.
    await database.writes.run((tx) =>
      tx
        .update(outbox)
        .set({ status: 'sending', sentAt: null, leaseUntil: new Date(Date.now() - 1) })
        .where(eq(outbox.id, id)),
    );
    startWorker({ smtpUrl: server.url });
    await eventually(async () => expect((await row(id)).status).toBe('sent'));
    expect(server.received).toHaveLength(2);
    const messageIds = new Set(server.received.map((received) => received.headers.get('message-id')?.[0]));
    expect(messageIds).toEqual(new Set([(await row(id)).messageId]));
    expect((await row(id)).attempts).toBe(2);
  });

  it('does not take over a mail another worker is still sending (its lease has not run out)', async () => {
    const server = await smtpServer();
    const id = await enqueue();
    await database.writes.run((tx) =>
      tx
        .update(outbox)
        .set({ status: 'sending', attempts: 1, leaseUntil: new Date(Date.now() + 60_000) })
        .where(eq(outbox.id, id)),
    );
    const worker = startWorker({ smtpUrl: server.url });
    expect(await worker.deliverDue()).toBe(0);
    expect(server.received).toEqual([]);
  });

  it('delivers many mails, each exactly once with its own Message-ID', async () => {
    const server = await smtpServer();
    startWorker({ smtpUrl: server.url });
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, n) => enqueue({ ...mail, subject: `Mail ${n}` })),
    );
    // Twenty SMTP conversations one after another: allow for a loaded machine, not vitest's 1 s default.
    await eventually(() => expect(server.received).toHaveLength(20), { timeout: 15_000 });
    const messageIds = server.received.map((received) => received.headers.get('message-id')?.[0]);
    expect(new Set(messageIds).size).toBe(20);
    // The last mail can reach the SMTP server a moment before the worker records it as sent.
    await eventually(async () => {
      const stored = await Promise.all(ids.map(row));
      expect(stored.every((entry) => entry.status === 'sent')).toBe(true);
    });
  });
});
