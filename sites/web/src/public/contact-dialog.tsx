import { useSignals } from '@preact/signals-react/runtime';
import { Dialog } from 'radix-ui';
import type { FormEvent } from 'react';
import {
  type ContactFormInput,
  closeContactDialog,
  contactRecipient,
  contactSending,
  submitContactMessage,
} from '../state/site-state.ts';

function field(form: FormData, name: keyof ContactFormInput): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * The one contact dialog of the site, addressed to whoever `openContactDialog` named: a team member
 * or the customer service team. Mounted once by the app.
 * The fields are uncontrolled: what was typed stays after a failure and is reset after success.
 */
export function ContactDialog() {
  useSignals();
  const recipient = contactRecipient.value;
  const sending = contactSending.value;

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const outcome = await submitContactMessage({
      senderName: field(data, 'senderName'),
      senderEmail: field(data, 'senderEmail'),
      senderPhone: field(data, 'senderPhone'),
      subject: field(data, 'subject'),
      message: field(data, 'message'),
    });
    if (outcome === 'sent') form.reset();
  }

  // While a message is on its way the dialog stays put: Escape and outside clicks are ignored.
  const holdWhileSending = (event: Event) => {
    if (contactSending.value) event.preventDefault();
  };

  return (
    <Dialog.Root
      open={recipient !== null}
      onOpenChange={(open) => {
        if (!open && !contactSending.value) closeContactDialog();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog"
          onEscapeKeyDown={holdWhileSending}
          onPointerDownOutside={holdWhileSending}
          onInteractOutside={holdWhileSending}
        >
          {recipient && (
            <>
              <Dialog.Title className="dialog__title">{`Email ${recipient.name}`}</Dialog.Title>
              <Dialog.Description className="dialog__description">
                {`${recipient.title} · ${recipient.email}`}
              </Dialog.Description>
              <form className="contact-form" onSubmit={send}>
                <div className="field">
                  <label htmlFor="contact-name">Your Name</label>
                  <input
                    id="contact-name"
                    name="senderName"
                    type="text"
                    autoComplete="name"
                    aria-required="true"
                  />
                </div>
                <div className="field">
                  <label htmlFor="contact-email">Your Email</label>
                  {/* Format checked by the browser (type email); emptiness by us, with the toast. */}
                  <input
                    id="contact-email"
                    name="senderEmail"
                    type="email"
                    autoComplete="email"
                    aria-required="true"
                  />
                </div>
                <div className="field">
                  <label htmlFor="contact-phone">Phone (optional)</label>
                  <input id="contact-phone" name="senderPhone" type="tel" autoComplete="tel" />
                </div>
                <div className="field">
                  <label htmlFor="contact-subject">Subject (optional)</label>
                  <input id="contact-subject" name="subject" type="text" />
                </div>
                <div className="field">
                  <label htmlFor="contact-message">Message</label>
                  <textarea id="contact-message" name="message" rows={5} aria-required="true" />
                </div>
                <div className="dialog__actions">
                  <Dialog.Close asChild>
                    <button type="button" className="button button--outline" disabled={sending}>
                      Cancel
                    </button>
                  </Dialog.Close>
                  <button type="submit" className="button" disabled={sending}>
                    {sending ? 'Sending...' : 'Send Message'}
                  </button>
                </div>
              </form>
              <Dialog.Close className="dialog__close" aria-label="Close" disabled={sending}>
                <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" focusable="false">
                  <path
                    d="M3 3l10 10M13 3L3 13"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </Dialog.Close>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
