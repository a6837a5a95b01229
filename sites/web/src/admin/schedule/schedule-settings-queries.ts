import type { ScheduleSettingsInput } from '@cleanquote/quote-core/staff';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, answer, staffApi } from '../lib/staff-api.ts';
import { scheduleKey } from '../lib/visits.ts';

/** GET /api/schedule/settings: the working time and the teams, every team with its id. */
export type ScheduleSettingsAnswer = Answer<typeof staffApi.schedule.settings.$get>;
/** One change of the settings, as GET /api/schedule/settings/history lists them (newest first). */
export type ScheduleSettingChange = Answer<typeof staffApi.schedule.settings.history.$get>[number];

/**
 * The settings' query keys, under the schedule's own: a visit's form reads the teams under
 * `settings` too (lib/schedule-teams-query.ts), so a saved team shows there at once.
 */
export const scheduleSettingsKeys = {
  settings: [...scheduleKey, 'settings'] as const,
  history: [...scheduleKey, 'settings', 'history'] as const,
};

/** The settings, as their form reads them (a failure is toasted). */
export const scheduleSettingsQuery = queryOptions({
  queryKey: scheduleSettingsKeys.settings,
  queryFn: () => answer(staffApi.schedule.settings.$get()),
  meta: {
    errorTitle: 'Settings Unavailable',
    errorFallback: 'The working time and teams could not be loaded.',
  },
});

/** Every change of the settings, newest first. */
export const scheduleSettingsHistoryQuery = queryOptions({
  queryKey: scheduleSettingsKeys.history,
  queryFn: () => answer(staffApi.schedule.settings.history.$get()),
  meta: {
    errorTitle: 'Changes Unavailable',
    errorFallback: 'The changes to the settings could not be loaded.',
  },
});

/**
 * 'Save settings' (PUT /api/schedule/settings): the whole settings. The settings and their history
 * are read again, and with them the week (an inactive team's name, a renamed one); the form shows the
 * server's messages at its fields itself.
 */
export function useSaveScheduleSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: ScheduleSettingsInput) =>
      answer(staffApi.schedule.settings.$put({ json: settings })),
    onSuccess: (saved) => {
      client.setQueryData(scheduleSettingsKeys.settings, saved);
      return client.invalidateQueries({ queryKey: scheduleKey });
    },
  });
}
