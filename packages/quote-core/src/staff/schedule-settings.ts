import { z } from 'zod';
import { isCalendarDay } from './quote-request-filters.ts';
import { requiredText } from './text-fields.ts';

/** A weekday key of the working hours, Sunday first ('0' Sunday … '6' Saturday), as Date#getDay counts. */
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

/** The weekdays as a Melbourne week reads them, Monday to Sunday (the settings form's order). */
export const WEEKDAYS_MONDAY_FIRST: readonly WeekdayKey[] = ['1', '2', '3', '4', '5', '6', '0'];

/** One open day's working time, Melbourne wall-clock 'HH:mm'; the end is after the start. */
export interface WorkingHours {
  start: string;
  end: string;
}

/** A team that goes out to clean; an inactive one keeps its visits but is offered no new ones. */
export interface ScheduleTeam {
  id: string;
  name: string;
  active: boolean;
}

/**
 * The teams and the working time the customers' booking is offered within, as GET
 * /api/schedule/settings answers it (every team with its id, in the business's order). No customer data.
 */
export interface ScheduleSettings {
  teams: ScheduleTeam[];
  /** Each weekday's hours, Sunday first; null when closed all day. */
  hours: Record<WeekdayKey, WorkingHours | null>;
  /** The arrival window a customer chooses; candidate starts are this far apart. */
  windowMinutes: number;
  /** Time kept free after each visit, to travel to the next. */
  bufferMinutes: number;
  /** How far ahead of now the first time offered starts (real hours, daylight saving or not). */
  minimumNoticeHours: number;
  /** Until how long before the window the customer may change or cancel online. */
  changeCutoffHours: number;
  /** How many days ahead times are offered (today plus this many). */
  horizonDays: number;
  /** Days nothing is offered on, 'yyyy-MM-dd' in Melbourne, ascending. */
  closedDates: string[];
}

/** The longest team name: it heads a column of the schedule. */
export const MAX_TEAM_NAME = 60;
/** Most teams one business keeps. */
export const MAX_TEAMS = 50;
/** Most closed dates one save carries: years of public holidays. */
export const MAX_CLOSED_DATES = 1000;

/** Each number's words and whole-number range; the settings form labels its fields with `label`. */
export const SCHEDULE_NUMBERS = {
  windowMinutes: {
    label: 'Arrival window (minutes)',
    name: 'Arrival window',
    unit: 'minutes',
    min: 15,
    max: 1440,
  },
  bufferMinutes: {
    label: 'Time between visits (minutes)',
    name: 'Time between visits',
    unit: 'minutes',
    min: 0,
    max: 240,
  },
  minimumNoticeHours: {
    label: 'Minimum notice (hours)',
    name: 'Minimum notice',
    unit: 'hours',
    min: 0,
    max: 8760,
  },
  changeCutoffHours: {
    label: 'Cut-off for changes (hours)',
    name: 'Cut-off for changes',
    unit: 'hours',
    min: 0,
    max: 168,
  },
  horizonDays: { label: 'Days ahead', name: 'Days ahead', unit: 'days', min: 1, max: 730 },
} as const;
export type ScheduleNumberField = keyof typeof SCHEDULE_NUMBERS;
/** The numbers in the form's order. */
export const SCHEDULE_NUMBER_FIELDS = Object.keys(SCHEDULE_NUMBERS) as ScheduleNumberField[];

const thousands = (value: number) => value.toLocaleString('en-AU');

/** A whole number of `unit` within its range, its messages naming the setting. */
function wholeNumber(field: ScheduleNumberField) {
  const { name, unit, min, max } = SCHEDULE_NUMBERS[field];
  const range = `${name}: use whole ${unit} from ${thousands(min)} to ${thousands(max)}`;
  return z
    .number({ error: `${name}: enter a number of ${unit}` })
    .int(range)
    .min(min, min === 0 ? `${name}: can’t be negative` : range)
    .max(max, field === 'windowMinutes' ? `${range} (a day at most)` : range);
}

/** 'HH:mm', 00:00 to 23:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Runs a check on a value that is at least an object, even while a part of it was refused. */
const isObjectValue = (payload: { value: unknown }) =>
  typeof payload.value === 'object' && payload.value !== null;

function workingHours(day: string) {
  const time = (which: string) =>
    z
      .string({ error: `${day} ${which}: use a time as HH:mm` })
      .regex(TIME_PATTERN, `${day} ${which}: use a time as HH:mm, from 00:00 to 23:59`);
  return z
    .object(
      { start: time('start'), end: time('end') },
      { error: `${day}: give its start and end, or null when closed` },
    )
    .refine(
      // A time already refused has its own message.
      (hours) => !TIME_PATTERN.test(hours.start) || !TIME_PATTERN.test(hours.end) || hours.end > hours.start,
      { path: ['end'], message: `${day} end: must be after the start`, when: isObjectValue },
    );
}

const closedDate = z
  .string({ error: 'Closed date: use a date as yyyy-MM-dd' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Closed date: use a date as yyyy-MM-dd')
  .refine(isCalendarDay, 'Closed date: use a real calendar date');

/** One team as PUT sends it: its id once stored (listed without one, it is added), its name, whether it works. */
export const scheduleTeam = z.object(
  {
    id: z.string({ error: 'Use the team’s id as GET gave it' }).min(1).max(100).optional(),
    name: requiredText(MAX_TEAM_NAME, 'Give the team a name', { label: 'The team name' }),
    active: z.boolean({ error: 'Active: use true or false' }),
  },
  { error: 'Teams: give each team its name and whether it is active' },
);

/** Each team once, and no two of one name (two columns of one name nobody could tell apart). */
function distinctTeams(list: { id?: string | undefined; name: string }[], ctx: z.core.$RefinementCtx) {
  const ids = new Set<string>();
  const names = new Set<string>();
  list.forEach((team, index) => {
    if (typeof team !== 'object' || team === null) return;
    if (typeof team.id === 'string') {
      if (ids.has(team.id)) {
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'This team is listed twice' });
      }
      ids.add(team.id);
    }
    // A name already refused carries no value here.
    if (typeof team.name !== 'string') return;
    const name = team.name.toLocaleLowerCase('en-AU');
    if (names.has(name)) {
      ctx.addIssue({ code: 'custom', path: [index, 'name'], message: 'Another team has this name' });
    }
    names.add(name);
  });
}

const hoursShape = Object.fromEntries(
  WEEKDAY_KEYS.map((key) => [key, workingHours(WEEKDAY_NAMES[key]).nullable()]),
) as Record<WeekdayKey, z.ZodNullable<ReturnType<typeof workingHours>>>;

/**
 * PUT /api/schedule/settings (and the settings form's check): the JSON GET answers, which replaces
 * the settings. A team without an id is new; a weekday is keyed '0' (Sunday) to '6' (Saturday), and
 * every weekday is given, null when closed. Closed dates come out once each, in order.
 */
export const scheduleSettings = z.object({
  teams: z
    .array(scheduleTeam, { error: 'Teams: give the list of teams' })
    .min(1, 'Keep at least one team: make a team inactive instead of removing it')
    .max(MAX_TEAMS, `Teams: at most ${MAX_TEAMS}`)
    // Checked even while another team's name is refused, so the form shows every problem at once.
    .superRefine(distinctTeams, { when: isObjectValue }),
  hours: z.strictObject(hoursShape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `There is no weekday ${issue.keys.join(', ')}: use 0 (Sunday) to 6 (Saturday)`
        : 'Give the hours of each weekday, 0 (Sunday) to 6 (Saturday)',
  }),
  windowMinutes: wholeNumber('windowMinutes'),
  bufferMinutes: wholeNumber('bufferMinutes'),
  minimumNoticeHours: wholeNumber('minimumNoticeHours'),
  changeCutoffHours: wholeNumber('changeCutoffHours'),
  horizonDays: wholeNumber('horizonDays'),
  closedDates: z
    .array(closedDate, { error: 'Closed dates: give a list of dates' })
    .max(MAX_CLOSED_DATES, `Closed dates: at most ${thousands(MAX_CLOSED_DATES)}`)
    .transform((days) => [...new Set(days)].sort()),
});
/** The settings as a PUT sends them (new teams without an id). */
export type ScheduleSettingsInput = z.input<typeof scheduleSettings>;
/** The settings as the schema gives them: checked, trimmed, closed dates once each in order. */
export type ScheduleSettingsUpdate = z.output<typeof scheduleSettings>;

/**
 * Where a new business starts: Monday to Friday 08:00–17:00, Saturday 08:00–14:00, Sunday closed,
 * two-hour arrival windows, 30 minutes between visits, 24 hours' notice, changes online until 4
 * hours before, 60 days ahead. (The teams are rows of their own; a new business has two.)
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

/**
 * A setting of the history in words: 'hours.6' is 'Saturday hours', 'windowMinutes' 'Arrival window
 * (minutes)', 'closedDates' 'Closed dates', 'teams' 'Teams'. A name it does not know stays as it is.
 */
export function scheduleSettingLabel(field: string): string {
  if (field === 'teams') return 'Teams';
  if (field === 'closedDates') return 'Closed dates';
  if (field.startsWith('hours.')) {
    const day = WEEKDAY_NAMES[field.slice('hours.'.length) as WeekdayKey];
    return day ? `${day} hours` : field;
  }
  return SCHEDULE_NUMBERS[field as ScheduleNumberField]?.label ?? field;
}
