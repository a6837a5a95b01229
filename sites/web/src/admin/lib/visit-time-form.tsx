import { durationText } from '@cleanquote/quote-core/staff';
import { useQuery } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { showToast } from '../../state/site-state.ts';
import { useFocusOnceShown } from './focus-once-shown.ts';
import { reportFormFailure } from './query-client.ts';
import { useScheduleTeams } from './schedule-teams-query.ts';
import { StaffApiError } from './staff-api.ts';
import {
  clashExplanation,
  type OfferedSlot,
  offeredSlotsQuery,
  type QuoteVisit,
  useBookVisit,
  useChangeVisit,
  VisitTimeNotOffered,
} from './visit-queries.ts';
import {
  arrivalWindow,
  bookedWindowText,
  dayName,
  melbourneDateAndTime,
  melbourneDayOf,
  melbourneInstant,
} from './visit-times.ts';

/** Days of offered times a form shows at first, and how many more each 'Show later days' adds. */
const DAYS_AT_A_TIME = 7;
/** The radio that stands for a time typed in rather than one of the offered windows. */
const ANOTHER_TIME = 'another-time';

/** The offered windows by Melbourne day, in time order. */
function slotsByDay(slots: readonly OfferedSlot[]): { day: string; slots: OfferedSlot[] }[] {
  const days: { day: string; slots: OfferedSlot[] }[] = [];
  for (const slot of slots) {
    const day = melbourneDayOf(slot.start);
    const last = days.at(-1);
    if (last?.day === day) last.slots.push(slot);
    else days.push({ day, slots: [slot] });
  }
  return days;
}

/** What a toast says once a time is placed. */
export interface PlacedToast {
  title: string;
  description: string;
}

/** What a form sends: the start, and the team when staff chose one. */
export interface VisitTime {
  start: string;
  teamId?: string;
}

/** What a time form is for, and how it sends the time chosen. */
export interface TimeFormPurpose {
  /** The form's heading and its button: 'Book a visit', 'Change time', 'Move all visits'… */
  title: string;
  /** The word before 'anyway' once staff confirm a time the customer's rules would not give. */
  verb: string;
  /** What stands now, shown under the heading ('Booked for …'). */
  current?: string | undefined;
  /** The instant the 'Another date and time' fields start at. */
  from?: string | undefined;
  /** Whether staff choose the team; a regular clean moved as a whole keeps its own. */
  chooseTeam: boolean;
  /** Said after the offered times' duration: who is told, and how. */
  note: string;
  /**
   * Sends the time (with the override once staff confirmed a clash) and resolves to the toast that
   * says what happened. Throws {@link VisitTimeNotOffered} for a clash staff may confirm, or a
   * {@link StaffApiError} whose `fields.start` is shown on the form.
   */
  place: (time: VisitTime, override: boolean) => Promise<PlacedToast>;
  /** The toast's title and fallback words when the time could not be placed. */
  failure: { title: string; fallback: string };
}

/**
 * A time for a visit: one of the windows offered for the request's clean, grouped by day, or
 * another date and time; a team, or the first one free. A time the customer's rules would not
 * offer comes back with the server's reason, and '<verb> anyway' sends it again with the override.
 * It opens with focus on its heading, as a page of its own would.
 */
export function TimeForm({
  quoteId,
  purpose,
  movingVisitId,
  onClose,
}: {
  quoteId: string;
  purpose: TimeFormPurpose;
  /** The visit being moved: its own time is offered too. */
  movingVisitId?: string | undefined;
  /** Called once the time is placed, or on 'Cancel'. */
  onClose: () => void;
}) {
  const ids = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const offered = useQuery(offeredSlotsQuery(quoteId, movingVisitId));
  const teams = useScheduleTeams();
  const [pending, setPending] = useState(false);
  // A double press sends once: the second comes before React shows the first as pending.
  const sending = useRef(false);
  const current = purpose.from ? melbourneDateAndTime(purpose.from) : undefined;
  const [choice, setChoice] = useState('');
  const [day, setDay] = useState(current?.day ?? '');
  const [time, setTime] = useState(current?.time ?? '');
  const [teamId, setTeamId] = useState('');
  const [shownDays, setShownDays] = useState(DAYS_AT_A_TIME);
  const [problem, setProblem] = useState<string | null>(null);
  const [clash, setClash] = useState<{ explanation: string; time: VisitTime } | null>(null);
  const focusOnceShown = useFocusOnceShown();

  useEffect(() => heading.current?.focus(), []);

  const chosenTime = (): VisitTime | string => {
    const team = purpose.chooseTeam && teamId ? { teamId } : {};
    if (choice === ANOTHER_TIME) {
      if (!day || !time) return 'Enter the date and the time the team arrives.';
      return { start: melbourneInstant(day, time), ...team };
    }
    if (!choice) return 'Choose a time, or another date and time.';
    return { start: choice, ...team };
  };

  const showProblem = (text: string) => {
    setProblem(text);
    focusOnceShown(`${ids}-problem`);
  };

  const place = async (chosen: VisitTime, override: boolean) => {
    if (sending.current) return;
    sending.current = true;
    setPending(true);
    try {
      const toast = await purpose.place(chosen, override);
      setClash(null);
      showToast(toast);
      onClose();
    } catch (error) {
      if (error instanceof VisitTimeNotOffered) {
        setClash({ explanation: clashExplanation(error), time: chosen });
        return;
      }
      setClash(null);
      // A time the server refuses as such is told on the form, where another is chosen.
      const refused = error instanceof StaffApiError ? error.fields.start : undefined;
      if (refused) showProblem(`${refused}.`);
      else reportFormFailure(error, purpose.failure.title, purpose.failure.fallback);
    } finally {
      sending.current = false;
      setPending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = chosenTime();
    if (typeof chosen === 'string') {
      showProblem(chosen);
      return;
    }
    setProblem(null);
    void place(chosen, false);
  };

  const days = offered.data ? slotsByDay(offered.data.slots) : [];
  const slotsShown = days.slice(0, shownDays);
  return (
    <form className="visit-form" onSubmit={submit} aria-labelledby={`${ids}-heading`} noValidate>
      <h3 id={`${ids}-heading`} ref={heading} tabIndex={-1}>
        {purpose.title}
      </h3>
      {purpose.current ? <p>{purpose.current}</p> : null}
      {offered.data ? (
        <p className="muted">
          The times the customer would be offered for a {durationText(offered.data.durationMinutes)} clean.{' '}
          {purpose.note}
        </p>
      ) : null}
      <fieldset className="visit-form__times" aria-describedby={problem ? `${ids}-problem` : undefined}>
        <legend>Arrival time</legend>
        {offered.isPending ? (
          <p role="status">Loading the times offered…</p>
        ) : offered.isError ? (
          <p>The times offered could not be loaded. Another date and time can still be entered.</p>
        ) : days.length === 0 ? (
          <p>
            No times are offered for this clean at the moment. Another date and time can still be entered.
          </p>
        ) : null}
        {slotsShown.map((group) => (
          <fieldset key={group.day} className="visit-form__day">
            <legend>{dayName(group.day)}</legend>
            {group.slots.map((slot) => (
              <label key={slot.start} className="checkbox">
                <input
                  id={`${ids}-slot-${slot.start}`}
                  type="radio"
                  name={`${ids}-time`}
                  value={slot.start}
                  checked={choice === slot.start}
                  onChange={() => {
                    setChoice(slot.start);
                    setProblem(null);
                  }}
                />
                Arrive {arrivalWindow(slot.start, slot.end)}
              </label>
            ))}
          </fieldset>
        ))}
        {days.length > shownDays ? (
          <button
            type="button"
            className="button button--outline visit-form__more"
            onClick={() => {
              const next = days[shownDays];
              setShownDays(shownDays + DAYS_AT_A_TIME);
              // Focus goes to the first time of the first day added, where reading carries on.
              if (next?.slots[0]) focusOnceShown(`${ids}-slot-${next.slots[0].start}`);
            }}
          >
            Show later days
          </button>
        ) : null}
        <fieldset className="visit-form__day">
          <legend>Not in the list</legend>
          <label className="checkbox">
            <input
              type="radio"
              name={`${ids}-time`}
              value={ANOTHER_TIME}
              checked={choice === ANOTHER_TIME}
              onChange={() => {
                setChoice(ANOTHER_TIME);
                setProblem(null);
              }}
            />
            Another date and time
          </label>
          {choice === ANOTHER_TIME ? (
            <div className="visit-form__another">
              <div className="field">
                <label htmlFor={`${ids}-day`}>Date</label>
                <input
                  id={`${ids}-day`}
                  type="date"
                  value={day}
                  onChange={(event) => setDay(event.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor={`${ids}-start`}>Arrival from (Melbourne time)</label>
                <input
                  id={`${ids}-start`}
                  type="time"
                  step={900}
                  value={time}
                  onChange={(event) => setTime(event.target.value)}
                />
              </div>
            </div>
          ) : null}
        </fieldset>
      </fieldset>
      {purpose.chooseTeam ? (
        <div className="field visit-form__team">
          <label htmlFor={`${ids}-team`}>Team</label>
          <select id={`${ids}-team`} value={teamId} onChange={(event) => setTeamId(event.target.value)}>
            <option value="">First free team</option>
            {teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
                {team.active ? '' : ' (inactive)'}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {problem ? (
        <p id={`${ids}-problem`} role="alert" className="field-error" tabIndex={-1}>
          {problem}
        </p>
      ) : null}
      <div className="button-row button-row--tight">
        <button type="submit" className="button" aria-disabled={pending || undefined}>
          {pending ? 'Saving...' : purpose.title}
        </button>
        <button type="button" className="button button--outline" onClick={onClose}>
          Cancel
        </button>
      </div>
      <AlertDialog.Root open={clash !== null} onOpenChange={(open) => (open ? undefined : setClash(null))}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="dialog-overlay" />
          {/* Modal, and said so: the page behind it is hidden from assistive technology until it closes. */}
          <AlertDialog.Content className="dialog" aria-modal="true">
            <AlertDialog.Title className="dialog__title">That time is not offered</AlertDialog.Title>
            <AlertDialog.Description className="dialog__description">
              {clash?.explanation}
            </AlertDialog.Description>
            <p>
              {purpose.verb} the visit there anyway? The customer's booking rules do not bind staff, so check
              the team can make it.
            </p>
            <div className="dialog__actions">
              <AlertDialog.Cancel asChild>
                <button type="button" className="button button--outline">
                  Choose another time
                </button>
              </AlertDialog.Cancel>
              <AlertDialog.Action asChild>
                <button
                  type="button"
                  className="button"
                  onClick={(event) => {
                    // The dialog stays open until the server answers; it closes once the visit is placed.
                    event.preventDefault();
                    if (clash) void place(clash.time, true);
                  }}
                >
                  {pending ? 'Saving...' : `${purpose.verb} anyway`}
                </button>
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </form>
  );
}

/** The toast of a visit placed: its window and team, and that the customer hears of it. */
function placedToast(title: string, visit: QuoteVisit): PlacedToast {
  return {
    title,
    description: `${bookedWindowText(visit.start, visit.end)} (${visit.teamName}). The customer's confirmation and calendar invite are on their way.`,
  };
}

/**
 * 'Book a visit', 'Move visit' (a one-off), and for a visit of a regular clean 'Change time' or,
 * for one no team could take, 'Choose a time': a {@link TimeForm} that books or moves that visit.
 */
export function VisitTimeForm({
  quoteId,
  moving,
  title,
  onClose,
}: {
  quoteId: string;
  /** The visit to move or give a time; none to book one. */
  moving: QuoteVisit | undefined;
  /** The form's heading and button, when not 'Book a visit' or 'Move visit'. */
  title?: string;
  onClose: () => void;
}) {
  const book = useBookVisit();
  const move = useChangeVisit();
  const unplaced = moving?.status === 'needs-time';
  const heading = title ?? (moving ? 'Move visit' : 'Book a visit');
  const purpose: TimeFormPurpose = {
    title: heading,
    verb: moving ? 'Move' : 'Book',
    current: moving
      ? unplaced
        ? `No team was free on ${bookedWindowText(moving.start, moving.end)}.`
        : `Booked for ${bookedWindowText(moving.start, moving.end)} (${moving.teamName}).`
      : undefined,
    from: moving?.start,
    chooseTeam: true,
    note: 'The customer gets a confirmation email with a calendar invite.',
    place: async (chosen, override) => {
      const withOverride = override ? { override: true } : {};
      const visit = moving
        ? await move.mutateAsync({ visit: moving, change: { ...chosen, ...withOverride } })
        : await book.mutateAsync({ quoteId, booking: { ...chosen, ...withOverride } });
      return placedToast(moving && !unplaced ? 'Visit moved' : 'Visit booked', visit);
    },
    failure: moving
      ? { title: 'Visit not moved', fallback: 'The visit could not be moved. Please try again.' }
      : { title: 'Visit not booked', fallback: 'The visit could not be booked. Please try again.' },
  };
  return <TimeForm quoteId={quoteId} purpose={purpose} movingVisitId={moving?.id} onClose={onClose} />;
}
