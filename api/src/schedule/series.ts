import type { ScheduleSettings, SeriesFrequency } from '@cleanquote/quote-core/staff';
import { desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { newRowId } from '../db/row-id.ts';
import { teams, visitSeries, visits } from '../db/schema.ts';
import type { Environment } from '../env.ts';
import type { ScheduledJob } from '../jobs/job-runner.ts';
import { addDays, melbourneDay } from '../lib/melbourne-time.ts';
import { enqueueMails, type WriteTransaction } from '../mail/outbox.ts';
import { caseManagerMailSettings, tellCaseManager } from '../quote-requests/case-manager-updates.ts';
import { appendHistory, businessActor } from '../quote-requests/history.ts';
import { visitChanged } from '../webhooks/quote-events.ts';
import { placeOccurrence } from './offered-windows.ts';
import { readScheduleSettings } from './schedule-settings-store.ts';
import { seriesMails } from './series-mails.ts';
import { heldThroughDay, ruleStarts, SERIES_HOLD_DAYS, seriesLabel, seriesPhrase } from './series-rule.ts';
import { findBookableRequest, staffVisitChange } from './staff-booking.ts';
import type { VisitMailContext } from './visit-mails.ts';
import {
  busyVisitsBetween,
  currentVisitOf,
  findVisit,
  occurrencesOf,
  placeVisit,
  type Reader,
  scheduleReminder,
  type Visit,
  type VisitChangeContext,
  type VisitMailRequest,
  type VisitOutcome,
  withdrawReminder,
} from './visits.ts';
import { bookedWindowText, longDay } from './window-labels.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Longest a visit's busy time can be (720 minutes of work and a buffer of up to a day). */
const LONGEST_BUSY_MS = 720 * MINUTE + 24 * HOUR;

/** A recurring clean: its rule, how long each visit takes, and how far its occurrences are held. */
export interface Series {
  id: string;
  quoteRequestId: string;
  pricedQuoteId: string | null;
  frequency: SeriesFrequency;
  anchorStart: Date;
  durationMinutes: number;
  windowMinutes: number;
  teamId: string;
  endsOn: string | null;
  heldUntil: Date;
  sequence: number;
  createdAt: Date;
}

const seriesColumns = {
  id: visitSeries.id,
  quoteRequestId: visitSeries.quoteRequestId,
  pricedQuoteId: visitSeries.pricedQuoteId,
  frequency: visitSeries.frequency,
  anchorStart: visitSeries.anchorStart,
  durationMinutes: visitSeries.durationMinutes,
  windowMinutes: visitSeries.windowMinutes,
  teamId: visitSeries.teamId,
  endsOn: visitSeries.endsOn,
  heldUntil: visitSeries.heldUntil,
  sequence: visitSeries.sequence,
  createdAt: visitSeries.createdAt,
};

/** A series by its id. */
export async function findSeries(db: Reader, id: string): Promise<Series | undefined> {
  const [row] = await db.select(seriesColumns).from(visitSeries).where(eq(visitSeries.id, id));
  return row;
}

/** The quote request's series (its latest, should it have had more than one), if any. */
export async function seriesOfRequest(db: Reader, quoteRequestId: string): Promise<Series | undefined> {
  const [row] = await db
    .select(seriesColumns)
    .from(visitSeries)
    .where(eq(visitSeries.quoteRequestId, quoteRequestId))
    .orderBy(desc(visitSeries.createdAt), desc(visitSeries.id))
    .limit(1);
  return row;
}

/** The series as the API answers it. */
export interface SeriesJson {
  id: string;
  frequency: SeriesFrequency;
  endsOn: string | null;
  /** The first occurrence of its rule, ISO 8601. */
  start: string;
  label: string;
  teamId: string;
  teamName: string;
}

/** The series as GET /api/contact/:id/visit and PATCH /api/series/:id answer it. */
export async function seriesJson(db: Reader, series: Series): Promise<SeriesJson> {
  const [team] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, series.teamId));
  return {
    id: series.id,
    frequency: series.frequency,
    endsOn: series.endsOn,
    start: series.anchorStart.toISOString(),
    label: seriesLabel(series),
    teamId: series.teamId,
    teamName: team?.name ?? series.teamId,
  };
}

/** The teams in the order an occurrence tries them: the series' own team first. */
function teamsForSeries(settings: ScheduleSettings, series: Pick<Series, 'teamId'>) {
  const own = settings.teams.filter((team) => team.id === series.teamId);
  return [...own, ...settings.teams.filter((team) => team.id !== series.teamId)];
}

/**
 * Creates the occurrences of the rule at `starts` that do not exist yet: each with a free team
 * (the series' own first) at its time, else with status needs-time, holding no team's time. The
 * unique (series, occurrence) index makes each occurrence exist once, however often this runs.
 */
async function holdOccurrences(
  tx: WriteTransaction,
  series: Series,
  starts: readonly Date[],
  { now, bookedBy }: { now: Date; bookedBy: 'customer' | 'staff' },
): Promise<Visit[]> {
  const first = starts[0];
  const last = starts.at(-1);
  if (!first || !last) return [];
  const settings = await readScheduleSettings(tx);
  const busy = await busyVisitsBetween(
    tx,
    new Date(first.getTime() - 24 * HOUR),
    new Date(last.getTime() + LONGEST_BUSY_MS),
  );
  const created: Visit[] = [];
  for (const start of starts) {
    const placed = placeOccurrence({
      rules: settings,
      teams: teamsForSeries(settings, series),
      visits: busy,
      durationMinutes: series.durationMinutes,
      now,
      start,
    });
    const id = newRowId();
    const teamId = placed.placed ? placed.teamId : series.teamId;
    const inserted = await tx
      .insert(visits)
      .values({
        id,
        quoteRequestId: series.quoteRequestId,
        pricedQuoteId: series.pricedQuoteId,
        teamId,
        status: placed.placed ? 'booked' : 'needs-time',
        kind: 'clean',
        seriesId: series.id,
        occurrenceStart: start,
        start,
        durationMinutes: series.durationMinutes,
        windowMinutes: series.windowMinutes,
        sequence: 0,
        bookedBy,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: visits.id });
    if (inserted.length === 0) continue;
    if (placed.placed) busy.push({ id, teamId, start, durationMinutes: series.durationMinutes });
    created.push((await findVisit(tx, id)) as Visit);
  }
  return created;
}

/** What the series' mails and reminders are written from, besides the series. */
export type SeriesMailContext = Omit<VisitMailContext, 'visit' | 'event' | 'previous' | 'reason'>;

/** Each new occurrence's reminder and its partner webhook (visit.booked for those with a team). */
async function announceOccurrences(
  tx: WriteTransaction,
  created: readonly Visit[],
  context: SeriesMailContext,
  now: Date,
) {
  for (const visit of created) {
    if (visit.status !== 'booked') continue;
    const reminderMailId = await scheduleReminder(tx, visit, context, now);
    if (reminderMailId) await tx.update(visits).set({ reminderMailId }).where(eq(visits.id, visit.id));
    await visitChanged(tx, {
      quoteId: visit.quoteRequestId,
      type: 'visit.booked',
      start: visit.start,
      end: visit.end,
      at: now,
    });
  }
}

/**
 * Books a recurring clean from the customer's (or staff's) first window, in ONE write transaction:
 * the first visit goes through the same check as a one-off (a free team, the notice, the windows),
 * then the series holds its next 12 weeks of occurrences at the same Melbourne wall-clock time,
 * each with a free team or as needs-time. One confirmation with the series' calendar invite, the
 * business told, each occurrence's reminder queued, the partner told of each visit and the case
 * manager once, naming the series.
 */
export function bookSeries(
  database: Database,
  {
    quoteRequestId,
    pricedQuoteId,
    frequency,
    start,
    durationMinutes,
    teamId,
    ...change
  }: VisitChangeContext & {
    quoteRequestId: string;
    pricedQuoteId: string | null;
    frequency: SeriesFrequency;
    start: Date;
    durationMinutes: number;
    teamId?: string | undefined;
  },
): Promise<VisitOutcome> {
  return database.writes.run(async (tx) => {
    const current = await currentVisitOf(tx, quoteRequestId);
    if (current?.status === 'booked') return { ok: false, refused: 'already-booked', visit: current };
    const placed = await placeVisit(tx, {
      start,
      durationMinutes,
      teamId,
      excludeVisitId: undefined,
      override: change.override === true && change.by === 'staff',
      now: change.now,
    });
    if (!placed.ok) return placed;
    const series: Series = {
      id: newRowId(),
      quoteRequestId,
      pricedQuoteId,
      frequency,
      anchorStart: start,
      durationMinutes,
      windowMinutes: placed.settings.windowMinutes,
      teamId: placed.teamId,
      endsOn: null,
      heldUntil: start,
      sequence: 0,
      createdAt: change.now,
    };
    const through = heldThroughDay(start, change.now);
    const starts = ruleStarts(series, { afterDay: null, throughDay: through });
    series.heldUntil = starts.at(-1) ?? start;
    await tx.insert(visitSeries).values({ ...series, updatedAt: change.now });
    // The first visit is the customer's chosen window on the team the check gave.
    const [firstStart, ...rest] = starts;
    const created: Visit[] = [];
    if (firstStart) {
      const firstId = newRowId();
      await tx.insert(visits).values({
        id: firstId,
        quoteRequestId,
        pricedQuoteId,
        teamId: placed.teamId,
        status: 'booked',
        kind: 'clean',
        seriesId: series.id,
        occurrenceStart: firstStart,
        start: firstStart,
        durationMinutes,
        windowMinutes: series.windowMinutes,
        bookedBy: change.by,
        createdAt: change.now,
        updatedAt: change.now,
      });
      created.push((await findVisit(tx, firstId)) as Visit);
    }
    created.push(...(await holdOccurrences(tx, series, rest, { now: change.now, bookedBy: change.by })));
    const label = seriesLabel(series);
    const first = created[0] as Visit;
    const needingTime = created.filter((visit) => visit.status === 'needs-time');
    await appendHistory(tx, quoteRequestId, change.actor, change.now, {
      kind: 'visit',
      text: `${label} booked from ${bookedWindowText(first)} (${first.teamName}): ${created.length} visits held${
        needingTime.length > 0 ? `, ${needingTime.length} needing a time` : ''
      }`,
    });
    const context: SeriesMailContext = { ...change.mail, request: change.request };
    await enqueueMails(
      tx,
      seriesMails({ ...context, event: 'booked', series, occurrences: await occurrencesOf(tx, series.id) }),
    );
    await announceOccurrences(tx, created, context, change.now);
    await tellCaseManager(
      tx,
      quoteRequestId,
      `The regular clean is booked: ${seriesPhrase(label)}, from ${bookedWindowText(first)}`,
      caseManagerMailSettings(change.mail.environment),
    );
    return { ok: true, visit: first };
  });
}

/** Why a series change did not happen. */
export type SeriesRefusal = 'not-found' | 'ended' | 'cut-off' | 'bad-date';

/**
 * Extends every series that goes on to hold its next 12 weeks at `now`, one write transaction per
 * series: the new occurrences, their reminders and webhooks, and — when one needs a time — the
 * customer's invite again without it. Each occurrence is created once (the unique index and
 * `heldUntil` in the same transaction), so a crash or a second run creates nothing twice.
 */
export async function extendSeries(
  database: Database,
  {
    now,
    environment,
    mailContextOf,
  }: {
    now: Date;
    environment: Pick<Environment, 'BUSINESS_EMAIL'>;
    mailContextOf: (series: Series) => Promise<SeriesMailContext | undefined>;
  },
): Promise<{ series: number; created: number; needingTime: number }> {
  // A series holds 12 weeks ahead: one held less far than that may have an occurrence to add.
  const due = await database.db
    .select(seriesColumns)
    .from(visitSeries)
    .where(lt(visitSeries.heldUntil, new Date(now.getTime() + SERIES_HOLD_DAYS * 24 * HOUR)));
  let created = 0;
  let needingTime = 0;
  let extended = 0;
  for (const candidate of due) {
    if (candidate.endsOn !== null && candidate.endsOn <= melbourneDay(candidate.heldUntil)) continue;
    const context = await mailContextOf(candidate);
    if (!context) continue;
    const outcome = await database.writes.run(async (tx) => {
      const series = await findSeries(tx, candidate.id);
      if (!series) return { created: 0, needingTime: 0 };
      const through = heldThroughDay(series.anchorStart, now);
      const starts = ruleStarts(series, { afterDay: melbourneDay(series.heldUntil), throughDay: through });
      const last = starts.at(-1);
      if (!last) return { created: 0, needingTime: 0 };
      const made = await holdOccurrences(tx, series, starts, { now, bookedBy: 'staff' });
      await tx
        .update(visitSeries)
        .set({ heldUntil: last, updatedAt: now })
        .where(eq(visitSeries.id, series.id));
      await announceOccurrences(tx, made, context, now);
      const needs = made.filter((visit) => visit.status === 'needs-time');
      if (needs.length > 0) {
        const changed = { ...series, heldUntil: last, sequence: series.sequence + 1 };
        await tx.update(visitSeries).set({ sequence: changed.sequence }).where(eq(visitSeries.id, series.id));
        await appendHistory(tx, series.quoteRequestId, businessActor(environment), now, {
          kind: 'visit',
          text: `${needs.map((visit) => bookedWindowText(visit)).join('; ')}: needs a time (no team free)`,
        });
        await enqueueMails(
          tx,
          seriesMails({
            ...context,
            event: 'needs-time',
            series: changed,
            occurrences: await occurrencesOf(tx, series.id),
            changed: needs,
          }),
        );
      }
      return { created: made.length, needingTime: needs.length };
    });
    if (outcome.created > 0) extended += 1;
    created += outcome.created;
    needingTime += outcome.needingTime;
  }
  return { series: extended, created, needingTime };
}

/** True while an occurrence can still be changed online by the customer (before its cut-off). */
function insideCutOff(visit: Visit, settings: ScheduleSettings, change: { by: string; now: Date }) {
  if (change.by === 'staff') return false;
  return change.now.getTime() > visit.start.getTime() - settings.changeCutoffHours * HOUR;
}

/**
 * Skips one occurrence of a series: it stays in the list as skipped, its team's time and its
 * reminder are freed, and the customer's calendar drops that date (the series invite again, with
 * it excluded). Nothing else in the series moves.
 */
export function skipOccurrence(
  database: Database,
  { visitId, ...change }: VisitChangeContext & { visitId: string },
): Promise<VisitOutcome> {
  return database.writes.run(async (tx) => {
    const previous = await findVisit(tx, visitId);
    if (!previous?.seriesId || (previous.status !== 'booked' && previous.status !== 'needs-time')) {
      return { ok: false, refused: 'not-booked' };
    }
    const settings = await readScheduleSettings(tx);
    if (previous.status === 'booked' && insideCutOff(previous, settings, change)) {
      return { ok: false, refused: 'cut-off' };
    }
    const series = (await findSeries(tx, previous.seriesId)) as Series;
    await withdrawReminder(tx, previous);
    await tx
      .update(visits)
      .set({ status: 'skipped', reminderMailId: null, updatedAt: change.now })
      .where(eq(visits.id, visitId));
    const changed = { ...series, sequence: series.sequence + 1 };
    await tx
      .update(visitSeries)
      .set({ sequence: changed.sequence, updatedAt: change.now })
      .where(eq(visitSeries.id, series.id));
    const visit = (await findVisit(tx, visitId)) as Visit;
    const who = change.by === 'customer' ? 'the customer' : change.actor.name;
    await appendHistory(tx, previous.quoteRequestId, change.actor, change.now, {
      kind: 'visit',
      text: `Visit of ${bookedWindowText(previous)} skipped by ${who}`,
    });
    const context: SeriesMailContext = { ...change.mail, request: change.request };
    await enqueueMails(
      tx,
      seriesMails({
        ...context,
        event: 'skipped',
        series: changed,
        occurrences: await occurrencesOf(tx, series.id),
        changed: [previous],
      }),
    );
    if (previous.status === 'booked') {
      await visitChanged(tx, {
        quoteId: previous.quoteRequestId,
        type: 'visit.cancelled',
        start: previous.start,
        end: previous.end,
        at: change.now,
      });
    }
    return { ok: true, visit };
  });
}

/**
 * Ends a series after Melbourne day `endsOn` (its last day with a visit): every occurrence after it
 * that is still to come is cancelled (reminders withdrawn, partners told) and the customer's
 * calendar gets the series again with an UNTIL — never a bare cancel, which would take the visits
 * already done out of it too.
 */
export function endSeries(
  database: Database,
  { seriesId, endsOn, ...change }: VisitChangeContext & { seriesId: string; endsOn: string },
): Promise<{ ok: true; series: Series } | { ok: false; refused: SeriesRefusal }> {
  return database.writes.run(async (tx) => {
    const series = await findSeries(tx, seriesId);
    if (!series) return { ok: false, refused: 'not-found' };
    if (series.endsOn !== null && series.endsOn <= endsOn) return { ok: true, series };
    if (endsOn < addDays(melbourneDay(change.now), -1)) return { ok: false, refused: 'bad-date' };
    const settings = await readScheduleSettings(tx);
    const occurrences = await occurrencesOf(tx, seriesId);
    const ending = occurrences.filter(
      (visit) =>
        (visit.status === 'booked' || visit.status === 'needs-time') &&
        melbourneDay(visit.occurrenceStart ?? visit.start) > endsOn,
    );
    if (ending.some((visit) => visit.status === 'booked' && insideCutOff(visit, settings, change))) {
      return { ok: false, refused: 'cut-off' };
    }
    for (const visit of ending) {
      await withdrawReminder(tx, visit);
      await tx
        .update(visits)
        .set({
          status: 'cancelled',
          cancelledAt: change.now,
          cancelReason: 'The regular clean ended',
          reminderMailId: null,
          updatedAt: change.now,
        })
        .where(eq(visits.id, visit.id));
      if (visit.status === 'booked') {
        await visitChanged(tx, {
          quoteId: visit.quoteRequestId,
          type: 'visit.cancelled',
          start: visit.start,
          end: visit.end,
          at: change.now,
        });
      }
    }
    const changed = { ...series, endsOn, sequence: series.sequence + 1 };
    await tx
      .update(visitSeries)
      .set({ endsOn, sequence: changed.sequence, updatedAt: change.now })
      .where(eq(visitSeries.id, seriesId));
    const who = change.by === 'customer' ? 'the customer' : change.actor.name;
    await appendHistory(tx, series.quoteRequestId, change.actor, change.now, {
      kind: 'visit',
      text: `${seriesLabel(series)} ended after ${longDay(endsOn)} by ${who}: ${ending.length} visits cancelled`,
    });
    const context: SeriesMailContext = { ...change.mail, request: change.request };
    await enqueueMails(
      tx,
      seriesMails({
        ...context,
        event: 'ended',
        series: changed,
        occurrences: await occurrencesOf(tx, seriesId),
        changed: ending,
      }),
    );
    await tellCaseManager(
      tx,
      series.quoteRequestId,
      `The regular clean ends after ${longDay(endsOn)}`,
      caseManagerMailSettings(change.mail.environment),
    );
    return { ok: true, series: changed };
  });
}

/** The request a series' mails are written for, as booking needs it. */
export type SeriesRequest = VisitMailRequest;

/**
 * Moves every visit still to come of a series to a new weekday and time (`start`, the first of
 * them), in one write transaction. The series so far ends with its last visit before the move (its
 * invite sent again with an UNTIL, so the visits done stay in the customer's calendar) and its
 * continuation is a new series from `start`, with an invite of its own: calendars apply a whole new
 * rule reliably, where an override of 'this and future' is widely ignored. Answers the new series.
 */
export function moveSeries(
  database: Database,
  { seriesId, start, ...change }: VisitChangeContext & { seriesId: string; start: Date },
): Promise<{ ok: true; series: Series } | { ok: false; refused: SeriesRefusal }> {
  return database.writes.run(async (tx) => {
    const series = await findSeries(tx, seriesId);
    if (!series) return { ok: false, refused: 'not-found' };
    if (start.getTime() <= change.now.getTime()) return { ok: false, refused: 'bad-date' };
    const occurrences = await occurrencesOf(tx, seriesId);
    const moving = occurrences.filter(
      (visit) =>
        visit.start.getTime() > change.now.getTime() &&
        (visit.status === 'booked' || visit.status === 'needs-time' || visit.status === 'skipped'),
    );
    for (const visit of moving) {
      await withdrawReminder(tx, visit);
      await tx.delete(visits).where(eq(visits.id, visit.id));
      if (visit.status === 'booked') {
        await visitChanged(tx, {
          quoteId: visit.quoteRequestId,
          type: 'visit.cancelled',
          start: visit.start,
          end: visit.end,
          at: change.now,
        });
      }
    }
    const kept = occurrences.filter((visit) => !moving.includes(visit));
    const lastKept = kept.at(-1);
    const endsOn = lastKept
      ? melbourneDay(lastKept.occurrenceStart ?? lastKept.start)
      : addDays(melbourneDay(change.now), -1);
    const ended = { ...series, endsOn, sequence: series.sequence + 1 };
    await tx
      .update(visitSeries)
      .set({ endsOn, sequence: ended.sequence, updatedAt: change.now })
      .where(eq(visitSeries.id, seriesId));
    const next: Series = {
      ...series,
      id: newRowId(),
      anchorStart: start,
      endsOn: series.endsOn !== null && series.endsOn >= melbourneDay(start) ? series.endsOn : null,
      sequence: 0,
      createdAt: change.now,
    };
    const starts = ruleStarts(next, { afterDay: null, throughDay: heldThroughDay(start, change.now) });
    next.heldUntil = starts.at(-1) ?? start;
    await tx.insert(visitSeries).values({ ...next, updatedAt: change.now });
    const created = await holdOccurrences(tx, next, starts, { now: change.now, bookedBy: change.by });
    const context: SeriesMailContext = { ...change.mail, request: change.request };
    await appendHistory(tx, series.quoteRequestId, change.actor, change.now, {
      kind: 'visit',
      text: `${seriesLabel(series)} moved to ${seriesLabel(next)} from ${bookedWindowText({
        start,
        end: new Date(start.getTime() + next.windowMinutes * MINUTE),
      })}`,
    });
    await enqueueMails(tx, [
      ...seriesMails({
        ...context,
        event: 'moved',
        series: ended,
        occurrences: await occurrencesOf(tx, seriesId),
        next,
      }),
      ...seriesMails({
        ...context,
        event: 'booked',
        series: next,
        occurrences: await occurrencesOf(tx, next.id),
      }),
    ]);
    await announceOccurrences(tx, created, context, change.now);
    await tellCaseManager(
      tx,
      series.quoteRequestId,
      `The regular clean has moved: ${seriesPhrase(seriesLabel(next))}`,
      caseManagerMailSettings(change.mail.environment),
    );
    return { ok: true, series: next };
  });
}

/**
 * Daily at 2:15 Melbourne time, every regular clean is extended to hold its next 12 weeks (see
 * {@link extendSeries}); a run missed while the server was down is made up by the next one, which
 * reads what to create from the series, not from the day.
 */
export const seriesExtensionJob: ScheduledJob = {
  name: 'series-extension',
  schedule: '15 2 * * *',
  periodOf: melbourneDay,
  graceMs: 24 * HOUR,
  async run({ now, database, environment, logger }) {
    const outcome = await extendSeries(database, {
      now,
      environment,
      mailContextOf: async (series) => {
        const request = await findBookableRequest(database.db, series.quoteRequestId);
        if (!request) return undefined;
        const change = await staffVisitChange(database.db, request, {
          actor: businessActor(environment),
          environment,
          now,
          override: false,
        });
        return { ...change.mail, request };
      },
    });
    logger.info(outcome, 'regular cleans extended');
  },
};
