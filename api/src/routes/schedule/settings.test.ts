import { DEFAULT_SCHEDULE_SETTINGS, type ScheduleSettings } from '@cleanquote/quote-core/staff';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScheduleSettingChange } from '../../schedule/schedule-settings-store.ts';
import { createQuoteRequestDesk, type QuoteRequestDesk } from '../../test-support/quote-request-desk.ts';
import { testAdmin } from '../../test-support/sign-in.ts';
import { visits } from '../../test-support/stored-rows.ts';

let desk: QuoteRequestDesk | undefined;
afterEach(() => desk?.close());

async function open(overrides: Record<string, string> = {}): Promise<QuoteRequestDesk> {
  desk = await createQuoteRequestDesk(overrides);
  return desk;
}

function put(app: QuoteRequestDesk, body: unknown, cookie = app.cookie) {
  return app.app.request('/api/schedule/settings', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify(body),
  });
}

const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;
const settingsOf = async (app: QuoteRequestDesk) =>
  json<ScheduleSettings>(await app.get('/api/schedule/settings'));
const historyOf = async (app: QuoteRequestDesk) =>
  json<ScheduleSettingChange[]>(await app.get('/api/schedule/settings/history'));

/** The two teams a new business starts with. */
const firstTeams = [
  { id: 'team-1', name: 'Team 1', active: true },
  { id: 'team-2', name: 'Team 2', active: true },
];

/** The settings as a new business starts. */
const defaults: ScheduleSettings = { ...DEFAULT_SCHEDULE_SETTINGS, teams: firstTeams };

/** Stores a quote request and a visit of `teamId` with `status`, its start `days` from now. */
async function storeVisit(
  app: QuoteRequestDesk,
  teamId: string,
  status: 'booked' | 'cancelled' | 'completed',
  days: number,
) {
  const request = await app.storeQuote();
  const start = new Date(Date.now() + days * 86_400_000);
  await app.database.writes.run((tx) =>
    tx.insert(visits).values({
      id: `visit-${request.id}`,
      quoteRequestId: request.id,
      teamId,
      status,
      start,
      durationMinutes: 180,
      windowMinutes: 120,
      bookedBy: 'staff',
      createdAt: new Date(),
      updatedAt: new Date(),
    }),
  );
}

describe('GET and PUT /api/schedule/settings', () => {
  it('answers the defaults first: two teams, Mon–Fri 8–5, Sat 8–2, Sunday closed, 2 h windows', async () => {
    const app = await open();
    const response = await app.get('/api/schedule/settings');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      teams: firstTeams,
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
    });
  });

  it('takes back what GET gave with changes, answers the settings saved, and GET gives them from then on', async () => {
    const app = await open();
    const changed: ScheduleSettings = {
      ...defaults,
      teams: [
        firstTeams[1] as ScheduleSettings['teams'][number],
        { id: 'team-1', name: 'North', active: false },
      ],
      hours: {
        ...defaults.hours,
        '0': { start: '09:00', end: '13:00' },
        '6': { start: '09:00', end: '12:30' },
      },
      windowMinutes: 90,
      closedDates: ['2026-12-26', '2026-12-25'],
    };
    const response = await put(app, changed);
    expect(response.status).toBe(200);
    const saved = await json<ScheduleSettings>(response);
    const expected = { ...changed, closedDates: ['2026-12-25', '2026-12-26'] };
    expect(saved).toEqual(expected);
    expect(await settingsOf(app)).toEqual(expected);
  });

  it('adds a team listed without an id, with an id of its own, where it is listed', async () => {
    const app = await open();
    const saved = await json<ScheduleSettings>(
      await put(app, {
        ...defaults,
        teams: [firstTeams[0], { name: 'Team 3', active: true }, firstTeams[1]],
      }),
    );
    expect(saved.teams.map((team) => team.name)).toEqual(['Team 1', 'Team 3', 'Team 2']);
    const added = saved.teams[1];
    expect(added?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await settingsOf(app)).teams).toEqual(saved.teams);
  });

  it('removes a team left out whose visits are all cancelled or completed', async () => {
    const app = await open();
    await storeVisit(app, 'team-2', 'cancelled', 3);
    await storeVisit(app, 'team-2', 'completed', -3);
    const response = await put(app, { ...defaults, teams: [firstTeams[0]] });
    expect(response.status).toBe(200);
    expect((await json<ScheduleSettings>(response)).teams).toEqual([firstTeams[0]]);
    expect((await settingsOf(app)).teams).toEqual([firstTeams[0]]);
  });

  it('refuses to remove a team with a visit to come: 409 naming it, and nothing changes', async () => {
    const app = await open();
    await storeVisit(app, 'team-2', 'booked', 5);
    const response = await put(app, { ...defaults, windowMinutes: 60, teams: [firstTeams[0]] });
    expect(response.status).toBe(409);
    const message = 'Team 2 has visits to come: make it inactive instead.';
    expect(await response.json()).toEqual({
      error: message,
      fields: { teams: message },
      team: { id: 'team-2', name: 'Team 2' },
      requestId: expect.any(String),
    });
    expect(await settingsOf(app)).toEqual(defaults);
    expect(await historyOf(app)).toEqual([]);
    // Made inactive instead, it stays with its visit.
    const inactive = await put(app, {
      ...defaults,
      teams: [firstTeams[0], { ...firstTeams[1], active: false }],
    });
    expect(inactive.status).toBe(200);
  });

  it('keeps at least one team (400 naming teams); all of them may be inactive', async () => {
    const app = await open();
    const none = await put(app, { ...defaults, teams: [] });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({
      error: 'Please check the highlighted fields.',
      fields: { teams: 'Keep at least one team: make a team inactive instead of removing it' },
      requestId: expect.any(String),
    });
    const resting = firstTeams.map((team) => ({ ...team, active: false }));
    const allInactive = await put(app, { ...defaults, teams: resting });
    expect(allInactive.status).toBe(200);
    expect((await settingsOf(app)).teams).toEqual(resting);
  });

  it('refuses a team whose id is not one of the teams, naming it', async () => {
    const app = await open();
    const response = await put(app, {
      ...defaults,
      teams: [firstTeams[0], { id: 'team-9', name: 'Team 9', active: true }],
    });
    expect(response.status).toBe(400);
    expect(Object.keys((await json<{ fields: object }>(response)).fields)).toEqual(['teams.1.id']);
    expect(await settingsOf(app)).toEqual(defaults);
  });

  it('refuses each bad value with a 400 naming its field, and saves nothing', async () => {
    const app = await open();
    const cases: [unknown, string][] = [
      [{ ...defaults, hours: { ...defaults.hours, '6': { start: '14:00', end: '08:00' } } }, 'hours.6.end'],
      [{ ...defaults, hours: { ...defaults.hours, '1': { start: '8am', end: '17:00' } } }, 'hours.1.start'],
      [{ ...defaults, hours: { ...defaults.hours, '7': null } }, 'hours'],
      [{ ...defaults, windowMinutes: 1441 }, 'windowMinutes'],
      [{ ...defaults, bufferMinutes: 241 }, 'bufferMinutes'],
      [{ ...defaults, minimumNoticeHours: -1 }, 'minimumNoticeHours'],
      [{ ...defaults, changeCutoffHours: -1 }, 'changeCutoffHours'],
      [{ ...defaults, horizonDays: 731 }, 'horizonDays'],
      [{ ...defaults, closedDates: ['2027-02-29'] }, 'closedDates.0'],
      [{ ...defaults, closedDates: ['25/12/2026'] }, 'closedDates.0'],
      [{ ...defaults, teams: [{ ...firstTeams[0], name: '' }, firstTeams[1]] }, 'teams.0.name'],
      [{ ...defaults, teams: [firstTeams[0], { ...firstTeams[1], name: 'T'.repeat(61) }] }, 'teams.1.name'],
    ];
    for (const [body, field] of cases) {
      const response = await put(app, body);
      expect(response.status, field).toBe(400);
      const answer = await json<{ error: string; fields: Record<string, string> }>(response);
      expect(answer.error).toBe('Please check the highlighted fields.');
      expect(Object.keys(answer.fields), field).toEqual([field]);
    }
    const missing = await put(app, { ...defaults, horizonDays: undefined });
    expect(Object.keys((await json<{ fields: object }>(missing)).fields)).toEqual(['horizonDays']);
    expect(await settingsOf(app)).toEqual(defaults);
    expect(await historyOf(app)).toEqual([]);
  });

  it('records each changed setting once, with who changed it, from what to what, newest first', async () => {
    const app = await open();
    await put(app, {
      ...defaults,
      hours: { ...defaults.hours, '6': { start: '09:00', end: '13:00' } },
      closedDates: ['2026-12-25'],
    });
    // The same settings again change nothing, so they record nothing.
    await put(app, {
      ...defaults,
      hours: { ...defaults.hours, '6': { start: '09:00', end: '13:00' } },
      closedDates: ['2026-12-25'],
    });
    await put(app, {
      ...defaults,
      hours: { ...defaults.hours, '6': { start: '09:00', end: '13:00' } },
      closedDates: ['2026-12-25'],
      windowMinutes: 60,
      teams: [{ ...firstTeams[0], name: 'North' }, firstTeams[1]],
    });

    const history = await historyOf(app);
    const actor = { name: testAdmin.firstName, email: testAdmin.email };
    expect(history).toHaveLength(4);
    expect(history.slice(0, 2)).toEqual(
      expect.arrayContaining([
        {
          id: expect.any(String),
          at: expect.any(String),
          actor,
          field: 'windowMinutes',
          label: 'Arrival window (minutes)',
          oldValue: 120,
          newValue: 60,
        },
        {
          id: expect.any(String),
          at: expect.any(String),
          actor,
          field: 'teams',
          label: 'Teams',
          oldValue: firstTeams,
          newValue: [{ ...firstTeams[0], name: 'North' }, firstTeams[1]],
        },
      ]),
    );
    expect(history.slice(2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'hours.6',
          label: 'Saturday hours',
          oldValue: { start: '08:00', end: '14:00' },
          newValue: { start: '09:00', end: '13:00' },
          actor,
        }),
        expect.objectContaining({
          field: 'closedDates',
          label: 'Closed dates',
          oldValue: [],
          newValue: ['2026-12-25'],
        }),
      ]),
    );
    expect(Date.parse(history[0]?.at ?? '')).toBeGreaterThan(Date.parse(history[3]?.at ?? '') - 1);
  });

  it('records a day closed as null, and a day opened from null', async () => {
    const app = await open();
    await put(app, {
      ...defaults,
      hours: { ...defaults.hours, '0': { start: '10:00', end: '14:00' }, '5': null },
    });
    const history = await historyOf(app);
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'hours.0',
          label: 'Sunday hours',
          oldValue: null,
          newValue: { start: '10:00', end: '14:00' },
        }),
        expect.objectContaining({
          field: 'hours.5',
          label: 'Friday hours',
          oldValue: { start: '08:00', end: '17:00' },
          newValue: null,
        }),
      ]),
    );
    expect(history).toHaveLength(2);
  });

  it('needs a signed-in session, and no quote-dashboard unlock: the settings hold no customer data', async () => {
    const app = await open({ QUOTE_DASHBOARD_PASSWORD: 'the shared dashboard password' });
    expect((await app.get('/api/schedule/settings')).status).toBe(200);
    expect((await put(app, defaults)).status).toBe(200);
    expect((await app.get('/api/schedule/settings/history')).status).toBe(200);
    // The visits beside them name customers: they stay locked.
    const schedule = await app.get('/api/schedule?from=2026-12-01&to=2026-12-07');
    expect(schedule.status).toBe(403);
    expect(await schedule.json()).toMatchObject({ locked: true });

    expect((await app.get('/api/schedule/settings', {})).status).toBe(401);
    expect((await put(app, defaults, '')).status).toBe(401);
    expect((await app.get('/api/schedule/settings/history', {})).status).toBe(401);
  });
});
