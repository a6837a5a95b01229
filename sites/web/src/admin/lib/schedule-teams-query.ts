import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientResponse } from 'hono/client';
import { answer, StaffApiError } from './staff-api.ts';
import { scheduleKey } from './visits.ts';

/** A team as the schedule's settings list it (GET /api/schedule/settings), in the business's order. */
export interface ScheduleTeam {
  id: string;
  name: string;
  active: boolean;
}

/** The schedule's settings as far as a visit's form needs them: the teams. */
interface ScheduleSettingsTeams {
  teams: ScheduleTeam[];
}

/** The schedule's settings (the same key the settings screen reads them under). */
export const scheduleSettingsQuery = queryOptions({
  queryKey: [...scheduleKey, 'settings'] as const,
  queryFn: async () => {
    const response = await fetch(new URL('/api/schedule/settings', window.location.origin), {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    }).catch(() => {
      throw new StaffApiError(0, 'The server could not be reached. Check the connection and try again.');
    });
    return answer(Promise.resolve(response as unknown as ClientResponse<ScheduleSettingsTeams, 200, 'json'>));
  },
});

/** The teams a visit may be given, in the business's order; none while they load (the form offers 'First free team'). */
export function useScheduleTeams(): readonly ScheduleTeam[] {
  const { data } = useQuery({
    ...scheduleSettingsQuery,
    select: (settings) => settings.teams,
    meta: { errorTitle: 'Teams Unavailable', errorFallback: 'The teams could not be loaded.' },
  });
  return data ?? [];
}
