import './visit-section.css';
import { durationText } from '@cleanquote/quote-core/staff';
import { useQuery } from '@tanstack/react-query';
import { AlertDialog, Dialog } from 'radix-ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { showToast } from '../../state/site-state.ts';
import { useFocusOnceShown } from '../lib/focus-once-shown.ts';
import { reportFormFailure } from '../lib/query-client.ts';
import { useScheduleTeams } from '../lib/schedule-teams-query.ts';
import {
  arrivalWindow,
  bookedWindowText,
  dayName,
  melbourneDateAndTime,
  melbourneDayOf,
  melbourneInstant,
} from '../lib/visit-times.ts';
import { visitStatusLabel } from '../lib/visits.ts';
import { CompleteVisitDialog } from './complete-visit-dialog.tsx';
import { VisitInvoiceStatus } from './visit-invoice-status.tsx';
import {
  clashExplanation,
  type OfferedSlot,
  offeredSlotsQuery,
  type QuoteVisit,
  quoteVisitQuery,
  useBookVisit,
  useChangeVisit,
  VisitTimeNotOffered,
} from './visit-queries.ts';

/** Days of offered times a form shows at first, and how many more each 'Show later days' adds. */
const DAYS_AT_A_TIME = 7;
/** The radio that stands for a time typed in rather than one of the offered windows. */
const ANOTHER_TIME = 'another-time';

/**
 * A quote request's 'Visit' section, where staff book the clean for the customer (a phone booking):
 * the booked visit — its window, team and status — with 'Move visit', 'Cancel visit' and 'Mark as
 * completed'; without one, 'Book a visit'. Times come from the windows the customer would be
 * offered, or any date, time and team staff type: a time the customer's rules would not give is
 * placed after staff confirm the clash the server names. Each change joins the request's history.
 */
export function VisitSection({ quoteId }: { quoteId: string }) {
  const headingId = useId();
  const { data } = useQuery(quoteVisitQuery(quoteId));
  const [form, setForm] = useState<'book' | 'move' | null>(null);
  const focusOnceShown = useFocusOnceShown();

  /** Back to the visit as it stands, with focus on the section's heading. */
  const showVisit = () => {
    setForm(null);
    focusOnceShown(headingId);
  };

  const visit = data?.visit;

  return (
    <section className="card visit-section" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        Visit
      </h2>
      {data === undefined ? (
        <p role="status">Loading the visit…</p>
      ) : form ? (
        <VisitTimeForm
          quoteId={quoteId}
          moving={form === 'move' ? (visit ?? undefined) : undefined}
          onClose={showVisit}
        />
      ) : (
        <>
          {visit ? <VisitSummary visit={visit} /> : <p>No visit booked yet.</p>}
          {visit ? <VisitInvoiceStatus visit={visit} /> : null}
          <div className="button-row button-row--tight">
            {visit?.status === 'booked' ? (
              <>
                <button type="button" className="button" onClick={() => setForm('move')}>
                  Move visit
                </button>
                <CancelVisitDialog visit={visit} onCancelled={() => focusOnceShown(headingId)} />
                <CompleteVisitDialog visit={visit} onCompleted={() => focusOnceShown(headingId)} />
              </>
            ) : (
              <button type="button" className="button" onClick={() => setForm('book')}>
                Book a visit
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

/** The visit: when the team arrives, which team, its status and how long the clean takes. */
function VisitSummary({ visit }: { visit: QuoteVisit }) {
  return (
    <>
      <p className="visit-section__when">{bookedWindowText(visit.start, visit.end)}</p>
      <dl className="answer-list visit-section__facts">
        <div>
          <dt>Team</dt>
          <dd>{visit.teamName}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`visit-status visit-status--${visit.status}`}>
              {visitStatusLabel(visit.status)}
            </span>
          </dd>
        </div>
        <div>
          <dt>Time needed</dt>
          <dd>{durationText(visit.durationMinutes)}</dd>
        </div>
      </dl>
    </>
  );
}

/** 'Cancel visit' asks to confirm, with an optional reason the customer's mail and the history repeat. */
function CancelVisitDialog({ visit, onCancelled }: { visit: QuoteVisit; onCancelled: () => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const cancel = useChangeVisit();
  const cancelled = useRef(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (cancel.isPending) return;
    const written = reason.trim();
    cancel.mutate(
      { visit, change: { status: 'cancelled', ...(written ? { reason: written } : {}) } },
      {
        onSuccess: () => {
          showToast({
            title: 'Visit cancelled',
            description: `The visit of ${bookedWindowText(visit.start, visit.end)} is cancelled and its time is free again.`,
          });
          cancelled.current = true;
          setOpen(false);
        },
        onError: (error) =>
          reportFormFailure(
            error,
            'Visit not cancelled',
            'The visit could not be cancelled. Please try again.',
          ),
      },
    );
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setReason('');
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="button button--outline">
          Cancel visit
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog"
          // Once cancelled, the button that opened the dialog is gone: the section's heading takes focus.
          onCloseAutoFocus={(event) => {
            if (!cancelled.current) return;
            cancelled.current = false;
            event.preventDefault();
            onCancelled();
          }}
        >
          <Dialog.Title className="dialog__title">Cancel visit</Dialog.Title>
          <Dialog.Description className="dialog__description">
            {bookedWindowText(visit.start, visit.end)} ({visit.teamName}). The customer is told by email and
            the time is free for other bookings.
          </Dialog.Description>
          <form onSubmit={submit} noValidate>
            <div className="field">
              <label htmlFor={reasonId}>Reason (optional)</label>
              <textarea
                id={reasonId}
                rows={3}
                maxLength={1000}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </div>
            <div className="dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="button button--outline">
                  Keep visit
                </button>
              </Dialog.Close>
              <button type="submit" className="button">
                {cancel.isPending ? 'Cancelling...' : 'Cancel visit'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

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

/** What a booking or move sends: the start, and the team when staff chose one. */
interface VisitTime {
  start: string;
  teamId?: string;
}

/**
 * 'Book a visit' and 'Move visit': one of the windows offered for the request's clean, grouped by
 * day, or another date and time; a team, or the first one free. A time the customer's rules would
 * not offer comes back with the server's reason, and 'Book anyway' or 'Move anyway' sends it again
 * with the override.
 */
function VisitTimeForm({
  quoteId,
  moving,
  onClose,
}: {
  quoteId: string;
  /** The visit to move; none to book one. */
  moving: QuoteVisit | undefined;
  onClose: () => void;
}) {
  const ids = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const offered = useQuery(offeredSlotsQuery(quoteId));
  const teams = useScheduleTeams();
  const book = useBookVisit();
  const move = useChangeVisit();
  const pending = book.isPending || move.isPending;
  const current = moving ? melbourneDateAndTime(moving.start) : undefined;
  const [choice, setChoice] = useState('');
  const [day, setDay] = useState(current?.day ?? '');
  const [time, setTime] = useState(current?.time ?? '');
  const [teamId, setTeamId] = useState('');
  const [shownDays, setShownDays] = useState(DAYS_AT_A_TIME);
  const [problem, setProblem] = useState<string | null>(null);
  const [clash, setClash] = useState<{ explanation: string; time: VisitTime } | null>(null);
  const focusOnceShown = useFocusOnceShown();

  const verb = moving ? 'Move' : 'Book';
  const title = moving ? 'Move visit' : 'Book a visit';

  // The form opens with focus on its heading, as a page of its own would.
  useEffect(() => heading.current?.focus(), []);

  const chosenTime = (): VisitTime | string => {
    const team = teamId ? { teamId } : {};
    if (choice === ANOTHER_TIME) {
      if (!day || !time) return 'Enter the date and the time the team arrives.';
      return { start: melbourneInstant(day, time), ...team };
    }
    if (!choice) return 'Choose a time, or another date and time.';
    return { start: choice, ...team };
  };

  const place = async (chosen: VisitTime, override: boolean) => {
    if (pending) return;
    const withOverride = override ? { override: true } : {};
    try {
      const visit = moving
        ? await move.mutateAsync({ visit: moving, change: { ...chosen, ...withOverride } })
        : await book.mutateAsync({ quoteId, booking: { ...chosen, ...withOverride } });
      setClash(null);
      showToast({
        title: moving ? 'Visit moved' : 'Visit booked',
        description: `${bookedWindowText(visit.start, visit.end)} (${visit.teamName}). The customer's confirmation and calendar invite are on their way.`,
      });
      onClose();
    } catch (error) {
      if (error instanceof VisitTimeNotOffered) {
        setClash({ explanation: clashExplanation(error), time: chosen });
        return;
      }
      setClash(null);
      reportFormFailure(
        error,
        moving ? 'Visit not moved' : 'Visit not booked',
        moving
          ? 'The visit could not be moved. Please try again.'
          : 'The visit could not be booked. Please try again.',
      );
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = chosenTime();
    if (typeof chosen === 'string') {
      setProblem(chosen);
      focusOnceShown(`${ids}-problem`);
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
        {title}
      </h3>
      {moving ? (
        <p>
          Booked for {bookedWindowText(moving.start, moving.end)} ({moving.teamName}).
        </p>
      ) : null}
      {offered.data ? (
        <p className="muted">
          The times the customer would be offered for a {durationText(offered.data.durationMinutes)} clean.
          The customer gets a confirmation email with a calendar invite.
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
      {problem ? (
        <p id={`${ids}-problem`} role="alert" className="field-error" tabIndex={-1}>
          {problem}
        </p>
      ) : null}
      <div className="button-row button-row--tight">
        <button type="submit" className="button" aria-disabled={pending || undefined}>
          {pending ? 'Saving...' : title}
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
              {verb} the visit there anyway? The customer's booking rules do not bind staff, so check the team
              can make it.
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
                  {pending ? 'Saving...' : `${verb} anyway`}
                </button>
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </form>
  );
}
