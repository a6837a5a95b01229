import './visit-section.css';
import { durationText } from '@cleanquote/quote-core/staff';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { showToast } from '../../state/site-state.ts';
import { CompleteVisitDialog } from '../lib/complete-visit-dialog.tsx';
import { useFocusOnceShown } from '../lib/focus-once-shown.ts';
import { reportFormFailure } from '../lib/query-client.ts';
import { type QuoteVisit, quoteVisitQuery, useChangeVisit } from '../lib/visit-queries.ts';
import { VisitTimeForm } from '../lib/visit-time-form.tsx';
import { bookedWindowText, melbourneDayOf, melbourneToday } from '../lib/visit-times.ts';
import { visitStatusLabel } from '../lib/visits.ts';
import { SeriesVisits } from './series-visits.tsx';
import { VisitInvoiceStatus } from './visit-invoice-status.tsx';

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
      ) : data.series ? (
        // A regular clean: its rule and its visits, each changed on its own (see SeriesVisits).
        <SeriesVisits
          quoteId={quoteId}
          series={data.series}
          visits={data.visits}
          waiting={
            visit?.status === 'booked' && melbourneDayOf(visit.start) < melbourneToday() ? visit : null
          }
        />
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
