import { HttpResponse, http } from 'msw';
import type { AnalyticsReport } from '../../sites/web/src/admin/analytics/analytics-queries.ts';

/*
 * One Melbourne day's report on /analytics, as GET /api/analytics/report answers it: a busy
 * Wednesday, and a day the site had no visitors at all.
 */

/** The 30 days up to `last`, oldest first, each with `views(i)` views and `quotes(i)` requests. */
function thirtyDays(
  last: string,
  views: (index: number) => number,
  quotes: (index: number) => number,
): AnalyticsReport['daily'] {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: 30 }, (_, index) => ({
    date: new Date(end - (29 - index) * 86_400_000).toISOString().slice(0, 10),
    views: views(index),
    quoteRequests: quotes(index),
  }));
}

/** Wednesday 11 March 2026: 412 views, four quote requests, two of them listed. */
export const busyDay = {
  date: '2026-03-11',
  totalViews: 412,
  uniqueVisitors: 187,
  weeklyComparison: { views: 412, weekEarlierDate: '2026-03-04', weekEarlierViews: 344, changePercent: 19.8 },
  pageBreakdown: [
    { page: 'Home', count: 168 },
    { page: '/service-form', count: 121 },
    { page: '/richmond', count: 47 },
    { page: '/st-kilda', count: 39 },
  ],
  referrers: [
    { host: 'www.google.com', count: 96 },
    { host: 'northsidesupport.example', count: 22 },
  ],
  funnel: [
    { step: 'started', reached: 121, dropOff: 18 },
    { step: 'service-type', reached: 103, dropOff: 30 },
    { step: 'contact-info', reached: 73, dropOff: 41 },
    { step: 'final-details', reached: 32, dropOff: 28 },
    { step: 'submitted', reached: 4, dropOff: 0 },
  ],
  failedSubmissions: 1,
  contactRequestCount: 4,
  contactRequests: [
    {
      id: 'request-richmond',
      reference: 'CQ-2026-0318',
      name: 'Priya Raman',
      phone: '0491 570 158',
      email: 'priya.raman@example.com',
      address: '14 Lennox Street, Richmond VIC 3121',
      service: 'end-of-lease',
      source: 'website',
      createdAt: '2026-03-11T05:42:00.000Z',
    },
    {
      id: 'request-brunswick',
      reference: 'CQ-2026-0317',
      name: 'Tom Nguyen',
      phone: '0491 570 159',
      email: 'tom.nguyen@example.com',
      address: '3/88 Sydney Road, Brunswick VIC 3056',
      service: 'regular-clean',
      source: 'partner:brunswick-realty',
      createdAt: '2026-03-11T01:10:00.000Z',
    },
  ],
  inboxUrl: 'https://sparkleclean.example/admin?from=2026-03-11&to=2026-03-11',
  daily: thirtyDays(
    '2026-03-11',
    (index) => 250 + ((index * 37) % 180),
    (index) => (index * 7) % 5,
  ),
  quotesSent: 5,
  quotesAccepted: 2,
  acceptancePercent: 40,
  medianHoursToQuote: 3.5,
  visitsBooked: 3,
  visitsFollowingDay: 5,
} as const satisfies AnalyticsReport;

/** A day without a single visit: every figure zero, every list empty. */
export const emptyDay = {
  date: '2026-03-11',
  totalViews: 0,
  uniqueVisitors: 0,
  weeklyComparison: { views: 0, weekEarlierDate: '2026-03-04', weekEarlierViews: 0, changePercent: null },
  pageBreakdown: [],
  referrers: [],
  funnel: [],
  failedSubmissions: 0,
  contactRequestCount: 0,
  contactRequests: [],
  inboxUrl: 'https://sparkleclean.example/admin?from=2026-03-11&to=2026-03-11',
  daily: thirtyDays(
    '2026-03-11',
    () => 0,
    () => 0,
  ),
  quotesSent: 0,
  quotesAccepted: 0,
  acceptancePercent: null,
  medianHoursToQuote: null,
  visitsBooked: 0,
  visitsFollowingDay: 0,
} as const satisfies AnalyticsReport;

/** GET /api/analytics/report answering `report` for whatever day is asked. */
export const reportAnswer = (report: AnalyticsReport) =>
  http.get('/api/analytics/report', () => HttpResponse.json(report));
