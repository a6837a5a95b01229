import './schedule-week.css';
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { QuoteDataGate } from '../lib/quote-data-gate.tsx';
import { serviceLabel } from '../lib/quote-labels.ts';
import { changeTimeTitle, VisitActions } from '../lib/visit-actions.tsx';
import { VisitTimeForm } from '../lib/visit-time-form.tsx';
import {
  arrivalWindow,
  dayName,
  melbourneDayOf,
  shiftWeek,
  weekDays,
  weekFromSearch,
  weekHeading,
} from '../lib/visit-times.ts';
import { visitStatusLabel } from '../lib/visits.ts';
import { type ScheduledVisit, scheduleWeekQuery } from './schedule-week-queries.ts';

/** The search parameter holding the week shown: any day of it, 'yyyy-MM-dd' (its Monday when the page sets it). */
export const WEEK_PARAMETER = 'week';

/**
 * The schedule's week, Monday to Sunday in Melbourne: its visits by day and by team — who, where,
 * which service, the arrival window and the status — each a link to its quote request. A visit of
 * a regular clean no team could take ('Needs a time') holds no team's time, so it is listed under
 * its day apart from the teams; a skipped one stays in its team's column, muted like a cancelled
 * one, so staff see the customer is not expecting the team that day. Staff act on a visit here as on
 * its request's page: mark a booked visit completed once it has begun, and for a regular clean skip
 * a visit or change its time (choose one, for a visit that needs a time); the week is read again
 * after each change and focus returns to the visit (or to the week, when it moved out of it). The week is
 * in the address (?week=2026-11-30), so a reload or a shared link shows the same one. Visits name
 * customers, so a locked quote dashboard asks for its password here, and only here, first.
 */
export function ScheduleWeek() {
  return (
    <QuoteDataGate opens="the visits on the schedule">
      <Week />
    </QuoteDataGate>
  );
}

function Week() {
  const headingId = useId();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const monday = weekFromSearch(new URLSearchParams(search).get(WEEK_PARAMETER));
  const week = useQuery(scheduleWeekQuery(monday));
  // The visit whose time is being changed: the time form stands in for the week's days meanwhile.
  const [moving, setMoving] = useState<ScheduledVisit | null>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  // After a change, focus goes to the visit's window; a visit moved to another week is gone from
  // this one, so the week's heading takes it instead.
  // The week is read again after a change: focus waits for that read, since the visit's entry it
  // replaces would take the focus away with it.
  const refreshing = week.isFetching;
  useEffect(() => {
    if (focusTarget === null || refreshing) return;
    (document.getElementById(focusTarget) ?? document.getElementById(headingId))?.focus();
    setFocusTarget(null);
  }, [focusTarget, headingId, refreshing]);

  const actions: WeekActions = {
    idOf: (part, key) => `${headingId}-${part}-${key}`,
    // The server's clock says which visits have begun, as it does when it accepts a completion.
    now: week.data ? Date.parse(week.data.now) : Number.NaN,
    onChangeTime: setMoving,
    onChanged: (visit) => setFocusTarget(actions.idOf('window', visit.id)),
  };

  /** Shows another week: this week's address is the screen's own, any other names its Monday. */
  const show = (target: string) => {
    const params = new URLSearchParams(search);
    if (target === weekFromSearch(null)) params.delete(WEEK_PARAMETER);
    else params.set(WEEK_PARAMETER, target);
    const query = params.toString();
    navigate(query ? `${location}?${query}` : location);
  };

  const visits = week.data?.visits;
  const heading = (
    <h2 id={headingId} tabIndex={-1}>
      Visits: {weekHeading(monday)}
    </h2>
  );
  if (moving) {
    return (
      <section className="card schedule-week" aria-labelledby={headingId}>
        {heading}
        <p>{[moving.customerName, moving.suburb].filter(Boolean).join(' · ')}</p>
        <VisitTimeForm
          quoteId={moving.quoteRequestId}
          moving={moving}
          title={changeTimeTitle(moving)}
          onClose={() => {
            setMoving(null);
            actions.onChanged(moving);
          }}
        />
      </section>
    );
  }
  return (
    <section className="card schedule-week" aria-labelledby={headingId}>
      {heading}
      <div className="button-row button-row--tight schedule-week__weeks">
        <button type="button" className="button button--outline" onClick={() => show(shiftWeek(monday, -1))}>
          Previous week
        </button>
        <button type="button" className="button button--outline" onClick={() => show(weekFromSearch(null))}>
          This week
        </button>
        <button type="button" className="button button--outline" onClick={() => show(shiftWeek(monday, 1))}>
          Next week
        </button>
      </div>
      <p role="status" className="schedule-week__summary">
        {visits ? weekSummary(visits) : week.isError ? '' : 'Loading the week…'}
      </p>
      {week.isError ? (
        <p>
          The week's visits could not be loaded.{' '}
          <button type="button" className="button button--outline" onClick={() => void week.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      {visits && visits.length > 0 ? <WeekDays monday={monday} visits={visits} actions={actions} /> : null}
    </section>
  );
}

/**
 * What the week holds, in one line: 'No visits this week.', '5 visits: 4 booked, 1 cancelled.' or
 * '6 visits: 3 booked, 1 needs a time, 1 completed, 1 skipped.'
 */
export function weekSummary(visits: readonly ScheduledVisit[]): string {
  if (visits.length === 0) return 'No visits this week.';
  const counts = (['booked', 'needs-time', 'completed', 'skipped', 'cancelled'] as const)
    .map((status) => ({ status, count: visits.filter((visit) => visit.status === status).length }))
    .filter(({ count }) => count > 0)
    .map(({ status, count }) => `${count} ${visitStatusLabel(status).toLowerCase()}`);
  return `${visits.length} ${visits.length === 1 ? 'visit' : 'visits'}: ${counts.join(', ')}.`;
}

/** What a visit's entry needs to offer its buttons: ids to describe them by, the time, the handlers. */
interface WeekActions {
  /**
   * A unique id on the page: a day's heading (by its 'yyyy-MM-dd'), or a visit's window (focus
   * returns there) or customer (by the visit's id). A visit's buttons are described by all three.
   */
  idOf: (part: 'day' | 'window' | 'customer', key: string) => string;
  /** The server's time when the week was read (ms): a booked visit begun by then can be completed. */
  now: number;
  /** Opens the time form for a visit of a regular clean. */
  onChangeTime: (visit: ScheduledVisit) => void;
  /** Called once a visit was skipped, completed or given a time. */
  onChanged: (visit: ScheduledVisit) => void;
}

/** A team as the week's columns show it. */
interface WeekTeam {
  id: string;
  name: string;
}

/** True for a visit of a regular clean no team could take: it names its series' team but holds none. */
function needsTime(visit: ScheduledVisit): boolean {
  return visit.status === 'needs-time';
}

/** The teams with visits in the week, by name ('Team 2' before 'Team 10'). */
function teamsOf(visits: readonly ScheduledVisit[]): WeekTeam[] {
  const byId = new Map(
    visits
      .filter((visit) => !needsTime(visit))
      .map((visit) => [visit.teamId, { id: visit.teamId, name: visit.teamName }]),
  );
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'en-AU', { numeric: true }));
}

/**
 * The booked visits whose work overlaps another booked visit of the same team (a staff member
 * placed it over the clash): each with the customers it overlaps.
 */
export function clashesOf(visits: readonly ScheduledVisit[]): Map<string, string[]> {
  const booked = visits.filter((visit) => visit.status === 'booked');
  const span = (visit: ScheduledVisit) => {
    const start = Date.parse(visit.start);
    return { start, end: start + visit.durationMinutes * 60_000 };
  };
  const clashes = new Map<string, string[]>();
  for (const visit of booked) {
    const own = span(visit);
    const others = booked.filter((other) => {
      if (other.id === visit.id || other.teamId !== visit.teamId) return false;
      const theirs = span(other);
      return own.start < theirs.end && theirs.start < own.end;
    });
    if (others.length > 0)
      clashes.set(
        visit.id,
        others.map((other) => other.customerName),
      );
  }
  return clashes;
}

function WeekDays({
  monday,
  visits,
  actions,
}: {
  monday: string;
  visits: readonly ScheduledVisit[];
  actions: WeekActions;
}) {
  const teams = teamsOf(visits);
  const clashes = clashesOf(visits);
  const byDay = new Map<string, ScheduledVisit[]>();
  for (const visit of visits) {
    const day = melbourneDayOf(visit.start);
    byDay.set(day, [...(byDay.get(day) ?? []), visit]);
  }
  return (
    <ol
      className="schedule-week__days"
      style={{ '--schedule-teams': Math.max(teams.length, 1) } as CSSProperties}
    >
      {weekDays(monday).map((day) => {
        const dayVisits = byDay.get(day) ?? [];
        const unplaced = dayVisits.filter(needsTime);
        const placed = dayVisits.filter((visit) => !needsTime(visit));
        return (
          <li key={day} className="schedule-day">
            <h3 id={actions.idOf('day', day)} className="schedule-day__name">
              {dayName(day)}
            </h3>
            {dayVisits.length === 0 ? (
              <p className="muted schedule-day__none">No visits</p>
            ) : (
              teams.map((team) => (
                <TeamVisits
                  key={team.id}
                  team={team}
                  visits={placed.filter((visit) => visit.teamId === team.id)}
                  clashes={clashes}
                  actions={actions}
                />
              ))
            )}
            {unplaced.length > 0 ? (
              // Below the teams' columns, across them: a row of its own, since no team holds these.
              <div className="schedule-day__unplaced">
                <h4>Needs a time</h4>
                <ul className="schedule-day__visits">
                  {unplaced.map((visit) => (
                    <VisitEntry key={visit.id} visit={visit} clashesWith={undefined} actions={actions} />
                  ))}
                </ul>
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

function TeamVisits({
  team,
  visits,
  clashes,
  actions,
}: {
  team: WeekTeam;
  visits: readonly ScheduledVisit[];
  clashes: ReadonlyMap<string, string[]>;
  actions: WeekActions;
}) {
  return (
    <div className="schedule-day__team">
      <h4>{team.name}</h4>
      {visits.length === 0 ? (
        <p className="muted">No visits</p>
      ) : (
        <ul className="schedule-day__visits">
          {visits.map((visit) => (
            <VisitEntry key={visit.id} visit={visit} clashesWith={clashes.get(visit.id)} actions={actions} />
          ))}
        </ul>
      )}
    </div>
  );
}

function VisitEntry({
  visit,
  clashesWith,
  actions,
}: {
  visit: ScheduledVisit;
  clashesWith: string[] | undefined;
  actions: WeekActions;
}) {
  const windowId = actions.idOf('window', visit.id);
  const customerId = actions.idOf('customer', visit.id);
  return (
    <li
      className={`schedule-visit schedule-visit--${visit.status}${clashesWith ? ' schedule-visit--clash' : ''}`}
    >
      <p id={windowId} className="schedule-visit__window" tabIndex={-1}>
        {arrivalWindow(visit.start, visit.end)}
      </p>
      <p id={customerId} className="schedule-visit__customer">
        <Link href={`/admin?quote=${encodeURIComponent(visit.quoteRequestId)}`}>{visit.customerName}</Link>
      </p>
      <p className="schedule-visit__where">
        {[visit.suburb, serviceLabel(visit.service)].filter(Boolean).join(' · ')}
      </p>
      <p>
        <span className={`visit-status visit-status--${visit.status}`}>{visitStatusLabel(visit.status)}</span>{' '}
        {visit.kind === 're-clean' ? (
          <span className="schedule-visit__kind">Re-clean</span>
        ) : visit.seriesId ? (
          <span className="schedule-visit__kind">Regular clean</span>
        ) : null}
      </p>
      {clashesWith ? (
        <p className="schedule-visit__clash">
          <strong>Clash:</strong> overlaps {clashesWith.join(' and ')}
        </p>
      ) : null}
      <VisitActions
        visit={visit}
        // Read as 'Tuesday 1 December 8:00–10:00 am Priya Sharma': which visit the button acts on.
        describedBy={`${actions.idOf('day', melbourneDayOf(visit.start))} ${windowId} ${customerId}`}
        started={Date.parse(visit.start) <= actions.now}
        onChangeTime={visit.seriesId ? () => actions.onChangeTime(visit) : undefined}
        onChanged={() => actions.onChanged(visit)}
      />
    </li>
  );
}
