import { AlertDialog } from 'radix-ui';
import { type ReactNode, useRef, useState } from 'react';

/** Props of {@link ConfirmRemovalDialog}. */
export interface ConfirmRemovalDialogProps {
  /** The trigger's visible text ('Delete'); `subject` follows it for screen readers. */
  trigger: string;
  /** What is removed, by name ('Northside Support'). */
  subject: string;
  title: string;
  description: ReactNode;
  /** The confirming button's text, and its text while the removal is under way. */
  confirmLabel: string;
  busyLabel: string;
  confirmClassName: string;
  /** True while the removal is under way: the dialog stays, Escape and Cancel do nothing. */
  busy: boolean;
  /**
   * Removes the thing; resolves once it is gone. A rejection closes the dialog and keeps the thing
   * (the one error handler has said why).
   */
  remove: () => Promise<void>;
  /** After a removal, once the dialog has let go of focus: the trigger is gone, the screen places focus. */
  onRemoved: () => void;
}

/**
 * A button that asks before removing something: an alert dialog naming it, focus on Cancel, Escape
 * cancels. Used for deleting a partner and disconnecting a Xero organisation.
 */
export function ConfirmRemovalDialog(props: ConfirmRemovalDialogProps) {
  const { trigger, subject, title, description, confirmLabel, busyLabel, confirmClassName, busy } = props;
  const [open, setOpen] = useState(false);
  // While removing, the thing (and this dialog's trigger) goes away: the screen places focus instead.
  const leaving = useRef(false);

  const confirm = async () => {
    if (busy) return;
    leaving.current = true;
    try {
      // Awaited rather than a callback of the mutation: the trigger is gone once the list is read again.
      await props.remove();
    } catch {
      leaving.current = false;
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
            if (!leaving.current) return;
            event.preventDefault();
            props.onRemoved();
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
              className={`button ${confirmClassName}`}
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
