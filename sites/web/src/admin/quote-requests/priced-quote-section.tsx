import {
  durationText,
  estimateDurationMinutes,
  formatAud,
  PRICED_QUOTE_STATUS_LABELS,
  type PricedQuoteStatus,
  QUOTE_FREQUENCY_LABELS,
  quoteLinesFor,
} from '@cleanquote/quote-core/staff';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { showToast } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import { priceListQuery } from '../lib/price-list-query.ts';
import { dayLabel, PricedQuoteEditor, QuoteTotalsList } from './priced-quote-editor.tsx';
import { quoteDraftFormValues } from './quote-draft-form.ts';
import { QuotePreviewButton } from './quote-preview-dialog.tsx';
import {
  type PricedQuote,
  pricedQuoteQuery,
  type QuoteDetail,
  type SentQuote,
  useSendQuote,
} from './quote-request-queries.ts';
import { requestWishes } from './request-wishes.ts';
import { XeroQuoteSync } from './xero-quote-sync.tsx';

/** A priced quote's state in words ('Changes requested'); a state the site does not know shows as it is. */
export function pricedQuoteStatusLabel(status: string): string {
  return PRICED_QUOTE_STATUS_LABELS[status as PricedQuoteStatus] ?? status;
}

/**
 * A quote request's 'Quote' section: 'Prepare Quote' while it has none (the editor starts from the
 * lines its answers price at the price list's prices); once it has one, the current version's state,
 * lines, totals, the customer's answer and every version, 'Edit Quote' (until accepted), for a
 * draft 'Preview' and 'Send Quote', and where the quote stands in Xero.
 */
export function PricedQuoteSection({ quote }: { quote: Pick<QuoteDetail, 'id' | 'email' | 'details'> }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { data: priced } = useQuery(pricedQuoteQuery(quote.id));
  const [editing, setEditing] = useState(false);
  // The price list is read when the editor opens: its prices and whether to show GST.
  const prices = useQuery({
    ...priceListQuery,
    enabled: editing || priced === null,
    meta: { errorTitle: 'Prices Unavailable', errorFallback: 'The price list could not be loaded.' },
  });
  const send = useSendQuote();

  const close = () => {
    setEditing(false);
    heading.current?.focus();
  };
  const sent = (result: SentQuote) => {
    setEditing(false);
    heading.current?.focus();
    showToast({
      title: 'Quote sent',
      description: `Version ${result.version} is on its way to ${quote.email}, valid until ${dayLabel(result.validUntil)}.`,
    });
  };

  // Accepted in any version, the quote is settled: a draft made beside it can no longer be sent.
  const accepted = priced?.versions.find((version) => version.status === 'accepted');
  const title =
    priced === undefined || priced === null
      ? 'Quote'
      : `Quote: ${pricedQuoteStatusLabel(accepted ? 'accepted' : priced.status)}`;

  return (
    <section className="card priced-quote" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {priced === undefined ? (
        <p role="status">Loading the quote…</p>
      ) : editing ? (
        prices.data ? (
          <PricedQuoteEditor
            requestId={quote.id}
            initial={
              priced
                ? quoteDraftFormValues(priced.lines, priced.note, priced.durationMinutes, priced.frequency)
                : quoteDraftFormValues(
                    quoteLinesFor(quote.details, prices.data),
                    '',
                    estimateDurationMinutes(quote.details, prices.data),
                  )
            }
            hasQuote={priced !== null}
            latestIsDraft={priced?.status === 'draft'}
            nextVersion={priced && priced.status !== 'draft' ? priced.version + 1 : null}
            gstRegistered={prices.data.gstRegistered}
            discountPercents={prices.data.frequencyDiscountPercent}
            wishes={requestWishes(quote.details)}
            onClose={close}
            onSent={sent}
          />
        ) : prices.isError ? (
          <p>The price list could not be loaded, so the quote can't be prepared yet. Please try again.</p>
        ) : (
          <p role="status">Loading the price list…</p>
        )
      ) : priced === null ? (
        <>
          <p>No quote yet. 'Prepare Quote' prices this request's answers from the price list.</p>
          <button type="button" className="button" onClick={() => setEditing(true)}>
            Prepare Quote
          </button>
        </>
      ) : (
        <>
          <PricedQuoteSummary priced={priced} />
          <div className="button-row button-row--tight">
            {accepted ? null : (
              <button type="button" className="button button--outline" onClick={() => setEditing(true)}>
                Edit Quote
              </button>
            )}
            {priced.status === 'draft' && !accepted ? (
              <QuotePreviewButton
                requestId={quote.id}
                onSend={() => {
                  if (!send.isPending) send.mutate(quote.id, { onSuccess: sent });
                }}
                sending={send.isPending}
              />
            ) : null}
            {priced.status === 'draft' && !accepted ? (
              <button
                type="button"
                className="button"
                aria-disabled={send.isPending || undefined}
                onClick={() => {
                  if (!send.isPending) send.mutate(quote.id, { onSuccess: sent });
                }}
              >
                {send.isPending ? 'Sending...' : 'Send Quote'}
              </button>
            ) : null}
          </div>
          {accepted ? (
            <p className="muted">
              The customer accepted version {accepted.version}, so the quote can no longer change.
            </p>
          ) : null}
        </>
      )}
      {/* Once priced: sending the quote queues it for Xero, and the area says how that goes. */}
      {priced ? <XeroQuoteSync quoteId={quote.id} /> : null}
    </section>
  );
}

/**
 * The current version: its number, validity, the customer's answer, lines, totals (a regular
 * clean's discount and total per visit), how often, estimated time, note and every version.
 */
function PricedQuoteSummary({ priced }: { priced: PricedQuote }) {
  return (
    <>
      <p>
        Version {priced.version}
        {priced.sentAt ? `, sent ${formatMelbourneTime(priced.sentAt)}` : ', not sent yet'}
        {priced.validUntil ? (
          <>
            {' '}
            · <strong>Valid until {dayLabel(priced.validUntil)}</strong>
          </>
        ) : null}
      </p>
      <CustomerAnswer priced={priced} />
      <ul className="priced-lines">
        {priced.lines.map((line, index) => (
          // Lines have no id of their own; a version's lines never reorder, so the place is the identity.
          <li key={index}>
            <span className="priced-lines__description">{line.description}</span>
            <span className="muted">
              {line.quantity} × {formatAud(line.unitPriceCents)}
            </span>
            <strong>{formatAud(line.lineTotalCents)}</strong>
          </li>
        ))}
      </ul>
      <QuoteTotalsList totals={priced} frequency={priced.frequency} gstRegistered={priced.gstRegistered} />
      <p className="priced-quote__frequency">
        How often: <strong>{QUOTE_FREQUENCY_LABELS[priced.frequency]}</strong>
      </p>
      <p className="priced-quote__time">
        Estimated time: <strong>{durationText(priced.durationMinutes)}</strong>
      </p>
      {priced.note ? (
        <div className="priced-quote__note">
          <h3>Note to the customer</h3>
          <p className="history__text">{priced.note}</p>
        </div>
      ) : null}
      <h3>Versions</h3>
      <ol className="priced-versions">
        {priced.versions.map((version) => (
          <li key={version.version}>
            Version {version.version} — {pricedQuoteStatusLabel(version.status)} —{' '}
            {version.sentAt ? `sent ${formatMelbourneTime(version.sentAt)}` : 'not sent'} —{' '}
            {formatAud(version.totalCents)}
          </li>
        ))}
      </ol>
    </>
  );
}

/** What the customer did with the current version, when they did anything. */
function CustomerAnswer({ priced }: { priced: PricedQuote }) {
  const when = priced.answeredAt ? ` on ${formatMelbourneTime(priced.answeredAt)}` : '';
  switch (priced.status) {
    case 'accepted':
      return (
        <p className="priced-quote__answer">
          <strong>
            Accepted by {priced.acceptedName}
            {when}
          </strong>
        </p>
      );
    case 'changes-requested':
      return (
        <div className="priced-quote__answer">
          <p>
            <strong>Changes asked for{when}:</strong>
          </p>
          <p className="history__text">{priced.answerText}</p>
        </div>
      );
    case 'declined':
      return (
        <div className="priced-quote__answer">
          <p>
            <strong>Declined by the customer{when}</strong>
          </p>
          {priced.answerText ? <p className="history__text">Reason: {priced.answerText}</p> : null}
        </div>
      );
    case 'viewed':
      return priced.viewedAt ? (
        <p className="priced-quote__answer">
          Viewed by the customer on {formatMelbourneTime(priced.viewedAt)}
        </p>
      ) : null;
    default:
      return null;
  }
}
