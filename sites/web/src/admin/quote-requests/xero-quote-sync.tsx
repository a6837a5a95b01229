import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import {
  type QuoteXeroSync,
  useCreateXeroInvoice,
  useRetryXeroSync,
  xeroQuoteQuery,
} from './xero-quote-queries.ts';

/** Whether the quote's page shows its Xero area: something went to Xero, or an invoice can. */
export function showsXeroArea(sync: QuoteXeroSync | null | undefined): sync is QuoteXeroSync {
  return Boolean(sync && (sync.state !== 'off' || sync.canCreateInvoice));
}

/** Where the quote stands in Xero, in words ('In Xero: QU-0042'); null when nothing went there. */
export function xeroStateText(sync: QuoteXeroSync): string | null {
  switch (sync.state) {
    case 'in-xero':
      return sync.quoteNumber ? `In Xero: ${sync.quoteNumber}` : 'In Xero';
    case 'waiting':
      return 'Waiting for Xero';
    case 'failed':
      return sync.reason ? `Xero sync failed: ${sync.reason}` : 'Xero sync failed';
    default:
      return null;
  }
}

/** The invoice's line ('Invoice INV-0007'); null when none was asked for (a failed one is the state's). */
export function xeroInvoiceText(invoice: QuoteXeroSync['invoice']): string | null {
  if (invoice.state === 'waiting') return 'Invoice: waiting for Xero';
  if (invoice.state === 'created') return invoice.number ? `Invoice ${invoice.number}` : 'Invoice created';
  return null;
}

/**
 * The Quote section's 'Xero' area: whether the quote is in Xero, waiting, or failed (with 'Retry'),
 * and its invoice ('Create Invoice in Xero', then its number and 'Open in Xero'). The texts are one
 * polite live region, present from the start so each change is announced; the query polls while
 * Xero has work queued.
 */
export function XeroQuoteSync({ quoteId }: { quoteId: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { data: sync } = useQuery(xeroQuoteQuery(quoteId));
  const createInvoice = useCreateXeroInvoice();
  const retry = useRetryXeroSync();
  // A double click sends once: the second press comes before React shows the first as pending.
  const asking = useRef(false);

  const ask = (
    mutation: typeof createInvoice | typeof retry,
    stillThere: (answer: QuoteXeroSync) => boolean,
  ) => {
    if (asking.current) return;
    asking.current = true;
    mutation.mutate(quoteId, {
      // The pressed button may be gone with the answer: focus goes to the area's heading, which stays.
      onSuccess: (answer) => {
        if (!stillThere(answer)) heading.current?.focus();
      },
      onSettled: () => {
        asking.current = false;
      },
    });
  };

  const shown = showsXeroArea(sync);
  const stateText = shown ? xeroStateText(sync) : null;
  const invoiceText = shown ? xeroInvoiceText(sync.invoice) : null;
  const failed = shown && sync.state === 'failed';
  const invoiceUrl = shown && sync.invoice.state === 'created' ? sync.invoice.url : null;

  return (
    <div className="xero-quote-sync">
      {shown ? (
        <h3 ref={heading} tabIndex={-1}>
          Xero
        </h3>
      ) : null}
      <div role="status" aria-live="polite" className="xero-quote-sync__status">
        {stateText ? <p className="xero-quote-sync__state">{stateText}</p> : null}
        {failed ? (
          <p className="muted">
            {sync.nextAttemptAt
              ? `Trying again by itself at ${formatMelbourneTime(sync.nextAttemptAt)}.`
              : 'It is no longer tried by itself: press Retry once the cause is fixed.'}
          </p>
        ) : null}
        {invoiceText ? <p className="xero-quote-sync__invoice">{invoiceText}</p> : null}
      </div>
      {shown && (failed || sync.canCreateInvoice || invoiceUrl) ? (
        <div className="button-row button-row--tight">
          {failed ? (
            <button
              type="button"
              className="button button--outline"
              aria-disabled={retry.isPending || undefined}
              onClick={() => ask(retry, (answer) => answer.state === 'failed')}
            >
              Retry
            </button>
          ) : null}
          {sync.canCreateInvoice ? (
            <button
              type="button"
              className="button"
              aria-disabled={createInvoice.isPending || undefined}
              onClick={() => ask(createInvoice, (answer) => answer.canCreateInvoice)}
            >
              Create Invoice in Xero
            </button>
          ) : null}
          {invoiceUrl ? (
            <a className="button button--outline" href={invoiceUrl} target="_blank" rel="noopener">
              Open in Xero
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
