// @vitest-environment happy-dom
import { DEFAULT_SCHEDULE_SETTINGS, type ScheduleSettingsInput } from '@cleanquote/quote-core/staff';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteState, toasts } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import { createStaffQueryClient } from '../lib/query-client.ts';
import {
  jsonAnswer as json,
  type PreparedAnswers,
  type SentCall,
  stubStaffApi,
} from '../lib/staff-api.test-support.ts';
import { ScheduleSettingsSection } from './schedule-settings-form.tsx';
import type { ScheduleSettingChange, ScheduleSettingsAnswer } from './schedule-settings-queries.ts';

/*
 * The settings form against a stand-in for the API's fetch, answering with bodies typed as the API's
 * own answers; the e2e spec runs it against the real server.
 */

let routes: PreparedAnswers = {};
let sent: SentCall[] = [];

const settings: ScheduleSettingsAnswer = {
  ...DEFAULT_SCHEDULE_SETTINGS,
  teams: [
    { id: 'team-1', name: 'Team 1', active: true },
    { id: 'team-2', name: 'Team 2', active: true },
  ],
};
const saturdayShorter: ScheduleSettingChange = {
  id: 'change-1',
  at: '2026-11-23T22:05:00.000Z',
  actor: { name: 'Sarah', email: 'owner@sparkleclean.example' },
  field: 'hours.6',
  label: 'Saturday hours',
  oldValue: { start: '08:00', end: '16:00' },
  newValue: { start: '08:00', end: '14:00' },
};

beforeEach(() => {
  resetSiteState();
  ({ routes, sent } = stubStaffApi({
    'GET /api/schedule/settings': () => json(200, settings),
    'GET /api/schedule/settings/history': () => json(200, [saturdayShorter]),
    'PUT /api/schedule/settings': (body) => json(200, { ...(body as object), teams: settings.teams }),
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  render(
    <QueryClientProvider client={createStaffQueryClient()}>
      <ScheduleSettingsSection />
    </QueryClientProvider>,
  );
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (input: HTMLInputElement, value: string) =>
  act(async () => fireEvent.input(input, { target: { value } }));
const click = (element: HTMLElement) => act(async () => fireEvent.click(element));
const save = () => click(screen.getByRole('button', { name: 'Save settings' }));
const sentSettings = () =>
  sent.filter((each) => each.call === 'PUT /api/schedule/settings').at(-1)?.body as
    | ScheduleSettingsInput
    | undefined;
const messageOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('the schedule settings form', () => {
  it('shows each weekday Monday first with its hours, the numbers and the teams as saved', async () => {
    renderForm();
    expect((await screen.findByLabelText('Open on Saturday')) as HTMLInputElement).toHaveProperty(
      'checked',
      true,
    );
    expect(field('Start on Saturday').value).toBe('08:00');
    expect(field('End on Saturday').value).toBe('14:00');
    expect(field('Open on Sunday').checked).toBe(false);
    expect(screen.queryByLabelText('Start on Sunday')).toBeNull();
    expect(
      screen.getAllByRole('checkbox', { name: /^Open on/ }).map((box) => box.getAttribute('name')),
    ).toEqual([
      'hours.1.open',
      'hours.2.open',
      'hours.3.open',
      'hours.4.open',
      'hours.5.open',
      'hours.6.open',
      'hours.0.open',
    ]);
    expect(field('Arrival window (minutes)').value).toBe('120');
    expect(field('Time between visits (minutes)').value).toBe('30');
    expect(field('Minimum notice (hours)').value).toBe('24');
    expect(field('Cut-off for changes (hours)').value).toBe('4');
    expect(field('Days ahead').value).toBe('60');
    expect(field('Name of team 2').value).toBe('Team 2');
    expect(field('Active (team 2)').checked).toBe(true);
    expect(screen.getByText('No closed dates.')).toBeTruthy();
  });

  it('lists who changed which setting, when, from what to what', async () => {
    renderForm();
    const changes = within(
      await screen.findByRole('region', { name: 'Changes to the working time and teams' }),
    );
    const items = await changes.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Saturday hours: 08:00–16:00 → 08:00–14:00 by Sarah on ${formatMelbourneTime(saturdayShorter.at)}`,
    ]);
  });

  it('sends the hours changed, a day opened at the usual hours and a closed date added; then says so', async () => {
    renderForm();
    await type(await screen.findByLabelText('End on Saturday'), '12:30');
    await click(field('Open on Sunday'));
    expect(field('Start on Sunday').value).toBe('08:00');
    expect(field('End on Sunday').value).toBe('17:00');
    await type(field('New closed date'), '2026-12-25');
    await click(screen.getByRole('button', { name: 'Add closed date' }));
    expect(screen.getByRole('button', { name: 'Remove Friday 25 December 2026' })).toBeTruthy();
    expect(field('New closed date').value).toBe('');
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('Added Friday 25 December 2026.');
    await save();
    expect(sentSettings()).toMatchObject({
      hours: { '0': { start: '08:00', end: '17:00' }, '6': { start: '08:00', end: '12:30' } },
      closedDates: ['2026-12-25'],
      teams: settings.teams,
    });
    expect(toasts.value.at(-1)).toMatchObject({
      title: 'Settings Saved',
      description: '3 settings changed. Customers are offered times by them from now on.',
    });
  });

  it('adds a closed date with Enter instead of saving the form, and removes one', async () => {
    renderForm();
    const date = await screen.findByLabelText('New closed date');
    await type(date as HTMLInputElement, '2026-12-26');
    await act(async () => fireEvent.keyDown(date, { key: 'Enter' }));
    expect(sentSettings()).toBeUndefined();
    await click(screen.getByRole('button', { name: 'Remove Saturday 26 December 2026' }));
    expect(screen.getByText('No closed dates.')).toBeTruthy();
    expect(document.activeElement).toBe(date);
  });

  it('shows the server’s words at a day whose end is not after its start, and sends nothing', async () => {
    renderForm();
    await type(await screen.findByLabelText('End on Saturday'), '07:00');
    await save();
    const end = field('End on Saturday');
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(end)).toBe('Saturday end: must be after the start');
    expect(document.activeElement).toBe(end);
    expect(sentSettings()).toBeUndefined();
  });

  it('adds a team without an id, and puts the server’s message on the team it names', async () => {
    routes['PUT /api/schedule/settings'] = () =>
      json(400, {
        error: 'Please check the highlighted fields.',
        fields: { 'teams.2.name': 'The team name contains a character that is not allowed' },
        requestId: 'r',
      });
    renderForm();
    await click(await screen.findByRole('button', { name: 'Add team' }));
    const name = field('Name of team 3');
    expect(document.activeElement).toBe(name);
    await type(name, 'Team 3');
    await save();
    expect(sentSettings()?.teams).toEqual([...settings.teams, { name: 'Team 3', active: true }]);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(name)).toBe('The team name contains a character that is not allowed');
    expect(document.activeElement).toBe(name);
  });

  it('shows the 409 of a team with visits to come at the teams, and puts the team back when asked', async () => {
    const message = 'Team 2 has visits to come: make it inactive instead.';
    routes['PUT /api/schedule/settings'] = () =>
      json(409, {
        error: message,
        fields: { teams: message },
        team: { id: 'team-2', name: 'Team 2' },
        requestId: 'r',
      });
    renderForm();
    await click(await screen.findByRole('button', { name: 'Remove team 2' }));
    expect(screen.queryByLabelText('Name of team 2')).toBeNull();
    await save();
    expect(sentSettings()?.teams).toEqual([settings.teams[0]]);
    const shown = screen.getByText(message);
    expect(document.activeElement).toBe(shown);
    await click(screen.getByRole('button', { name: 'Put back Team 2' }));
    expect(field('Name of team 2').value).toBe('Team 2');
    expect(screen.queryByText(message)).toBeNull();
  });

  it('keeps at least one team: the message stands at the teams before any request', async () => {
    renderForm();
    await click(await screen.findByRole('button', { name: 'Remove team 2' }));
    await click(screen.getByRole('button', { name: 'Remove team 1' }));
    await save();
    const shown = screen.getByText('Keep at least one team: make a team inactive instead of removing it');
    expect(document.activeElement).toBe(shown);
    expect(sentSettings()).toBeUndefined();
  });
});
