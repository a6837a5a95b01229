import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { business } from '@cleanquote/content';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { type Environment, parseEnvironment } from '../env.ts';
import { ManualClock } from '../jobs/clock.ts';
import { JobRunner } from '../jobs/job-runner.ts';
import { SCHEDULED_JOBS } from '../jobs/scheduled-jobs.ts';
import { createLogger } from '../lib/logger.ts';
import { addDays, melbourneDayStart, melbourneHour } from '../lib/melbourne-time.ts';
import type { MailDeliveryWorker } from '../mail/delivery.ts';
import type { HistoryEntry, QuoteDetail } from '../quote-requests/quote-view.ts';
import { insertSentQuote, sendQuoteAsStaff } from '../test-support/priced-quotes.ts';
import { validQuoteRequests } from '../test-support/quote-requests.ts';
import { createTestAdmin, signIn } from '../test-support/sign-in.ts';
import { decodeHeader, type ReceivedMail, startSmtpTestServer } from '../test-support/smtp-test-server.ts';
import { startTestMailDelivery } from '../test-support/test-mail.ts';
import { formatQuoteDay } from './quote-dates.ts';
import { quoteExpiryJob } from './quote-expiry-job.ts';

const PUBLIC_URL = 'https://clean.example';
const MAIL_FROM = 'Sparkle Clean <quotes@sparkleclean.example>';
const BUSINESS_EMAIL = 'office@sparkleclean.example';
const CUSTOMER_EMAIL = 'priya@example.com';
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let directory: string;
let database: Database;
let environment: Environment;
let app: ReturnType<typeof createApp>;
let clock: ManualClock;
let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
let worker: MailDeliveryWorker;
let runner: JobRunner;
let cookie: string;

function newRunner(): JobRunner {
  return new JobRunner({
    database,
    environment,
    logger: createLogger('silent'),
    jobs: [quoteExpiryJob],
    clock,
    schedule: false,
  });
}

beforeEach(async () => {
  smtp = await startSmtpTestServer();
  directory = mkdtempSync(join(tmpdir(), 'cleanquote-quote-expiry-'));
  environment = parseEnvironment({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
    DATABASE_URL: `file:${join(directory, 'test.db')}`,
    SMTP_URL: smtp.url,
    MAIL_FROM,
    BUSINESS_EMAIL,
  });
  database = await openDatabase({ url: environment.DATABASE_URL });
  clock = new ManualClock(Date.now());
  app = createApp({ environment, database, logger: createLogger('silent'), clock });
  worker = startTestMailDelivery(database, { smtpUrl: smtp.url, from: MAIL_FROM });
  await createTestAdmin(database);
  cookie = await signIn(app);
  runner = newRunner();
  await runner.start();
});
afterEach(async () => {
  await runner.stop();
  await worker.stop();
  await smtp.close();
  database.close();
  rmSync(directory, { recursive: true, force: true });
});

function staff(path: string, init: RequestInit = {}) {
  return app.request(path, { ...init, headers: { Cookie: cookie, ...init.headers } });
}

/**
 * A request stored through the wizard's route, its quote priced and sent through the staff API:
 * its id, the customer's link token, the quote's valid-until date and the mail that carried it.
 */
async function requestWithSentQuote() {
  const submitted = await app.request('/api/service-form', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      ...validQuoteRequests.endOfLeaseWithCarpet,
      email: CUSTOMER_EMAIL,
      name: 'Priya Shah',
    }),
  });
  expect(submitted.status).toBe(201);
  const { reference } = (await submitted.json()) as { reference: string };
  const listed = (await (await staff('/api/contact')).json()) as { id: string; reference: string }[];
  const id = listed.find((quote) => quote.reference === reference)?.id ?? '';
  const { token, mail } = await sendQuoteAsStaff(staff, id, smtp.received);
  const { validUntil } = (await (await staff(`/api/contact/${id}/quote`)).json()) as { validUntil: string };
  return { id, token, validUntil, mail };
}

/** The request's history entries of kind 'quote' after the one that says it was sent. */
async function stepsAfterSending(id: string) {
  const detail = (await (await staff(`/api/contact/${id}`)).json()) as QuoteDetail;
  const entries = detail.history.filter(
    (entry): entry is Extract<HistoryEntry, { kind: 'quote' }> => entry.kind === 'quote',
  );
  expect(entries[0]?.text).toBe('Quote sent, $495.00 incl. GST');
  return entries.slice(1);
}

/** Stands the clock at `hours` after the start of Melbourne's day `day` plus five minutes, and ticks. */
async function runAt(day: string, hours: number) {
  clock.set(melbourneDayStart(day).getTime() + hours * HOUR + 5 * MINUTE);
  const [outcome] = await runner.tick();
  expect(outcome).toMatchObject({ job: 'quote-expiry', outcome: 'succeeded' });
}

const reminders = () => smtp.received.filter((mail) => mail.text.includes('A reminder that our quote'));
const header = (mail: ReceivedMail, name: string) => decodeHeader(mail.headers.get(name)?.[0] ?? '');

function page(token: string) {
  return app.request(`/quote/${token}`, { headers: { 'User-Agent': BROWSER } });
}

describe('the quote expiry job', () => {
  it('is scheduled hourly in Melbourne time, one period per Melbourne hour', () => {
    expect(SCHEDULED_JOBS).toContain(quoteExpiryJob);
    expect(quoteExpiryJob.schedule).toBe('5 * * * *');
    // 5 April 2026: 2:05 comes twice (daylight saving ends at 3:00); each is its own period.
    expect(melbourneHour(new Date('2026-04-04T15:05:00Z'))).toBe('2026-04-05T02+11:00');
    expect(melbourneHour(new Date('2026-04-04T16:05:00Z'))).toBe('2026-04-05T02+10:00');
    expect(melbourneHour(new Date('2026-11-30T22:05:00Z'))).toBe('2026-12-01T09+11:00');
  });

  it('reminds the customer once, 3 days before the valid-until date, then expires the quote after it', async () => {
    const { id, token, validUntil, mail: quoteMail } = await requestWithSentQuote();

    await runAt(addDays(validUntil, -4), 23);
    expect(await stepsAfterSending(id)).toEqual([]);

    await runAt(addDays(validUntil, -3), 0);
    const [reminded] = await stepsAfterSending(id);
    expect(reminded).toMatchObject({
      text: 'Reminder sent to the customer',
      actor: { name: business.name, email: BUSINESS_EMAIL },
    });
    await vi.waitFor(() => expect(reminders()).toHaveLength(1), { timeout: 5_000 });
    const [reminder] = reminders() as [ReceivedMail];
    expect(reminder.envelope.to).toEqual([CUSTOMER_EMAIL]);
    expect(header(reminder, 'subject')).toBe(`Re: ${header(quoteMail, 'subject')}`);
    expect(header(reminder, 'in-reply-to')).toBe(quoteMail.headers.get('message-id')?.[0]);
    expect(reminder.text).toContain(`is valid until ${formatQuoteDay(validUntil)}`);
    expect(reminder.text).toContain('use the link in the email we sent you with the quote, or simply reply');
    expect(reminder.text).not.toContain(token);

    // Later hours, another process on the same database, the last hour of the valid-until day: no
    // second reminder, and the quote can still be accepted.
    await runAt(addDays(validUntil, -3), 1);
    clock.set(melbourneDayStart(addDays(validUntil, -1)).getTime() + 12 * HOUR + 5 * MINUTE);
    const outcomes = await Promise.all([runner.tick(), newRunner().tick()]);
    // One of them claims the hour; the other finds it taken (running, or already done).
    const both = outcomes.flat().map((outcome) => outcome.outcome);
    expect(both.filter((outcome) => outcome === 'succeeded')).toHaveLength(1);
    expect(['held-elsewhere', 'done-already']).toContain(both.find((outcome) => outcome !== 'succeeded'));
    await runAt(validUntil, 23);
    expect((await stepsAfterSending(id)).map((entry) => entry.text)).toEqual([
      'Reminder sent to the customer',
    ]);
    expect(await (await page(token)).text()).toContain('Accept Quote');

    await runAt(addDays(validUntil, 1), 0);
    await runAt(addDays(validUntil, 1), 1);
    await runAt(addDays(validUntil, 2), 9);
    expect((await stepsAfterSending(id)).map((entry) => entry.text)).toEqual([
      'Reminder sent to the customer',
      'Viewed by the customer',
      'Quote expired',
    ]);
    const expiredPage = await (await page(token)).text();
    expect(expiredPage).toContain(`This quote expired on ${formatQuoteDay(validUntil)}`);
    expect(expiredPage).toContain('href="/service-form?service=end-of-lease');
    expect(expiredPage).not.toContain('Accept Quote');
    expect(reminders()).toHaveLength(1);
  });

  it('reminds and expires each quote once when two runs overlap', async () => {
    const { id, validUntil } = await requestWithSentQuote();
    const run = (day: string) =>
      quoteExpiryJob.run({
        period: melbourneHour(clock.now()),
        now: melbourneDayStart(day),
        database,
        environment,
        logger: createLogger('silent'),
        complete: () => Promise.reject(new Error('the job writes each quote on its own')),
        skip: () => Promise.reject(new Error('the job never skips')),
      });
    await Promise.all([
      run(addDays(validUntil, -3)),
      run(addDays(validUntil, -2)),
      run(addDays(validUntil, -3)),
    ]);
    await Promise.all([run(addDays(validUntil, 1)), run(addDays(validUntil, 2))]);
    expect((await stepsAfterSending(id)).map((entry) => entry.text)).toEqual([
      'Reminder sent to the customer',
      'Quote expired',
    ]);
  });

  it('expires without a reminder when the server was down through the reminder days', async () => {
    const { id, validUntil } = await requestWithSentQuote();
    await runAt(addDays(validUntil, -10), 9);
    await runAt(addDays(validUntil, 4), 9);
    expect((await stepsAfterSending(id)).map((entry) => entry.text)).toEqual(['Quote expired']);
  });

  it('leaves answered quotes, earlier versions and requests closed by staff without a reminder', async () => {
    const accepted = await requestWithSentQuote();
    clock.set(Date.now());
    const answered = await app.request(`/quote/${accepted.token}/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: PUBLIC_URL },
      body: 'name=Priya+Shah&accept=yes',
    });
    expect(answered.status).toBe(303);

    // Two versions both awaiting an answer (sending supersedes the earlier one; this checks the job
    // does not depend on it): only the later is reminded and expires.
    const updated = await requestWithSentQuote();
    await insertSentQuote(database, updated.id, { version: 2 });

    const closed = await requestWithSentQuote();
    const lost = await staff(`/api/contact/${closed.id}/status`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'lost', reason: 'Booked another company' }),
    });
    expect(lost.status).toBe(200);

    await runAt(addDays(accepted.validUntil, -2), 9);
    expect((await stepsAfterSending(accepted.id)).map((entry) => entry.text)).toEqual([
      'Accepted online by Priya Shah',
    ]);
    expect((await stepsAfterSending(updated.id)).map((entry) => entry.text)).toEqual([
      'Reminder sent to the customer',
    ]);
    expect(await stepsAfterSending(closed.id)).toEqual([]);

    await runAt(addDays(accepted.validUntil, 1), 9);
    expect((await stepsAfterSending(accepted.id)).map((entry) => entry.text)).toEqual([
      'Accepted online by Priya Shah',
    ]);
    expect((await stepsAfterSending(updated.id)).map((entry) => entry.text)).toEqual([
      'Reminder sent to the customer',
      'Quote expired',
    ]);
    expect((await stepsAfterSending(closed.id)).map((entry) => entry.text)).toEqual(['Quote expired']);
  });
});
