import { AlertDialog } from 'radix-ui';
import { type ReactNode, useRef, useState } from 'react';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  /** The trigger's visible text ('Delete'); `subject` follows it for screen readers. */
  trigger: string;
  /** What the action is about, by name ('Northside Support', 'for Northside Support'). */
  subject: string;
  title: string;
  description: ReactNode;
  /** The confirming button's text, and its text while the action is under way. */
  confirmLabel: string;
  busyLabel: string;
  /** A class the confirming button has besides 'button' (a danger colour). */
  confirmClassName?: string;
  /** True while the action is under way: the dialog stays, Escape and Cancel do nothing. */
  busy: boolean;
  /**
   * Does what was confirmed; resolves once it is done. A rejection closes the dialog and changes
   * nothing (the one error handler has said why).
   */
  action: () => Promise<void>;
  /**
   * After the action, once the dialog has let go of focus: focus goes where the screen says (the
   * trigger may be gone with what it removed, or a new secret be shown).
   */
  focusAfter: () => void;
}

/**
 * A button that asks before doing something that can't be taken back: an alert dialog naming what
 * it is about, focus on Cancel, Escape cancels. Used for deleting a partner, disconnecting a Xero
 * organisation and rotating a webhook's signing secret.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { trigger, subject, title, description, confirmLabel, busyLabel, confirmClassName, busy } = props;
  const [open, setOpen] = useState(false);
  // Once the action is done, focus goes where the screen says rather than back to the trigger.
  const done = useRef(false);

  const confirm = async () => {
    if (busy) return;
    done.current = true;
    try {
      // Awaited rather than a callback of the mutation: a removed thing's trigger is gone once the
      // list is read again.
      await props.action();
    } catch {
      done.current = false;
    }
    setOpen(false);
  };

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!busy) setOpen(next);
      }}
    >
      <AlertDialog.Trigger asChild>
        <button type="button" className="button button--outline">
          {trigger}
          <span className="visually-hidden"> {subject}</span>
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content
          className="dialog"
          onEscapeKeyDown={(event) => {
            if (busy) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            // Once the dialog has let go of focus (not while it still holds it inside).
            if (!done.current) return;
            done.current = false;
            event.preventDefault();
            props.focusAfter();
          }}
        >
          <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog__description">{description}</AlertDialog.Description>
          <div className="dialog__actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button button--outline" aria-disabled={busy || undefined}>
                Cancel
              </button>
            </AlertDialog.Cancel>
            <button
              type="button"
              className={confirmClassName ? `button ${confirmClassName}` : 'button'}
              aria-disabled={busy || undefined}
              onClick={() => void confirm()}
            >
              {busy ? busyLabel : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
