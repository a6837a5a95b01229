import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnalyticsReport, FUNNEL_VISITS_PER_READ } from '../../analytics/report.ts';
import { DAILY_REPORT_KIND } from '../../analytics/report-mail.ts';
import { deleteExpiredAnalytics, firstKeptDay } from '../../analytics/retention.ts';
import { newRowId } from '../../db/row-id.ts';
import { validQuoteRequests } from '../../test-support/quote-requests.ts';
import { createTestAdmin, signIn } from '../../test-support/sign-in.ts';
import {
  analyticsSalts,
  eq,
  funnelEvents,
  outbox,
  pageViews,
  quoteRequests,
  sql,
} from '../../test-support/stored-rows.ts';
import { createTestApp } from '../../test-support/test-app.ts';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

let context: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  context = await createTestApp({
    ADMIN_EMAIL: 'owner@sparkleclean.example',
    BUSINESS_EMAIL: 'office@sparkleclean.example',
  });
});
afterEach(() => {
  vi.useRealTimers();
  context.close();
});

function collect(body: unknown, headers: Record<string, string> = {}) {
  return context.app.request('/api/collect', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': CHROME, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function view(url: string, extra: Record<string, unknown> = {}) {
  return { kind: 'view', url, width: 1280, ...extra };
}

async function storedViews() {
  return context.database.db.select().from(pageViews).orderBy(pageViews.at);
}

describe('POST /api/collect', () => {
  it('counts a page view: its path, the referring site, UTM tags and device class, and sets no cookie', async () => {
    const response = await collect(
      view(
        'https://clean.example/team?utm_source=newsletter&utm_medium=email&utm_campaign=spring&email=a@b.c',
        {
          referrer: 'https://www.google.com/search?q=cleaners',
          width: 390,
        },
      ),
    );
    expect(response.status).toBe(204);
    expect(response.headers.get('Set-Cookie')).toBeNull();
    const [stored] = await storedViews();
    expect(stored).toMatchObject({
      path: '/team',
      referrerHost: 'google.com',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring',
      device: 'mobile',
    });
    // Neither the IP address nor the user agent (nor the query's other values) is kept.
    const everything = JSON.stringify(await context.database.client.execute('SELECT * FROM page_views'));
    expect(everything).not.toContain('Chrome');
    expect(everything).not.toContain('a@b.c');
  });

  it('names pages by their path: no trailing slash, /public as the home page', async () => {
    for (const url of [
      'https://clean.example/team/',
      'https://clean.example/public',
      'https://clean.example/?x=1',
    ]) {
      await collect(view(url));
    }
    expect((await storedViews()).map((row) => row.path).sort()).toEqual(['/', '/', '/team']);
  });

  it('does not count a visitor who sent Global Privacy Control or Do Not Track', async () => {
    expect((await collect(view('https://clean.example/'), { 'Sec-GPC': '1' })).status).toBe(204);
    expect((await collect(view('https://clean.example/'), { DNT: '1' })).status).toBe(204);
    expect(await storedViews()).toEqual([]);
  });

  it('counts ordinary Chrome, Safari and Firefox, never bots, tools or headless browsers', async () => {
    const agents = {
      [CHROME]: true,
      [SAFARI]: true,
      [FIREFOX]: true,
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)': false,
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36': false,
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse': false,
      'curl/8.5.0': false,
      '': false,
    };
    for (const agent of Object.keys(agents))
      await collect(view('https://clean.example/'), { 'User-Agent': agent });
    expect(await storedViews()).toHaveLength(3);
  });

  it('does not count signed-in staff', async () => {
    await createTestAdmin(context.database);
    const cookie = await signIn(context.app);
    const response = await collect(view('https://clean.example/'), { Cookie: cookie });
    expect(response.status).toBe(204);
    expect(response.headers.get('Set-Cookie')).toBeNull();
    expect(await storedViews()).toEqual([]);
    // An expired or made-up session cookie does not stop counting, and is left alone.
    const stale = await collect(view('https://clean.example/'), { Cookie: 'cleanquote_session=made.up' });
    expect(stale.headers.get('Set-Cookie')).toBeNull();
    expect(await storedViews()).toHaveLength(1);
  });

  it('refuses what is not an event: too large (413), not JSON (415), malformed (400)', async () => {
    expect((await collect(view(`https://clean.example/${'a'.repeat(5_000)}`))).status).toBe(413);
    const form = await context.app.request('/api/collect', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'User-Agent': CHROME },
      body: JSON.stringify(view('https://clean.example/')),
    });
    expect(form.status).toBe(415);
    const refusal = async (body: unknown) => {
      const response = await collect(body);
      return { status: response.status, error: ((await response.json()) as { error: string }).error };
    };
    expect(await refusal('{not json')).toEqual({ status: 400, error: 'Send one event as JSON.' });
    expect(await refusal({ kind: 'view', url: 'not a url' })).toEqual({
      status: 400,
      error: 'url must be the page address.',
    });
    const notAnEvent = { status: 400, error: 'Not an event this endpoint counts.' };
    expect(await refusal({ kind: 'funnel', visit: 'abc', step: 'contact-info' })).toEqual(notAnEvent);
    expect(await refusal({ kind: 'funnel', visit: 'visit-0001', step: 'pay-now' })).toEqual(notAnEvent);
    expect(await refusal([view('https://clean.example/')])).toEqual(notAnEvent);
    expect(await storedViews()).toEqual([]);
  });

  it('is rate-limited per client by dropping what is past the limit, never by an error for the page', async () => {
    context.close();
    context = await createTestApp({ PUBLIC_POST_RATE_LIMIT: '3' });
    const statuses: number[] = [];
    for (let index = 0; index < 5; index += 1)
      statuses.push((await collect(view(`https://clean.example/?n=${index}`))).status);
    expect(statuses).toEqual([204, 204, 204, 204, 204]);
    expect(await storedViews()).toHaveLength(3);
  });

  it('tells visitors apart within a day by a salted hash, and the salt changes at Melbourne midnight', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T23:50:00+11:00'));
    await collect(view('https://clean.example/'));
    vi.setSystemTime(new Date('2026-11-23T23:51:00+11:00'));
    await collect(view('https://clean.example/team'));
    vi.setSystemTime(new Date('2026-11-23T23:52:00+11:00'));
    await collect(view('https://clean.example/'), { 'User-Agent': SAFARI });
    vi.setSystemTime(new Date('2026-11-24T00:10:00+11:00'));
    await collect(view('https://clean.example/'));
    const views = await storedViews();
    expect(views.map((row) => row.day)).toEqual(['2026-11-23', '2026-11-23', '2026-11-23', '2026-11-24']);
    const [first, second, safari, nextDay] = views.map((row) => row.visitor);
    expect(second).toBe(first);
    expect(safari).not.toBe(first);
    expect(nextDay).not.toBe(first);
    expect((await context.database.db.select().from(analyticsSalts)).map((row) => row.day)).toEqual([
      '2026-11-23',
      '2026-11-24',
    ]);
    // 48 hours on, the salt of the 23rd is gone: its hashes can no longer be tied to anyone.
    vi.setSystemTime(new Date('2026-11-26T00:30:00+11:00'));
    await collect(view('https://clean.example/'));
    expect((await context.database.db.select().from(analyticsSalts)).map((row) => row.day)).toEqual([
      '2026-11-26',
    ]);
  });
});

async function insertView(
  day: string,
  path: string,
  visitor = newRowId(),
  referrerHost: string | null = null,
) {
  await context.database.writes.run((tx) =>
    tx
      .insert(pageViews)
      .values({ id: newRowId(), at: new Date(), day, path, device: 'desktop', visitor, referrerHost }),
  );
}

async function insertQuote(createdAt: string, name: string) {
  const request = { ...validQuoteRequests.regularClean, name };
  await context.database.writes.run((tx) =>
    tx.insert(quoteRequests).values({
      id: newRowId(),
      reference: `CQ-${newRowId().slice(-8)}`,
      serviceType: 'regular-clean',
      name,
      email: 'priya@example.com',
      phone: '0491 570 158',
      address: '12 Chapel St, South Yarra, VIC',
      details: request,
      createdAt: new Date(createdAt),
    }),
  );
}

describe('GET /api/analytics/report', () => {
  let cookie: string;
  beforeEach(async () => {
    await createTestAdmin(context.database);
    cookie = await signIn(context.app);
  });

  async function report(query = '') {
    const response = await context.app.request(`/api/analytics/report${query}`, {
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as AnalyticsReport;
  }

  it('reports a Melbourne day: views, Home for /, visitors, referrers, the week before, 30 days', async () => {
    for (const path of ['/', '/', '/team', '/', '/south-yarra'])
      await insertView('2026-11-22', path, 'v1', 'google.com');
    await insertView('2026-11-22', '/team', 'v2', 'facebook.com');
    await insertView('2026-11-22', '/', 'v3');
    await insertView('2026-11-15', '/', 'w1');
    await insertView('2026-11-15', '/team', 'w1');
    await insertView('2026-11-15', '/team', 'w2');
    await insertView('2026-11-15', '/team', 'w3');
    await insertView('2026-11-23', '/', 'x1');
    const body = await report('?date=2026-11-22');
    expect(body.date).toBe('2026-11-22');
    expect(body.totalViews).toBe(7);
    expect(body.uniqueVisitors).toBe(3);
    expect(body.pageBreakdown).toEqual([
      { page: 'Home', count: 4 },
      { page: '/team', count: 2 },
      { page: '/south-yarra', count: 1 },
    ]);
    expect(body.referrers).toEqual([
      { host: 'google.com', count: 5 },
      { host: 'facebook.com', count: 1 },
    ]);
    expect(body.weeklyComparison).toEqual({
      views: 7,
      weekEarlierDate: '2026-11-15',
      weekEarlierViews: 4,
      changePercent: 75,
    });
    const daily = body.daily;
    expect(daily).toHaveLength(30);
    expect(daily[0]).toEqual({ date: '2026-10-24', views: 0, quoteRequests: 0 });
    expect(daily.at(-1)).toEqual({ date: '2026-11-22', views: 7, quoteRequests: 0 });
    expect(daily.find((day) => day.date === '2026-11-15')?.views).toBe(4);
  });

  it('counts the quote requests of the whole Melbourne day, 25 hours at the end of daylight saving', async () => {
    // 5 April 2026: 00:00 is +11:00, the clocks go back at 3:00, 24:00 is +10:00.
    await insertQuote('2026-04-04T23:59:00+11:00', 'Before Midnight');
    await insertQuote('2026-04-05T00:00:00+11:00', 'At Midnight');
    await insertQuote('2026-04-05T02:30:00+10:00', 'The Second Half Past Two');
    await insertQuote('2026-04-05T23:59:00+10:00', 'Last Minute');
    await insertQuote('2026-04-06T00:00:00+10:00', 'Next Day');
    const body = await report('?date=2026-04-05');
    const names = body.contactRequests.map((quote) => quote.name);
    // Newest first, as the inbox lists them.
    expect(names).toEqual(['Last Minute', 'The Second Half Past Two', 'At Midnight']);
    expect(body.contactRequestCount).toBe(3);
    expect(body.inboxUrl).toBe('https://clean.example/admin?from=2026-04-05&to=2026-04-05');
    expect(body.contactRequests[0]).toMatchObject({
      service: 'regular-clean',
      phone: '0491 570 158',
      message: 'Please bring a ladder.',
    });
    const daily = body.daily;
    expect(daily.slice(-2)).toEqual([
      { date: '2026-04-04', views: 0, quoteRequests: 1 },
      { date: '2026-04-05', views: 0, quoteRequests: 3 },
    ]);
  });

  it('bounds the 23-hour day when daylight saving starts', async () => {
    // 4 October 2026: 00:00 is +10:00, 2:00 becomes 3:00, 24:00 is +11:00.
    await insertQuote('2026-10-04T00:00:00+10:00', 'First');
    await insertQuote('2026-10-04T23:59:00+11:00', 'Last');
    await insertQuote('2026-10-05T00:00:00+11:00', 'Next Day');
    const body = await report('?date=2026-10-04');
    expect(body.contactRequests.map((quote) => quote.name)).toEqual(['Last', 'First']);
    expect(body.contactRequestCount).toBe(2);
  });

  it('counts each day of the 30-day chart from Melbourne midnight to midnight, across the start of daylight saving', async () => {
    await insertQuote('2026-10-02T23:59:59.999+10:00', 'Friday Night');
    await insertQuote('2026-10-03T00:00:00.000+10:00', 'Saturday Midnight');
    await insertQuote('2026-10-03T23:59:59.999+10:00', 'Saturday Night');
    // Sunday 4 October has 23 hours: 2:00 becomes 3:00.
    await insertQuote('2026-10-04T00:00:00.000+10:00', 'Sunday Midnight');
    await insertQuote('2026-10-04T03:00:00.000+11:00', 'Sunday Three');
    await insertQuote('2026-10-04T23:59:59.999+11:00', 'Sunday Night');
    await insertQuote('2026-10-05T00:00:00.000+11:00', 'Monday Midnight');
    // Outside the 30 days up to 5 October.
    await insertQuote('2026-09-05T23:59:59.999+10:00', 'Too Early');
    await insertQuote('2026-10-06T00:00:00.000+11:00', 'Too Late');
    await insertView('2026-10-04', '/');
    const body = await report('?date=2026-10-05');
    expect(body.daily[0]).toEqual({ date: '2026-09-06', views: 0, quoteRequests: 0 });
    expect(body.daily.slice(-4)).toEqual([
      { date: '2026-10-02', views: 0, quoteRequests: 1 },
      { date: '2026-10-03', views: 0, quoteRequests: 2 },
      { date: '2026-10-04', views: 1, quoteRequests: 3 },
      { date: '2026-10-05', views: 0, quoteRequests: 1 },
    ]);
    expect(body.daily.reduce((sum, day) => sum + day.quoteRequests, 0)).toBe(7);
    expect(body.contactRequestCount).toBe(1);
  });

  it('shows the wizard funnel: visits reaching each step, and where they left', async () => {
    const events: [string, string][] = [
      ['visit-aaaa', 'started'],
      ['visit-aaaa', 'service-type'],
      ['visit-aaaa', 'property-size'],
      ['visit-aaaa', 'timing'],
      ['visit-aaaa', 'contact-info'],
      ['visit-aaaa', 'terms-agreement'],
      ['visit-aaaa', 'final-details'],
      ['visit-aaaa', 'submission-failed'],
      ['visit-aaaa', 'submitted'],
      ['visit-bbbb', 'started'],
      ['visit-bbbb', 'service-type'],
      ['visit-bbbb', 'property-size'],
      ['visit-bbbb', 'service-type'],
      ['visit-cccc', 'started'],
      ['visit-cccc', 'service-type'],
    ];
    await context.database.writes.run(async (tx) => {
      for (const [visit, step] of events) {
        await tx
          .insert(funnelEvents)
          .values({ id: newRowId(), at: new Date(), day: '2026-11-22', visit, step });
      }
    });
    const body = await report('?date=2026-11-22');
    expect(body.funnel).toEqual([
      { step: 'started', reached: 3, dropOff: 0 },
      { step: 'service-type', reached: 3, dropOff: 1 },
      { step: 'property-size', reached: 2, dropOff: 1 },
      { step: 'timing', reached: 1, dropOff: 0 },
      { step: 'contact-info', reached: 1, dropOff: 0 },
      { step: 'terms-agreement', reached: 1, dropOff: 0 },
      { step: 'final-details', reached: 1, dropOff: 0 },
      { step: 'submitted', reached: 1, dropOff: 0 },
    ]);
    expect(body.failedSubmissions).toBe(1);
  });

  it('counts each visit once in the funnel, however many visits the day had', async () => {
    // More visits than one statement of the report reads, each sending 'started' twice.
    const visits = FUNNEL_VISITS_PER_READ * 2 + 1;
    const events: [string, string][] = [];
    const expected = { serviceType: 0, submitted: 0, failed: 0, leftAtStart: 0, leftAtServiceType: 0 };
    for (let n = 0; n < visits; n += 1) {
      const visit = `visit-${String(n).padStart(6, '0')}`;
      events.push([visit, 'started'], [visit, 'started']);
      if (n % 2 === 0) events.push([visit, 'service-type']);
      if (n % 5 === 0) events.push([visit, 'submitted']);
      if (n % 3 === 0) events.push([visit, 'submission-failed']);
      expected.serviceType += n % 2 === 0 ? 1 : 0;
      expected.submitted += n % 5 === 0 ? 1 : 0;
      expected.failed += n % 3 === 0 ? 1 : 0;
      if (n % 5 !== 0) expected[n % 2 === 0 ? 'leftAtServiceType' : 'leftAtStart'] += 1;
    }
    const rows = events.map(([visit, step], index) => [
      `event-${index}`,
      Date.now(),
      '2026-11-22',
      visit,
      step,
    ]);
    await context.database.writes.run((tx) =>
      tx.run(
        sql`insert into funnel_events (id, at, day, visit, step) select value->>0, value->>1, value->>2, value->>3, value->>4 from json_each(${JSON.stringify(rows)})`,
      ),
    );
    const body = await report('?date=2026-11-22');
    expect(body.funnel).toEqual([
      { step: 'started', reached: visits, dropOff: expected.leftAtStart },
      { step: 'service-type', reached: expected.serviceType, dropOff: expected.leftAtServiceType },
      { step: 'submitted', reached: expected.submitted, dropOff: 0 },
    ]);
    expect(body.failedSubmissions).toBe(expected.failed);
  });

  it('reports yesterday in Melbourne by default and refuses a day that does not exist', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T08:00:00+11:00'));
    expect((await report()).date).toBe('2026-11-22');
    const bad = await context.app.request('/api/analytics/report?date=2026-02-30', {
      headers: { Cookie: cookie },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'date must be a day written YYYY-MM-DD.' });
  });

  it('is for staff only, behind the quote-dashboard lock (it lists the day’s quote requests)', async () => {
    expect((await context.app.request('/api/analytics/report')).status).toBe(401);
    context.close();
    context = await createTestApp({ QUOTE_DASHBOARD_PASSWORD: 'the shared quote dashboard password' });
    await createTestAdmin(context.database);
    const locked = await context.app.request('/api/analytics/report', {
      headers: { Cookie: await signIn(context.app) },
    });
    expect(locked.status).toBe(403);
    expect(await locked.json()).toMatchObject({ locked: true });
  });
});

describe('POST /api/analytics/send-report', () => {
  it('queues the report to ADMIN_EMAIL and BUSINESS_EMAIL with an HTML part and a text part', async () => {
    await createTestAdmin(context.database);
    const cookie = await signIn(context.app);
    await insertView('2026-11-22', '/');
    await insertQuote('2026-11-22T10:15:00+11:00', 'Priya Shah');
    const response = await context.app.request('/api/analytics/send-report?date=2026-11-22', {
      method: 'POST',
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({
      date: '2026-11-22',
      recipients: ['owner@sparkleclean.example', 'office@sparkleclean.example'],
    });
    const mails = await context.database.db.select().from(outbox).where(eq(outbox.kind, DAILY_REPORT_KIND));
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([
      'office@sparkleclean.example',
      'owner@sparkleclean.example',
    ]);
    const [mail] = mails;
    expect(mail?.subject).toBe('Daily analytics report for Sunday 22 November 2026');
    expect(mail?.textBody).toContain('Page views: 1');
    expect(mail?.textBody).toContain('Priya Shah, Regular Cleaning');
    expect(mail?.textBody).toContain('Quote requests: 1\n');
    expect(mail?.textBody).toContain(
      'See them in the inbox: https://clean.example/admin?from=2026-11-22&to=2026-11-22',
    );
    expect(mail?.htmlBody).toContain('<h2 style="font-size:1.1em">Quote requests</h2>');
    expect((await context.app.request('/api/analytics/send-report', { method: 'POST' })).status).toBe(401);
  });
});

describe('retention', () => {
  it('keeps 26 months of analytics', async () => {
    expect(firstKeptDay('2026-11-23')).toBe('2024-09-23');
    expect(firstKeptDay('2027-04-30')).toBe('2025-02-28');
    await insertView('2024-09-22', '/');
    await insertView('2024-09-23', '/team');
    const deleted = await deleteExpiredAnalytics(context.database, new Date('2026-11-23T03:30:00+11:00'));
    expect(deleted.pageViews).toBe(1);
    expect((await storedViews()).map((row) => row.path)).toEqual(['/team']);
  });
});
