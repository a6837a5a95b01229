import type { PricedQuoteStatus } from '@cleanquote/quote-core/staff';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '../../analytics/report.ts';
import { DAILY_REPORT_KIND } from '../../analytics/report-mail.ts';
import { melbourneDayBounds } from '../../lib/melbourne-time.ts';
import { createQuoteRequestDesk, type QuoteRequestDesk } from '../../test-support/quote-request-desk.ts';
import { eq, outbox, pricedQuotes, visits } from '../../test-support/stored-rows.ts';

const DAY = '2026-11-22';
const HOUR = 60 * 60 * 1000;
const { start, end } = melbourneDayBounds(DAY);
const at = (base: Date, hours: number) => new Date(base.getTime() + hours * HOUR);

let inbox: QuoteRequestDesk;
beforeEach(async () => {
  inbox = await createQuoteRequestDesk({ ADMIN_EMAIL: 'owner@sparkleclean.example' });
});
afterEach(() => inbox.close());

let versions = 0;
/** Stores one version of a request's quote as sending and answering would leave it. */
async function storeVersion(
  quoteId: string,
  version: number,
  status: PricedQuoteStatus,
  sentAt: Date | null,
  answeredAt: Date | null = null,
) {
  versions += 1;
  await inbox.database.writes.run((tx) =>
    tx.insert(pricedQuotes).values({
      id: `version-${versions}`,
      quoteId,
      version,
      status,
      lines: [{ description: 'Regular Cleaning', quantity: 1, unitPriceCents: 12000 }],
      totalCents: 12000,
      gstCents: 1091,
      createdAt: sentAt ?? start,
      updatedAt: answeredAt ?? sentAt ?? start,
      sentAt,
      answeredAt,
    }),
  );
}

const report = async (date: string) =>
  (await (await inbox.get(`/api/analytics/report?date=${date}`)).json()) as AnalyticsReport;

describe('the daily report’s priced quotes', () => {
  it('counts the day’s quotes sent and accepted, the acceptance rate and the median time to a first quote', async () => {
    const request = async (createdAt: Date) => (await inbox.storeQuote({ createdAt })).id;
    // First quoted that day, 12 hours after the request; accepted that day.
    const r1 = await request(at(start, -10));
    await storeVersion(r1, 1, 'accepted', at(start, 2), at(start, 5));
    // First quoted 3 hours after the request, then a second version: two sent that day.
    const r2 = await request(at(start, 1));
    await storeVersion(r2, 1, 'superseded', at(start, 4));
    await storeVersion(r2, 2, 'sent', at(start, 6));
    // First quoted the day before; its second version sent and declined that day.
    const r3 = await request(at(start, -48));
    await storeVersion(r3, 1, 'superseded', at(start, -24));
    await storeVersion(r3, 2, 'declined', at(start, 8), at(start, 9));
    // First quoted 5 hours after the request; accepted the next day.
    const r4 = await request(at(start, 2));
    await storeVersion(r4, 1, 'accepted', at(start, 7), at(end, 1));
    // First quoted half an hour after the request.
    const r5 = await request(at(start, 3));
    await storeVersion(r5, 1, 'viewed', at(start, 3.5));
    // Sent the next day, and a draft never sent: neither counts.
    await storeVersion(await request(start), 1, 'sent', at(end, 1));
    await storeVersion(await request(start), 1, 'draft', null);
    // Sent the day before, accepted that day.
    const r8 = await request(at(start, -30));
    await storeVersion(r8, 1, 'accepted', at(start, -5), at(start, 1));

    const body = await report(DAY);
    // Sent: r1, r2 (twice), r3's second version, r4, r5. Accepted: r1, r8. First quotes after
    // 0.5, 3, 5 and 12 hours: the median is between 3 and 5.
    expect(body).toMatchObject({
      quotesSent: 6,
      quotesAccepted: 2,
      acceptancePercent: 33.3,
      medianHoursToQuote: 4,
    });
    // The report's other figures are still there.
    expect(body).toMatchObject({ date: DAY, contactRequestCount: 5, totalViews: 0 });

    const sent = await inbox.app.request(`/api/analytics/send-report?date=${DAY}`, {
      method: 'POST',
      headers: { Cookie: inbox.cookie },
    });
    expect(sent.status).toBe(202);
    const [mail] = await inbox.database.db.select().from(outbox).where(eq(outbox.kind, DAILY_REPORT_KIND));
    expect(mail?.textBody).toContain(
      'Priced quotes\n  Quotes sent: 6\n  Quotes accepted: 2\n  Acceptance rate: 33.3%\n  Median time from request to quote: 4 hours\n',
    );
    expect(mail?.htmlBody).toContain('<h2 style="font-size:1.1em">Priced quotes</h2>');
    expect(mail?.htmlBody).toContain(
      '<tr><th align="left" style="vertical-align:top">Acceptance rate</th><td>33.3%</td></tr>',
    );
  });

  it('takes the middle delay of an odd number, and says when no quote was sent', async () => {
    const r1 = (await inbox.storeQuote({ createdAt: at(start, 1) })).id;
    await storeVersion(r1, 1, 'sent', at(start, 2));
    const r2 = (await inbox.storeQuote({ createdAt: at(start, 1) })).id;
    await storeVersion(r2, 1, 'sent', at(start, 7.25));
    const r3 = (await inbox.storeQuote({ createdAt: at(start, 1) })).id;
    await storeVersion(r3, 1, 'accepted', at(start, 21), at(start, 22));
    expect(await report(DAY)).toMatchObject({
      quotesSent: 3,
      quotesAccepted: 1,
      acceptancePercent: 33.3,
      medianHoursToQuote: 6.3,
    });

    expect(await report('2026-11-21')).toMatchObject({
      quotesSent: 0,
      quotesAccepted: 0,
      acceptancePercent: null,
      medianHoursToQuote: null,
    });
    await inbox.app.request('/api/analytics/send-report?date=2026-11-21', {
      method: 'POST',
      headers: { Cookie: inbox.cookie },
    });
    const [mail] = await inbox.database.db.select().from(outbox).where(eq(outbox.kind, DAILY_REPORT_KIND));
    expect(mail?.textBody).toContain(
      'Acceptance rate: no quotes sent\n  Median time from request to quote: no first quotes sent\n',
    );
  });
});

describe('the daily report’s visits', () => {
  it('counts the visits booked that day and those of the day after, cancelled ones only as booked', async () => {
    const request = (await inbox.storeQuote({ createdAt: at(start, 1) })).id;
    const nextDay = melbourneDayBounds('2026-11-23').start;
    const visit = (
      id: string,
      createdAt: Date,
      startsAt: Date,
      status: 'booked' | 'cancelled' | 'completed',
    ) =>
      inbox.database.writes.run((tx) =>
        tx.insert(visits).values({
          id,
          quoteRequestId: request,
          teamId: 'team-1',
          status,
          start: startsAt,
          durationMinutes: 180,
          windowMinutes: 120,
          bookedBy: 'customer',
          createdAt,
          updatedAt: createdAt,
        }),
      );
    // Booked on the day: two for the next morning (one since cancelled), one a week later.
    await visit('v1', at(start, 9), at(nextDay, 8), 'booked');
    await visit('v2', at(start, 10), at(nextDay, 10), 'cancelled');
    await visit('v3', at(start, 23.5), at(nextDay, 24 * 7 + 8), 'booked');
    // Booked the day before, for the next afternoon; and one the day after.
    await visit('v4', at(start, -2), at(nextDay, 13), 'booked');
    await visit('v5', at(end, 1), at(nextDay, 15), 'booked');

    expect(await report(DAY)).toMatchObject({ visitsBooked: 3, visitsFollowingDay: 3 });
    await inbox.app.request(`/api/analytics/send-report?date=${DAY}`, {
      method: 'POST',
      headers: { Cookie: inbox.cookie },
    });
    const [mail] = await inbox.database.db.select().from(outbox).where(eq(outbox.kind, DAILY_REPORT_KIND));
    expect(mail?.textBody).toContain('Visits\n  Visits booked: 3\n  Visits on Monday 23 November 2026: 3\n');
  });
});
