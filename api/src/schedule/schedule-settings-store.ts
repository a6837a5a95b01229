import {
  DEFAULT_SCHEDULE_SETTINGS,
  SCHEDULE_NUMBER_FIELDS,
  type ScheduleSettings,
  type ScheduleSettingsUpdate,
  scheduleSettingLabel,
  WEEKDAY_KEYS,
} from '@cleanquote/quote-core/staff';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Db } from '../db/database.ts';
import { newRowId } from '../db/row-id.ts';
import { scheduleSettingChanges, scheduleSettings, teams, visits } from '../db/schema.ts';
import type { WriteTransaction } from '../mail/outbox.ts';
import type { Actor } from '../quote-requests/history.ts';

/** The one row of the settings table. */
const SETTINGS_ROW = 'schedule';

/** The settings without the teams: what the settings row stores. */
type WorkingTime = Omit<ScheduleSettings, 'teams'>;

/**
 * The schedule's settings as they stand: the stored working time (the defaults until staff first
 * save, and for any setting a stored row lacks) and the teams not removed, in their order.
 */
export async function readScheduleSettings(db: Db | WriteTransaction): Promise<ScheduleSettings> {
  // One query after the other: inside a write transaction they share its one connection.
  const [row] = await db
    .select({ settings: scheduleSettings.settings })
    .from(scheduleSettings)
    .where(eq(scheduleSettings.id, SETTINGS_ROW));
  const teamRows = await db
    .select({ id: teams.id, name: teams.name, active: teams.active })
    .from(teams)
    .where(isNull(teams.removedAt))
    .orderBy(asc(teams.position), asc(teams.createdAt));
  const stored = (row?.settings ?? {}) as Partial<WorkingTime>;
  return {
    teams: teamRows,
    ...DEFAULT_SCHEDULE_SETTINGS,
    ...stored,
    hours: { ...DEFAULT_SCHEDULE_SETTINGS.hours, ...stored.hours },
  };
}

/** Why a PUT was refused after its values were checked: the teams it names don't fit the stored ones. */
export type SettingsRefusal =
  /** A team left out still has booked visits: it can only be made inactive. */
  | { refused: 'team-has-visits'; team: { id: string; name: string } }
  /** A team's id that is not one of the teams (removed meanwhile, or never one): `index` in the list sent. */
  | { refused: 'unknown-team'; index: number };

/** One change of the settings, as GET /api/schedule/settings/history lists it. */
export interface ScheduleSettingChange {
  id: string;
  at: string;
  actor: { name: string; email: string };
  /** The setting's name in the settings JSON: 'hours.6', 'windowMinutes', 'closedDates', 'teams'. */
  field: string;
  /** The setting in words: 'Saturday hours', 'Arrival window (minutes)', 'Teams'. */
  label: string;
  /** The value before, as the settings JSON holds it (a day's hours null when closed). */
  oldValue: unknown;
  /** The value after. */
  newValue: unknown;
}

/** Each setting that differs between two versions of the settings: its name, old and new value. */
function changesBetween(before: ScheduleSettings, after: ScheduleSettings) {
  const entries: [string, unknown, unknown][] = [
    ...WEEKDAY_KEYS.map((key): [string, unknown, unknown] => [
      `hours.${key}`,
      before.hours[key],
      after.hours[key],
    ]),
    ...SCHEDULE_NUMBER_FIELDS.map((field): [string, unknown, unknown] => [
      field,
      before[field],
      after[field],
    ]),
    ['closedDates', before.closedDates, after.closedDates],
    ['teams', before.teams, after.teams],
  ];
  return entries
    .filter(([, oldValue, newValue]) => JSON.stringify(oldValue) !== JSON.stringify(newValue))
    .map(([field, oldValue, newValue]) => ({ field, oldValue, newValue }));
}

/**
 * Replaces the settings in one write of the write queue: teams listed without an id are added, teams
 * left out are removed — refused while one has a booked visit, which staff must cancel, complete or
 * move first, or make the team inactive — and each changed setting gets one history row naming who
 * changed it, from what to what. Settings sent unchanged write nothing.
 * A removed team's row stays, marked removed, because its past visits still name it.
 * @returns the settings as saved, or why they were refused (nothing is saved then).
 */
export function saveScheduleSettings(
  database: Database,
  update: ScheduleSettingsUpdate,
  actor: Actor,
  now = new Date(),
): Promise<ScheduleSettings | SettingsRefusal> {
  return database.writes.run(async (tx) => {
    const before = await readScheduleSettings(tx);
    const known = new Set(before.teams.map((team) => team.id));
    const unknown = update.teams.findIndex((team) => team.id !== undefined && !known.has(team.id));
    if (unknown >= 0) return { refused: 'unknown-team', index: unknown } as const;

    const kept = new Set(update.teams.flatMap((team) => (team.id === undefined ? [] : [team.id])));
    const removed = before.teams.filter((team) => !kept.has(team.id));
    if (removed.length > 0) {
      // A booked visit is one to come: even once its time has passed, it waits for staff to record
      // it as completed (or cancelled), and its team with it.
      const [busy] = await tx
        .select({ teamId: visits.teamId })
        .from(visits)
        .where(
          and(
            inArray(
              visits.teamId,
              removed.map((team) => team.id),
            ),
            eq(visits.status, 'booked'),
          ),
        )
        .orderBy(asc(visits.start))
        .limit(1);
      const team = removed.find((each) => each.id === busy?.teamId);
      if (team) return { refused: 'team-has-visits', team: { id: team.id, name: team.name } } as const;
      await tx
        .update(teams)
        .set({ active: false, removedAt: now })
        .where(
          inArray(
            teams.id,
            removed.map((each) => each.id),
          ),
        );
    }
    for (const [position, team] of update.teams.entries()) {
      if (team.id === undefined) {
        await tx
          .insert(teams)
          .values({ id: newRowId(), name: team.name, active: team.active, position, createdAt: now });
      } else {
        await tx
          .update(teams)
          .set({ name: team.name, active: team.active, position })
          .where(eq(teams.id, team.id));
      }
    }

    const { teams: _teams, ...settings } = update;
    if (changesBetween(before, { ...before, ...settings }).length > 0) {
      await tx
        .insert(scheduleSettings)
        .values({ id: SETTINGS_ROW, settings, updatedAt: now })
        .onConflictDoUpdate({ target: scheduleSettings.id, set: { settings, updatedAt: now } });
    }

    const after = await readScheduleSettings(tx);
    for (const change of changesBetween(before, after)) {
      await tx.insert(scheduleSettingChanges).values({
        id: newRowId(),
        at: now,
        actorUserId: actor.userId,
        actorName: actor.name,
        actorEmail: actor.email,
        ...change,
      });
    }
    return after;
  });
}

/** Most changes the history lists, newest first: years of an ordinary business's edits. */
export const SCHEDULE_HISTORY_LIMIT = 1_000;

/** The settings' changes, newest first (at most {@link SCHEDULE_HISTORY_LIMIT}). */
export async function readScheduleSettingsHistory(db: Db): Promise<ScheduleSettingChange[]> {
  const rows = await db
    .select()
    .from(scheduleSettingChanges)
    .orderBy(desc(scheduleSettingChanges.at), desc(scheduleSettingChanges.id))
    .limit(SCHEDULE_HISTORY_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: { name: row.actorName, email: row.actorEmail },
    field: row.field,
    label: scheduleSettingLabel(row.field),
    oldValue: row.oldValue,
    newValue: row.newValue,
  }));
}
