import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, answer, staffApi } from './staff-api.ts';
import { scheduleKey } from './visits.ts';

/** GET /api/schedule/settings: the working time and the teams, in the business's order. */
export type ScheduleSettingsAnswer = Answer<typeof staffApi.schedule.settings.$get>;
/** A team as the schedule's settings list it. */
export type ScheduleTeam = ScheduleSettingsAnswer['teams'][number];

/**
 * The schedule's settings. Under the schedule's key, so a visit booked or a setting saved reads
 * them again; the screen that reads them says itself when they fail.
 */
export const scheduleSettingsQuery = queryOptions({
  queryKey: [...scheduleKey, 'settings'] as const,
  queryFn: () => answer(staffApi.schedule.settings.$get()),
});

/** The teams a visit may be given, in the business's order; none while they load (a form then offers 'First free team' only). */
export function useScheduleTeams(): readonly ScheduleTeam[] {
  const { data } = useQuery({
    ...scheduleSettingsQuery,
    select: (settings) => settings.teams,
    meta: { errorTitle: 'Teams Unavailable', errorFallback: 'The teams could not be loaded.' },
  });
  return data ?? [];
}
