import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import type {
  ScheduleSettingChange,
  ScheduleSettingsAnswer,
} from '../../sites/web/src/admin/schedule/schedule-settings-queries.ts';
import {
  saturdayShortened,
  scheduleSettingsAnswers,
  startingSettings,
} from './schedule-settings-fixtures.ts';
import { freshStaffPage, staffScreenParameters } from './staff-story-support.tsx';
import { withHiddenPart } from './story-names.ts';

/**
 * 'Working time and teams' on /schedule: the hours of each weekday, the arrival window, the time
 * between visits, the notice, the cut-off for changes, the days ahead, the closed dates and the
 * teams, which every time offered to customers follows; then who changed what, when. Signed-in staff
 * change them without the quote dashboard's password: they hold no customer data.
 */
const meta = {
  title: 'Staff/Schedule/Settings form',
  component: AdminApp,
  decorators: [freshStaffPage],
  parameters: staffScreenParameters,
  args: { screen: 'schedule' },
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The settings' section, once the settings were read. */
async function settingsSection(canvasElement: HTMLElement) {
  const section = within(
    await within(canvasElement).findByRole('region', { name: 'Working time and teams' }),
  );
  await section.findByRole('button', { name: 'Save settings' });
  return section;
}

/** As a business starts: Monday to Friday 8–5, Saturday 8–2, Sunday closed, two teams, nothing changed yet. */
export const StartingSettings: Story = {
  parameters: { msw: { handlers: scheduleSettingsAnswers() } },
  play: async ({ canvasElement }) => {
    const section = await settingsSection(canvasElement);
    await expect(
      section.getByRole('checkbox', { name: withHiddenPart('Open', 'on Saturday') }),
    ).toBeChecked();
    await expect(section.getByLabelText(withHiddenPart('End', 'on Saturday'))).toHaveValue('14:00');
    await expect(
      section.getByRole('checkbox', { name: withHiddenPart('Open', 'on Sunday') }),
    ).not.toBeChecked();
    await expect(section.getByLabelText('Arrival window (minutes)')).toHaveValue('120');
    await expect(section.getByLabelText('Time between visits (minutes)')).toHaveValue('30');
    await expect(section.getByLabelText('Minimum notice (hours)')).toHaveValue('24');
    await expect(section.getByLabelText('Cut-off for changes (hours)')).toHaveValue('4');
    await expect(section.getByLabelText('Days ahead')).toHaveValue('60');
    await expect(section.getByText('No closed dates.')).toBeVisible();
    await expect(section.getByLabelText(withHiddenPart('Name', 'of team 2'))).toHaveValue('Team 2');
    await expect(
      await within(canvasElement).findByText(
        'No setting has been changed yet: the working time and teams are the ones the business started with.',
      ),
    ).toBeVisible();
  },
};

/** Saturday set to end before it starts: the field says so in the server's words, and nothing is sent. */
export const SaturdayEndsBeforeItStarts: Story = {
  parameters: { msw: { handlers: scheduleSettingsAnswers() } },
  play: async ({ canvasElement }) => {
    const section = await settingsSection(canvasElement);
    const end = section.getByLabelText(withHiddenPart('End', 'on Saturday'));
    await userEvent.clear(end);
    await userEvent.type(end, '07:00');
    await userEvent.click(section.getByRole('button', { name: 'Save settings' }));
    await expect(await section.findByText('Saturday end: must be after the start')).toBeVisible();
    await expect(end).toHaveAttribute('aria-invalid', 'true');
    await expect(end).toHaveFocus();
  },
};

const teamTwoBusy = 'Team 2 has visits to come: make it inactive instead.';

/** Team 2 removed while it has visits booked: the server's 409 stands at the teams, with 'Put back Team 2'. */
export const TeamWithVisitsToCome: Story = {
  parameters: {
    msw: {
      handlers: scheduleSettingsAnswers(
        startingSettings,
        [],
        http.put('/api/schedule/settings', () =>
          HttpResponse.json(
            {
              error: teamTwoBusy,
              fields: { teams: teamTwoBusy },
              team: { id: 'team-2', name: 'Team 2' },
              requestId: 'story',
            },
            { status: 409 },
          ),
        ),
      ),
    },
  },
  play: async ({ canvasElement }) => {
    const section = await settingsSection(canvasElement);
    await userEvent.click(section.getByRole('button', { name: withHiddenPart('Remove', 'team 2') }));
    await userEvent.click(section.getByRole('button', { name: 'Save settings' }));
    const message = await section.findByText(teamTwoBusy);
    await expect(message).toBeVisible();
    await expect(message).toHaveFocus();
    await expect(section.getByRole('button', { name: withHiddenPart('Put back', 'Team 2') })).toBeVisible();
  },
};

/** What the server holds while the Saved story runs: its settings and history as saved. */
let savedSettings: ScheduleSettingsAnswer = startingSettings;
let savedHistory: ScheduleSettingChange[] = [];

/** Saturday shortened and Christmas Day closed, then saved: the toast says so and the change is listed. */
export const Saved: Story = {
  beforeEach: () => {
    savedSettings = startingSettings;
    savedHistory = [];
  },
  parameters: {
    msw: {
      handlers: [
        http.put('/api/schedule/settings', async ({ request }) => {
          savedSettings = {
            ...((await request.json()) as ScheduleSettingsAnswer),
            teams: startingSettings.teams,
          };
          savedHistory = [
            {
              ...saturdayShortened,
              id: 'story-2',
              at: '2026-11-28T01:00:00.000Z',
              oldValue: { start: '08:00', end: '14:00' },
              newValue: savedSettings.hours['6'],
            },
            {
              id: 'story-3',
              at: '2026-11-28T01:00:00.000Z',
              actor: saturdayShortened.actor,
              field: 'closedDates',
              label: 'Closed dates',
              oldValue: [],
              newValue: savedSettings.closedDates,
            },
            saturdayShortened,
          ];
          return HttpResponse.json(savedSettings);
        }),
        http.get('/api/schedule/settings', () => HttpResponse.json(savedSettings)),
        http.get('/api/schedule/settings/history', () => HttpResponse.json(savedHistory)),
        ...scheduleSettingsAnswers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const section = await settingsSection(canvasElement);
    const end = section.getByLabelText(withHiddenPart('End', 'on Saturday'));
    await userEvent.clear(end);
    await userEvent.type(end, '12:30');
    await userEvent.type(section.getByLabelText('New closed date'), '2026-12-25');
    await userEvent.click(section.getByRole('button', { name: 'Add closed date' }));
    await expect(
      section.getByRole('button', { name: withHiddenPart('Remove', 'Friday 25 December 2026') }),
    ).toBeVisible();
    await userEvent.click(section.getByRole('button', { name: 'Save settings' }));
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByText('Settings Saved')).toBeVisible();
    await expect(
      page.getByText('2 settings changed. Customers are offered times by them from now on.'),
    ).toBeVisible();
    const changes = within(page.getByRole('region', { name: 'Changes to the working time and teams' }));
    await expect(await changes.findByText(/added 25\/12\/2026/)).toBeVisible();
    await expect(changes.getAllByRole('listitem')[0]).toHaveTextContent(
      'Saturday hours: 08:00–14:00 → 08:00–12:30 by Kate on 28/11/2026 at 12:00 PM',
    );
  },
};

/** On a 360 px phone: each day, number and team stacks, and nothing scrolls sideways. */
export const OnAPhone: Story = {
  parameters: { msw: { handlers: scheduleSettingsAnswers(startingSettings, [saturdayShortened]) } },
  globals: { viewport: { value: 'phone360', isRotated: false } },
  play: async ({ canvasElement }) => {
    const section = await settingsSection(canvasElement);
    await expect(section.getByLabelText(withHiddenPart('Start', 'on Monday'))).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
