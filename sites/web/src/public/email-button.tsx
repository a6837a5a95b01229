import { business, customerService, type Recipient } from '@cleanquote/content';
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

/**
 * A button that opens the contact dialog addressed to `recipient`. Tapped before the
 * app has hydrated, the tap is held and replayed (data-first-tap, decision 0008).
 */
export function EmailButton({ recipient, children = 'Email', className = 'button' }: EmailButtonProps) {
  return (
    <button
      type="button"
      className={className}
      aria-haspopup="dialog"
      data-first-tap="click"
      onClick={() => openContactDialog(recipient)}
    >
      {children}
    </button>
  );
}

/** Props of {@link ContactButtons}. */
export interface ContactButtonsProps {
  /** Centre the row (calls to action that close a section). */
  centred?: boolean;
  /** Buttons after the two, such as a link to the quote wizard. */
  children?: ReactNode;
}

/** 'Call <phone>' and 'Email Us' (the contact dialog to customer service), then `children`. */
export function ContactButtons({ centred = false, children }: ContactButtonsProps) {
  return (
    <div className={centred ? 'button-row button-row--centred' : 'button-row'}>
      <a href={business.phoneHref} className="button">
        {`Call ${business.phone}`}
      </a>
      <EmailButton recipient={customerService} className="button button--outline">
        Email Us
      </EmailButton>
      {children}
    </div>
  );
}
