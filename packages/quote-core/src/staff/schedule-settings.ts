import { z } from 'zod';

/** A weekday key of the working hours, Sunday first ('0' Sunday … '6' Saturday). */
export const WEEKDAY_KEYS = ['0', '1', '2', '3', '4', '5', '6'] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

/** The weekdays' names, by key. */
export const WEEKDAY_NAMES: Readonly<Record<WeekdayKey, string>> = {
  '0': 'Sunday',
  '1': 'Monday',
  '2': 'Tuesday',
  '3': 'Wednesday',
  '4': 'Thursday',
  '5': 'Friday',
  '6': 'Saturday',
};

const time = z
  .string({ error: 'Use a time as HH:mm' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time as HH:mm, from 00:00 to 23:59');

const workingHours = z
  .object({ start: time, end: time })
  .refine((hours) => hours.end > hours.start, { path: ['end'], message: 'The end must be after the start' });

const calendarDay = z
  .string({ error: 'Use a date as yyyy-MM-dd' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as yyyy-MM-dd')
  .refine((day) => {
    const parsed = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day);
  }, 'Use a real calendar date');

const whole = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name}: use a whole number from ${min} to ${max}` })
    .int(`${name}: use a whole number from ${min} to ${max}`)
    .min(min, `${name}: use a whole number from ${min} to ${max}`)
    .max(max, `${name}: use a whole number from ${min} to ${max}`);

/** One team: its id once stored (a team sent without one is added), its name, and whether it works. */
export const scheduleTeam = z.object({
  id: z.string().min(1).max(100).optional(),
  name: z
    .string({ error: 'Give the team a name' })
    .trim()
    .min(1, 'Give the team a name')
    .max(60, 'Use at most 60 characters'),
  active: z.boolean({ error: 'Use true or false' }),
});

/**
 * GET and PUT /api/schedule/settings: the teams and the working time the customers' booking is
 * offered within, in Melbourne wall-clock time. No customer data.
 */
export const scheduleSettings = z
  .object({
    teams: z.array(scheduleTeam).min(1, 'Keep at least one team (make it inactive instead)').max(50),
    hours: z.strictObject(
      Object.fromEntries(WEEKDAY_KEYS.map((key) => [key, workingHours.nullable()])) as Record<
        WeekdayKey,
        z.ZodNullable<typeof workingHours>
      >,
      { error: 'Give hours for the weekdays 0 (Sunday) to 6 (Saturday) only' },
    ),
    windowMinutes: whole('The arrival window', 15, 1440),
    bufferMinutes: whole('The time between visits', 0, 240),
    minimumNoticeHours: whole('The minimum notice', 0, 8760),
    changeCutoffHours: whole('The cut-off for changes', 0, 168),
    horizonDays: whole('The days ahead', 1, 730),
    closedDates: z.array(calendarDay).max(1000),
  })
  .refine(
    (settings) =>
      new Set(settings.teams.map((team) => team.id).filter(Boolean)).size ===
      settings.teams.filter((team) => team.id).length,
    { path: ['teams'], message: 'A team is listed twice' },
  );

/** The settings as the API answers them (every team with its id). */
export interface ScheduleSettings {
  teams: { id: string; name: string; active: boolean }[];
  hours: Record<WeekdayKey, { start: string; end: string } | null>;
  windowMinutes: number;
  bufferMinutes: number;
  minimumNoticeHours: number;
  changeCutoffHours: number;
  horizonDays: number;
  closedDates: string[];
}
/** The settings as a PUT sends them (new teams without an id). */
export type ScheduleSettingsInput = z.input<typeof scheduleSettings>;

/**
 * Where a new business starts: Monday to Friday 08:00–17:00, Saturday 08:00–14:00, Sunday closed,
 * two-hour arrival windows, 30 minutes between visits, 24 hours' notice, changes online until 4
 * hours before, 60 days ahead. (The two teams are rows of their own.)
 */
export const DEFAULT_SCHEDULE_SETTINGS: Omit<ScheduleSettings, 'teams'> = {
  hours: {
    '0': null,
    '1': { start: '08:00', end: '17:00' },
    '2': { start: '08:00', end: '17:00' },
    '3': { start: '08:00', end: '17:00' },
    '4': { start: '08:00', end: '17:00' },
    '5': { start: '08:00', end: '17:00' },
    '6': { start: '08:00', end: '14:00' },
  },
  windowMinutes: 120,
  bufferMinutes: 30,
  minimumNoticeHours: 24,
  changeCutoffHours: 4,
  horizonDays: 60,
  closedDates: [],
};
