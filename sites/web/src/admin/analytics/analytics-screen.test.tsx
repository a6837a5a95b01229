// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteState } from '../../state/site-state.ts';
import { createStaffQueryClient } from '../lib/query-client.ts';
import { melbourneDayFromToday } from './analytics-labels.ts';
import { AnalyticsScreen } from './analytics-screen.tsx';

/*
 * The screen in a DOM, its report read from a stand-in for GET /api/analytics/report giving the
 * API's own JSON shape (the e2e test reads the real server's).
 */

/** A day's report as the API answers it: nothing happened unless `changes` says so. */
function reportOf(date: string, changes: Record<string, unknown> = {}) {
  return {
    date,
    totalViews: 0,
    weeklyComparison: { views: 0, weekEarlierDate: '2026-11-21', weekEarlierViews: 0, changePercent: null },
    pageBreakdown: [],
    contactRequests: [],
    contactRequestCount: 0,
    inboxUrl: `https://clean.example/admin?from=${date}&to=${date}`,
    uniqueVisitors: 0,
    referrers: [],
    funnel: [{ step: 'started', reached: 0, dropOff: 0 }],
    failedSubmissions: 0,
    daily: [],
    quotesSent: 0,
    quotesAccepted: 0,
    acceptancePercent: null,
    medianHoursToQuote: null,
    visitsBooked: 0,
    visitsFollowingDay: 0,
    ...changes,
  };
}

let asked: string[] = [];
let changes: Record<string, unknown> = {};

beforeEach(() => {
  resetSiteState();
  asked = [];
  changes = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      expect(url.pathname).toBe('/api/analytics/report');
      const date = url.searchParams.get('date') ?? '';
      asked.push(date);
      return new Response(JSON.stringify(reportOf(date, changes)), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderScreen() {
  return render(
    <QueryClientProvider client={createStaffQueryClient()}>
      <AnalyticsScreen />
    </QueryClientProvider>,
  );
}

describe('/analytics', () => {
  it("opens on today's report", async () => {
    renderScreen();
    const today = melbourneDayFromToday(0);
    expect(screen.getByLabelText('Date')).toHaveProperty('value', today);
    await screen.findByText('No visits recorded on this day');
    expect(asked).toEqual([today]);
  });

  it('says a day without visits in one sentence instead of a row of zeros', async () => {
    renderScreen();
    await screen.findByText('No visits recorded on this day');
    expect(screen.queryByText('Page views', { selector: 'dt' })).toBeNull();
    expect(screen.queryByText('Unique visitors')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Quote wizard funnel' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Pages' })).toBeNull();
    // What staff did that day is still told.
    expect(screen.getByRole('heading', { name: 'Priced quotes' })).toBeTruthy();
    expect(screen.getByText('No quote requests that day.')).toBeTruthy();
  });

  it("shows a visited day's totals, pages and funnel", async () => {
    changes = {
      totalViews: 3,
      uniqueVisitors: 2,
      pageBreakdown: [{ page: 'Home', count: 3 }],
      funnel: [{ step: 'started', reached: 1, dropOff: 1 }],
    };
    renderScreen();
    await screen.findByText('Page views', { selector: 'dt' });
    expect(screen.queryByText('No visits recorded on this day')).toBeNull();
    expect(screen.getByText('Unique visitors')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Quote wizard funnel' })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Home 3' })).toBeTruthy();
  });
});
