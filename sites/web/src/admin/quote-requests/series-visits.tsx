import './series-visits.css';
import type { SeriesFrequency } from '@cleanquote/quote-core/staff';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { showToast } from '../../state/site-state.ts';
import { BUSINESS_TIME_ZONE } from '../../ui/melbourne-time.ts';
import { useFocusOnceShown } from '../lib/focus-once-shown.ts';
import { reportFormFailure } from '../lib/query-client.ts';
import { StaffApiError } from '../lib/staff-api.ts';
import { changeTimeTitle, VisitActions } from '../lib/visit-actions.tsx';
import type { QuoteVisit } from '../lib/visit-queries.ts';
import { TimeForm, type TimeFormPurpose, VisitTimeForm } from '../lib/visit-time-form.tsx';
import { arrivalWindow, bookedWindowText, dayName, melbourneDayOf } from '../lib/visit-times.ts';
import { visitStatusLabel } from '../lib/visits.ts';
import { type QuoteSeries, type RequestVisit, useChangeSeries } from './series-queries.ts';
import { VisitInvoiceStatus } from './visit-invoice-status.tsx';

/** How often the series comes, as the move form says it: 'every week'. */
const EVERY: Readonly<Record<SeriesFrequency, string>> = {
  weekly: 'every week',
  fortnightly: 'every two weeks',
  'four-weekly': 'every four weeks',
};

/** A Melbourne day ('yyyy-MM-dd') in full: 'Tuesday 1 June 2027'. */
export function longDayName(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return format(new TZDate(year, month - 1, date, BUSINESS_TIME_ZONE), 'EEEE d MMMM yyyy');
}

/** A visit's state in words: its status, or 'Re-clean' for a free re-clean still to come. */
export function visitStateLabel(visit: Pick<RequestVisit, 'status' | 'kind'>): string {
  if (visit.kind !== 're-clean') return visitStatusLabel(visit.status);
  return visit.status === 'booked' ? 'Re-clean' : `Re-clean, ${visitStatusLabel(visit.status).toLowerCase()}`;
}

/** True for a visit of a regular clean staff placed at a time other than its rule's. */
function wasMoved(visit: RequestVisit): boolean {
  return visit.occurrenceStart !== null && Date.parse(visit.occurrenceStart) !== Date.parse(visit.start);
}

/** Where a visit's time came from, when moved: 'Moved from Tuesday 13 April, 10:00 am–12:00 pm'. */
function movedFrom(visit: RequestVisit): string | null {
  if (!wasMoved(visit) || visit.occurrenceStart === null) return null;
  const from = Date.parse(visit.occurrenceStart);
  const end = from + (Date.parse(visit.end) - Date.parse(visit.start));
  return `Moved from ${dayName(melbourneDayOf(visit.occurrenceStart))}, ${arrivalWindow(new Date(from), new Date(end))}`;
}

/** Which form stands in for the list: one visit's time, or the whole series' new day and time. */
type OpenForm = { for: 'visit'; visit: RequestVisit } | { for: 'series' } | null;

/**
 * A request's regular clean in its Visit section: the rule in words ('Regular clean: Weekly,
 * Tuesdays 10:00 am–12:00 pm'), its team and last day, and its visits from today on, each with its
 * window, team and state. Staff skip one visit (after confirming), change one visit's time or give
 * a time to one no team could take — nothing else in the series moves — or, for the whole series,
 * end it after a day ('Last visit on') or move every visit to come to a new weekday and time. A
 * visit before today still booked (not marked completed yet) is listed first, to be completed.
 */
export function SeriesVisits({
  quoteId,
  series,
  visits,
  waiting,
}: {
  quoteId: string;
  series: QuoteSeries;
  /** The request's visits from today on, every status and kind, in time order. */
  visits: readonly RequestVisit[];
  /** The request's booked visit when it is before today, so still to be marked completed. */
  waiting: QuoteVisit | null;
}) {
  const ids = useId();
  const headingId = `${ids}-heading`;
  const [form, setForm] = useState<OpenForm>(null);
  const focusOnceShown = useFocusOnceShown();
  const whenId = (visit: RequestVisit) => `${ids}-visit-${visit.id}`;
  const now = Date.now();

  /** Back to the list, with focus on what was changed (a visit's window, else the series' heading). */
  const showList = (focus: string = headingId) => {
    setForm(null);
    focusOnceShown(focus);
  };

  if (form?.for === 'visit') {
    const { visit } = form;
    return (
      <VisitTimeForm
        quoteId={quoteId}
        moving={visit}
        title={changeTimeTitle(visit)}
        onClose={() => showList(whenId(visit))}
      />
    );
  }
  if (form?.for === 'series') {
    return <MoveSeriesForm quoteId={quoteId} series={series} visits={visits} onClose={() => showList()} />;
  }

  const row = (visit: RequestVisit) => (
    <SeriesVisitRow
      key={visit.id}
      visit={visit}
      whenId={whenId(visit)}
      started={Date.parse(visit.start) <= now}
      onChangeTime={() => setForm({ for: 'visit', visit })}
      onChanged={() => focusOnceShown(whenId(visit))}
    />
  );

  return (
    <div className="series">
      <h3 id={headingId} tabIndex={-1}>
        Regular clean: {series.label}
      </h3>
      <dl className="answer-list visit-section__facts">
        <div>
          <dt>Team</dt>
          <dd>{series.teamName}</dd>
        </div>
        <div>
          <dt>Last visit on</dt>
          <dd>{series.endsOn ? longDayName(series.endsOn) : 'No end date'}</dd>
        </div>
      </dl>
      <div className="button-row button-row--tight">
        <button type="button" className="button button--outline" onClick={() => setForm({ for: 'series' })}>
          Move all visits
        </button>
        <EndSeriesDialog quoteId={quoteId} series={series} onEnded={() => focusOnceShown(headingId)} />
      </div>
      {waiting && !visits.some((visit) => visit.id === waiting.id) ? (
        <>
          <h4 id={`${ids}-waiting`} className="series__list-heading">
            Not marked completed yet
          </h4>
          <ol className="series-visits" aria-labelledby={`${ids}-waiting`}>
            {row(waiting)}
          </ol>
        </>
      ) : null}
      <h4 id={`${ids}-list`} className="series__list-heading">
        Visits from today
      </h4>
      {visits.length === 0 ? (
        <p>No visits from today on.</p>
      ) : (
        <ol className="series-visits" aria-labelledby={`${ids}-list`}>
          {visits.map(row)}
        </ol>
      )}
    </div>
  );
}

/** One visit of the list: when, which team, its state, where it was moved from, and what staff can do. */
function SeriesVisitRow({
  visit,
  whenId,
  started,
  onChangeTime,
  onChanged,
}: {
  visit: RequestVisit;
  /** The id of its window's line: the actions are described by it, and focus returns to it. */
  whenId: string;
  /** True once its arrival window has begun: only then can it be marked completed. */
  started: boolean;
  onChangeTime: () => void;
  onChanged: () => void;
}) {
  const moved = movedFrom(visit);
  const placed = visit.status === 'booked' || visit.status === 'completed';
  return (
    <li className={`series-visit series-visit--${visit.status}`}>
      <p id={whenId} className="series-visit__when" tabIndex={-1}>
        {bookedWindowText(visit.start, visit.end)}
      </p>
      <p className="series-visit__facts">
        <span className={`visit-status visit-status--${visit.status}`}>{visitStateLabel(visit)}</span>{' '}
        {placed ? visit.teamName : visit.status === 'needs-time' ? 'No team free at this time' : null}
      </p>
      {moved ? <p className="muted">{moved}</p> : null}
      {visit.status === 'completed' ? <VisitInvoiceStatus visit={visit} /> : null}
      <VisitActions
        visit={visit}
        describedBy={whenId}
        started={started}
        onChangeTime={onChangeTime}
        onChanged={onChanged}
      />
    </li>
  );
}

/**
 * 'End regular clean': the day of its last visit ('Last visit on'). The visits after it are
 * cancelled and the customer's calendar keeps the ones before; a day the server refuses is told
 * beside the field.
 */
function EndSeriesDialog({
  quoteId,
  series,
  onEnded,
}: {
  quoteId: string;
  series: QuoteSeries;
  onEnded: () => void;
}) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const end = useChangeSeries();
  const ended = useRef(false);
  const field = useRef<HTMLInputElement>(null);

  const refuse = (text: string) => {
    setProblem(text);
    field.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (end.isPending) return;
    if (!day) {
      refuse('Enter the day of the last visit.');
      return;
    }
    setProblem(null);
    end.mutate(
      { quoteId, series, change: { endsOn: day } },
      {
        onSuccess: (changed) => {
          const cancelled =
            series.endsOn === changed.series.endsOn ? '' : ' The visits after it are cancelled.';
          showToast({
            title: 'Regular clean ends',
            description: `The last visit is on or before ${longDayName(day)}.${cancelled}`,
          });
          ended.current = true;
          setOpen(false);
        },
        onError: (error) => {
          const refused = error instanceof StaffApiError ? error.fields.endsOn : undefined;
          if (refused) refuse(`${refused}.`);
          else
            reportFormFailure(
              error,
              'Regular clean not ended',
              'The regular clean could not be ended. Please try again.',
            );
        },
      },
    );
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setDay('');
        setProblem(null);
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="button button--outline">
          End regular clean
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog"
          onCloseAutoFocus={(event) => {
            if (!ended.current) return;
            ended.current = false;
            event.preventDefault();
            onEnded();
          }}
        >
          <Dialog.Title className="dialog__title">End regular clean</Dialog.Title>
          <Dialog.Description className="dialog__description">
            {series.label}. The visits after the day you choose are cancelled; the ones before stay, in the
            customer's calendar too. The customer is told by email.
          </Dialog.Description>
          <form onSubmit={submit} noValidate>
            <div className="field">
              <label htmlFor={`${ids}-day`}>Last visit on</label>
              <input
                ref={field}
                id={`${ids}-day`}
                type="date"
                value={day}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${ids}-problem` : undefined}
                onChange={(event) => setDay(event.target.value)}
              />
              {problem ? (
                <p id={`${ids}-problem`} role="alert" className="field-error">
                  {problem}
                </p>
              ) : null}
            </div>
            <div className="dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="button button--outline">
                  Keep regular clean
                </button>
              </Dialog.Close>
              <button type="submit" className="button" aria-disabled={end.isPending || undefined}>
                {end.isPending ? 'Saving...' : 'End regular clean'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * 'Move all visits': the first visit at its new time, from the offered times or any other; every
 * visit after it keeps that weekday and time at the series' frequency. The series' own team goes
 * first, and a visit no team is free for needs a time.
 */
function MoveSeriesForm({
  quoteId,
  series,
  visits,
  onClose,
}: {
  quoteId: string;
  series: QuoteSeries;
  visits: readonly RequestVisit[];
  onClose: () => void;
}) {
  const move = useChangeSeries();
  const next = visits.find((visit) => visit.status === 'booked' || visit.status === 'needs-time');
  const purpose: TimeFormPurpose = {
    title: 'Move all visits',
    verb: 'Move',
    current: `Now ${series.label} (${series.teamName}).`,
    from: next?.start ?? series.start,
    chooseTeam: false,
    note: `The first visit comes at the time you choose, then ${EVERY[series.frequency]} on that weekday at that time. The customer gets the new calendar invite by email.`,
    place: async ({ start }) => {
      const changed = await move.mutateAsync({ quoteId, series, change: { start } });
      const unplaced = changed.visits.filter(
        (visit) => visit.seriesId === changed.series.id && visit.status === 'needs-time',
      ).length;
      return {
        title: 'Regular clean moved',
        description: `Now ${changed.series.label}.${
          unplaced === 0
            ? ''
            : ` ${unplaced} ${unplaced === 1 ? 'visit needs' : 'visits need'} a time: no team is free then.`
        }`,
      };
    },
    failure: {
      title: 'Regular clean not moved',
      fallback: 'The regular clean could not be moved. Please try again.',
    },
  };
  return <TimeForm quoteId={quoteId} purpose={purpose} onClose={onClose} />;
}
