import {
  DEFAULT_SCHEDULE_SETTINGS,
  type ScheduleSettings,
  type ScheduleSettingsInput,
} from '@cleanquote/quote-core/staff';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Db } from '../db/database.ts';
import { newRowId } from '../db/row-id.ts';
import { scheduleSettingChanges, scheduleSettings, teams, visits } from '../db/schema.ts';
import type { WriteTransaction } from '../mail/outbox.ts';
import type { Actor } from '../quote-requests/history.ts';

/** The one row of the settings table. */
const SETTINGS_ROW = 'schedule';

type Reader = Db | WriteTransaction;

/**
 * The schedule's settings as they stand: the stored ones (the defaults until staff first save), and
 * the teams in their order.
 */
export async function readScheduleSettings(db: Reader): Promise<ScheduleSettings> {
  const [[row], teamRows] = await Promise.all([
    db.select().from(scheduleSettings).where(eq(scheduleSettings.id, SETTINGS_ROW)),
    db
      .select({ id: teams.id, name: teams.name, active: teams.active })
      .from(teams)
      .where(isNull(teams.removedAt))
      .orderBy(asc(teams.position), asc(teams.createdAt)),
  ]);
  const stored = (row?.settings ?? {}) as Partial<Omit<ScheduleSettings, 'teams'>>;
  return { ...DEFAULT_SCHEDULE_SETTINGS, ...stored, teams: teamRows };
}

/** A PUT refused: a team left out that has visits to come. */
export interface TeamInUse {
  refused: 'team-has-visits';
  team: { id: string; name: string };
}

/** One change of the settings, as GET /api/schedule/settings/history lists it. */
export interface ScheduleSettingChange {
  id: string;
  at: string;
  actor: { name: string; email: string };
  /** The setting's name in the settings JSON ('hours.6', 'windowMinutes', 'teams'). */
  field: string;
  oldValue: unknown;
  newValue: unknown;
}

const SETTING_FIELDS = [
  'windowMinutes',
  'bufferMinutes',
  'minimumNoticeHours',
  'changeCutoffHours',
  'horizonDays',
  'closedDates',
] as const;

/**
 * Replaces the settings in one write: teams listed without an id are added, teams left out are
 * removed (refused while one has visits to come), and each changed setting gets one history row.
 * @returns the settings as saved, or the team that cannot be removed.
 */
export function saveScheduleSettings(
  database: Database,
  input: ScheduleSettingsInput,
  actor: Actor,
  now = new Date(),
): Promise<ScheduleSettings | TeamInUse> {
  return database.writes.run(async (tx) => {
    const before = await readScheduleSettings(tx);
    const kept = new Set(input.teams.flatMap((team) => (team.id ? [team.id] : [])));
    const removed = before.teams.filter((team) => !kept.has(team.id));
    if (removed.length > 0) {
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
        .limit(1);
      const team = removed.find((each) => each.id === busy?.teamId);
      if (team) return { refused: 'team-has-visits', team: { id: team.id, name: team.name } };
      // Their past visits (cancelled or completed) keep their team's row: only unused teams go.
      const used = await tx
        .selectDistinct({ teamId: visits.teamId })
        .from(visits)
        .where(
          inArray(
            visits.teamId,
            removed.map((each) => each.id),
          ),
        );
      const usedIds = new Set(used.map((each) => each.teamId));
      for (const each of removed) {
        if (usedIds.has(each.id)) {
          await tx.update(teams).set({ active: false, removedAt: now }).where(eq(teams.id, each.id));
        } else {
          await tx.delete(teams).where(eq(teams.id, each.id));
        }
      }
    }
    for (const [position, team] of input.teams.entries()) {
      if (team.id && before.teams.some((each) => each.id === team.id)) {
        await tx
          .update(teams)
          .set({ name: team.name, active: team.active, position })
          .where(eq(teams.id, team.id));
      } else {
        await tx
          .insert(teams)
          .values({ id: newRowId(), name: team.name, active: team.active, position, createdAt: now });
      }
    }
    const settings = {
      hours: input.hours,
      windowMinutes: input.windowMinutes,
      bufferMinutes: input.bufferMinutes,
      minimumNoticeHours: input.minimumNoticeHours,
      changeCutoffHours: input.changeCutoffHours,
      horizonDays: input.horizonDays,
      closedDates: [...new Set(input.closedDates)].sort(),
    };
    await tx
      .insert(scheduleSettings)
      .values({ id: SETTINGS_ROW, settings, updatedAt: now })
      .onConflictDoUpdate({ target: scheduleSettings.id, set: { settings, updatedAt: now } });
    const after = await readScheduleSettings(tx);
    const changes: { field: string; oldValue: unknown; newValue: unknown }[] = [];
    for (const key of Object.keys(after.hours) as (keyof ScheduleSettings['hours'])[]) {
      if (JSON.stringify(before.hours[key]) !== JSON.stringify(after.hours[key])) {
        changes.push({ field: `hours.${key}`, oldValue: before.hours[key], newValue: after.hours[key] });
      }
    }
    for (const field of SETTING_FIELDS) {
      if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
        changes.push({ field, oldValue: before[field], newValue: after[field] });
      }
    }
    if (JSON.stringify(before.teams) !== JSON.stringify(after.teams)) {
      changes.push({ field: 'teams', oldValue: before.teams, newValue: after.teams });
    }
    for (const change of changes) {
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

/** Most changes the history lists, newest first. */
export const SCHEDULE_HISTORY_LIMIT = 1_000;

/** The settings' changes, newest first. */
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
    oldValue: row.oldValue,
    newValue: row.newValue,
  }));
}
