import { DEFAULT_SCHEDULE_SETTINGS, type ScheduleSettings } from '@cleanquote/quote-core/staff';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  changedSettingCount,
  closedDateText,
  formPathOf,
  type ScheduleFormValues,
  scheduleFormResolver,
  scheduleFormValues,
  serverPathOf,
  settingChangeText,
  settingsOfForm,
} from './schedule-settings-values.ts';

const settings: ScheduleSettings = {
  ...DEFAULT_SCHEDULE_SETTINGS,
  teams: [
    { id: 'team-1', name: 'Team 1', active: true },
    { id: 'team-2', name: 'Team 2', active: false },
  ],
  closedDates: ['2026-12-25'],
};

const check = (values: ScheduleFormValues) =>
  scheduleFormResolver(values, undefined, {} as ResolverOptions<ScheduleFormValues>);

describe('the settings form’s values', () => {
  it('gives back the settings they were made from, a team added on the form without an id', () => {
    const values = scheduleFormValues(settings);
    expect(settingsOfForm(values)).toEqual(settings);
    values.teams.push({ teamId: '', name: 'Team 3', active: true });
    expect(settingsOfForm(values).teams[2]).toEqual({ name: 'Team 3', active: true });
  });

  it('keeps a closed day’s times on the form, and sends the day as null', () => {
    const values = scheduleFormValues(settings);
    expect(values.hours[0]).toEqual({ open: false, start: '', end: '' });
    values.hours[6] = { open: false, start: '08:00', end: '14:00' };
    expect(settingsOfForm(values).hours['6']).toBeNull();
  });

  it('sends a date still in "New closed date" with the list', () => {
    const values = { ...scheduleFormValues(settings), newClosedDate: '2026-12-26' };
    expect(settingsOfForm(values).closedDates).toEqual(['2026-12-25', '2026-12-26']);
  });

  it('shows the server’s own messages at the fields, before any request', async () => {
    const values = scheduleFormValues(settings);
    values.hours[6] = { open: true, start: '14:00', end: '09:00' };
    values.windowMinutes = 'two hours';
    values.minimumNoticeHours = '-1';
    values.teams[1] = { teamId: 'team-2', name: '', active: true };
    const { errors } = await check(values);
    expect(errors).toMatchObject({
      hours: { 6: { end: { message: 'Saturday end: must be after the start' } } },
      windowMinutes: { message: 'Arrival window: enter a number of minutes' },
      minimumNoticeHours: { message: 'Minimum notice: can’t be negative' },
      teams: { 1: { name: { message: 'Give the team a name' } } },
    });
  });

  it('puts a message about the whole team list at the list, and one about a date being added at its field', async () => {
    const values = { ...scheduleFormValues(settings), teams: [], newClosedDate: '2026-02-30' };
    const { errors } = await check(values);
    expect(errors).toMatchObject({
      teams: { root: { message: 'Keep at least one team: make a team inactive instead of removing it' } },
      newClosedDate: { message: 'Closed date: use a real calendar date' },
    });
  });

  it('names the fields as the server does, and the other way', () => {
    for (const [server, form] of [
      ['teams', 'teams.root'],
      ['closedDates', 'closedDates.root'],
      ['teams.2.id', 'teams.2.teamId'],
      ['teams.2.name', 'teams.2.name'],
      ['hours.6.end', 'hours.6.end'],
      ['windowMinutes', 'windowMinutes'],
    ]) {
      expect(formPathOf(server as string)).toBe(form);
      expect(serverPathOf(form as string)).toBe(server);
    }
  });
});

describe('the settings’ changes in words', () => {
  it('says each kind of value as staff read it', () => {
    expect(
      settingChangeText('hours.6', { start: '08:00', end: '14:00' }, { start: '09:00', end: '13:00' }),
    ).toBe('08:00–14:00 → 09:00–13:00');
    expect(settingChangeText('hours.0', null, { start: '10:00', end: '14:00' })).toBe('Closed → 10:00–14:00');
    expect(settingChangeText('windowMinutes', 120, 90)).toBe('120 minutes → 90 minutes');
    expect(settingChangeText('minimumNoticeHours', 24, 1)).toBe('24 hours → 1 hour');
    expect(settingChangeText('horizonDays', 60, 365)).toBe('60 days → 365 days');
    expect(settingChangeText('closedDates', ['2026-01-01'], ['2026-12-25', '2026-12-26'])).toBe(
      'added 25/12/2026, 26/12/2026; removed 01/01/2026',
    );
    expect(
      settingChangeText(
        'teams',
        [{ id: 'team-1', name: 'Team 1', active: true }],
        [
          { id: 'team-1', name: 'North', active: false },
          { id: 'x', name: 'Team 3', active: true },
        ],
      ),
    ).toBe('Team 1 → North (inactive), Team 3');
  });

  it('writes a closed date with its weekday', () => {
    expect(closedDateText('2026-12-25')).toBe('Friday 25 December 2026');
  });

  it('counts each day, number, the dates and the teams once', () => {
    const after: ScheduleSettings = {
      ...settings,
      hours: { ...settings.hours, '6': null, '0': { start: '09:00', end: '12:00' } },
      windowMinutes: 60,
      closedDates: [],
    };
    expect(changedSettingCount(settings, after)).toBe(4);
    expect(changedSettingCount(settings, settings)).toBe(0);
  });
});
