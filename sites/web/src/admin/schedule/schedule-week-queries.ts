import { queryOptions } from '@tanstack/react-query';
import { type Answer, answer, staffApi } from '../lib/staff-api.ts';
import { weekDays } from '../lib/visit-times.ts';
import { scheduleKey } from '../lib/visits.ts';

/** GET /api/schedule's answer: the days asked for and their visits, every status, in time order. */
export type ScheduleAnswer = Answer<typeof staffApi.schedule.$get>;
/** One visit as the schedule lists it: the arrival window, the team, the customer. */
export type ScheduledVisit = ScheduleAnswer['visits'][number];

/** The visits of the Monday-to-Sunday week starting `monday` ('yyyy-MM-dd'). */
export function scheduleWeekQuery(monday: string) {
  const days = weekDays(monday);
  return queryOptions({
    queryKey: [...scheduleKey, 'week', monday] as const,
    queryFn: () =>
      answer(staffApi.schedule.$get({ query: { from: days[0] as string, to: days[6] as string } })),
    meta: { errorTitle: 'Schedule Unavailable', errorFallback: 'The week’s visits could not be loaded.' },
  });
}
