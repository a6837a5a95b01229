import { business } from '@cleanquote/content';
import { type QuoteRequest, summarizeQuoteRequest } from '@cleanquote/quote-core';
import { DEFAULT_PRICE_LIST, type PricedQuoteStatus, quoteTotals } from '@cleanquote/quote-core/staff';
import { HttpResponse, http } from 'msw';
import type { PartnerList } from '../../sites/web/src/admin/lib/partners-query.ts';
import type { PriceListAnswer } from '../../sites/web/src/admin/lib/price-list-query.ts';
import { FILTER_NAMES } from '../../sites/web/src/admin/quote-requests/quote-request-filters.ts';
import type {
  PricedQuote,
  QuoteDetail,
  QuoteHistoryEntry,
  QuoteListItem,
} from '../../sites/web/src/admin/quote-requests/quote-request-queries.ts';
import type { QuoteXeroSync } from '../../sites/web/src/admin/quote-requests/xero-quote-queries.ts';
import { toasts } from '../../sites/web/src/state/site-state.ts';
import { signedIn, signedInAdmin } from './staff-story-support.tsx';

/*
 * The quote inbox's data as GET /api/contact, /api/contact/:id, /api/contact/:id/quote and
 * /api/contact/:id/xero answer it, typed by the API's own answers. Requests that wait for their first reply are dated relative to
 * the moment they are asked for, so 'Reply due in 3 h' and 'Overdue by 2 h' read the same any day.
 */

const HOUR_MS = 60 * 60 * 1000;

/** Kate, the signed-in admin, as the history names her. */
export const kate = { name: signedInAdmin.firstName, email: signedInAdmin.email };

/** Northside Support Coordination, a partner site that embeds the quote wizard. */
export const northside = { key: 'northside-support', name: 'Northside Support Coordination' } as const;

/** GET /api/partners: the partner sites, so the inbox names a partner's requests by its name. */
export const partnerList: PartnerList = {
  partners: [
    {
      key: northside.key,
      name: northside.name,
      origins: ['https://www.northsidesupport.org.au'],
      enabled: true,
      quoteCount: 14,
    },
  ],
  embed: null,
};

/** GET /api/prices: the business's price list, registered for GST. */
export const priceListAnswer: PriceListAnswer = { ...DEFAULT_PRICE_LIST, gstRegistered: true };

/** The customers' requests, as the quote wizard sent them. */
export const requests = {
  priya: {
    serviceType: 'regular-clean',
    bedrooms: '3',
    bathrooms: '2',
    propertyType: 'house-single',
    urgency: 'this-week',
    name: 'Priya Sharma',
    email: 'priya.sharma@example.com.au',
    phone: '0412 345 678',
    address: '12 Chapel Street, South Yarra, VIC 3141',
    howFoundUs: 'web-search',
    specialRequests: 'We have a friendly dog; please close the side gate.',
    termsAccepted: true,
  },
  tom: {
    serviceType: 'end-of-lease',
    bedrooms: '2',
    bathrooms: '1',
    propertyType: 'apartment',
    carpetNeeded: 'no',
    urgency: 'urgent-today',
    name: 'Tom Nguyen',
    email: 'tom.nguyen@example.com',
    phone: '0433 217 904',
    address: '5/48 Swan Street, Richmond, VIC 3121',
    termsAccepted: true,
  },
  margaret: {
    serviceType: 'ndis-aged-care',
    urgency: 'next-week',
    ndisClientType: 'case-manager',
    caseManagerName: 'Daniel Fraser',
    caseManagerPhone: '03 9482 6610',
    caseManagerEmail: 'daniel.fraser@northsidesupport.org.au',
    caseManagerOrganization: 'Northside Support Coordination',
    caseManagerUpdates: true,
    name: "Margaret O'Brien",
    email: 'margaret.obrien@example.net',
    phone: '0398 765 432',
    address: '27 Separation Street, Northcote, VIC 3070',
    specialRequests: 'Fortnightly, Tuesday mornings if possible. Margaret uses a walking frame.',
    termsAccepted: true,
  },
  liam: {
    serviceType: 'carpet-clean',
    carpetAreas: ['bedrooms', 'living-rooms'],
    carpetRoomCounts: { bedrooms: 3, 'living-rooms': 1 },
    urgency: 'within-month',
    name: 'Liam Walsh',
    email: 'liam.walsh@example.com',
    phone: '0422 908 115',
    address: '9 Lygon Street, Brunswick East, VIC 3057',
    termsAccepted: true,
  },
  sophie: {
    serviceType: 'oven-clean',
    ovenType: '90cm-oven',
    ovenCondition: 'heavy-buildup',
    cleaningFocus: ['rangehood'],
    urgency: 'this-week',
    name: 'Sophie Chen',
    email: 'sophie.chen@example.com.au',
    phone: '0401 556 273',
    address: '3 Glenferrie Road, Hawthorn, VIC 3122',
    termsAccepted: true,
  },
  jack: {
    serviceType: 'window-clean',
    windowPanels: 18,
    propertyType: 'both-sides',
    windowScope: ['window-frames'],
    urgency: 'next-week',
    name: 'Jack Thompson',
    email: 'jack.thompson@example.com',
    phone: '0455 120 387',
    address: '41 Kingsway, Glen Waverley, VIC 3150',
    termsAccepted: true,
  },
  emma: {
    serviceType: 'deep-clean',
    bedrooms: '4',
    bathrooms: '2',
    propertyType: 'house-double',
    urgency: 'just-browsing',
    name: 'Emma Wilson',
    email: 'emma.wilson@example.com',
    phone: '0468 331 902',
    address: '88 Acland Street, St Kilda, VIC 3182',
    termsAccepted: true,
  },
} satisfies Record<string, QuoteRequest>;

/** A customer in {@link requests}. */
export type Customer = keyof typeof requests;

/** What a quote's row and page hold beyond the request. */
interface QuoteFacts {
  id: string;
  reference: string;
  createdAt: string;
  status: QuoteListItem['status'];
  suburb: string;
  source?: string;
  partnerRef?: string;
  firstResponseAt?: string;
  statusChangedAt?: string;
  returning?: boolean;
  quoteStatus?: PricedQuoteStatus;
}

/** One quote request as the inbox's three answers show it. */
export interface FixtureQuote {
  listItem: QuoteListItem;
  detail: QuoteDetail;
  /** GET /api/contact/:id/quote's answer; null answers 404 ('Prepare Quote'). */
  priced: PricedQuote | null;
  /** GET /api/contact/:id/xero's answer once priced; {@link notInXero} when left out. */
  xero?: QuoteXeroSync;
}

/** A priced quote that nothing sent to Xero: no organisation was chosen when it was sent. */
export const notInXero: QuoteXeroSync = {
  state: 'off',
  quoteNumber: null,
  reason: null,
  nextAttemptAt: null,
  invoice: { state: 'none', number: null, url: null },
  canCreateInvoice: false,
};

/** The reply staff start from, as the server drafts it from the request. */
function replyDraftOf(request: QuoteRequest, reference: string, suburb: string): QuoteDetail['replyDraft'] {
  const firstName = request.name.split(' ')[0];
  return {
    subject: `Re: We received your quote request (${reference})`,
    message: [
      `Hi ${firstName},`,
      `Thank you for asking ${business.name} to quote for your clean in ${suburb} (reference ${reference}).`,
      'Our quote for this clean is $[amount], including GST. It is an estimate, valid for 30 days, and payment is due on completion.',
      'If that suits you, reply to this email or call us and we will book a time that works for you.',
      `Kind regards,\n${business.name}\n${business.phone}`,
    ].join('\n\n'),
  };
}

/** A quote request's row, page and priced quote, from its request and facts. */
export function fixtureQuote(
  customer: Customer,
  facts: QuoteFacts,
  page: {
    history?: QuoteHistoryEntry[];
    earlierQuotes?: QuoteDetail['earlierQuotes'];
    laterQuotes?: QuoteDetail['laterQuotes'];
    priced?: PricedQuote | null;
  } = {},
): FixtureQuote {
  const request: QuoteRequest = requests[customer];
  const created = Date.parse(facts.createdAt);
  const listItem: QuoteListItem = {
    id: facts.id,
    reference: facts.reference,
    name: request.name,
    phone: request.phone,
    email: request.email,
    address: request.address,
    service: request.serviceType,
    ...(request.specialRequests ? { message: request.specialRequests } : {}),
    createdAt: facts.createdAt,
    status: facts.status,
    source: facts.source ?? 'main-site',
    partnerRef: facts.partnerRef ?? null,
    replyDueAt: new Date(created + 24 * HOUR_MS).toISOString(),
    firstResponseAt: facts.firstResponseAt ?? null,
    statusChangedAt: facts.statusChangedAt ?? facts.createdAt,
    returning: facts.returning ?? false,
    suburb: facts.suburb,
    quoteStatus: facts.quoteStatus ?? null,
  };
  const detail: QuoteDetail = {
    ...listItem,
    details: request,
    summary: summarizeQuoteRequest(request),
    termsVersion: '2025-07',
    series: null,
    consentedAt: facts.createdAt,
    history: page.history ?? [
      { id: `${facts.id}-created`, at: facts.createdAt, kind: 'created', actor: null },
    ],
    earlierQuotes: page.earlierQuotes ?? [],
    laterQuotes: page.laterQuotes ?? [],
    replyDraft: replyDraftOf(request, facts.reference, facts.suburb),
  };
  return { listItem, detail, priced: page.priced ?? null };
}

/** A priced quote's version as GET /api/contact/:id/quote answers it. */
export function pricedQuote(
  lines: { description: string; quantity: number; unitPriceCents: number }[],
  version: Partial<Omit<PricedQuote, 'lines'>> & Pick<PricedQuote, 'status'>,
): PricedQuote {
  // A regular clean takes the default price list's discount for its frequency.
  const frequency = version.frequency ?? 'once';
  const percent = frequency === 'once' ? 0 : DEFAULT_PRICE_LIST.frequencyDiscountPercent[frequency];
  const totals = quoteTotals(lines, true, percent);
  const number = version.version ?? 1;
  return {
    version: number,
    lines: totals.lines,
    note: '',
    // The default time of an oven clean, the service these stories price.
    durationMinutes: 120,
    frequency,
    subtotalCents: totals.subtotalCents,
    discountPercent: totals.discountPercent,
    discountCents: totals.discountCents,
    totalCents: totals.totalCents,
    gstCents: totals.gstCents,
    exGstCents: totals.exGstCents,
    gstRegistered: true,
    createdAt: '2026-03-16T23:30:00.000Z',
    updatedAt: '2026-03-16T23:30:00.000Z',
    sentAt: null,
    validUntil: null,
    viewedAt: null,
    answeredAt: null,
    acceptedName: null,
    answerText: null,
    versions: [
      {
        version: number,
        status: version.status,
        sentAt: version.sentAt ?? null,
        totalCents: totals.totalCents,
      },
    ],
    ...version,
  };
}

/** Sophie's oven clean, priced: a 90 cm oven with heavy build-up and its rangehood. */
export const sophieLines = [
  { description: '90cm oven, heavy build-up', quantity: 1, unitPriceCents: 24_900 },
  { description: 'Rangehood', quantity: 1, unitPriceCents: 4_500 },
];

/** Sophie's quote as sent: version 1, valid for 30 days, not yet opened. */
export const sophieSent = pricedQuote(sophieLines, {
  status: 'sent',
  note: 'Price includes soaking the rangehood filters overnight.',
  sentAt: '2026-03-14T22:10:00.000Z',
  validUntil: '2026-04-14',
});

/** Sophie's quote as she accepted it online. */
export const sophieAccepted: PricedQuote = {
  ...sophieSent,
  status: 'accepted',
  viewedAt: '2026-03-16T08:32:00.000Z',
  answeredAt: '2026-03-16T08:40:00.000Z',
  acceptedName: 'Sophie Chen',
  versions: [{ version: 1, status: 'accepted', sentAt: sophieSent.sentAt, totalCents: 29_400 }],
};

/** Sophie's request from arrival to the quote sent: a call, a note, a reply and the priced quote. */
export const sophieHistory: QuoteHistoryEntry[] = [
  { id: 'h-sophie-1', at: '2026-03-14T05:20:00.000Z', kind: 'created', actor: null },
  {
    id: 'h-sophie-2',
    at: '2026-03-14T06:05:00.000Z',
    kind: 'status',
    actor: kate,
    from: 'new',
    to: 'contacted',
  },
  {
    id: 'h-sophie-3',
    at: '2026-03-14T06:07:00.000Z',
    kind: 'note',
    actor: kate,
    text: 'Called Sophie: 90 cm Westinghouse, the rangehood filters need soaking. Home Thursday after 10.',
  },
  {
    id: 'h-sophie-4',
    at: '2026-03-14T06:20:00.000Z',
    kind: 'reply',
    actor: kate,
    subject: 'Re: We received your quote request (CQ-B7FX2NRJ)',
    text: 'Hi Sophie,\n\nThanks for the chat. Your priced quote follows by email today.\n\nKind regards,\nKate',
    mailId: '0195a3c2-9a10-7c3e-8d21-5b9c3e7f1a04',
  },
  {
    id: 'h-sophie-5',
    at: '2026-03-14T22:10:00.000Z',
    kind: 'quote',
    actor: kate,
    text: 'Quote sent, $294.00 incl. GST',
  },
  {
    id: 'h-sophie-6',
    at: '2026-03-14T22:10:00.000Z',
    kind: 'status',
    actor: kate,
    from: 'contacted',
    to: 'quoted',
  },
];

/**
 * The inbox as it stands `now`: two new requests (one due soon, one past the 24-hour reply), a
 * partner's case-manager request, a returning customer, a quote waiting for the customer, one won
 * and one lost.
 */
export function fixtureQuoteRequests(now: number): FixtureQuote[] {
  const hoursAgo = (hours: number) => new Date(now - hours * HOUR_MS).toISOString();
  return [
    fixtureQuote('priya', {
      id: '0195a3c2-7d41-7e2b-9c11-4f8a2b6d0e01',
      reference: 'CQ-7KX4M2QH',
      // Twenty and a half hours old: the 24-hour reply is due in 3 h.
      createdAt: hoursAgo(20.5),
      status: 'new',
      suburb: 'South Yarra',
    }),
    fixtureQuote('tom', {
      id: '0195a3c2-7d41-7e2b-9c11-4f8a2b6d0e02',
      reference: 'CQ-P9RT3VWA',
      // Twenty-six and a half hours old: 2 h past the 24-hour reply.
      createdAt: hoursAgo(26.5),
      status: 'new',
      suburb: 'Richmond',
    }),
    fixtureQuote('margaret', {
      id: '0195a3c2-7d41-7e2b-9c11-4f8a2b6d0e03',
      reference: 'CQ-H4NB8QZE',
      createdAt: '2026-03-16T00:15:00.000Z',
      status: 'contacted',
      suburb: 'Northcote',
      source: `partner:${northside.key}`,
      partnerRef: 'NSC-20417',
      firstResponseAt: '2026-03-16T03:40:00.000Z',
      statusChangedAt: '2026-03-16T03:40:00.000Z',
    }),
    fixtureQuote('liam', {
      id: '0195a3c2-7d41-7e2b-9c11-4f8a2b6d0e04',
      reference: 'CQ-W2MD6KTC',
      createdAt: '2026-03-15T08:02:00.000Z',
      status: 'contacted',
      suburb: 'Brunswick East',
      returning: true,
      firstResponseAt: '2026-03-15T21:30:00.000Z',
      statusChangedAt: '2026-03-15T21:30:00.000Z',
    }),
    fixtureQuote(
      'sophie',
      {
        id: '0195a3c2-7d41-7e2b-9c11-4f8a2b6d0e05',
        reference: 'CQ-B7FX2NRJ',
        createdAt: '2026-03-14T05:20:00.000Z',
        status: 'quoted',
        suburb: 'Hawthorn',
        firstResponseAt: '2026-03-14T06:05:00.000Z',
        statusChangedAt: '2026-03-14T22:10:00.000Z',
        quoteStatus: 'sent',
      },
      { history: sophieHistory, priced: sophieSent },
    ),
    fixtureQuote('jack', {
      id: '0195a3c2-7d41-7e2b-9c11-4f8a2b6d0e06',
      reference: 'CQ-Q3ZK9MPW',
      createdAt: '2026-03-10T02:45:00.000Z',
      status: 'won',
      suburb: 'Glen Waverley',
      firstResponseAt: '2026-03-10T04:00:00.000Z',
      statusChangedAt: '2026-03-12T09:15:00.000Z',
      quoteStatus: 'accepted',
    }),
    fixtureQuote('emma', {
      id: '0195a3c2-7d41-7e2b-9c11-4f8a2b6d0e07',
      reference: 'CQ-D8VN4HXS',
      createdAt: '2026-03-08T10:30:00.000Z',
      status: 'lost',
      suburb: 'St Kilda',
      firstResponseAt: '2026-03-08T22:00:00.000Z',
      statusChangedAt: '2026-03-11T01:00:00.000Z',
    }),
  ];
}

/** GET /api/contact's filters, as the server applies them (the ones the stories use). */
function matches(quote: QuoteListItem, query: URLSearchParams): boolean {
  const status = query.get('status');
  if (status && quote.status !== status) return false;
  const service = query.get('service');
  if (service && quote.service !== service) return false;
  const source = query.get('source');
  if (source && quote.source !== source) return false;
  if (query.get('returning') === '1' && !quote.returning) return false;
  if (query.get('awaiting') === 'customer' && quote.quoteStatus !== 'sent' && quote.quoteStatus !== 'viewed')
    return false;
  const words = query.get('q')?.toLowerCase();
  if (words && ![quote.name, quote.email, quote.phone, quote.address].join(' ').toLowerCase().includes(words))
    return false;
  return true;
}

/** The quotes a story's inbox holds, built when they are asked for. */
export type QuoteRequestsOf = (now: number) => FixtureQuote[];

/**
 * Every answer the inbox and a quote's page ask for: who is signed in, the partners, the price list,
 * the filtered list, each quote's page, its priced quote and where that stands in Xero (both 404
 * while it has none).
 */
export function quoteRequestAnswers(inbox: QuoteRequestsOf = fixtureQuoteRequests) {
  const find = (id: unknown) => inbox(Date.now()).find((quote) => quote.listItem.id === id);
  return [
    signedIn,
    http.get('/api/partners', () => HttpResponse.json(partnerList)),
    http.get('/api/prices', () => HttpResponse.json(priceListAnswer)),
    http.get('/api/contact', ({ request }) => {
      const query = new URL(request.url).searchParams;
      return HttpResponse.json(
        inbox(Date.now())
          .map((quote) => quote.listItem)
          .filter((quote) => matches(quote, query)),
      );
    }),
    http.get('/api/contact/:id', ({ params, requestId }) => {
      const quote = find(params.id);
      if (!quote)
        return HttpResponse.json({ error: 'No quote request with that id.', requestId }, { status: 404 });
      return HttpResponse.json(quote.detail);
    }),
    http.get('/api/contact/:id/quote', ({ params, requestId }) => {
      const priced = find(params.id)?.priced;
      if (!priced)
        return HttpResponse.json({ error: 'This request has no quote yet.', requestId }, { status: 404 });
      return HttpResponse.json(priced);
    }),
    http.get('/api/contact/:id/xero', ({ params, requestId }) => {
      const quote = find(params.id);
      if (!quote?.priced)
        return HttpResponse.json({ error: 'This request has no quote yet.', requestId }, { status: 404 });
      return HttpResponse.json(quote.xero ?? notInXero);
    }),
    // No visit booked yet: the page's Visit section offers 'Book a visit'.
    http.get('/api/contact/:id/visit', () => HttpResponse.json({ visit: null })),
  ];
}

/** An inbox holding just these quotes. */
export function quoteRequestsWith(...quotes: FixtureQuote[]): QuoteRequestsOf {
  return () => quotes;
}

/**
 * Opens the inbox at this query (`{ quote: id }` for a quote's page, `{ status: 'won' }` for a
 * filter), as staff would arrive from a link, and puts the page's address back after the story.
 * Toasts left by an earlier story are cleared.
 */
export function quoteRequestsAt(search: Record<string, string> = {}) {
  return () => {
    const before = window.location.href;
    const url = new URL(before);
    for (const name of [...FILTER_NAMES, 'quote']) url.searchParams.delete(name);
    for (const [name, value] of Object.entries(search)) url.searchParams.set(name, value);
    window.history.replaceState(window.history.state, '', url);
    toasts.value = [];
    return () => window.history.replaceState(window.history.state, '', before);
  };
}

/** The quote of this customer in the inbox as it stands `now`. */
export function quoteOf(name: string, now = Date.now()): FixtureQuote {
  const quote = fixtureQuoteRequests(now).find((each) => each.listItem.name === name);
  if (!quote) throw new Error(`No quote from ${name} in the inbox fixtures.`);
  return quote;
}

/**
 * Sophie's request with this priced quote (null: none yet) and, once priced, this answer of
 * GET …/xero ({@link notInXero} when left out).
 */
export function sophieWith(priced: PricedQuote | null, xero?: QuoteXeroSync): FixtureQuote {
  const sophie = quoteOf('Sophie Chen');
  return {
    ...sophie,
    listItem: { ...sophie.listItem, quoteStatus: priced?.status ?? null },
    detail: { ...sophie.detail, quoteStatus: priced?.status ?? null },
    priced,
    ...(xero ? { xero } : {}),
  };
}
