import type { Recipient } from '@cleanquote/content';
import type { ReactNode } from 'react';
import { openContactDialog } from '../state/site-state.ts';

/** Props of {@link EmailButton}. */
export interface EmailButtonProps {
  /** Whom the contact dialog writes to. */
  recipient: Recipient;
  /** Visible label; defaults to 'Email'. */
  children?: ReactNode;
  className?: string;
}

/** A button that opens the contact dialog addressed to `recipient` (spec §2, §4). */
export function EmailButton({ recipient, children = 'Email', className = 'button' }: EmailButtonProps) {
  return (
    <button
      type="button"
      className={className}
      aria-haspopup="dialog"
      onClick={() => openContactDialog(recipient)}
    >
      {children}
    </button>
  );
}
