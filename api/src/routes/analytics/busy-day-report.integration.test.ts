/**
 * The analytics report of a day with 100,000 quote requests: it lists the newest 50 beside the day's
 * count and a link to the inbox filtered to that day, and its mail stays small. Seeded once (in
 * batches, as the intake's triggers would index them) for the whole file.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '../../analytics/report.ts';
import { DAILY_REPORT_KIND } from '../../analytics/report-mail.ts';
import { newRowId } from '../../db/row-id.ts';
import { melbourneDayBounds } from '../../lib/melbourne-time.ts';
import { seedQuotes } from '../../test-support/seed-quotes.ts';
import { createTestAdmin, signIn } from '../../test-support/sign-in.ts';
import { eq, outbox, quoteRequests } from '../../test-support/stored-rows.ts';
import { createTestApp } from '../../test-support/test-app.ts';

const DAY = '2026-11-22';
const QUOTES = 100_000;

let context: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

beforeAll(async () => {
  context = await createTestApp({ ADMIN_EMAIL: 'owner@sparkleclean.example' });
  await createTestAdmin(context.database);
  cookie = await signIn(context.app);
  // 100,000 quotes spread over the Melbourne day, the last one just before its midnight.
  const { start, end } = melbourneDayBounds(DAY);
  const spacingMs = Math.floor((end.getTime() - start.getTime()) / QUOTES);
  await seedQuotes(context.database, QUOTES, {
    newest: new Date(start.getTime() + (QUOTES - 1) * spacingMs),
    spacingMs,
  });
  // The next day's first quote and the day before's last: neither belongs to the day.
  await context.database.writes.run((tx) =>
    tx.insert(quoteRequests).values(
      [new Date(start.getTime() - 1), end].map((createdAt, n) => ({
        id: newRowId(),
        reference: `CQ-EDGE${n}`,
        serviceType: 'regular-clean',
        name: 'Edge Of The Day',
        email: 'edge@example.com',
        phone: '0491 570 158',
        address: '1 Collins St, Melbourne, VIC',
        details: {},
        createdAt,
      })),
    ),
  );
}, 300_000);

afterAll(() => context?.close());

function get(path: string) {
  return context.app.request(path, { headers: { Cookie: cookie } });
}

describe('the report of a day with 100,000 quote requests', () => {
  it('lists the 50 newest, newest first, with the day’s count and a link to that day in the inbox', async () => {
    const response = await get(`/api/analytics/report?date=${DAY}`);
    expect(response.status).toBe(200);
    const report = (await response.json()) as AnalyticsReport;
    expect(report.contactRequestCount).toBe(QUOTES);
    expect(report.contactRequests).toHaveLength(50);
    // The seed numbers its quotes in time order: the newest is CQ-S0099999.
    expect(report.contactRequests.map((quote) => quote.reference)).toEqual(
      Array.from({ length: 50 }, (_, n) => `CQ-S${String(QUOTES - 1 - n).padStart(7, '0')}`),
    );
    const times = report.contactRequests.map((quote) => Date.parse(quote.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(report.daily.slice(-2)).toEqual([
      { date: '2026-11-21', views: 0, quoteRequests: 1 },
      { date: DAY, views: 0, quoteRequests: QUOTES },
    ]);

    // The link opens the inbox on that day: its list starts with the same quotes.
    expect(report.inboxUrl).toBe(`https://clean.example/admin?from=${DAY}&to=${DAY}`);
    const filters = new URL(report.inboxUrl).search.slice(1);
    const inbox = await get(`/api/contact?${filters}&limit=50`);
    expect(inbox.status).toBe(200);
    const listed = (await inbox.json()) as { id: string }[];
    expect(listed.map((quote) => quote.id)).toEqual(report.contactRequests.map((quote) => quote.id));
  });

  it('mails the same 50 and the count, in under 200 kB of text and HTML', async () => {
    const response = await context.app.request(`/api/analytics/send-report?date=${DAY}`, {
      method: 'POST',
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(202);
    const [mail, ...others] = await context.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, DAILY_REPORT_KIND));
    expect(others).toEqual([]);
    const text = mail?.textBody ?? '';
    const html = mail?.htmlBody ?? '';
    expect(text).toContain('Quote requests: 100,000\n');
    expect(text).toContain(
      `50 newest shown — see all in the inbox: https://clean.example/admin?from=${DAY}&to=${DAY}`,
    );
    expect(html).toContain(`<a href="https://clean.example/admin?from=${DAY}&#38;to=${DAY}">`);
    expect(text.match(/ CQ-S\d{7}: /g)).toHaveLength(50);
    expect(text).toContain('CQ-S0099999');
    expect(text).not.toContain('CQ-S0099949');
    expect(Buffer.byteLength(text) + Buffer.byteLength(html)).toBeLessThan(200 * 1024);
  });
});
