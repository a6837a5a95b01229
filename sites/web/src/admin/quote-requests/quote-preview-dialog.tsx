import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { type QuotePreview, useQuotePreview } from './quote-request-queries.ts';

/** Props of {@link QuotePreviewButton}. */
export interface QuotePreviewButtonProps {
  /** The quote request's id. */
  requestId: string;
  /**
   * Runs before the preview is read (the editor saves what was typed, so the preview is what
   * 'Send Quote' sends); false stops it — its own messages say why.
   */
  beforePreview?: () => Promise<boolean>;
  /** 'Send Quote' in the dialog: sends the draft previewed, asking nothing more. */
  onSend: () => void;
  /** A send is on its way. */
  sending: boolean;
  /** Another action of the quote is on its way: pressing does nothing meanwhile. */
  busy?: boolean;
}

/**
 * 'Preview': the draft as the customer will get it — the quote's email (subject, the HTML as mail
 * clients show it, the plain text) and the quote page — each written by the server's own renderers,
 * in sandboxed frames (no script, no form, no link followed). The customer's link is made only when
 * the quote is sent, so it shows as a placeholder. 'Send Quote' beside it sends that draft.
 */
export function QuotePreviewButton({
  requestId,
  beforePreview,
  onSend,
  sending,
  busy = false,
}: QuotePreviewButtonProps) {
  const ids = useId();
  const read = useQuotePreview();
  const [preview, setPreview] = useState<QuotePreview | null>(null);
  const working = busy || read.isPending;

  const open = async () => {
    if (working) return;
    if (beforePreview && !(await beforePreview())) return;
    let shown: QuotePreview;
    try {
      shown = await read.mutateAsync(requestId);
    } catch {
      // The one error handler has said why.
      return;
    }
    setPreview(shown);
  };

  return (
    <Dialog.Root open={preview !== null} onOpenChange={(next) => (next ? undefined : setPreview(null))}>
      <button
        type="button"
        className="button button--outline"
        aria-disabled={working || undefined}
        onClick={() => void open()}
      >
        {read.isPending ? 'Preparing preview...' : 'Preview'}
      </button>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog quote-preview">
          <Dialog.Title className="dialog__title">Preview</Dialog.Title>
          <Dialog.Description className="dialog__description">
            The email and the page exactly as the customer will get them once the quote is sent. Their own
            link is made when it is sent, so here it is a placeholder.
          </Dialog.Description>
          {preview ? (
            <div className="quote-preview__parts">
              <section className="quote-preview__part" aria-labelledby={`${ids}-mail`}>
                <h3 id={`${ids}-mail`}>The email</h3>
                <p className="quote-preview__subject">
                  Subject: <strong>{preview.mail.subject}</strong>
                </p>
                <iframe
                  className="quote-preview__frame"
                  title="The quote's email"
                  sandbox=""
                  srcDoc={preview.mail.html}
                />
                <details>
                  <summary>Plain text of the email</summary>
                  <pre className="quote-preview__text">{preview.mail.text}</pre>
                </details>
              </section>
              <section className="quote-preview__part" aria-labelledby={`${ids}-page`}>
                <h3 id={`${ids}-page`}>The quote page</h3>
                <iframe
                  className="quote-preview__frame"
                  title="The customer's quote page"
                  sandbox=""
                  srcDoc={preview.page}
                />
              </section>
            </div>
          ) : null}
          <div className="dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="button button--outline">
                Close
              </button>
            </Dialog.Close>
            <button
              type="button"
              className="button"
              aria-disabled={sending || undefined}
              onClick={() => {
                if (!sending) onSend();
              }}
            >
              {sending ? 'Sending...' : 'Send Quote'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
