import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QuoteFrequency } from '@cleanquote/quote-core/staff';
import { eq } from 'drizzle-orm';
import { Window } from 'happy-dom';
import { expect, vi } from 'vitest';
import { createApp } from '../app.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { pricedQuotes } from '../db/schema.ts';
import { type Environment, parseEnvironment } from '../env.ts';
import type { Clock } from '../jobs/clock.ts';
import { createLogger } from '../lib/logger.ts';
import { addDays, melbourneDay } from '../lib/melbourne-time.ts';
import { sendQuoteAsStaff } from './priced-quotes.ts';
import { validQuoteRequests } from './quote-requests.ts';
import { createTestAdmin, signIn } from './sign-in.ts';
import { startSmtpTestServer } from './smtp-test-server.ts';
import { startTestMailDelivery } from './test-mail.ts';

/** A clock set by hand: the tests of dates and daylight saving place it where they need. */
export class SetClock implements Clock {
  constructor(private at: Date) {}
  now(): Date {
    return new Date(this.at);
  }
  set(at: Date): void {
    this.at = new Date(at);
  }
  advance(ms: number): void {
    this.at = new Date(this.at.getTime() + ms);
  }
}

export const BOOKING_DESK = {
  publicUrl: 'https://clean.example',
  mailFrom: 'Sparkle Clean <quotes@sparkleclean.example>',
  businessEmail: 'office@sparkleclean.example',
  customer: {
    name: 'Priya Shah',
    email: 'priya@example.com',
    phone: '0491 570 158',
    address: '12 Chapel St, South Yarra, VIC',
  },
} as const;

/**
 * The app on a temporary file database with a real SMTP server and the mail delivery worker, a
 * signed-in member of staff, and the customer's side of a quote: what the booking tests share.
 * Call `close()` in afterEach.
 */
export async function startBookingDesk({ clock }: { clock: Clock }) {
  const smtp = await startSmtpTestServer();
  const directory = mkdtempSync(join(tmpdir(), 'cleanquote-booking-'));
  const environment: Environment = parseEnvironment({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: BOOKING_DESK.publicUrl,
    DATABASE_URL: `file:${join(directory, 'test.db')}`,
    SMTP_URL: smtp.url,
    MAIL_FROM: BOOKING_DESK.mailFrom,
    BUSINESS_EMAIL: BOOKING_DESK.businessEmail,
  });
  const database: Database = await openDatabase({ url: environment.DATABASE_URL });
  const app = createApp({ environment, database, logger: createLogger('silent'), clock });
  const worker = startTestMailDelivery(database, { smtpUrl: smtp.url, from: BOOKING_DESK.mailFrom });
  await createTestAdmin(database);
  const cookie = await signIn(app);
  const windows: Window[] = [];

  const staff = (path: string, init: RequestInit = {}) =>
    app.request(path, { ...init, headers: { Cookie: cookie, ...init.headers } });

  /** A JSON call of the staff API. */
  const staffJson = (path: string, method: string, body: unknown) =>
    staff(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  /** A form of the customer's page, posted as their browser does under its no-referrer policy. */
  const postForm = (path: string, fields: Record<string, string>) =>
    app.request(path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'null',
        'Sec-Fetch-Site': 'same-origin',
      },
      body: new URLSearchParams(fields).toString(),
    });

  /** The page's HTML as a document, to read it as a browser shows it. */
  const documentOf = async (response: Response) => {
    const window = new Window({ url: BOOKING_DESK.publicUrl });
    windows.push(window);
    return new window.DOMParser().parseFromString(await response.text(), 'text/html');
  };

  /**
   * A request from the wizard, priced (at `frequency`) and sent by staff, accepted by the customer:
   * its id and the customer's link token.
   */
  const acceptedQuote = async ({
    frequency,
    durationMinutes,
    request = validQuoteRequests.regularClean,
  }: {
    frequency?: QuoteFrequency;
    durationMinutes?: number;
    request?: object;
  } = {}) => {
    const before = smtp.received.length;
    const submitted = await app.request('/api/service-form', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...request, ...BOOKING_DESK.customer }),
    });
    expect(submitted.status).toBe(201);
    const { reference } = (await submitted.json()) as { reference: string };
    const listed = (await (await staff('/api/contact')).json()) as { id: string; reference: string }[];
    const id = listed.find((item) => item.reference === reference)?.id;
    if (!id) throw new Error(`request ${reference} is not listed`);
    await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThanOrEqual(before + 2), {
      timeout: 5_000,
    });
    const { token } = await sendQuoteAsStaff(staff, id, smtp.received, {
      ...(frequency ? { frequency } : {}),
      ...(durationMinutes ? { durationMinutes } : {}),
    });
    // Staff send at the real time; the desk's clock may be months away: the quote is valid then.
    await database.writes.run((tx) =>
      tx
        .update(pricedQuotes)
        .set({ validUntil: addDays(melbourneDay(clock.now()), 30) })
        .where(eq(pricedQuotes.quoteId, id)),
    );
    const accepted = await postForm(`/quote/${token}/accept`, {
      name: BOOKING_DESK.customer.name,
      accept: 'yes',
    });
    expect(accepted.status).toBe(303);
    return { id, token };
  };

  return {
    app,
    database,
    environment,
    smtp,
    staff,
    staffJson,
    postForm,
    documentOf,
    acceptedQuote,
    async close() {
      await worker.stop();
      await smtp.close();
      database.close();
      rmSync(directory, { recursive: true, force: true });
      for (const window of windows.splice(0)) await window.happyDOM.close();
    },
  };
}

export type BookingDesk = Awaited<ReturnType<typeof startBookingDesk>>;
