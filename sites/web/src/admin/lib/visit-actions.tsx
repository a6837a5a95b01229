import { AlertDialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { showToast } from '../../state/site-state.ts';
import { CompleteVisitDialog } from './complete-visit-dialog.tsx';
import { reportFormFailure } from './query-client.ts';
import { type QuoteVisit, useChangeVisit } from './visit-queries.ts';
import { bookedWindowText } from './visit-times.ts';

/*
 * What staff can do with one visit, wherever it is listed (a request's regular clean, the
 * schedule's week): change its time or choose one, skip it, mark it completed.
 */

/** The time form's title and its button for a visit: a visit no team could take gets a time chosen. */
export function changeTimeTitle(visit: Pick<QuoteVisit, 'status'>): string {
  return visit.status === 'needs-time' ? 'Choose a time' : 'Change time';
}

/**
 * A visit's buttons: 'Change time' (or 'Choose a time') when the list offers it, 'Skip this visit'
 * for a visit of a regular clean, and 'Mark as completed' once a booked visit has begun. Each is
 * described by the visit (`describedBy`), so a screen reader names which one it acts on. A visit
 * skipped, cancelled or completed has none.
 */
export function VisitActions({
  visit,
  describedBy,
  started,
  onChangeTime,
  onChanged,
}: {
  visit: QuoteVisit;
  /** The ids of what names the visit (its window; on the schedule its day and customer too). */
  describedBy: string;
  /** True once its arrival window has begun: only then can it be marked completed. */
  started: boolean;
  /** Opens the time form for this visit; without it, no 'Change time'. */
  onChangeTime?: (() => void) | undefined;
  /** Called once the visit was skipped or completed and its dialog closed. */
  onChanged: () => void;
}) {
  if (visit.status !== 'booked' && visit.status !== 'needs-time') return null;
  const completable = visit.status === 'booked' && started;
  if (!onChangeTime && !visit.seriesId && !completable) return null;
  return (
    <div className="button-row button-row--tight">
      {onChangeTime ? (
        <button
          type="button"
          className="button button--outline"
          aria-describedby={describedBy}
          onClick={onChangeTime}
        >
          {changeTimeTitle(visit)}
        </button>
      ) : null}
      {visit.seriesId ? (
        <SkipVisitDialog visit={visit} describedBy={describedBy} onSkipped={onChanged} />
      ) : null}
      {completable ? (
        <CompleteVisitDialog visit={visit} describedBy={describedBy} onCompleted={onChanged} />
      ) : null}
    </div>
  );
}

/** 'Skip this visit' asks to confirm; the rest of the series stays as it is. */
export function SkipVisitDialog({
  visit,
  describedBy,
  onSkipped,
}: {
  visit: QuoteVisit;
  describedBy: string;
  onSkipped: () => void;
}) {
  const [open, setOpen] = useState(false);
  const skip = useChangeVisit();
  const skipped = useRef(false);

  const confirm = () => {
    if (skip.isPending) return;
    // Set before the answer: the list read again after it may drop this dialog first (see the
    // completion dialog), and the focus must still go to the visit.
    skipped.current = true;
    skip.mutate(
      { visit, change: { status: 'skipped' } },
      {
        onSuccess: () => {
          showToast({
            title: 'Visit skipped',
            description: `The visit of ${bookedWindowText(visit.start, visit.end)} is skipped; the others stay as they are.`,
          });
          setOpen(false);
        },
        onError: (error) => {
          skipped.current = false;
          reportFormFailure(error, 'Visit not skipped', 'The visit could not be skipped. Please try again.');
        },
      },
    );
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <button type="button" className="button button--outline" aria-describedby={describedBy}>
          Skip this visit
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content
          className="dialog"
          aria-modal="true"
          // Once skipped, the button is gone: focus goes to the visit's window, where its new state shows.
          onCloseAutoFocus={(event) => {
            if (!skipped.current) return;
            skipped.current = false;
            event.preventDefault();
            onSkipped();
          }}
        >
          <AlertDialog.Title className="dialog__title">Skip this visit?</AlertDialog.Title>
          <AlertDialog.Description className="dialog__description">
            {bookedWindowText(visit.start, visit.end)}. The other visits of the regular clean stay as they
            are. The customer is told by email and their calendar drops this date.
          </AlertDialog.Description>
          <div className="dialog__actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button button--outline">
                Keep visit
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button
                type="button"
                className="button"
                onClick={(event) => {
                  // Open until the server answers; it closes once the visit is skipped.
                  event.preventDefault();
                  confirm();
                }}
              >
                {skip.isPending ? 'Skipping...' : 'Skip this visit'}
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
