// @vitest-environment happy-dom
import { DEFAULT_SCHEDULE_SETTINGS } from '@cleanquote/quote-core/staff';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteState } from '../../state/site-state.ts';
import { createStaffQueryClient, quoteDataLocked } from '../lib/query-client.ts';
import { jsonAnswer as json, stubStaffApi } from '../lib/staff-api.test-support.ts';
import { ScheduleScreen } from './schedule-screen.tsx';
import type { ScheduleSettingsAnswer } from './schedule-settings-queries.ts';

/* /schedule against a stand-in for the API's fetch: the week above, the settings below. */

const settings: ScheduleSettingsAnswer = {
  ...DEFAULT_SCHEDULE_SETTINGS,
  teams: [{ id: 'team-1', name: 'Team 1', active: true }],
};

beforeEach(() => {
  resetSiteState();
  quoteDataLocked.value = false;
  stubStaffApi({
    // The visits name customers: a session that has not unlocked the quote dashboard gets a 403.
    'GET /api/schedule': () =>
      json(403, { error: 'The quote dashboard is locked.', locked: true, requestId: 'r' }),
    'GET /api/schedule/settings': () => json(200, settings),
    'GET /api/schedule/settings/history': () => json(200, []),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  quoteDataLocked.value = false;
});

describe('the schedule screen', () => {
  it('asks for the quote dashboard’s password for the week, and shows the settings all the same', async () => {
    render(
      <QueryClientProvider client={createStaffQueryClient()}>
        <ScheduleScreen />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Schedule' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Save settings' })).toBeTruthy();
    expect(await screen.findByLabelText(/password/i)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Working time and teams' })).toBeTruthy();
    expect(
      await screen.findByText(
        'No setting has been changed yet: the working time and teams are the ones the business started with.',
      ),
    ).toBeTruthy();
  });
});
