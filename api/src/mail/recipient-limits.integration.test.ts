import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type App, createApp } from '../app.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { newsletterSubscribers, outbox, quoteRequests } from '../db/schema.ts';
import { parseEnvironment } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { validQuoteRequests } from '../test-support/quote-requests.ts';
import { createTestAdmin, signIn } from '../test-support/sign-in.ts';
import { type ReceivedMail, startSmtpTestServer } from '../test-support/smtp-test-server.ts';
import { createTestApp } from '../test-support/test-app.ts';
import { startTestMailDelivery } from '../test-support/test-mail.ts';

const NOT_SENT = 'Confirmation not sent: too many mails to this address';
const SPAM = 'Visit http://spam.example';
const HOUR_MS = 60 * 60 * 1000;

/** Someone typing a stranger's address and their own link into the quote form. */
const strangerQuote = {
  ...validQuoteRequests.regularClean,
  name: 'Mallory Sender',
  email: 'someone-else@example.com',
  specialRequests: SPAM,
};
/** The same address on a case manager's request, with every case-manager field filled in. */
const strangerCaseManagerQuote = {
  ...validQuoteRequests.ndisWithCaseManager,
  name: 'Mallory Sender',
  email: 'Someone-Else@Example.com',
  specialRequests: SPAM,
};
/** Text the customer typed, none of which a later auto-response of the day may repeat. */
const typedText = [
  'Mallory',
  SPAM,
  'spam.example',
  strangerQuote.address,
  strangerQuote.phone,
  strangerCaseManagerQuote.address,
  strangerCaseManagerQuote.caseManagerName,
  strangerCaseManagerQuote.caseManagerEmail,
  strangerCaseManagerQuote.caseManagerOrganization,
];

function postQuote(app: App, body: object, key?: string) {
  return app.request('/api/service-form', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify(body),
  });
}

async function referenceOf(response: Response): Promise<string> {
  expect(response.status).toBe(201);
  return ((await response.json()) as { reference: string }).reference;
}

function subscribe(app: App, email: string) {
  return app.request('/api/newsletter', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, source: 'home-newsletter' }),
  });
}

/** The queued auto-responses (and confirmations) to `address`, whatever its case. */
async function mailsTo(database: Database, address: string, kind = 'quote-auto-response') {
  const rows = await database.db.select().from(outbox).where(eq(outbox.kind, kind));
  return rows.filter((row) => row.toAddress.toLowerCase() === address.toLowerCase());
}

/** Moves every queued mail `ms` into the past, as if it had been sent that long before. */
async function ageMail(database: Database, ms: number) {
  await database.writes.run((tx) => tx.update(outbox).set({ createdAt: sql`${outbox.createdAt} - ${ms}` }));
}

/** Each stored quote's history texts by reference, as staff read them on the quote's page. */
async function historyByReference(app: App, cookie: string): Promise<Map<string, string[]>> {
  const list = (await (await app.request('/api/contact', { headers: { Cookie: cookie } })).json()) as {
    id: string;
    reference: string;
  }[];
  const histories = new Map<string, string[]>();
  for (const quote of list) {
    const response = await app.request(`/api/contact/${quote.id}`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const detail = (await response.json()) as { history: { kind: string; text?: string }[] };
    histories.set(
      quote.reference,
      detail.history.flatMap((entry) => (entry.text === undefined ? [] : [entry.text])),
    );
  }
  return histories;
}

const autoResponseFor = (received: ReceivedMail[], reference: string) =>
  received.find(
    (mail) => mail.headers.get('subject')?.[0] === `We received your quote request (${reference})`,
  );

describe('per-recipient mail limits on the quote auto-response', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  beforeEach(async () => {
    context = await createTestApp();
  });
  afterEach(() => context.close());

  it('5 quotes to one address in an hour: 5 stored, 5 notifications, 3 auto-responses (only the first repeating the text), the other 2 say so in their history', async () => {
    const server = await startSmtpTestServer();
    const worker = startTestMailDelivery(context.database, { smtpUrl: server.url });
    try {
      const references: string[] = [];
      for (const [index, body] of [
        strangerQuote,
        strangerCaseManagerQuote,
        strangerQuote,
        strangerCaseManagerQuote,
        { ...strangerQuote, email: 'SOMEONE-ELSE@example.COM' },
      ].entries()) {
        references.push(await referenceOf(await postQuote(context.app, body, `spam-run-${index}-key`)));
      }
      expect(new Set(references).size).toBe(5);
      expect(await context.database.db.select().from(quoteRequests)).toHaveLength(5);

      // Everything queued has been delivered: 5 notifications and 3 auto-responses, nothing else.
      await vi.waitFor(
        async () => {
          const rows = await context.database.db.select().from(outbox);
          expect(rows.map((row) => row.status)).toEqual(Array(8).fill('sent'));
        },
        { timeout: 10_000 },
      );
      expect(server.received).toHaveLength(8);
      const notifications = server.received.filter((mail) =>
        mail.envelope.to.includes('hello@sparkleclean.example'),
      );
      expect(notifications).toHaveLength(5);
      for (const reference of references) {
        expect(
          notifications.filter((mail) => mail.headers.get('subject')?.[0]?.includes(reference)),
        ).toHaveLength(1);
      }
      const toStranger = server.received.filter((mail) =>
        mail.envelope.to.every((to) => to.toLowerCase() === 'someone-else@example.com'),
      );
      expect(toStranger).toHaveLength(3);

      const [first, second, third, fourth, fifth] = references.map((reference) =>
        autoResponseFor(server.received, reference),
      );
      // The first of the day: greeted by name, the answers repeated, the name in To.
      expect(first?.text).toContain('Hi Mallory,');
      expect(first?.text).toContain(`Special requests: ${SPAM}`);
      expect(first?.headers.get('to')?.[0]).toContain('Mallory Sender');
      // Later ones: 'your request', the service from the list, nothing the customer typed.
      for (const [mail, reference, service] of [
        [second, references[1], 'NDIS & Aged Care Cleaning'],
        [third, references[2], 'Regular Cleaning'],
      ] as const) {
        expect(mail?.text).toContain('Hello,');
        expect(mail?.text).toContain(`Thank you for your request (reference ${reference}).`);
        expect(mail?.text).toContain(`Service: ${service}`);
        expect(mail?.text).toContain('within 24 hours');
        // The address alone, as the customer typed it: no display name.
        expect(mail?.headers.get('to')?.[0]?.toLowerCase()).toBe('someone-else@example.com');
        for (const typed of typedText) {
          expect(mail?.raw).not.toContain(typed);
          expect(mail?.text).not.toContain(typed);
          expect(mail?.html).not.toContain(typed);
        }
      }
      expect(fourth).toBeUndefined();
      expect(fifth).toBeUndefined();

      await createTestAdmin(context.database);
      const histories = await historyByReference(context.app, await signIn(context.app));
      expect(references.map((reference) => histories.get(reference)?.includes(NOT_SENT))).toEqual([
        false,
        false,
        false,
        true,
        true,
      ]);
    } finally {
      await worker.stop();
      await server.close();
    }
  });

  it('counts quotes sent at the same moment against each other', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        postQuote(context.app, strangerQuote, `burst-${index}-of-six-key`),
      ),
    );
    const references = await Promise.all(responses.map(referenceOf));
    expect(new Set(references).size).toBe(6);
    const autoResponses = await mailsTo(context.database, strangerQuote.email);
    expect(autoResponses).toHaveLength(3);
    expect(autoResponses.filter((mail) => mail.toName === 'Mallory Sender')).toHaveLength(1);
    expect(
      await context.database.db.select().from(outbox).where(eq(outbox.kind, 'quote-notification')),
    ).toHaveLength(6);
    const stored = await context.database.db.select().from(quoteRequests);
    expect(stored.map((quote) => quote.autoResponse).sort()).toEqual([
      'not-sent',
      'not-sent',
      'not-sent',
      'with-answers',
      'without-answers',
      'without-answers',
    ]);
  });

  it('does not let a replayed quote take a place: a retry of a stored quote queues nothing and counts nothing', async () => {
    const firstReference = await referenceOf(
      await postQuote(context.app, strangerQuote, 'the-first-quote-key'),
    );
    // The retry of the first quote arrives together with three new ones to the same address.
    const [retry, ...fresh] = await Promise.all([
      postQuote(context.app, strangerQuote, 'the-first-quote-key'),
      ...Array.from({ length: 3 }, (_, index) =>
        postQuote(context.app, strangerQuote, `after-replay-${index}-key`),
      ),
    ]);
    expect(fresh.map((response) => response.status)).toEqual([201, 201, 201]);
    expect(retry && (await referenceOf(retry))).toBe(firstReference);
    expect(await context.database.db.select().from(quoteRequests)).toHaveLength(4);
    expect(await mailsTo(context.database, strangerQuote.email)).toHaveLength(3);
  });

  it('holds an address to RECIPIENT_MAIL_LIMIT_DAY in 24 hours, and gives the first of a new day the answers again', async () => {
    // Three an hour for three hours: 9 in the day, none in the last hour.
    for (let hour = 0; hour < 3; hour += 1) {
      for (let n = 0; n < 3; n += 1) await referenceOf(await postQuote(context.app, strangerQuote));
      await ageMail(context.database, HOUR_MS + 60_000);
    }
    expect(await mailsTo(context.database, strangerQuote.email)).toHaveLength(9);
    // The 10th of the day goes out; the 11th, within the hourly limit, does not.
    await referenceOf(await postQuote(context.app, strangerQuote));
    await referenceOf(await postQuote(context.app, strangerQuote));
    expect(await mailsTo(context.database, strangerQuote.email)).toHaveLength(10);
    // An hour later the hourly count is back to 0, but the day's is still 10.
    await ageMail(context.database, HOUR_MS + 60_000);
    await referenceOf(await postQuote(context.app, strangerQuote));
    expect(await mailsTo(context.database, strangerQuote.email)).toHaveLength(10);
    const stored = await context.database.db.select().from(quoteRequests);
    expect(stored.filter((quote) => quote.autoResponse === 'not-sent')).toHaveLength(2);
    expect(stored.filter((quote) => quote.autoResponse === 'with-answers')).toHaveLength(1);

    // A day after all of them, the address gets the first auto-response of a new day, with its answers.
    await ageMail(context.database, 24 * HOUR_MS);
    await referenceOf(await postQuote(context.app, strangerQuote));
    const autoResponses = await mailsTo(context.database, strangerQuote.email);
    expect(autoResponses).toHaveLength(11);
    const newest = autoResponses.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    expect(newest?.toName).toBe('Mallory Sender');
    const [quote] = await context.database.db
      .select()
      .from(quoteRequests)
      .where(eq(quoteRequests.id, newest?.recordId ?? ''));
    expect(quote?.autoResponse).toBe('with-answers');
  });

  it('counts newsletter confirmations and auto-responses to one address together', async () => {
    expect((await subscribe(context.app, 'Someone-Else@example.com')).status).toBe(202);
    const first = await referenceOf(await postQuote(context.app, strangerQuote));
    await referenceOf(await postQuote(context.app, strangerQuote));
    await referenceOf(await postQuote(context.app, strangerQuote));
    expect(await mailsTo(context.database, strangerQuote.email, 'newsletter-confirmation')).toHaveLength(1);
    const autoResponses = await mailsTo(context.database, strangerQuote.email);
    expect(autoResponses).toHaveLength(2);
    // A confirmation repeats nothing the customer typed: the first auto-response still has the answers.
    expect(autoResponses.find((mail) => mail.subject.includes(first))?.toName).toBe('Mallory Sender');
    expect(
      (await context.database.db.select().from(quoteRequests)).map((quote) => quote.autoResponse),
    ).toContain('not-sent');
  });

  it('answers a newsletter request past the limit with 202 as before, and records and sends nothing', async () => {
    for (let n = 0; n < 3; n += 1) await referenceOf(await postQuote(context.app, strangerQuote));
    const response = await subscribe(context.app, 'someone-else@example.com');
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({
      status: 'pending',
      message: 'Please check your inbox and confirm your subscription.',
    });
    expect(await mailsTo(context.database, strangerQuote.email, 'newsletter-confirmation')).toEqual([]);
    expect(await context.database.db.select().from(newsletterSubscribers)).toEqual([]);
  });
});

describe('RECIPIENT_MAIL_LIMIT_HOUR and RECIPIENT_MAIL_LIMIT_DAY', () => {
  it('set the limits', async () => {
    const strict = await createTestApp({ RECIPIENT_MAIL_LIMIT_HOUR: '1', RECIPIENT_MAIL_LIMIT_DAY: '2' });
    const generous = await createTestApp({ RECIPIENT_MAIL_LIMIT_HOUR: '5', RECIPIENT_MAIL_LIMIT_DAY: '20' });
    try {
      for (let n = 0; n < 2; n += 1) await referenceOf(await postQuote(strict.app, strangerQuote));
      expect(await mailsTo(strict.database, strangerQuote.email)).toHaveLength(1);
      await ageMail(strict.database, HOUR_MS + 60_000);
      for (let n = 0; n < 2; n += 1) await referenceOf(await postQuote(strict.app, strangerQuote));
      expect(await mailsTo(strict.database, strangerQuote.email)).toHaveLength(2);
      await ageMail(strict.database, HOUR_MS + 60_000);
      await referenceOf(await postQuote(strict.app, strangerQuote));
      expect(await mailsTo(strict.database, strangerQuote.email)).toHaveLength(2);

      for (let n = 0; n < 6; n += 1) await referenceOf(await postQuote(generous.app, strangerQuote));
      expect(await mailsTo(generous.database, strangerQuote.email)).toHaveLength(5);
    } finally {
      strict.close();
      generous.close();
    }
  });
});

describe('the limits on one database file shared by several app instances', () => {
  let directory: string;
  const open: Database[] = [];
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'cleanquote-limits-'));
  });
  afterEach(() => {
    for (const database of open.splice(0)) database.close();
    rmSync(directory, { recursive: true, force: true });
  });

  /** An app on its own connection to the shared file, as another server process would have. */
  async function instance() {
    const environment = parseEnvironment({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://clean.example',
      DATABASE_URL: `file:${join(directory, 'shared.db')}`,
    });
    const database = await openDatabase({ url: environment.DATABASE_URL });
    open.push(database);
    return { database, app: createApp({ environment, database, logger: createLogger('silent') }) };
  }

  it('count every instance’s mail: quotes arriving at two at once get 3 auto-responses between them', async () => {
    const one = await instance();
    const two = await instance();
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        postQuote((index % 2 === 0 ? one : two).app, strangerQuote, `two-instances-${index}-key`),
      ),
    );
    await Promise.all(responses.map(referenceOf));
    expect(await one.database.db.select().from(quoteRequests)).toHaveLength(8);
    const autoResponses = await mailsTo(one.database, strangerQuote.email);
    expect(autoResponses).toHaveLength(3);
    expect(autoResponses.filter((mail) => mail.toName !== null)).toHaveLength(1);
  });

  it('keep counting after a restart', async () => {
    const before = await instance();
    for (let n = 0; n < 3; n += 1) await referenceOf(await postQuote(before.app, strangerQuote));
    before.database.close();
    open.splice(open.indexOf(before.database), 1);

    const after = await instance();
    await referenceOf(await postQuote(after.app, strangerQuote));
    expect(await mailsTo(after.database, strangerQuote.email)).toHaveLength(3);
    const [newest] = await after.database.db
      .select()
      .from(quoteRequests)
      .orderBy(sql`${quoteRequests.createdAt} DESC`)
      .limit(1);
    expect(newest?.autoResponse).toBe('not-sent');
  });
});
