import { createClient } from '@libsql/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { createApp } from '../app.ts';
import { validQuoteRequests } from '../test-support/quote-requests.ts';
import { startServerProcess } from '../test-support/server-process.ts';
import { createTestAdmin, signIn } from '../test-support/sign-in.ts';
import { startSmtpTestServer } from '../test-support/smtp-test-server.ts';
import { createTestApp } from '../test-support/test-app.ts';
import { startTestMailDelivery } from '../test-support/test-mail.ts';
import { openDatabase } from './database.ts';
import { newsletterSubscribers, outbox, quoteRequests } from './schema.ts';
import { decodeStoredText, REPAIRED_MAIL_ERROR } from './stored-text.ts';

// Earlier versions stored a lone surrogate as the bytes ED A0 80 (SQLite's
// json_each decodes "\ud800" so), and libSQL aborts the process when it reads them. These tests put
// such bytes into a database exactly that way, then read it as the app does. A crash here would
// take the test runner's worker down with it, not fail an assertion.

/** What a reader gets instead: each bad byte becomes U+FFFD (the WHATWG decoder's rule). */
const REPAIRED_NAME = `Jo${'\ufffd'.repeat(3)}`;

/** SQL that yields `Jo` followed by the bytes ED A0 80 as TEXT, as the old intake stored them. */
const POISONED = `(SELECT value FROM json_each('["Jo\\ud800"]'))`;

let context: Awaited<ReturnType<typeof createTestApp>> | undefined;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  context?.close();
  context = undefined;
});

async function postQuote(app: ReturnType<typeof createApp>) {
  const response = await app.request('/api/service-form', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(validQuoteRequests.regularClean),
  });
  expect(response.status).toBe(201);
}

/** A quote whose name, and the name on its auto-response, are poisoned; plus a poisoned subscriber. */
async function poison(url: string) {
  const client = createClient({ url });
  try {
    await client.execute(`UPDATE quote_requests SET name = ${POISONED}`);
    await client.execute(`UPDATE outbox SET to_name = ${POISONED} WHERE kind = 'quote-auto-response'`);
    await client.execute(
      `INSERT INTO newsletter_subscribers (id, email, status, source, consented_at, created_at, updated_at, unsubscribe_token)
       VALUES ('subscriber-1', (SELECT value FROM json_each('["x\\ud800@example.com"]')), 'pending', 'test', 0, 0, 0, 'token-1')`,
    );
    const hex = await client.execute('SELECT hex(name) AS name FROM quote_requests');
    expect(decodeStoredText(String(hex.rows[0]?.name)).valid).toBe(false);
  } finally {
    client.close();
  }
}

describe('text that is not UTF-8, already in a database', () => {
  it('is repaired when the database opens, and a queued mail carrying it is dead-lettered', async () => {
    context = await createTestApp();
    await postQuote(context.app);
    const url = context.environment.DATABASE_URL;
    await poison(url);

    const reopened = await openDatabase({ url });
    cleanups.push(() => reopened.close());
    expect(reopened.repairedText).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ table: 'quote_requests', column: 'name' }),
        expect.objectContaining({ table: 'outbox', column: 'to_name' }),
        expect.objectContaining({ table: 'newsletter_subscribers', column: 'email' }),
      ]),
    );
    const [quote] = await reopened.db.select().from(quoteRequests);
    expect(quote?.name).toBe(REPAIRED_NAME);
    const mails = await reopened.db.select().from(outbox);
    const autoResponse = mails.find((mail) => mail.kind === 'quote-auto-response');
    expect(autoResponse).toMatchObject({
      status: 'dead',
      lastError: REPAIRED_MAIL_ERROR,
      toName: REPAIRED_NAME,
    });
    expect(mails.find((mail) => mail.kind === 'quote-notification')?.status).toBe('queued');
    const [subscriber] = await reopened.db.select().from(newsletterSubscribers);
    expect(subscriber?.email).toBe(`x${'\ufffd'.repeat(3)}@example.com`);
    // Opening again finds nothing left to repair.
    const again = await openDatabase({ url });
    cleanups.push(() => again.close());
    expect(again.repairedText).toEqual([]);
  });

  it('arriving while the app runs: the lists still answer and the worker dead-letters only those mails', async () => {
    context = await createTestApp();
    const { app, database, environment } = context;
    await createTestAdmin(database);
    await postQuote(app);
    await poison(environment.DATABASE_URL);

    const cookie = await signIn(app);
    const quotes = await app.request('/api/contact', { headers: { Cookie: cookie } });
    expect(quotes.status).toBe(200);
    expect(await quotes.json()).toEqual([expect.objectContaining({ name: REPAIRED_NAME })]);
    const mails = await app.request('/api/admin/outbox', { headers: { Cookie: cookie } });
    expect(mails.status).toBe(200);
    expect(await mails.json()).toHaveLength(2);

    // A clean mail queued behind the poisoned ones must still go out.
    const contact = await app.request('/api/team-contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        senderName: 'Priya',
        senderEmail: 'priya@example.com',
        message: 'Hello',
        recipientId: 'founder',
      }),
    });
    expect(contact.status).toBe(201);
    const smtp = await startSmtpTestServer();
    cleanups.push(() => smtp.close());
    const worker = startTestMailDelivery(database, { smtpUrl: smtp.url });
    cleanups.push(() => worker.stop());

    // The auto-response's own row is poisoned: dead at its first attempt (retrying cannot make the
    // bytes readable). The business's notification is written from the quote's answers: it goes out.
    await vi.waitFor(
      async () => {
        const rows = await database.db
          .select({
            kind: outbox.kind,
            status: outbox.status,
            lastError: outbox.lastError,
            attempts: outbox.attempts,
          })
          .from(outbox);
        expect(rows).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ kind: 'team-contact', status: 'sent' }),
            expect.objectContaining({ kind: 'quote-notification', status: 'sent' }),
            {
              kind: 'quote-auto-response',
              status: 'dead',
              attempts: 1,
              lastError: expect.stringMatching(/stored text is not valid UTF-8 \(to_name\)/),
            },
          ]),
        );
      },
      { timeout: 10_000 },
    );
    expect(smtp.received).toHaveLength(2);
  });

  it('does not stop the server from starting, listing and answering', async () => {
    context = await createTestApp();
    await postQuote(context.app);
    const url = context.environment.DATABASE_URL;
    await poison(url);
    const server = await startServerProcess({
      env: {
        DATABASE_URL: url,
        LOG_LEVEL: 'silent',
        ADMIN_EMAIL: 'owner@sparkleclean.example',
        ADMIN_PASSWORD: 'correct horse battery staple',
      },
      args: ['--api-only'],
    });
    cleanups.push(() => server.stop());
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'owner@sparkleclean.example', password: 'correct horse battery staple' }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
    const quotes = await fetch(`${server.url}/api/contact`, { headers: { Cookie: cookie } });
    expect(quotes.status).toBe(200);
    expect(await quotes.json()).toEqual([expect.objectContaining({ name: REPAIRED_NAME })]);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });
});
