import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { showToast } from '../../state/site-state.ts';
import { reportFormFailure } from './query-client.ts';
import { StaffApiError } from './staff-api.ts';
import { type QuoteVisit, useChangeVisit } from './visit-queries.ts';
import { bookedWindowText, melbourneInstant } from './visit-times.ts';

/**
 * 'Mark as completed' asks to confirm, with an optional 'Finished at' (Melbourne date and time) for
 * a clean recorded after the fact; without it the visit is done now. The customer gets their
 * completion mail (the amount due and the re-clean offer) and, with quotes going to Xero, the
 * invoice is approved there.
 */
export function CompleteVisitDialog({
  visit,
  describedBy,
  onCompleted,
}: {
  visit: QuoteVisit;
  /** The ids of what names the visit where several are listed, so the button says which one it is for. */
  describedBy?: string | undefined;
  onCompleted: () => void;
}) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState('');
  const [time, setTime] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const complete = useChangeVisit();
  const completed = useRef(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete.isPending) return;
    if ((day === '') !== (time === '')) {
      setProblem('Enter both the date and the time it finished, or neither for now.');
      return;
    }
    setProblem(null);
    const completedAt = day && time ? { completedAt: melbourneInstant(day, time) } : {};
    // Set before the answer: the week or section read again after it may drop this dialog (its
    // visit needs no 'Mark as completed' any more) before the success below, and the focus must
    // still go to the visit.
    completed.current = true;
    complete.mutate(
      { visit, change: { status: 'completed', ...completedAt } },
      {
        onSuccess: (changed) => {
          showToast({
            title: 'Visit completed',
            description: `The visit of ${bookedWindowText(changed.start, changed.end)} is marked as completed.`,
          });
          setOpen(false);
        },
        onError: (error) => {
          completed.current = false;
          // A finishing time the server refuses is told beside the fields, where it is put right.
          const refused = error instanceof StaffApiError ? error.fields.completedAt : undefined;
          if (refused) setProblem(`${refused}.`);
          else
            reportFormFailure(
              error,
              'Visit not changed',
              'The visit could not be changed. Please try again.',
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
        setTime('');
        setProblem(null);
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="button button--outline" aria-describedby={describedBy}>
          Mark as completed
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog"
          // Once completed, the button that opened the dialog is gone: the section takes focus.
          onCloseAutoFocus={(event) => {
            if (!completed.current) return;
            completed.current = false;
            event.preventDefault();
            onCompleted();
          }}
        >
          <Dialog.Title className="dialog__title">Mark as completed</Dialog.Title>
          <Dialog.Description className="dialog__description">
            {bookedWindowText(visit.start, visit.end)} ({visit.teamName}). The customer is emailed that the
            clean is done, with the amount due.
          </Dialog.Description>
          <form onSubmit={submit} noValidate>
            <fieldset className="visit-form__another" aria-describedby={`${ids}-hint`}>
              <legend>Finished at (optional)</legend>
              <p id={`${ids}-hint`} className="muted">
                Melbourne time. Leave empty if it finished just now.
              </p>
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
                <label htmlFor={`${ids}-time`}>Time</label>
                <input
                  id={`${ids}-time`}
                  type="time"
                  value={time}
                  onChange={(event) => setTime(event.target.value)}
                />
              </div>
            </fieldset>
            {problem ? (
              <p role="alert" className="field-error">
                {problem}
              </p>
            ) : null}
            <div className="dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="button button--outline">
                  Keep as booked
                </button>
              </Dialog.Close>
              <button type="submit" className="button" aria-disabled={complete.isPending || undefined}>
                {complete.isPending ? 'Saving...' : 'Mark as completed'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
