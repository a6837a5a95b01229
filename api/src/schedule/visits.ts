import type { ScheduleSettings, VisitKind, VisitStatus } from '@cleanquote/quote-core/staff';
import { and, asc, desc, eq, gt, gte, lt } from 'drizzle-orm';
import type { Database, Db } from '../db/database.ts';
import { newRowId } from '../db/row-id.ts';
import { outbox, quoteRequests, teams, visitSeries, visits } from '../db/schema.ts';
import { enqueueMails, type WriteTransaction } from '../mail/outbox.ts';
import { suburbOf } from '../mail/quote-reply.ts';
import { caseManagerMailSettings, tellCaseManager } from '../quote-requests/case-manager-updates.ts';
import { type Actor, appendHistory } from '../quote-requests/history.ts';
import { type VisitEventType, visitChanged } from '../webhooks/quote-events.ts';
import { checkSlot, type NotOfferedReason, type OfferedWindow, offeredWindows } from './offered-windows.ts';
import { readScheduleSettings } from './schedule-settings-store.ts';
import { seriesInviteText } from './series-mails.ts';
import { type VisitMailContext, visitMails } from './visit-mails.ts';
import { bookedWindowText } from './window-labels.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Longest a visit's busy time can be (720 minutes of work and a buffer of up to a day). */
const LONGEST_BUSY_MS = 720 * MINUTE + 24 * HOUR;

/** Reads run on the database, or inside a write transaction. */
export type Reader = Db | WriteTransaction;

/** A visit as the schedule, the quote request's page and the customer's page show it. */
export interface Visit {
  id: string;
  quoteRequestId: string;
  pricedQuoteId: string | null;
  teamId: string;
  teamName: string;
  status: VisitStatus;
  /** A clean, or a free re-clean under the guarantee. */
  kind: VisitKind;
  /** The series it is an occurrence of, and the time the series' rule gave it (kept when moved). */
  seriesId: string | null;
  occurrenceStart: Date | null;
  /** The arrival window's start and end. */
  start: Date;
  end: Date;
  durationMinutes: number;
  sequence: number;
  bookedBy: 'customer' | 'staff';
  reminderMailId: string | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
  /** When staff marked it done. */
  completedAt: Date | null;
}

const visitColumns = {
  id: visits.id,
  quoteRequestId: visits.quoteRequestId,
  pricedQuoteId: visits.pricedQuoteId,
  teamId: visits.teamId,
  teamName: teams.name,
  status: visits.status,
  kind: visits.kind,
  seriesId: visits.seriesId,
  occurrenceStart: visits.occurrenceStart,
  start: visits.start,
  windowMinutes: visits.windowMinutes,
  durationMinutes: visits.durationMinutes,
  sequence: visits.sequence,
  bookedBy: visits.bookedBy,
  reminderMailId: visits.reminderMailId,
  cancelledAt: visits.cancelledAt,
  cancelReason: visits.cancelReason,
  completedAt: visits.completedAt,
};

type VisitRow = { windowMinutes: number } & Omit<Visit, 'end'>;

function toVisit({ windowMinutes, ...row }: VisitRow): Visit {
  return { ...row, end: new Date(row.start.getTime() + windowMinutes * MINUTE) };
}

/** A visit by its id. */
export async function findVisit(db: Reader, id: string): Promise<Visit | undefined> {
  const [row] = await db
    .select(visitColumns)
    .from(visits)
    .innerJoin(teams, eq(teams.id, visits.teamId))
    .where(eq(visits.id, id));
  return row ? toVisit(row) : undefined;
}

/**
 * The clean a quote request's pages show: the next one booked (of a series, its earliest booked
 * occurrence), else the latest one made (cancelled or completed), else none. Re-cleans are not it.
 */
export async function currentVisitOf(db: Reader, quoteRequestId: string): Promise<Visit | undefined> {
  const rows = await db
    .select(visitColumns)
    .from(visits)
    .innerJoin(teams, eq(teams.id, visits.teamId))
    .where(and(eq(visits.quoteRequestId, quoteRequestId), eq(visits.kind, 'clean')))
    .orderBy(desc(visits.createdAt), desc(visits.id));
  const booked = rows
    .filter((candidate) => candidate.status === 'booked')
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const row = booked[0] ?? rows[0];
  return row ? toVisit(row) : undefined;
}

/** Every occurrence of a series, every status, in the order of the rule's times. */
export async function occurrencesOf(db: Reader, seriesId: string): Promise<Visit[]> {
  const rows = await db
    .select(visitColumns)
    .from(visits)
    .innerJoin(teams, eq(teams.id, visits.teamId))
    .where(eq(visits.seriesId, seriesId))
    .orderBy(asc(visits.occurrenceStart), asc(visits.id));
  return rows.map(toVisit);
}

/** The request's visits starting at or after `from`, every status and kind, in time order. */
export async function visitsOfRequestFrom(db: Reader, quoteRequestId: string, from: Date): Promise<Visit[]> {
  const rows = await db
    .select(visitColumns)
    .from(visits)
    .innerJoin(teams, eq(teams.id, visits.teamId))
    .where(and(eq(visits.quoteRequestId, quoteRequestId), gte(visits.start, from)))
    .orderBy(asc(visits.start), asc(visits.id));
  return rows.map(toVisit);
}

/** The booked visits whose busy time may reach into [from, to). */
export async function busyVisitsBetween(db: Reader, from: Date, to: Date) {
  return db
    .select({
      id: visits.id,
      teamId: visits.teamId,
      start: visits.start,
      durationMinutes: visits.durationMinutes,
    })
    .from(visits)
    .where(
      and(
        eq(visits.status, 'booked'),
        gt(visits.start, new Date(from.getTime() - LONGEST_BUSY_MS)),
        lt(visits.start, to),
      ),
    );
}

/** What the offering rule needs about a moment: the settings, the teams and the visits around it. */
async function offeringAround(db: Reader, from: Date, to: Date) {
  const settings = await readScheduleSettings(db);
  return { settings, visits: await busyVisitsBetween(db, from, to) };
}

/**
 * The arrival windows offered now for a clean of `durationMinutes`, over the whole horizon; the visit
 * `excludeVisitId` (one being moved) does not count against them.
 */
export async function offeredWindowsFor(
  db: Reader,
  {
    durationMinutes,
    now,
    excludeVisitId,
    rules,
  }: { durationMinutes: number; now: Date; excludeVisitId?: string; rules?: RuleOverrides | undefined },
): Promise<{ windows: OfferedWindow[]; settings: ScheduleSettings }> {
  const settings = { ...(await readScheduleSettings(db)), ...rules };
  const to = new Date(now.getTime() + (settings.horizonDays + 2) * 24 * HOUR);
  const busy = await busyVisitsBetween(db, now, to);
  const windows = offeredWindows({
    rules: settings,
    teams: settings.teams,
    visits: busy,
    durationMinutes,
    now,
    ...(excludeVisitId ? { excludeVisitId } : {}),
  });
  return { windows, settings };
}

/** Why a booking, a move or a cancellation did not happen. */
export type VisitRefusal =
  | { refused: 'not-offered'; reason: NotOfferedReason }
  /** Within the change cut-off: only a call to the business changes it now. */
  | { refused: 'cut-off' }
  /** The visit is cancelled or completed: nothing to move or cancel. */
  | { refused: 'not-booked' }
  /** The request already has a visit booked (move it instead). */
  | { refused: 'already-booked'; visit: Visit }
  /** A team given by staff that does not exist. */
  | { refused: 'unknown-team' };

/** A visit changed, or why not. */
export type VisitOutcome = { ok: true; visit: Visit } | ({ ok: false } & VisitRefusal);

/** Who is acting, and how the product speaks for them. */
export interface VisitActor {
  actor: Actor;
  by: 'customer' | 'staff';
  /** Staff place a visit outside the offered times (any start, any team) after confirming the clash. */
  override?: boolean | undefined;
}

/** The request a visit is for, as its mails and history need it. */
export type VisitMailRequest = VisitMailContext['request'];

export function windowOf(visit: { start: Date; end: Date }): OfferedWindow {
  return { start: visit.start, end: visit.end };
}

/**
 * Offering rules that differ for one booking: a free re-clean ignores the minimum notice and is
 * offered only over the next few days.
 */
export type RuleOverrides = Partial<Pick<ScheduleSettings, 'minimumNoticeHours' | 'horizonDays'>>;

/** Places the time in the rules: a team when offered, else the reason; staff may override. */
export async function placeVisit(
  tx: WriteTransaction,
  {
    start,
    durationMinutes,
    teamId,
    excludeVisitId,
    override,
    now,
    rules,
  }: {
    start: Date;
    durationMinutes: number;
    teamId: string | undefined;
    excludeVisitId: string | undefined;
    override: boolean;
    now: Date;
    rules?: RuleOverrides | undefined;
  },
): Promise<{ ok: true; teamId: string; settings: ScheduleSettings } | ({ ok: false } & VisitRefusal)> {
  const { settings: stored, visits: busy } = await offeringAround(
    tx,
    new Date(start.getTime() - 24 * HOUR),
    new Date(start.getTime() + LONGEST_BUSY_MS),
  );
  const settings = { ...stored, ...rules };
  if (teamId !== undefined && !settings.teams.some((team) => team.id === teamId)) {
    return { ok: false, refused: 'unknown-team' };
  }
  const input = {
    rules: settings,
    // A team staff name is the only one the rule may give; the customer's choice is any active team.
    teams: teamId === undefined ? settings.teams : settings.teams.filter((team) => team.id === teamId),
    visits: busy,
    durationMinutes,
    now,
    start,
    ...(excludeVisitId ? { excludeVisitId } : {}),
  };
  const check = checkSlot(input);
  if (check.offered) return { ok: true, teamId: check.teamId, settings };
  if (!override) return { ok: false, refused: 'not-offered', reason: check.reason };
  // Staff's override: their team, else the first active team (else the first team).
  const chosen =
    teamId ?? settings.teams.find((team) => team.active)?.id ?? (settings.teams[0]?.id as string);
  return { ok: true, teamId: chosen, settings };
}

/** Replaces the visit's scheduled reminder: the old one withdrawn, a new one queued when due later. */
export async function scheduleReminder(
  tx: WriteTransaction,
  visit: Visit,
  context: Omit<VisitMailContext, 'visit' | 'event'>,
  now: Date,
): Promise<string | null> {
  await withdrawReminder(tx, visit);
  if (visit.status !== 'booked') return null;
  const sendAfter = new Date(visit.start.getTime() - 24 * HOUR);
  // A visit booked less than 24 hours ahead gets no reminder: the confirmation has just told them.
  if (sendAfter <= now) return null;
  const reminders = visitMails({ ...context, visit, event: 'reminder' }).map((mail) => ({
    ...mail,
    sendAfter,
  }));
  const [reminderId] = await enqueueMails(tx, reminders);
  return reminderId ?? null;
}

/**
 * Takes the visit's scheduled reminder out of the outbox, if it is still waiting. Once a delivery
 * worker holds it or has sent it, it stays: it was due.
 */
export async function withdrawReminder(tx: WriteTransaction, visit: { reminderMailId: string | null }) {
  if (!visit.reminderMailId) return;
  await tx.delete(outbox).where(and(eq(outbox.id, visit.reminderMailId), eq(outbox.status, 'queued')));
}

/**
 * Tells everyone else of a visit's change, in its transaction: the partner's webhook (when the
 * request came from a partner who wants the event) and the case manager who asked for updates.
 */
export async function announce(
  tx: WriteTransaction,
  visit: Visit,
  type: VisitEventType,
  news: string,
  change: { now: Date; mail: { environment: VisitMailContext['environment'] } },
) {
  await visitChanged(tx, { quoteId: visit.quoteRequestId, type, ...windowOf(visit), at: change.now });
  await tellCaseManager(tx, visit.quoteRequestId, news, caseManagerMailSettings(change.mail.environment));
}

/** What booking, moving and cancelling need besides the visit. */
export interface VisitChangeContext extends VisitActor {
  request: VisitMailRequest;
  mail: Omit<VisitMailContext, 'visit' | 'event' | 'request' | 'previous' | 'reason'>;
  now: Date;
}

/**
 * Books a visit for a quote request, in ONE write transaction with the check that the time is still
 * offered: of any number of simultaneous bookings for the last free team, exactly one commits and the
 * others see its visit (the write transaction takes SQLite's write lock first, so this holds across
 * processes on one database too). Writes the history, the customer's confirmation with its calendar
 * invite, the business's notification and the reminder, all or nothing.
 */
export function bookVisit(
  database: Database,
  {
    quoteRequestId,
    pricedQuoteId,
    start,
    durationMinutes,
    teamId,
    kind = 'clean',
    rules,
    onBooked,
    ...change
  }: VisitChangeContext & {
    quoteRequestId: string;
    pricedQuoteId: string | null;
    start: Date;
    durationMinutes: number;
    teamId?: string | undefined;
    /** A free re-clean is booked beside the request's cleans, not instead of them. */
    kind?: VisitKind | undefined;
    rules?: RuleOverrides | undefined;
    /**
     * Runs in the booking's transaction once the visit is written (a re-clean ties itself to its
     * problem report); throwing undoes the booking, its mails and all.
     */
    onBooked?: ((tx: WriteTransaction, visit: Visit) => Promise<void>) | undefined;
  },
): Promise<VisitOutcome> {
  return database.writes.run(async (tx) => {
    if (kind === 'clean') {
      const current = await currentVisitOf(tx, quoteRequestId);
      if (current?.status === 'booked') return { ok: false, refused: 'already-booked', visit: current };
    }
    const placed = await placeVisit(tx, {
      start,
      durationMinutes,
      teamId,
      excludeVisitId: undefined,
      override: change.override === true && change.by === 'staff',
      now: change.now,
      rules,
    });
    if (!placed.ok) return placed;
    const id = newRowId();
    await tx.insert(visits).values({
      id,
      quoteRequestId,
      pricedQuoteId,
      teamId: placed.teamId,
      status: 'booked',
      kind,
      start,
      durationMinutes,
      windowMinutes: placed.settings.windowMinutes,
      sequence: 0,
      bookedBy: change.by,
      createdAt: change.now,
      updatedAt: change.now,
    });
    const visit = (await findVisit(tx, id)) as Visit;
    await appendHistory(tx, quoteRequestId, change.actor, change.now, {
      kind: 'visit',
      text: `Visit booked for ${bookedWindowText(windowOf(visit))} (${visit.teamName})`,
    });
    const context = { ...change.mail, request: change.request };
    await enqueueMails(tx, visitMails({ ...context, visit, event: 'booked' }));
    await announce(tx, visit, 'visit.booked', `The clean is booked for ${bookedWindowText(visit)}`, change);
    const reminderMailId = await scheduleReminder(tx, visit, context, change.now);
    await tx.update(visits).set({ reminderMailId }).where(eq(visits.id, id));
    await onBooked?.(tx, visit);
    return { ok: true, visit: { ...visit, reminderMailId } };
  });
}

/** True when the visit may still be changed online: before its cut-off (staff are never held to it). */
function withinCutOff(visit: Visit, settings: ScheduleSettings, change: VisitActor & { now: Date }) {
  if (change.by === 'staff') return false;
  return change.now.getTime() > visit.start.getTime() - settings.changeCutoffHours * HOUR;
}

/**
 * The next version of a series' calendar invite, after one of its occurrences changed in this
 * transaction: the series' SEQUENCE one more, the invite as the series now stands.
 */
async function seriesInviteAfterChange(
  tx: WriteTransaction,
  seriesId: string,
  context: Omit<VisitMailContext, 'visit' | 'event'>,
  now: Date,
): Promise<string> {
  const [series] = await tx.select().from(visitSeries).where(eq(visitSeries.id, seriesId));
  if (!series) throw new Error(`no series ${seriesId}`);
  const sequence = series.sequence + 1;
  await tx.update(visitSeries).set({ sequence, updatedAt: now }).where(eq(visitSeries.id, seriesId));
  return seriesInviteText({
    ...context,
    series: { ...series, sequence },
    occurrences: await occurrencesOf(tx, seriesId),
  });
}

/**
 * Moves a booked visit to another time (and, for staff, another team), in one write transaction
 * with the check, as booking does; its own busy time does not count against the new one. The invite
 * goes out again with the same UID and the next SEQUENCE, and the reminder moves with it.
 */
export function rescheduleVisit(
  database: Database,
  {
    visitId,
    start,
    teamId,
    ...change
  }: VisitChangeContext & { visitId: string; start: Date; teamId?: string | undefined },
): Promise<VisitOutcome> {
  return database.writes.run(async (tx) => {
    const previous = await findVisit(tx, visitId);
    // An occurrence of a series that needs a time is given one the same way a booked visit moves.
    const placeable =
      previous?.status === 'booked' || (previous?.status === 'needs-time' && previous.seriesId !== null);
    if (!previous || !placeable) return { ok: false, refused: 'not-booked' };
    const settings = await readScheduleSettings(tx);
    if (previous.status === 'booked' && withinCutOff(previous, settings, change)) {
      return { ok: false, refused: 'cut-off' };
    }
    const placed = await placeVisit(tx, {
      start,
      durationMinutes: previous.durationMinutes,
      teamId,
      excludeVisitId: previous.id,
      override: change.override === true && change.by === 'staff',
      now: change.now,
    });
    if (!placed.ok) return placed;
    await tx
      .update(visits)
      .set({
        start,
        status: 'booked',
        teamId: placed.teamId,
        windowMinutes: placed.settings.windowMinutes,
        sequence: previous.sequence + 1,
        updatedAt: change.now,
      })
      .where(eq(visits.id, visitId));
    const visit = (await findVisit(tx, visitId)) as Visit;
    await appendHistory(tx, previous.quoteRequestId, change.actor, change.now, {
      kind: 'visit',
      text: `Visit moved from ${bookedWindowText(windowOf(previous))} to ${bookedWindowText(windowOf(visit))} (${visit.teamName})`,
    });
    const context = { ...change.mail, request: change.request };
    const seriesInvite = visit.seriesId
      ? await seriesInviteAfterChange(tx, visit.seriesId, context, change.now)
      : undefined;
    await enqueueMails(tx, visitMails({ ...context, visit, previous, event: 'rescheduled', seriesInvite }));
    if (visit.seriesId) {
      // An occurrence: its partner hears of it; the case manager heard of the series once.
      await visitChanged(tx, {
        quoteId: visit.quoteRequestId,
        type: previous.status === 'booked' ? 'visit.rescheduled' : 'visit.booked',
        ...windowOf(visit),
        at: change.now,
      });
    } else {
      await announce(
        tx,
        visit,
        'visit.rescheduled',
        `The clean has moved to ${bookedWindowText(visit)}`,
        change,
      );
    }
    const reminderMailId = await scheduleReminder(tx, visit, context, change.now);
    await tx.update(visits).set({ reminderMailId }).where(eq(visits.id, visitId));
    return { ok: true, visit: { ...visit, reminderMailId } };
  });
}

/**
 * Cancels a booked visit: its time is free at once, its reminder withdrawn, and the invite is
 * cancelled in the customer's calendar (METHOD:CANCEL, the next SEQUENCE). The quote stays accepted.
 */
export function cancelVisit(
  database: Database,
  { visitId, reason, ...change }: VisitChangeContext & { visitId: string; reason: string | undefined },
): Promise<VisitOutcome> {
  return database.writes.run(async (tx) => {
    const previous = await findVisit(tx, visitId);
    if (previous?.status !== 'booked') return { ok: false, refused: 'not-booked' };
    const settings = await readScheduleSettings(tx);
    if (withinCutOff(previous, settings, change)) return { ok: false, refused: 'cut-off' };
    await withdrawReminder(tx, previous);
    await tx
      .update(visits)
      .set({
        status: 'cancelled',
        sequence: previous.sequence + 1,
        cancelledAt: change.now,
        cancelReason: reason ?? null,
        reminderMailId: null,
        updatedAt: change.now,
      })
      .where(eq(visits.id, visitId));
    const visit = (await findVisit(tx, visitId)) as Visit;
    const who = change.by === 'customer' ? 'the customer' : change.actor.name;
    await appendHistory(tx, previous.quoteRequestId, change.actor, change.now, {
      kind: 'visit',
      text: `Visit cancelled by ${who}${reason ? `: ${reason}` : ''}`,
    });
    const context = { ...change.mail, request: change.request };
    await enqueueMails(tx, visitMails({ ...context, visit, event: 'cancelled', reason }));
    await announce(
      tx,
      visit,
      'visit.cancelled',
      `The clean booked for ${bookedWindowText(visit)} is cancelled`,
      change,
    );
    return { ok: true, visit };
  });
}

/** True while the customer can still change or cancel the visit online. */
export function changeableOnline(visit: Visit, settings: ScheduleSettings, now: Date): boolean {
  return (
    visit.status === 'booked' && now.getTime() <= visit.start.getTime() - settings.changeCutoffHours * HOUR
  );
}

/** A visit as the schedule lists it (GET /api/schedule): the arrival window, the team and the customer. */
export interface ScheduledVisit {
  id: string;
  quoteRequestId: string;
  reference: string;
  /** The arrival window, ISO 8601. */
  start: string;
  end: string;
  durationMinutes: number;
  teamId: string;
  teamName: string;
  status: VisitStatus;
  /** A clean, or a free re-clean under the guarantee. */
  kind: VisitKind;
  /** The regular clean it is a visit of, and the time the series' rule gave it (ISO 8601). */
  seriesId: string | null;
  occurrenceStart: string | null;
  /** When staff marked it done (ISO 8601). */
  completedAt: string | null;
  customerName: string;
  suburb: string | null;
  service: string;
}

/** The visits starting in [from, to), every status, in time order. */
export async function readSchedule(db: Reader, from: Date, to: Date): Promise<ScheduledVisit[]> {
  const rows = await db
    .select({
      ...visitColumns,
      reference: quoteRequests.reference,
      customerName: quoteRequests.name,
      address: quoteRequests.address,
      service: quoteRequests.serviceType,
    })
    .from(visits)
    .innerJoin(teams, eq(teams.id, visits.teamId))
    .innerJoin(quoteRequests, eq(quoteRequests.id, visits.quoteRequestId))
    .where(and(gte(visits.start, from), lt(visits.start, to)))
    .orderBy(asc(visits.start), asc(teams.position), asc(visits.id));
  return rows.map((row) => scheduledVisit(toVisit(row), row));
}

/** A visit with its request's reference, customer, suburb and service, as the API shows it. */
export function scheduledVisit(
  visit: Visit,
  request: { reference: string; customerName: string; address: string; service: string },
): ScheduledVisit {
  return {
    id: visit.id,
    quoteRequestId: visit.quoteRequestId,
    reference: request.reference,
    start: visit.start.toISOString(),
    end: visit.end.toISOString(),
    durationMinutes: visit.durationMinutes,
    teamId: visit.teamId,
    teamName: visit.teamName,
    status: visit.status,
    kind: visit.kind,
    seriesId: visit.seriesId,
    occurrenceStart: visit.occurrenceStart?.toISOString() ?? null,
    completedAt: visit.completedAt?.toISOString() ?? null,
    customerName: request.customerName,
    suburb: suburbOf(request.address) ?? null,
    service: request.service,
  };
}
