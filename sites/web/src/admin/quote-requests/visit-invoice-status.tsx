import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { type QuoteVisit, quoteVisitQuery } from '../lib/visit-queries.ts';
import { useRetryXeroSync, XERO_POLL_MS } from './xero-quote-queries.ts';

/** A completed visit's invoice in Xero, as the API shows it on the visit. */
export type VisitInvoice = NonNullable<QuoteVisit['invoice']>;

/** The invoice's line: 'Invoice INV-0042 in Xero', 'Waiting for Xero', or why it failed. */
export function visitInvoiceText(invoice: VisitInvoice): string {
  switch (invoice.status) {
    case 'done':
      return invoice.number ? `Invoice ${invoice.number} in Xero` : 'Invoice in Xero';
    case 'waiting':
      return 'Waiting for Xero';
    case 'failed':
      return invoice.error ? `Invoice not in Xero: ${invoice.error}` : 'Invoice not in Xero';
  }
}

/**
 * A completed visit's invoice in Xero: its number once approved there, 'Waiting for Xero' while
 * queued (the visit is read again every few seconds until it settles), or the failure with 'Retry'
 * (the quote's failed Xero writes are due again). The line is a polite live region, present from
 * the start, so each change is announced. Nothing shows for a visit with no invoice queued.
 */
export function VisitInvoiceStatus({ visit }: { visit: QuoteVisit }) {
  const client = useQueryClient();
  const quoteId = visit.quoteRequestId;
  const invoice = visit.invoice ?? null;
  // Another reader of the request's visit, polling only while Xero has the invoice to write.
  useQuery({
    ...quoteVisitQuery(quoteId),
    refetchInterval: invoice?.status === 'waiting' ? XERO_POLL_MS : false,
  });
  const retry = useRetryXeroSync();
  // A double click sends once: the second press comes before React shows the first as pending.
  const asking = useRef(false);

  const retryInvoice = () => {
    if (asking.current) return;
    asking.current = true;
    retry.mutate(quoteId, {
      onSettled: () => {
        asking.current = false;
        void client.invalidateQueries({ queryKey: quoteVisitQuery(quoteId).queryKey });
      },
    });
  };

  return (
    <div className="visit-invoice">
      <p role="status" aria-live="polite" className="visit-invoice__status">
        {invoice ? visitInvoiceText(invoice) : null}
      </p>
      {invoice?.status === 'failed' ? (
        <button
          type="button"
          className="button button--outline"
          aria-disabled={retry.isPending || undefined}
          onClick={retryInvoice}
        >
          {retry.isPending ? 'Retrying...' : 'Retry'}
        </button>
      ) : null}
    </div>
  );
}
