import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays, melbourneDayStart } from '../lib/melbourne-time.ts';
import {
  createQuoteRequestDesk,
  nextLink,
  type QuoteRequestDesk,
} from '../test-support/quote-request-desk.ts';

let inbox: QuoteRequestDesk;
beforeEach(async () => {
  inbox = await createQuoteRequestDesk();
});
afterEach(() => inbox.close());

describe('GET /api/contact filters', () => {
  it('narrows by status, service and source (main site or a partner key)', async () => {
    const a = await inbox.storeQuote({ status: 'quoted', serviceType: 'deep-clean' });
    const b = await inbox.storeQuote({
      status: 'quoted',
      serviceType: 'oven-clean',
      source: 'partner:northside',
    });
    const c = await inbox.storeQuote({
      status: 'won',
      serviceType: 'deep-clean',
      source: 'partner:northside',
    });
    const d = await inbox.storeQuote();
    expect(await inbox.listIds('?status=quoted')).toEqual([b.id, a.id]);
    expect(await inbox.listIds('?service=deep-clean')).toEqual([c.id, a.id]);
    expect(await inbox.listIds('?source=northside')).toEqual([c.id, b.id]);
    expect(await inbox.listIds('?source=partner:northside')).toEqual([c.id, b.id]);
    expect(await inbox.listIds('?source=main-site')).toEqual([d.id, a.id]);
    expect(await inbox.listIds('?status=quoted&service=deep-clean&source=main-site')).toEqual([a.id]);
    expect(await inbox.listIds('?status=lost')).toEqual([]);
  });

  it('searches name, email and address case-insensitively, and the phone by its digits', async () => {
    const priya = await inbox.storeQuote({
      name: 'Priya Shah',
      email: 'Priya.Shah@Example.com',
      phone: '0491 570 158',
      address: '12 Chapel St, South Yarra, VIC',
    });
    const zoe = await inbox.storeQuote({
      name: 'Zoë Nguyen',
      email: 'zoe@example.net',
      phone: '(03) 5550-0199',
      address: '3 Lygon St, Carlton, VIC',
    });
    const search = (q: string) => inbox.listIds(`?q=${encodeURIComponent(q)}`);
    expect(await search('0491 570')).toEqual([priya.id]);
    expect(await search('570158')).toEqual([priya.id]);
    expect(await search('5550 0199')).toEqual([zoe.id]);
    expect(await search('03 5550-01')).toEqual([zoe.id]);
    expect(await search('PRIYA')).toEqual([priya.id]);
    expect(await search('shah@example.COM')).toEqual([priya.id]);
    expect(await search('chapel st')).toEqual([priya.id]);
    expect(await search('zoe')).toEqual([zoe.id]);
    expect(await search('Zoë')).toEqual([zoe.id]);
    expect(await search('example')).toEqual([zoe.id, priya.id]);
    // Shorter than a trigram: scanned, same rule.
    expect(await search('Ca')).toEqual([zoe.id]);
    expect(await search('01')).toEqual([zoe.id, priya.id]);
    expect(await search('15')).toEqual([priya.id]);
    expect(await search('"; drop')).toEqual([]);
    expect(await search('100%')).toEqual([]);
    // Blank is no search at all.
    expect(await search('  ')).toEqual([zoe.id, priya.id]);
  });

  it('takes from and to as Melbourne calendar days, inclusive, across midnight and daylight saving', async () => {
    const at = async (iso: string) => (await inbox.storeQuote({ createdAt: new Date(iso) })).id;
    // 23:30 on 5 Nov in Melbourne (UTC+11) is 12:30 UTC on the 5th; 00:30 on the 6th is 13:30 UTC on the 5th.
    const lateOnFifth = await at('2026-11-05T12:30:00Z');
    const earlyOnSixth = await at('2026-11-05T13:30:00Z');
    const endOfSixth = await at('2026-11-06T12:59:59.999Z');
    const seventh = await at('2026-11-06T13:00:00Z');
    expect(await inbox.listIds('?from=2026-11-05&to=2026-11-05')).toEqual([lateOnFifth]);
    expect(await inbox.listIds('?from=2026-11-06&to=2026-11-06')).toEqual([endOfSixth, earlyOnSixth]);
    expect(await inbox.listIds('?from=2026-11-07')).toEqual([seventh]);
    expect(await inbox.listIds('?to=2026-11-06')).toEqual([endOfSixth, earlyOnSixth, lateOnFifth]);

    // 5 April 2026: clocks go back at 3 am, a 25-hour day from 13:00 UTC on the 4th to 14:00 UTC on the 5th.
    const startOfFifthApril = await at('2026-04-04T13:00:00Z');
    const endOfFifthApril = await at('2026-04-05T13:59:59Z');
    const sixthApril = await at('2026-04-05T14:00:00Z');
    const fourthApril = await at('2026-04-04T12:59:59Z');
    expect(await inbox.listIds('?from=2026-04-05&to=2026-04-05')).toEqual([
      endOfFifthApril,
      startOfFifthApril,
    ]);
    expect(await inbox.listIds('?from=2026-04-04&to=2026-04-04')).toEqual([fourthApril]);
    expect(await inbox.listIds('?from=2026-04-06&to=2026-04-06')).toEqual([sixthApril]);

    // 4 October 2026: clocks go forward at 2 am, a 23-hour day from 14:00 UTC on the 3rd to 13:00 UTC on the 4th.
    const startOfFourthOctober = await at('2026-10-03T14:00:00Z');
    const endOfFourthOctober = await at('2026-10-04T12:59:59Z');
    const fifthOctober = await at('2026-10-04T13:00:00Z');
    expect(await inbox.listIds('?from=2026-10-04&to=2026-10-04')).toEqual([
      endOfFourthOctober,
      startOfFourthOctober,
    ]);
    expect(await inbox.listIds('?from=2026-10-05&to=2026-10-05')).toEqual([fifthOctober]);
  });

  it('marks returning customers — an earlier quote with the same email or phone digits — and can list only them', async () => {
    const first = await inbox.storeQuote({ email: 'sam@example.com', phone: '0491 570 110' });
    const sameEmail = await inbox.storeQuote({ email: 'SAM@example.com', phone: '0491 570 111' });
    const samePhone = await inbox.storeQuote({ email: 'other@example.com', phone: '(0491) 570-110' });
    const stranger = await inbox.storeQuote({ email: 'new@example.com', phone: '0491 570 112' });
    const response = await inbox.get('/api/contact');
    const quotes = (await response.json()) as { id: string; returning: boolean }[];
    expect(Object.fromEntries(quotes.map((quote) => [quote.id, quote.returning]))).toEqual({
      [first.id]: false,
      [sameEmail.id]: true,
      [samePhone.id]: true,
      [stranger.id]: false,
    });
    expect(await inbox.listIds('?returning=1')).toEqual([samePhone.id, sameEmail.id]);
  });

  it('answers 400 naming the bad query field', async () => {
    await inbox.storeQuote();
    for (const [query, field] of [
      ['?status=archived', 'status'],
      ['?service=pool-clean', 'service'],
      ['?source=has%20space', 'source'],
      ['?from=2026-02-30', 'from'],
      ['?to=5-11-2026', 'to'],
      ['?from=2026-11-06&to=2026-11-05', 'to'],
      ['?returning=yes', 'returning'],
      ['?sort=oldest', 'sort'],
      ['?limit=0', 'limit'],
      ['?limit=501', 'limit'],
      ['?limit=ten', 'limit'],
      ['?before=no-such-quote', 'before'],
      ['?q=%00', 'q'],
    ] as const) {
      const response = await inbox.get(`/api/contact${query}`);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { error: string; fields: Record<string, string> };
      expect(Object.keys(body.fields), query).toEqual([field]);
      expect(body.error, query).toContain(field);
    }
  });
});

describe('GET /api/contact keyset paging', () => {
  /** Follows Link rel="next" from `first`; every page's ids in order. */
  async function allPages(first: string): Promise<string[]> {
    const ids: string[] = [];
    let path: string | undefined = first;
    for (let pages = 0; path; pages += 1) {
      if (pages > 100) throw new Error('paging does not end');
      const response = await inbox.get(path);
      expect(response.status, path).toBe(200);
      ids.push(...((await response.json()) as { id: string }[]).map((quote) => quote.id));
      path = nextLink(response);
    }
    return ids;
  }

  it('reaches every matching quote exactly once with every filter and both sorts', async () => {
    const statuses = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;
    const services = ['regular-clean', 'deep-clean', 'oven-clean'] as const;
    const quotes: Awaited<ReturnType<QuoteRequestDesk['storeQuote']>>[] = [];
    for (let n = 0; n < 60; n += 1) {
      // Three quotes share each millisecond, as quotes of one intake batch do.
      const createdAt = new Date(Date.parse('2026-11-05T10:00:00Z') + Math.floor(n / 3) * 3_600_000);
      quotes.push(
        await inbox.storeQuote({
          id: `quote-${String((n * 37) % 60).padStart(2, '0')}-${n}`,
          status: statuses[n % 5],
          serviceType: services[n % 3],
          source: n % 4 === 0 ? 'partner:northside' : 'main-site',
          name: n % 2 ? `Shah ${n}` : `Nguyen ${n}`,
          email: `client${n % 40}@example.com`,
          phone: `0491 570 ${String(100 + (n % 45))}`,
          createdAt,
        }),
      );
    }
    const time = (quote: (typeof quotes)[number]) => (quote.createdAt as Date).getTime();
    const isBefore = (a: (typeof quotes)[number], b: (typeof quotes)[number]) =>
      time(a) < time(b) || (time(a) === time(b) && a.id < b.id);
    const newest = [...quotes].sort((a, b) => (isBefore(a, b) ? 1 : -1));
    const replyDue = [
      ...newest.filter((quote) => quote.status === 'new').reverse(),
      ...newest.filter((quote) => quote.status !== 'new'),
    ];
    const from = '2026-11-06';
    const fromTime = melbourneDayStart(from).getTime();
    const cases: [string, (quote: (typeof quotes)[number]) => boolean][] = [
      ['', () => true],
      ['status=new', (quote) => quote.status === 'new'],
      ['status=won', (quote) => quote.status === 'won'],
      ['service=deep-clean', (quote) => quote.serviceType === 'deep-clean'],
      ['source=northside', (quote) => quote.source === 'partner:northside'],
      ['q=shah', (quote) => quote.name.startsWith('Shah')],
      [`from=${from}`, (quote) => time(quote) >= fromTime],
      [`to=${from}`, (quote) => time(quote) < melbourneDayStart(addDays(from, 1)).getTime()],
      [
        'returning=1',
        (quote) =>
          quotes.some(
            (earlier) =>
              isBefore(earlier, quote) &&
              (earlier.email === quote.email || earlier.phoneDigits === quote.phoneDigits),
          ),
      ],
      [
        'status=new&service=regular-clean&q=nguyen',
        (quote) =>
          quote.status === 'new' && quote.serviceType === 'regular-clean' && quote.name.startsWith('Nguyen'),
      ],
    ];
    for (const [filter, matches] of cases) {
      for (const [sort, order] of [
        ['newest', newest],
        ['reply-due', replyDue],
      ] as const) {
        const expected = order.filter(matches).map((quote) => quote.id);
        const query = `/api/contact?${filter}${filter ? '&' : ''}sort=${sort}&limit=7`;
        const ids = await allPages(query);
        expect(ids, query).toEqual(expected);
      }
    }
  });

  it('keeps the reply-due order going when the last quote of a page is marked contacted', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 6; n += 1) ids.push((await inbox.storeQuote()).id);
    const first = await inbox.get('/api/contact?sort=reply-due&limit=2');
    expect(((await first.json()) as { id: string }[]).map((quote) => quote.id)).toEqual(ids.slice(0, 2));
    const next = nextLink(first);
    expect(next).toContain('sort=reply-due');
    expect((await inbox.post(`/api/contact/${ids[1]}/status`, { status: 'contacted' })).status).toBe(200);
    const second = await inbox.get(next ?? '');
    expect(((await second.json()) as { id: string }[]).map((quote) => quote.id)).toEqual(ids.slice(2, 4));
  });

  it('puts open quotes first, the most overdue first, then the rest newest first', async () => {
    const oldNew = await inbox.storeQuote({ createdAt: new Date('2026-11-01T00:00:00Z') });
    const won = await inbox.storeQuote({ status: 'won', createdAt: new Date('2026-11-02T00:00:00Z') });
    const newerNew = await inbox.storeQuote({ createdAt: new Date('2026-11-03T00:00:00Z') });
    const lost = await inbox.storeQuote({ status: 'lost', createdAt: new Date('2026-11-04T00:00:00Z') });
    expect(await inbox.listIds('?sort=reply-due')).toEqual([oldNew.id, newerNew.id, lost.id, won.id]);
    const [first] = (await (await inbox.get('/api/contact?sort=reply-due')).json()) as {
      replyDueAt: string;
    }[];
    expect(first?.replyDueAt).toBe('2026-11-02T00:00:00.000Z');
  });
});
