import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors.ts';
import {
  DEFAULT_SCHEDULE_SETTINGS,
  MAX_TEAM_NAME,
  type ScheduleSettingsInput,
  scheduleSettingLabel,
  scheduleSettings,
} from './schedule-settings.ts';

const teams = [
  { id: 'team-1', name: 'Team 1', active: true },
  { id: 'team-2', name: 'Team 2', active: true },
];

/** The defaults with the two first teams, changed by `change`. */
function settingsWith(change: (settings: Record<string, unknown>) => void = () => {}): unknown {
  const settings = structuredClone({ ...DEFAULT_SCHEDULE_SETTINGS, teams }) as Record<string, unknown>;
  change(settings);
  return settings;
}

/** The messages of a refused body, by field; {} when it is accepted. */
function problems(body: unknown): Record<string, string> {
  const result = scheduleSettings.safeParse(body);
  return result.success ? {} : fieldErrors(result.error);
}

const hours = (settings: Record<string, unknown>) => settings.hours as Record<string, unknown>;

describe('the schedule settings', () => {
  it('takes the defaults as GET gives them, and a team without an id as a new one', () => {
    const result = scheduleSettings.parse(
      settingsWith((settings) => {
        (settings.teams as object[]).push({ name: '  Team 3 ', active: false });
      }),
    );
    expect(result.teams[2]).toEqual({ name: 'Team 3', active: false });
    expect(result.hours['6']).toEqual({ start: '08:00', end: '14:00' });
    expect(result.hours['0']).toBeNull();
  });

  it('keeps each closed date once, in order', () => {
    const result = scheduleSettings.parse(
      settingsWith((settings) => {
        settings.closedDates = ['2026-12-26', '2026-12-25', '2026-12-26'];
      }),
    );
    expect(result.closedDates).toEqual(['2026-12-25', '2026-12-26']);
  });

  it('refuses a day whose end is not after its start, naming the day and its end', () => {
    expect(
      problems(
        settingsWith((settings) => {
          hours(settings)['6'] = { start: '14:00', end: '14:00' };
        }),
      ),
    ).toEqual({ 'hours.6.end': 'Saturday end: must be after the start' });
  });

  it('refuses a time that is not HH:mm', () => {
    for (const time of ['8:00', '24:00', '08:60', '0800', '']) {
      expect(
        problems(
          settingsWith((settings) => {
            hours(settings)['1'] = { start: time, end: '17:00' };
          }),
        ),
      ).toEqual({ 'hours.1.start': 'Monday start: use a time as HH:mm, from 00:00 to 23:59' });
    }
  });

  it('refuses a weekday it does not know, and a weekday left out', () => {
    expect(
      problems(
        settingsWith((settings) => {
          hours(settings)['7'] = null;
        }),
      ),
    ).toEqual({ hours: 'There is no weekday 7: use 0 (Sunday) to 6 (Saturday)' });
    expect(
      problems(
        settingsWith((settings) => {
          delete hours(settings)['3'];
        }),
      ),
    ).toEqual({ 'hours.3': 'Wednesday: give its start and end, or null when closed' });
  });

  it('keeps each number within its range, in whole units, naming the setting', () => {
    const cases: [string, unknown, string][] = [
      ['windowMinutes', 1441, 'Arrival window: use whole minutes from 15 to 1,440 (a day at most)'],
      ['windowMinutes', 10, 'Arrival window: use whole minutes from 15 to 1,440'],
      ['windowMinutes', 90.5, 'Arrival window: use whole minutes from 15 to 1,440'],
      ['bufferMinutes', 241, 'Time between visits: use whole minutes from 0 to 240'],
      ['minimumNoticeHours', -1, 'Minimum notice: can’t be negative'],
      ['minimumNoticeHours', 8761, 'Minimum notice: use whole hours from 0 to 8,760'],
      ['changeCutoffHours', -4, 'Cut-off for changes: can’t be negative'],
      ['changeCutoffHours', 169, 'Cut-off for changes: use whole hours from 0 to 168'],
      ['horizonDays', 0, 'Days ahead: use whole days from 1 to 730'],
      ['horizonDays', 731, 'Days ahead: use whole days from 1 to 730'],
      ['horizonDays', '60', 'Days ahead: enter a number of days'],
    ];
    for (const [field, value, message] of cases) {
      expect(
        problems(
          settingsWith((settings) => {
            settings[field] = value;
          }),
        ),
      ).toEqual({ [field]: message });
    }
    // The ends of each range are allowed.
    expect(
      problems(
        settingsWith((settings) => {
          Object.assign(settings, {
            windowMinutes: 1440,
            bufferMinutes: 0,
            minimumNoticeHours: 8760,
            changeCutoffHours: 0,
            horizonDays: 730,
          });
        }),
      ),
    ).toEqual({});
  });

  it('refuses a closed date that is malformed or not in the calendar, naming its place in the list', () => {
    expect(
      problems(
        settingsWith((settings) => {
          settings.closedDates = ['2026-12-25', '25/12/2026', '2026-02-30'];
        }),
      ),
    ).toEqual({
      'closedDates.1': 'Closed date: use a date as yyyy-MM-dd',
      'closedDates.2': 'Closed date: use a real calendar date',
    });
  });

  it('keeps at least one team, each with a name of its own; all may be inactive', () => {
    expect(
      problems(
        settingsWith((settings) => {
          settings.teams = [];
        }),
      ),
    ).toEqual({ teams: 'Keep at least one team: make a team inactive instead of removing it' });
    expect(
      problems(
        settingsWith((settings) => {
          settings.teams = [
            { id: 'team-1', name: ' ', active: true },
            { id: 'team-2', name: 'x'.repeat(MAX_TEAM_NAME + 1), active: true },
            { name: 'team 2', active: true },
            { name: 'Team 2', active: true },
          ];
        }),
      ),
    ).toEqual({
      'teams.0.name': 'Give the team a name',
      'teams.1.name': `At most ${MAX_TEAM_NAME} characters`,
      'teams.3.name': 'Another team has this name',
    });
    expect(
      problems(
        settingsWith((settings) => {
          settings.teams = teams.map((team) => ({ ...team, active: false }));
        }),
      ),
    ).toEqual({});
  });

  it('takes the input type the form sends', () => {
    const input: ScheduleSettingsInput = {
      ...DEFAULT_SCHEDULE_SETTINGS,
      teams: [{ name: 'Team A', active: true }],
    };
    expect(scheduleSettings.safeParse(input).success).toBe(true);
  });
});

describe('a setting in words', () => {
  it('names each setting of the history as the form labels it', () => {
    expect(scheduleSettingLabel('hours.6')).toBe('Saturday hours');
    expect(scheduleSettingLabel('hours.0')).toBe('Sunday hours');
    expect(scheduleSettingLabel('windowMinutes')).toBe('Arrival window (minutes)');
    expect(scheduleSettingLabel('bufferMinutes')).toBe('Time between visits (minutes)');
    expect(scheduleSettingLabel('minimumNoticeHours')).toBe('Minimum notice (hours)');
    expect(scheduleSettingLabel('changeCutoffHours')).toBe('Cut-off for changes (hours)');
    expect(scheduleSettingLabel('horizonDays')).toBe('Days ahead');
    expect(scheduleSettingLabel('closedDates')).toBe('Closed dates');
    expect(scheduleSettingLabel('teams')).toBe('Teams');
    expect(scheduleSettingLabel('hours.9')).toBe('hours.9');
  });
});
