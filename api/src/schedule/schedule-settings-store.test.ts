import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_SCHEDULE_SETTINGS,
  type ScheduleSettings,
  scheduleSettings as schema,
} from '@cleanquote/quote-core/staff';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { quoteRequests, scheduleSettings, teams, visits } from '../db/schema.ts';
import type { Actor } from '../quote-requests/history.ts';
import {
  readScheduleSettings,
  readScheduleSettingsHistory,
  saveScheduleSettings,
} from './schedule-settings-store.ts';

let directory: string;
let database: Database;

beforeEach(async () => {
  directory = mkdtempSync(join(tmpdir(), 'cleanquote-schedule-settings-'));
  database = await openDatabase({ url: `file:${join(directory, 'test.db')}` });
});

afterEach(() => {
  database.close();
  rmSync(directory, { recursive: true, force: true });
});

const kate: Actor = { userId: null, name: 'Kate', email: 'kate@sparkleclean.example' };
const firstTeams = [
  { id: 'team-1', name: 'Team 1', active: true },
  { id: 'team-2', name: 'Team 2', active: true },
];
const defaults: ScheduleSettings = { ...DEFAULT_SCHEDULE_SETTINGS, teams: firstTeams };

/** Saves `settings` as the route would: checked by the shared schema first. */
const save = (settings: unknown, now?: Date) =>
  saveScheduleSettings(database, schema.parse(settings), kate, now);

/** A quote request and one visit of `teamId` with `status`, starting at `start`. */
async function storeVisit(teamId: string, status: 'booked' | 'cancelled' | 'completed', start: Date) {
  await database.writes.run(async (tx) => {
    await tx.insert(quoteRequests).values({
      id: 'quote-1',
      reference: 'CQ-T0001',
      serviceType: 'regular-clean',
      name: 'Priya Shah',
      email: 'priya@example.com',
      phone: '0491 570 156',
      phoneDigits: '0491570156',
      address: '12 Chapel St, South Yarra VIC 3141',
      details: {},
      termsVersion: '2025-07-19',
      consentedAt: new Date('2026-11-01T00:00:00Z'),
      createdAt: new Date('2026-11-01T00:00:00Z'),
    });
    await tx.insert(visits).values({
      id: 'visit-1',
      quoteRequestId: 'quote-1',
      teamId,
      status,
      start,
      durationMinutes: 180,
      windowMinutes: 120,
      bookedBy: 'staff',
      createdAt: start,
      updatedAt: start,
    });
  });
}

describe('the schedule settings store', () => {
  it('reads the defaults and the two first teams before anything is saved, also inside a write', async () => {
    expect(await readScheduleSettings(database.db)).toEqual(defaults);
    expect(await database.writes.run((tx) => readScheduleSettings(tx))).toEqual(defaults);
  });

  it('fills a setting a stored row lacks from the defaults (a row saved before the setting existed)', async () => {
    await database.writes.run((tx) =>
      tx.insert(scheduleSettings).values({
        id: 'schedule',
        settings: { windowMinutes: 60, hours: { '6': null } },
        updatedAt: new Date(),
      }),
    );
    const settings = await readScheduleSettings(database.db);
    expect(settings.windowMinutes).toBe(60);
    expect(settings.hours['6']).toBeNull();
    expect(settings.hours['1']).toEqual({ start: '08:00', end: '17:00' });
    expect(settings.horizonDays).toBe(60);
  });

  it('keeps a removed team’s row, marked removed, for the past visits that name it', async () => {
    await storeVisit('team-2', 'completed', new Date('2026-11-20T21:00:00Z'));
    const now = new Date('2026-11-28T00:00:00Z');
    const saved = await save({ ...defaults, teams: [firstTeams[0]] }, now);
    expect(saved).toMatchObject({ teams: [firstTeams[0]] });
    const [removed] = await database.db.select().from(teams).where(eq(teams.id, 'team-2'));
    expect(removed).toMatchObject({ name: 'Team 2', active: false, removedAt: now });
    // A removed team is gone from the settings for good: its id is not taken back.
    expect(await save({ ...defaults, teams: firstTeams })).toEqual({ refused: 'unknown-team', index: 1 });
  });

  it('counts a booked visit whose time has passed as one to come: staff record it first', async () => {
    await storeVisit('team-1', 'booked', new Date('2026-01-05T21:00:00Z'));
    expect(await save({ ...defaults, teams: [firstTeams[1]] })).toEqual({
      refused: 'team-has-visits',
      team: { id: 'team-1', name: 'Team 1' },
    });
    expect(await readScheduleSettings(database.db)).toEqual(defaults);
  });

  it('writes nothing for settings sent unchanged', async () => {
    await save(defaults);
    expect(await database.db.select().from(scheduleSettings)).toEqual([]);
    expect(await readScheduleSettingsHistory(database.db)).toEqual([]);
  });

  it('saves two changes made at once one after the other, each recorded from the value the other left', async () => {
    await Promise.all([save({ ...defaults, windowMinutes: 60 }), save({ ...defaults, windowMinutes: 90 })]);
    const history = await readScheduleSettingsHistory(database.db);
    expect(history).toHaveLength(2);
    const [last, first] = history;
    expect(first).toMatchObject({ field: 'windowMinutes', oldValue: 120 });
    expect(last).toMatchObject({ field: 'windowMinutes', oldValue: first?.newValue });
    expect((await readScheduleSettings(database.db)).windowMinutes).toBe(last?.newValue);
  });
});
