import { DEFAULT_SCHEDULE_SETTINGS } from '@cleanquote/quote-core/staff';
import { HttpResponse, http } from 'msw';
import type {
  ScheduleSettingChange,
  ScheduleSettingsAnswer,
} from '../../sites/web/src/admin/schedule/schedule-settings-queries.ts';
import type { ScheduleAnswer } from '../../sites/web/src/admin/schedule/schedule-week-queries.ts';
import { signedIn } from './staff-story-support.tsx';

/*
 * The working time and teams on /schedule, as GET /api/schedule/settings and its history answer:
 * the settings a business starts with, and Kate's change of Saturday's hours. The week above them is
 * empty: its visits have stories of their own.
 */

/** The settings a new business starts with: its two teams, Mon–Fri 8–5, Sat 8–2, Sunday closed. */
export const startingSettings = {
  ...DEFAULT_SCHEDULE_SETTINGS,
  teams: [
    { id: 'team-1', name: 'Team 1', active: true },
    { id: 'team-2', name: 'Team 2', active: true },
  ],
} satisfies ScheduleSettingsAnswer;

/** Kate shortened Saturday from 8–4 to 8–2. */
export const saturdayShortened = {
  id: 'schedule-change-1103',
  at: '2026-11-03T00:45:00.000Z',
  actor: { name: 'Kate', email: 'kate@sparkleclean.example' },
  field: 'hours.6',
  label: 'Saturday hours',
  oldValue: { start: '08:00', end: '16:00' },
  newValue: { start: '08:00', end: '14:00' },
} satisfies ScheduleSettingChange;

/** An empty week, whichever week is asked for. */
const emptyWeek = http.get('/api/schedule', ({ request }) => {
  const url = new URL(request.url);
  return HttpResponse.json({
    from: url.searchParams.get('from') ?? '',
    to: url.searchParams.get('to') ?? '',
    now: '2026-11-28T00:00:00.000Z',
    visits: [],
  } satisfies ScheduleAnswer);
});

/** The screen's answers: signed in, an empty week, these settings and this history. */
export function scheduleSettingsAnswers(
  settings: ScheduleSettingsAnswer = startingSettings,
  history: ScheduleSettingChange[] = [],
  ...first: ReturnType<typeof http.put>[]
) {
  return [
    ...first,
    signedIn,
    emptyWeek,
    http.get('/api/schedule/settings', () => HttpResponse.json(settings)),
    http.get('/api/schedule/settings/history', () => HttpResponse.json(history)),
  ];
}
