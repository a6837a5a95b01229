import {
  LOST_REASONS,
  type QuoteNote,
  type QuoteNoteInput,
  type QuoteReply,
  type QuoteReplyInput,
  type QuoteStatus,
  type QuoteStatusChange,
  type QuoteStatusChangeInput,
  quoteNote,
  quoteReply,
  quoteStatusChange,
} from '@cleanquote/quote-core/staff';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { showToast } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import { showServerFieldErrors } from '../lib/field-errors.ts';
import { reportFormFailure } from '../lib/query-client.ts';
import { serviceLabel, sourceLabel, statusLabel } from '../lib/quote-labels.ts';
import { usePartnerNames } from './partner-names.ts';
import { PricedQuoteSection } from './priced-quote-section.tsx';
import { HistoryItem } from './quote-history.tsx';
import {
  type QuoteDetail,
  quoteDetailQuery,
  useQuoteNote,
  useQuoteReply,
  useQuoteStatusChange,
} from './quote-request-queries.ts';
import { replyTiming } from './reply-timing.ts';
import { VisitSection } from './visit-section.tsx';

/** Props of {@link QuotePage}. */
export interface QuotePageProps {
  id: string;
  /** The list with the filters it was opened from. */
  backHref: string;
  /** Another quote's page (a returning customer's earlier or later quote). */
  hrefOf: (id: string) => string;
}

/** The pipeline's moves, in order: a move later than the current status moves the request forward. */
const MOVES: readonly { to: QuoteStatus; label: string }[] = [
  { to: 'contacted', label: 'Mark as Contacted' },
  { to: 'quoted', label: 'Mark as Quoted' },
  { to: 'won', label: 'Mark as Won' },
];

/**
 * A quote's page (/admin?quote=<id>): every answer in words, call and email links, consent, source,
 * the case manager, the customer's earlier and later requests, the pipeline buttons, notes, the
 * reply composer and the history, one timeline.
 */
export function QuotePage({ id, backHref, hrefOf }: QuotePageProps) {
  const { data: quote } = useQuery(quoteDetailQuery(id));
  const heading = useRef<HTMLHeadingElement>(null);
  const partnerNames = usePartnerNames();
  const statusChange = useQuoteStatusChange();
  const movingTo = useRef<QuoteStatus | null>(null);
  const moves = useRef<Promise<unknown>>(Promise.resolve());
  const loadedId = quote?.id;

  // Opening a quote moves focus to its name, as a page load would.
  useEffect(() => {
    if (loadedId === id) heading.current?.focus();
  }, [loadedId, id]);

  if (quote === null) {
    return (
      <>
        <BackLink href={backHref} />
        <h1>Quote request not found</h1>
        <p>There is no quote request with this link. It may have been mistyped.</p>
      </>
    );
  }
  if (quote === undefined) {
    return (
      <>
        <BackLink href={backHref} />
        <p role="status">Loading quote request…</p>
      </>
    );
  }

  // The page shows a move's new status as soon as the server answers, a moment before the mutation
  // counts as settled: a tap on the next button in that moment is queued behind it, never dropped.
  // Only a second tap on the move already on its way is ignored, so a double tap sends once.
  const move = (to: QuoteStatus) => {
    if (movingTo.current === to) return;
    movingTo.current = to;
    moves.current = moves.current
      .then(() => statusChange.mutateAsync({ id, change: { status: to } }))
      .then(() => showToast({ title: 'Status Updated', description: `The quote is now ${statusLabel(to)}.` }))
      // The mutation's own error toast has told staff; the next move may still go.
      .catch(() => undefined)
      .finally(() => {
        if (movingTo.current === to) movingTo.current = null;
      });
  };

  const timing = replyTiming(quote, Date.now());
  const reopenTo: QuoteStatus = quote.firstResponseAt ? 'contacted' : 'new';
  return (
    <>
      <BackLink href={backHref} />
      <div className="page-header quote-header">
        <h1 ref={heading} tabIndex={-1}>
          {quote.name}
        </h1>
        <p className="quote-header__badges">
          <span className={`service-label service-label--${quote.service}`}>
            {serviceLabel(quote.service)}
          </span>
          <span className={`status-badge status-badge--${quote.status}`}>{statusLabel(quote.status)}</span>
          {quote.returning ? <span className="badge">Returning customer</span> : null}
        </p>
        <p className="muted">
          Reference {quote.reference} · received {formatMelbourneTime(quote.createdAt)} ·{' '}
          {sourceLabel(quote.source, partnerNames)}
          {quote.partnerRef ? <span className="quote-partner-ref"> · ref {quote.partnerRef}</span> : null}
        </p>
        {timing.state === 'answered' ? null : (
          <p>
            <strong className={`reply-timing reply-timing--${timing.state}`}>{timing.text}</strong>
          </p>
        )}
      </div>

      <section className="card" aria-labelledby="quote-status-heading">
        <h2 id="quote-status-heading">Status: {statusLabel(quote.status)}</h2>
        <div className="button-row button-row--tight" aria-busy={statusChange.isPending || undefined}>
          {MOVES.filter((each) => each.to !== quote.status).map((each) => (
            <button
              key={each.to}
              type="button"
              className={movesForward(quote.status, each.to) ? 'button' : 'button button--outline'}
              onClick={() => move(each.to)}
            >
              {each.label}
            </button>
          ))}
          {quote.status !== 'lost' ? <LostDialog quoteId={quote.id} /> : null}
          {quote.status === 'won' || quote.status === 'lost' ? (
            <button type="button" className="button button--outline" onClick={() => move(reopenTo)}>
              Reopen
            </button>
          ) : null}
        </div>
      </section>

      {/* The quote is the page's main work: it sits on the first screen, before contact and answers. */}
      <PricedQuoteSection quote={quote} />

      <section className="card" aria-labelledby="quote-contact-heading">
        <h2 id="quote-contact-heading">Contact</h2>
        <ul className="admin-actions">
          <li>
            <a className="button button--outline" href={`tel:${quote.phone.replace(/[^\d+]/g, '')}`}>
              Call {quote.phone}
            </a>
          </li>
          <li>
            <a className="button button--outline" href={`mailto:${quote.email}`}>
              Email {quote.email}
            </a>
          </li>
        </ul>
        <ReplyComposer quote={quote} />
      </section>

      <section className="card" aria-labelledby="quote-answers-heading">
        <h2 id="quote-answers-heading">Answers</h2>
        <dl className="answer-list">
          {quote.summary.map((line) => (
            <div key={line.label}>
              <dt>{line.label}</dt>
              <dd>{line.value}</dd>
            </div>
          ))}
          <div>
            <dt>Source</dt>
            <dd>
              {sourceLabel(quote.source, partnerNames)}
              {quote.partnerRef ? <span className="quote-partner-ref"> · ref {quote.partnerRef}</span> : null}
            </dd>
          </div>
          <div>
            <dt>Consent</dt>
            <dd>
              {quote.consentedAt
                ? `Accepted the terms${quote.termsVersion ? ` (version ${quote.termsVersion})` : ''} on ${formatMelbourneTime(quote.consentedAt)}`
                : 'Not recorded'}
            </dd>
          </div>
        </dl>
      </section>

      <VisitSection quoteId={quote.id} />

      <OtherRequests
        heading="Earlier requests from this customer"
        quotes={quote.earlierQuotes}
        hrefOf={hrefOf}
      />
      <OtherRequests heading="Later requests from this customer" quotes={quote.laterQuotes} hrefOf={hrefOf} />

      <section className="card" aria-labelledby="quote-history-heading">
        <h2 id="quote-history-heading">History</h2>
        <ol className="history">
          {quote.history.map((entry) => (
            <HistoryItem key={entry.id} entry={entry} customerEmail={quote.email} />
          ))}
        </ol>
        <NoteForm quoteId={quote.id} />
      </section>
    </>
  );
}

/**
 * Whether moving from `from` to `to` takes the request forward through the pipeline (new → contacted
 * → quoted → won): those are the page's primary buttons; going back, and anything from a lost
 * request, is secondary.
 */
export function movesForward(from: QuoteStatus, to: QuoteStatus): boolean {
  const order = MOVES.map((each) => each.to);
  if (from === 'lost') return false;
  return order.indexOf(to) > order.indexOf(from);
}

function BackLink({ href }: { href: string }) {
  return (
    <p className="back-link">
      <Link href={href}>← Back to quote requests</Link>
    </p>
  );
}

/** The customer's other requests (same email or phone digits), each a link to its page. */
function OtherRequests({
  heading,
  quotes,
  hrefOf,
}: {
  heading: string;
  quotes: QuoteDetail['earlierQuotes'];
  hrefOf: (id: string) => string;
}) {
  const headingId = useId();
  if (quotes.length === 0) return null;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <ul>
        {quotes.map((other) => (
          <li key={other.id}>
            <Link href={hrefOf(other.id)}>
              {other.reference} · {serviceLabel(other.service)} · {formatMelbourneTime(other.createdAt)}
            </Link>{' '}
            ({statusLabel(other.status)})
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The radio that stands for a reason written out. */
const OTHER = 'Other';

/**
 * 'Mark as Lost' asks why: a short list, or 'Other' with the reason as text. The reason is checked
 * by the server's own rule (a lost quote always says why) before anything is sent.
 */
function LostDialog({ quoteId }: { quoteId: string }) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState('');
  const [other, setOther] = useState('');
  const ids = useId();
  const lost = useQuoteStatusChange({ formShowsErrors: true });
  const form = useForm<QuoteStatusChangeInput, unknown, QuoteStatusChange>({
    resolver: zodResolver(quoteStatusChange),
    defaultValues: { status: 'lost', reason: '' },
  });
  const problem = form.formState.errors.reason?.message;

  const submit = form.handleSubmit(async (change) => {
    if (lost.isPending) return;
    try {
      await lost.mutateAsync({ id: quoteId, change });
    } catch (error) {
      if (!showServerFieldErrors(error, ['reason'], form.setError)) {
        reportFormFailure(error, 'Status Not Changed', 'The status could not be changed. Please try again.');
      }
      return;
    }
    showToast({ title: 'Status Updated', description: 'The quote is now Lost.' });
    setOpen(false);
  });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setChoice('');
        setOther('');
        form.reset();
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="button button--outline">
          Mark as Lost
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog__title">Mark as Lost</Dialog.Title>
          <Dialog.Description className="dialog__description">Why was this quote lost?</Dialog.Description>
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Controller
              name="reason"
              control={form.control}
              render={({ field }) => (
                <>
                  <fieldset
                    className="reason-list"
                    aria-describedby={problem && choice !== OTHER ? `${ids}-problem` : undefined}
                  >
                    <legend>Reason</legend>
                    {[...LOST_REASONS, OTHER].map((reason, index) => (
                      <label key={reason} className="checkbox">
                        <input
                          // An unanswered form focuses the first reason.
                          ref={index === 0 && choice !== OTHER ? field.ref : undefined}
                          type="radio"
                          name={`${ids}-reason`}
                          value={reason}
                          checked={choice === reason}
                          onChange={() => {
                            setChoice(reason);
                            field.onChange(reason === OTHER ? other : reason);
                            form.clearErrors('reason');
                          }}
                        />
                        {reason}
                      </label>
                    ))}
                  </fieldset>
                  {choice === OTHER ? (
                    <div className="field">
                      <label htmlFor={`${ids}-other`}>Other reason</label>
                      <input
                        ref={field.ref}
                        id={`${ids}-other`}
                        value={other}
                        maxLength={500}
                        onChange={(event) => {
                          setOther(event.target.value);
                          field.onChange(event.target.value);
                        }}
                        onBlur={field.onBlur}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={problem ? `${ids}-problem` : undefined}
                      />
                    </div>
                  ) : null}
                </>
              )}
            />
            {problem ? (
              <p id={`${ids}-problem`} role="alert" className="field-error">
                {problem}
              </p>
            ) : null}
            <div className="dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="button button--outline">
                  Cancel
                </button>
              </Dialog.Close>
              <button type="submit" className="button">
                {lost.isPending ? 'Saving...' : 'Mark as Lost'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** 'Add note': a note joins the history with who wrote it and when. */
function NoteForm({ quoteId }: { quoteId: string }) {
  const ids = useId();
  const note = useQuoteNote();
  const form = useForm<QuoteNoteInput, unknown, QuoteNote>({
    resolver: zodResolver(quoteNote),
    defaultValues: { text: '' },
  });
  const problem = form.formState.errors.text?.message;

  const submit = form.handleSubmit(async (written) => {
    if (note.isPending) return;
    try {
      await note.mutateAsync({ id: quoteId, note: written });
    } catch (error) {
      if (!showServerFieldErrors(error, ['text'], form.setError)) {
        reportFormFailure(error, 'Note Not Added', 'The note could not be saved. Please try again.');
      }
      return;
    }
    form.reset();
  });

  return (
    <form className="note-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="field">
        <label htmlFor={`${ids}-note`}>Note</label>
        <textarea
          id={`${ids}-note`}
          rows={3}
          maxLength={5000}
          {...form.register('text')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids}-problem` : undefined}
        />
      </div>
      {problem ? (
        <p id={`${ids}-problem`} role="alert" className="field-error">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button button--outline">
        {note.isPending ? 'Saving...' : 'Add note'}
      </button>
    </form>
  );
}

/**
 * 'Reply' opens a composer filled from the customer's answers (the server's draft), which staff
 * edit; 'Send' queues it to the customer, threaded under their auto-response.
 */
function ReplyComposer({ quote }: { quote: QuoteDetail }) {
  const [open, setOpen] = useState(false);
  const ids = useId();
  const reply = useQuoteReply();
  const form = useForm<QuoteReplyInput, unknown, QuoteReply>({
    resolver: zodResolver(quoteReply),
    defaultValues: quote.replyDraft,
  });
  const { errors } = form.formState;
  const { setFocus } = form;

  useEffect(() => {
    if (open) setFocus('subject');
  }, [open, setFocus]);

  if (!open) {
    return (
      <p>
        <button
          type="button"
          className="button"
          onClick={() => {
            form.reset(quote.replyDraft);
            setOpen(true);
          }}
        >
          Reply
        </button>
      </p>
    );
  }

  const submit = form.handleSubmit(async (written) => {
    if (reply.isPending) return;
    try {
      await reply.mutateAsync({ id: quote.id, reply: written });
    } catch (error) {
      if (!showServerFieldErrors(error, ['subject', 'message'], form.setError)) {
        reportFormFailure(error, 'Reply Not Sent', 'The reply could not be sent. Please try again.');
      }
      return;
    }
    showToast({ title: 'Reply Sent', description: `Your reply to ${quote.email} is on its way.` });
    setOpen(false);
  });

  return (
    <form
      className="composer"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${ids}-heading`}
      noValidate
    >
      <h3 id={`${ids}-heading`}>Reply to {quote.name}</h3>
      <p className="muted">To {quote.email}, threaded under the confirmation they received.</p>
      <div className="field">
        <label htmlFor={`${ids}-subject`}>Subject</label>
        <input
          id={`${ids}-subject`}
          maxLength={300}
          {...form.register('subject')}
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={errors.subject ? `${ids}-subject-error` : undefined}
        />
        {errors.subject ? (
          <p id={`${ids}-subject-error`} className="field-error">
            {errors.subject.message}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${ids}-message`}>Message</label>
        <textarea
          id={`${ids}-message`}
          rows={12}
          maxLength={10_000}
          {...form.register('message')}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${ids}-message-error` : undefined}
        />
        {errors.message ? (
          <p id={`${ids}-message-error`} className="field-error">
            {errors.message.message}
          </p>
        ) : null}
      </div>
      <div className="button-row button-row--tight">
        <button type="submit" className="button">
          {reply.isPending ? 'Sending...' : 'Send'}
        </button>
        <button type="button" className="button button--outline" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
