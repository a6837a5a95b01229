import { Dialog } from 'radix-ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { showToast } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import {
  AdminApiError,
  addQuoteNote,
  changeQuoteStatus,
  fetchQuote,
  type QuoteDetail,
  type QuoteHistoryEntry,
  type QuoteStatus,
  sendQuoteReply,
} from '../admin-api.ts';
import { isLockedError, reportAdminError } from '../admin-errors.ts';
import { LOST_REASONS } from './lost-reasons.ts';
import { usePartnerNames } from './partner-names.ts';
import { STATUS_LABELS, serviceLabel, sourceLabel } from './quote-labels.ts';
import { replyTiming } from './reply-timing.ts';

/** Props of {@link QuotePage}. */
export interface QuotePageProps {
  id: string;
  /** The list with the filters it was opened from. */
  backHref: string;
  /** Another quote's page (a returning customer's earlier quote). */
  hrefOf: (id: string) => string;
  onLocked: () => void;
}

/** The pipeline's moves, in order. */
const MOVES: readonly { to: QuoteStatus; label: string }[] = [
  { to: 'contacted', label: 'Mark as Contacted' },
  { to: 'quoted', label: 'Mark as Quoted' },
  { to: 'won', label: 'Mark as Won' },
];

/**
 * A quote's page (/admin?quote=<id>): every answer in words, call and email links, consent, source,
 * the case manager, returning-customer links, the pipeline buttons, notes, the reply composer and
 * the history, one timeline.
 */
export function QuotePage({ id, backHref, hrefOf, onLocked }: QuotePageProps) {
  const [quote, setQuote] = useState<QuoteDetail | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const partnerNames = usePartnerNames();

  useEffect(() => {
    let current = true;
    setQuote(null);
    setMissing(false);
    fetchQuote(id)
      .then((loaded) => {
        if (!current) return;
        setQuote(loaded);
      })
      .catch((error: unknown) => {
        if (!current) return;
        if (isLockedError(error)) onLocked();
        else if (error instanceof AdminApiError && error.status === 404) setMissing(true);
        else reportAdminError(error, 'Quote Unavailable', 'The quote request could not be loaded.');
      });
    return () => {
      current = false;
    };
  }, [id, onLocked]);

  // Opening a quote moves focus to its name, as a page load would.
  useEffect(() => {
    if (quote?.id === id) heading.current?.focus();
  }, [quote?.id, id]);

  const move = async (to: QuoteStatus, reason?: string): Promise<boolean> => {
    setBusy(true);
    try {
      setQuote(await changeQuoteStatus(id, to, reason));
      showToast({ title: 'Status Updated', description: `The quote is now ${STATUS_LABELS[to]}.` });
      return true;
    } catch (error) {
      if (isLockedError(error)) onLocked();
      else
        reportAdminError(error, 'Status Not Changed', 'The status could not be changed. Please try again.');
      return false;
    } finally {
      setBusy(false);
    }
  };

  const reload = async () => {
    try {
      setQuote(await fetchQuote(id));
    } catch (error) {
      reportAdminError(error, 'Quote Unavailable', 'The quote request could not be loaded.');
    }
  };

  if (missing) {
    return (
      <>
        <BackLink href={backHref} />
        <h1>Quote request not found</h1>
        <p>There is no quote request with this link. It may have been mistyped.</p>
      </>
    );
  }
  if (!quote) {
    return (
      <>
        <BackLink href={backHref} />
        <p role="status">Loading quote request…</p>
      </>
    );
  }

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
          <span className={`status-badge status-badge--${quote.status}`}>{STATUS_LABELS[quote.status]}</span>
          {quote.returning || quote.returningQuotes.length > 0 ? (
            <span className="badge">Returning customer</span>
          ) : null}
        </p>
        <p className="muted">
          Reference {quote.reference} · received {formatMelbourneTime(quote.createdAt)} ·{' '}
          {sourceLabel(quote.source, partnerNames)}
        </p>
        {timing.state === 'answered' ? null : (
          <p>
            <strong className={`reply-timing reply-timing--${timing.state}`}>{timing.text}</strong>
          </p>
        )}
      </div>

      <section className="card" aria-labelledby="quote-status-heading">
        <h2 id="quote-status-heading">Status: {STATUS_LABELS[quote.status]}</h2>
        <div className="button-row button-row--tight">
          {MOVES.filter((each) => each.to !== quote.status).map((each) => (
            <button
              key={each.to}
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void move(each.to)}
            >
              {each.label}
            </button>
          ))}
          {quote.status !== 'lost' ? (
            <LostDialog busy={busy} onConfirm={(reason) => move('lost', reason)} />
          ) : null}
          {quote.status === 'won' || quote.status === 'lost' ? (
            <button
              type="button"
              className="button button--outline"
              disabled={busy}
              onClick={() => void move(reopenTo)}
            >
              Reopen
            </button>
          ) : null}
        </div>
      </section>

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
        <ReplyComposer quote={quote} onSent={reload} onLocked={onLocked} />
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
            <dd>{sourceLabel(quote.source, partnerNames)}</dd>
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

      {quote.returningQuotes.length > 0 ? (
        <section className="card" aria-labelledby="quote-returning-heading">
          <h2 id="quote-returning-heading">Returning customer</h2>
          <p>Earlier and later quote requests with the same email or phone:</p>
          <ul>
            {quote.returningQuotes.map((other) => (
              <li key={other.id}>
                <Link href={hrefOf(other.id)}>
                  {other.reference} · {serviceLabel(other.service)} · {formatMelbourneTime(other.createdAt)}
                </Link>{' '}
                ({STATUS_LABELS[other.status]})
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="card" aria-labelledby="quote-history-heading">
        <h2 id="quote-history-heading">History</h2>
        <ol className="history">
          {quote.history.map((entry) => (
            <HistoryItem key={entry.id} entry={entry} />
          ))}
        </ol>
        <NoteForm quoteId={quote.id} onAdded={reload} onLocked={onLocked} />
      </section>
    </>
  );
}

function BackLink({ href }: { href: string }) {
  return (
    <p className="back-link">
      <Link href={href}>← Back to quote requests</Link>
    </p>
  );
}

function HistoryItem({ entry }: { entry: QuoteHistoryEntry }) {
  const who = entry.actor ? ` by ${entry.actor.name}` : '';
  const when = formatMelbourneTime(entry.at);
  switch (entry.kind) {
    case 'created':
      return (
        <li>
          <strong>Quote request received</strong> <span className="muted">{when}</span>
        </li>
      );
    case 'system':
      return (
        <li>
          <strong>{entry.text}</strong> <span className="muted">{when}</span>
        </li>
      );
    case 'status':
      return (
        <li>
          <strong>
            {STATUS_LABELS[entry.from]} → {STATUS_LABELS[entry.to]}
          </strong>
          {who} <span className="muted">{when}</span>
          {entry.reason ? <p>Reason: {entry.reason}</p> : null}
        </li>
      );
    case 'note':
      return (
        <li>
          <strong>Note</strong>
          {who} <span className="muted">{when}</span>
          <p className="history__text">{entry.text}</p>
        </li>
      );
    case 'reply':
      return (
        <li>
          <strong>Reply sent: {entry.subject}</strong>
          {who} <span className="muted">{when}</span>
          <details>
            <summary>Read the reply</summary>
            <p className="history__text">{entry.text}</p>
          </details>
        </li>
      );
  }
}

/** 'Mark as Lost' asks why: a short list, or 'Other' with the reason as text. */
function LostDialog({ busy, onConfirm }: { busy: boolean; onConfirm: (reason: string) => Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState('');
  const [other, setOther] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const reason = choice === 'Other' ? other.trim() : choice;
    if (!reason) {
      setProblem(choice === 'Other' ? 'Please write the reason.' : 'Please choose a reason.');
      return;
    }
    if (await onConfirm(reason)) {
      setOpen(false);
      setChoice('');
      setOther('');
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setProblem(null);
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className="button button--outline" disabled={busy}>
          Mark as Lost
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog__title">Mark as Lost</Dialog.Title>
          <Dialog.Description className="dialog__description">Why was this quote lost?</Dialog.Description>
          <form onSubmit={(event) => void submit(event)}>
            <fieldset className="reason-list" aria-describedby={problem ? `${ids}-problem` : undefined}>
              <legend>Reason</legend>
              {[...LOST_REASONS, 'Other'].map((reason) => (
                <label key={reason} className="checkbox">
                  <input
                    type="radio"
                    name="lost-reason"
                    value={reason}
                    checked={choice === reason}
                    onChange={() => {
                      setChoice(reason);
                      setProblem(null);
                    }}
                  />
                  {reason}
                </label>
              ))}
            </fieldset>
            {choice === 'Other' ? (
              <div className="field">
                <label htmlFor={`${ids}-other`}>Other reason</label>
                <input
                  id={`${ids}-other`}
                  value={other}
                  maxLength={500}
                  onChange={(event) => setOther(event.target.value)}
                  aria-invalid={problem ? true : undefined}
                />
              </div>
            ) : null}
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
              <button type="submit" className="button" disabled={busy}>
                {busy ? 'Saving...' : 'Mark as Lost'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** 'Add note': a note joins the history with who wrote it and when. */
function NoteForm({
  quoteId,
  onAdded,
  onLocked,
}: {
  quoteId: string;
  onAdded: () => Promise<void>;
  onLocked: () => void;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setProblem('Please write the note first.');
      return;
    }
    setBusy(true);
    try {
      await addQuoteNote(quoteId, text);
      setText('');
      setProblem(null);
      await onAdded();
    } catch (error) {
      if (isLockedError(error)) onLocked();
      else if (error instanceof AdminApiError && error.fields.text) setProblem(error.fields.text);
      else reportAdminError(error, 'Note Not Added', 'The note could not be saved. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="note-form" onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={`${ids}-note`}>Note</label>
        <textarea
          id={`${ids}-note`}
          rows={3}
          value={text}
          maxLength={5000}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids}-problem` : undefined}
        />
      </div>
      {problem ? (
        <p id={`${ids}-problem`} role="alert" className="field-error">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button button--outline" disabled={busy}>
        {busy ? 'Saving...' : 'Add note'}
      </button>
    </form>
  );
}

/**
 * 'Reply' opens a composer filled from the customer's answers (the server's draft), which staff
 * edit; 'Send' queues it to the customer, threaded under their auto-response.
 */
function ReplyComposer({
  quote,
  onSent,
  onLocked,
}: {
  quote: QuoteDetail;
  onSent: () => Promise<void>;
  onLocked: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState(quote.replyDraft.subject);
  const [message, setMessage] = useState(quote.replyDraft.message);
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  const ids = useId();
  const subjectField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) subjectField.current?.focus();
  }, [open]);

  if (!open) {
    return (
      <p>
        <button
          type="button"
          className="button"
          onClick={() => {
            setSubject(quote.replyDraft.subject);
            setMessage(quote.replyDraft.message);
            setFields({});
            setOpen(true);
          }}
        >
          Reply
        </button>
      </p>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!subject.trim()) missing.subject = 'Please enter a subject.';
    if (!message.trim()) missing.message = 'Please write the message.';
    setFields(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      await sendQuoteReply(quote.id, { subject, message });
      showToast({ title: 'Reply Sent', description: `Your reply to ${quote.email} is on its way.` });
      setOpen(false);
      await onSent();
    } catch (error) {
      if (isLockedError(error)) onLocked();
      else if (error instanceof AdminApiError && Object.keys(error.fields).length > 0)
        setFields(error.fields);
      else reportAdminError(error, 'Reply Not Sent', 'The reply could not be sent. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="composer" onSubmit={(event) => void submit(event)} aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`}>Reply to {quote.name}</h3>
      <p className="muted">To {quote.email}, threaded under the confirmation they received.</p>
      <div className="field">
        <label htmlFor={`${ids}-subject`}>Subject</label>
        <input
          ref={subjectField}
          id={`${ids}-subject`}
          value={subject}
          maxLength={200}
          onChange={(event) => setSubject(event.target.value)}
          aria-invalid={fields.subject ? true : undefined}
          aria-describedby={fields.subject ? `${ids}-subject-error` : undefined}
        />
        {fields.subject ? (
          <p id={`${ids}-subject-error`} className="field-error">
            {fields.subject}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${ids}-message`}>Message</label>
        <textarea
          id={`${ids}-message`}
          rows={12}
          value={message}
          maxLength={10_000}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={fields.message ? true : undefined}
          aria-describedby={fields.message ? `${ids}-message-error` : undefined}
        />
        {fields.message ? (
          <p id={`${ids}-message-error`} className="field-error">
            {fields.message}
          </p>
        ) : null}
      </div>
      <div className="button-row button-row--tight">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Sending...' : 'Send'}
        </button>
        <button
          type="button"
          className="button button--outline"
          onClick={() => setOpen(false)}
          disabled={busy}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
