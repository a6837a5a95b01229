import {
  SCHEDULE_NUMBER_FIELDS,
  SCHEDULE_NUMBERS,
  type ScheduleNumberField,
  type ScheduleSettings,
  type ScheduleSettingsInput,
  scheduleSettings,
  WEEKDAY_KEYS,
  WEEKDAY_NAMES,
  WEEKDAYS_MONDAY_FIRST,
  type WeekdayKey,
} from '@cleanquote/quote-core/staff';
import { type FieldErrors, type Resolver, set } from 'react-hook-form';
import { typedCount } from '../lib/typed-dollars.ts';

/** One weekday in the form: open or not, and its times (kept while closed, for when it opens again). */
export interface DayValues {
  open: boolean;
  start: string;
  end: string;
}

/** One team in the form: `teamId` is '' for a team added on the form (the server gives it its id). */
export interface TeamValues {
  teamId: string;
  name: string;
  active: boolean;
}

/**
 * The settings form's values. Each field's name is the path the server's 400 names ('hours.6.end',
 * 'windowMinutes', 'closedDates.0', 'teams.1.name'), so the server's messages land on the same field:
 * `hours` is a list by weekday number, Sunday first, as the weekday keys count.
 */
export interface ScheduleFormValues {
  hours: DayValues[];
  windowMinutes: string;
  bufferMinutes: string;
  minimumNoticeHours: string;
  changeCutoffHours: string;
  horizonDays: string;
  closedDates: string[];
  /** The date in 'Add a closed date', not yet added to the list. */
  newClosedDate: string;
  teams: TeamValues[];
}

/** The times a day starts with when it is opened on the form and had none. */
export const OPENING_HOURS = { start: '08:00', end: '17:00' } as const;

/** The form's values of saved settings. */
export function scheduleFormValues(settings: ScheduleSettings): ScheduleFormValues {
  return {
    hours: WEEKDAY_KEYS.map((key) => {
      const hours = settings.hours[key];
      return hours ? { open: true, ...hours } : { open: false, start: '', end: '' };
    }),
    windowMinutes: String(settings.windowMinutes),
    bufferMinutes: String(settings.bufferMinutes),
    minimumNoticeHours: String(settings.minimumNoticeHours),
    changeCutoffHours: String(settings.changeCutoffHours),
    horizonDays: String(settings.horizonDays),
    closedDates: [...settings.closedDates],
    newClosedDate: '',
    teams: settings.teams.map((team) => ({ teamId: team.id, name: team.name, active: team.active })),
  };
}

/**
 * The JSON PUT /api/schedule/settings takes, from the form's values: a closed day is null, a number
 * that is no number at all is left out (the schema then asks for one), a date still in 'Add a closed
 * date' is added, and a team added on the form goes without an id.
 */
export function settingsOfForm(values: ScheduleFormValues): ScheduleSettingsInput {
  const number = (field: ScheduleNumberField) => {
    const count = typedCount(values[field] ?? '');
    return Number.isNaN(count) ? (undefined as unknown as number) : count;
  };
  const pending = values.newClosedDate.trim();
  return {
    teams: values.teams.map((team) => ({
      ...(team.teamId ? { id: team.teamId } : {}),
      name: team.name,
      active: team.active,
    })),
    hours: Object.fromEntries(
      WEEKDAY_KEYS.map((key, index) => {
        const day = values.hours[index];
        return [key, day?.open ? { start: day.start, end: day.end } : null];
      }),
    ) as ScheduleSettingsInput['hours'],
    windowMinutes: number('windowMinutes'),
    bufferMinutes: number('bufferMinutes'),
    minimumNoticeHours: number('minimumNoticeHours'),
    changeCutoffHours: number('changeCutoffHours'),
    horizonDays: number('horizonDays'),
    closedDates: pending ? [...values.closedDates, pending] : values.closedDates,
  };
}

/**
 * The form's field for each path of the server's (or the schema's) messages: the same path, except a
 * message about a whole list, which stands at its `root` ('teams' → 'teams.root'), and a team's id,
 * which stands at its row ('teams.1.id' → 'teams.1.teamId').
 */
export function formPathOf(serverPath: string): string {
  if (serverPath === 'teams' || serverPath === 'closedDates' || serverPath === 'hours')
    return `${serverPath}.root`;
  return serverPath.replace(/^teams\.(\d+)\.id$/, 'teams.$1.teamId');
}

/** The server's name of a form's field: {@link formPathOf} the other way. */
export function serverPathOf(formPath: string): string {
  if (formPath.endsWith('.root')) return formPath.slice(0, -'.root'.length);
  return formPath.replace(/^teams\.(\d+)\.teamId$/, 'teams.$1.id');
}

/** Every field that can carry a message, in the screen's order: the days Monday first, the numbers, the dates, the teams. */
export function formFieldOrder(values: Pick<ScheduleFormValues, 'closedDates' | 'teams'>): string[] {
  return [
    'hours.root',
    ...WEEKDAYS_MONDAY_FIRST.flatMap((key) => [`hours.${key}`, `hours.${key}.start`, `hours.${key}.end`]),
    ...SCHEDULE_NUMBER_FIELDS,
    'closedDates.root',
    ...values.closedDates.map((_, index) => `closedDates.${index}`),
    // The date still in 'Add a closed date' is sent last.
    `closedDates.${values.closedDates.length}`,
    'teams.root',
    ...values.teams.flatMap((_, index) => [`teams.${index}.name`, `teams.${index}.teamId`]),
  ];
}

/**
 * The settings form's check: the form's values as the JSON PUT takes, judged by the server's own
 * schema, so each field shows the server's own message ('Saturday end: must be after the start')
 * before any request. A message about the date still in 'Add a closed date' stands at that field.
 */
export const scheduleFormResolver: Resolver<ScheduleFormValues, unknown, ScheduleSettingsInput> = async (
  values,
) => {
  const settings = settingsOfForm(values);
  const result = scheduleSettings.safeParse(settings);
  if (result.success) return { values: settings, errors: {} };
  const errors: FieldErrors<ScheduleFormValues> = {};
  const pendingIndex = values.newClosedDate.trim() ? values.closedDates.length : -1;
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    const field = path === `closedDates.${pendingIndex}` ? 'newClosedDate' : formPathOf(path || 'hours');
    if (!readPath(errors, field)) set(errors, field, { type: 'validate', message: issue.message });
  }
  return { values: {}, errors };
};

const readPath = (values: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((at, step) => (at as Record<string, unknown> | undefined)?.[step], values);

/** The weekday names, by the form's index (its number, Sunday first). */
export const dayName = (index: number): string => WEEKDAY_NAMES[String(index) as WeekdayKey];

const dayFormat = new Intl.DateTimeFormat('en-AU', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A closed date in words: '2026-12-25' is 'Friday 25 December 2026'. */
export function closedDateText(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    dayFormat.formatToParts(date).find((entry) => entry.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

/** A closed date as the history lists it: '2026-12-25' is '25/12/2026', as the admin writes dates. */
const shortDate = (day: string) => {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}/${month}/${year}` : day;
};

const isHours = (value: unknown): value is { start: string; end: string } =>
  typeof value === 'object' && value !== null && 'start' in value && 'end' in value;

const isTeam = (value: unknown): value is { id: string; name: string; active: boolean } =>
  typeof value === 'object' && value !== null && 'name' in value;

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((each): each is string => typeof each === 'string') : [];

/** A team list in words: 'Team 1, Team 2 (inactive)'; 'none' when empty. */
function teamsText(value: unknown): string {
  const teams = Array.isArray(value) ? value.filter(isTeam) : [];
  if (teams.length === 0) return 'none';
  return teams.map((team) => (team.active ? team.name : `${team.name} (inactive)`)).join(', ');
}

/** A value of a setting in words, as the history shows it ('08:00–14:00', 'Closed', '120 minutes'). */
export function settingValueText(field: string, value: unknown): string {
  if (field.startsWith('hours.')) return isHours(value) ? `${value.start}–${value.end}` : 'Closed';
  if (field === 'teams') return teamsText(value);
  if (field === 'closedDates') {
    const days = stringList(value);
    return days.length === 0 ? 'none' : days.map(shortDate).join(', ');
  }
  const number = SCHEDULE_NUMBERS[field as ScheduleNumberField];
  if (number && typeof value === 'number') {
    const unit = value === 1 ? number.unit.replace(/s$/, '') : number.unit;
    return `${value.toLocaleString('en-AU')} ${unit}`;
  }
  return JSON.stringify(value) ?? '';
}

/**
 * What a change did, in words: the closed dates as the days added and removed ('added 25/12/2026;
 * removed 01/01/2026'), since the whole list says little; anything else as 'old → new'.
 */
export function settingChangeText(field: string, oldValue: unknown, newValue: unknown): string {
  if (field === 'closedDates') {
    const before = new Set(stringList(oldValue));
    const after = new Set(stringList(newValue));
    const added = [...after].filter((day) => !before.has(day)).map(shortDate);
    const removed = [...before].filter((day) => !after.has(day)).map(shortDate);
    return [
      ...(added.length > 0 ? [`added ${added.join(', ')}`] : []),
      ...(removed.length > 0 ? [`removed ${removed.join(', ')}`] : []),
    ].join('; ');
  }
  return `${settingValueText(field, oldValue)} → ${settingValueText(field, newValue)}`;
}

/** How many settings differ between two versions (each day's hours one, each number one, the dates, the teams). */
export function changedSettingCount(before: ScheduleSettings, after: ScheduleSettings): number {
  const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
  return (
    WEEKDAY_KEYS.filter((key) => differs(before.hours[key], after.hours[key])).length +
    SCHEDULE_NUMBER_FIELDS.filter((field) => before[field] !== after[field]).length +
    (differs(before.closedDates, after.closedDates) ? 1 : 0) +
    (differs(before.teams, after.teams) ? 1 : 0)
  );
}
