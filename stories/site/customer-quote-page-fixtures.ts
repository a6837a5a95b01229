import type { CustomerQuote, SentQuoteVersion } from '../../api/src/priced-quotes/customer-quote.ts';

/*
 * Priced quotes as the customer's page is rendered from them: one end-of-lease request in Richmond,
 * its quote in each standing the customer can find it in. Dates are fixed, and 'today' is given, so
 * no story depends on the day it runs.
 */

/** Melbourne's date the pages are rendered on (the valid-until check reads it). */
export const quotePageToday = '2026-03-12';

/** The token in the page's address (the forms post under it). */
export const quotePageToken = 'q7Xk2mB9vR4tLp8sWn3yZc6hJd5fGa1e';

/** The request the quote answers, as the page shows it. */
export const quotedRequest = {
  id: 'request-richmond',
  reference: 'CQ-2026-0318',
  serviceType: 'end-of-lease',
  name: 'Priya Raman',
  email: 'priya.raman@example.com',
  phone: '0491 570 158',
  address: '14 Lennox Street, Richmond VIC 3121',
} as const satisfies CustomerQuote['request'];

/** The version the customer was sent on 10 March, valid until 24 March, unanswered. */
const sentVersion: SentQuoteVersion = {
  id: 'priced-richmond-1',
  version: 1,
  status: 'sent',
  lines: [
    { description: 'End of lease clean, 2 bedroom unit', quantity: 1, unitPriceCents: 38_000 },
    { description: 'Extra bathroom', quantity: 1, unitPriceCents: 6_500 },
    { description: 'Oven clean (standard)', quantity: 1, unitPriceCents: 9_900 },
    { description: 'Carpet steam clean, bedroom', quantity: 2, unitPriceCents: 4_500 },
  ],
  note: 'We can come on Friday 20 March from 8 am, before your final inspection.\nKeys can be left with your agent.',
  frequency: 'once',
  subtotalCents: 63_400,
  discountPercent: 0,
  discountCents: 0,
  totalCents: 63_400,
  gstCents: 5_764,
  sentAt: new Date('2026-03-10T03:15:00Z'),
  validUntil: '2026-03-24',
  mailId: 'mail-richmond-1',
  viewedAt: null,
  answeredAt: null,
  acceptedName: null,
  answerText: null,
};

const quoteWith = (version: Partial<SentQuoteVersion>, latestSentVersion = 1): CustomerQuote => ({
  version: { ...sentVersion, ...version },
  request: quotedRequest,
  latestSentVersion,
});

/**
 * A regular clean every week in Richmond, sent on 10 March: $255.00 of lines less the weekly 15%
 * ($38.25) is $216.75 per visit, GST $19.70.
 */
export const weeklyQuote: CustomerQuote = {
  version: {
    ...sentVersion,
    id: 'priced-richmond-weekly-1',
    lines: [
      { description: 'Regular Cleaning', quantity: 1, unitPriceCents: 12_000 },
      { description: 'Bedrooms', quantity: 3, unitPriceCents: 2_500 },
      { description: 'Bathrooms', quantity: 2, unitPriceCents: 3_000 },
    ],
    note: 'The same team every Tuesday morning.',
    frequency: 'weekly',
    subtotalCents: 25_500,
    discountPercent: 15,
    discountCents: 3_825,
    totalCents: 21_675,
    gstCents: 1_970,
    mailId: 'mail-richmond-weekly-1',
  },
  request: {
    ...quotedRequest,
    id: 'request-richmond-weekly',
    reference: 'CQ-2026-0322',
    serviceType: 'regular-clean',
  },
  latestSentVersion: 1,
};

/** Every standing of the quote the customer can open its page in. */
export const customerQuotes = {
  /** Sent and still valid: the three answer forms show. */
  sent: quoteWith({}),
  accepted: quoteWith({
    status: 'accepted',
    viewedAt: new Date('2026-03-10T09:02:00Z'),
    answeredAt: new Date('2026-03-11T08:40:00Z'),
    acceptedName: 'Priya Raman',
  }),
  changesRequested: quoteWith({
    status: 'changes-requested',
    viewedAt: new Date('2026-03-10T09:02:00Z'),
    answeredAt: new Date('2026-03-11T08:40:00Z'),
    answerText: 'Could you skip the oven? The agent says it is already clean.',
  }),
  declined: quoteWith({
    status: 'declined',
    viewedAt: new Date('2026-03-10T09:02:00Z'),
    answeredAt: new Date('2026-03-11T08:40:00Z'),
    answerText: 'We found someone closer.',
  }),
  /** Never answered, and its valid-until day has passed. */
  expired: quoteWith({ validUntil: '2026-03-09', sentAt: new Date('2026-02-23T03:15:00Z') }),
  /** Version 1, after version 2 was sent: it can no longer be accepted. */
  superseded: quoteWith({ status: 'superseded' }, 2),
  /** A regular clean every week: the discount line and the total per visit. */
  weekly: weeklyQuote,
} as const satisfies Record<string, CustomerQuote>;

/** A standing of the quote, by its fixture's name. */
export type CustomerQuoteState = keyof typeof customerQuotes;
