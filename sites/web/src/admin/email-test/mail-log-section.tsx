import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { showToast } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import { fetchOutbox, MAIL_STATUSES, type MailStatus, type OutboxMail, retryMail } from '../admin-api.ts';
import { isLockedError, reportAdminError } from '../admin-errors.ts';
import { UnlockForm } from '../unlock-form.tsx';
import {
  appendPage,
  MAIL_LOG_ID,
  MAIL_LOG_PAGE_SIZE,
  mailKindLabel,
  mailLogHref,
  mailLogSummary,
  queuedAgain,
  replaceMail,
  statusFromSearch,
} from './mail-log.ts';

type LogState =
  | { state: 'loading' }
  | { state: 'locked' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; mails: OutboxMail[]; nextBefore: string | null };

/** The id of a mail's subject heading, where focus goes after 'Retry' and 'Load more'. */
const mailHeadingId = (mail: OutboxMail) => `mail-${mail.id}`;

/**
 * The 'Mail log' (issue 12 item 5): the outbox newest first — what kind of mail, to whom, its subject,
 * status, attempts, last error and times in Melbourne — filtered by status (kept in the URL's
 * `?status=`), a page at a time ('Load more'), each mail's text readable, 'Retry' on a dead letter.
 * Mail carries customers' data, so where the quote dashboard has a password the log asks for it first.
 */
export function MailLogSection() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const status = statusFromSearch(search);
  const [log, setLog] = useState<LogState>({ state: 'loading' });
  const [busy, setBusy] = useState<'refresh' | 'more' | null>(null);
  const [retrying, setRetrying] = useState<ReadonlySet<string>>(new Set());
  // Where focus goes once the list shows a change (the first mail 'Load more' added, a retried mail).
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const latest = useRef(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  const filterId = `${ids}-status`;

  const load = useCallback(async (wanted: MailStatus | undefined) => {
    const call = ++latest.current;
    setBusy('refresh');
    try {
      const page = await fetchOutbox({ ...(wanted ? { status: wanted } : {}), limit: MAIL_LOG_PAGE_SIZE });
      if (call === latest.current) setLog({ state: 'ready', mails: page.mails, nextBefore: page.nextBefore });
    } catch (error) {
      if (call !== latest.current) return;
      if (isLockedError(error)) {
        setLog({ state: 'locked' });
      } else {
        setLog({ state: 'failed', message: error instanceof Error ? error.message : 'Unknown error' });
        reportAdminError(error, 'Mail Log Unavailable', 'The mail log could not be loaded.');
      }
    } finally {
      if (call === latest.current) setBusy(null);
    }
  }, []);

  useEffect(() => {
    void load(status);
  }, [status, load]);

  useEffect(() => {
    if (focusTarget === null) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  // Arriving at /email-test#mail-log (the dashboard's links): the log is drawn after the page
  // loaded, so the browser could not scroll to it; do it now, and take focus there.
  useEffect(() => {
    if (window.location.hash !== `#${MAIL_LOG_ID}`) return;
    headingRef.current?.scrollIntoView();
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  const loadMore = async () => {
    if (log.state !== 'ready' || log.nextBefore === null || busy) return;
    const call = ++latest.current;
    setBusy('more');
    try {
      const page = await fetchOutbox({
        ...(status ? { status } : {}),
        before: log.nextBefore,
        limit: MAIL_LOG_PAGE_SIZE,
      });
      if (call !== latest.current) return;
      setLog({ state: 'ready', mails: appendPage(log.mails, page.mails), nextBefore: page.nextBefore });
      // Focus goes to the first mail just added, so keyboard and screen-reader users read on from there.
      const first = page.mails.find((mail) => !log.mails.some((shown) => shown.id === mail.id));
      if (first) setFocusTarget(mailHeadingId(first));
    } catch (error) {
      reportAdminError(error, 'Mail Log Unavailable', 'More mail could not be loaded.');
    } finally {
      if (call === latest.current) setBusy(null);
    }
  };

  const retry = async (mail: OutboxMail) => {
    if (retrying.has(mail.id)) return;
    setRetrying((current) => new Set(current).add(mail.id));
    try {
      await retryMail(mail.id);
      setLog((current) =>
        current.state === 'ready'
          ? { ...current, mails: replaceMail(current.mails, queuedAgain(mail, new Date())) }
          : current,
      );
      showToast({
        title: 'Mail queued again',
        description: `The mail to ${mail.to} will be sent again shortly.`,
      });
      // The Retry button is gone now; its mail's heading keeps the place.
      setFocusTarget(mailHeadingId(mail));
    } catch (error) {
      reportAdminError(error, 'Retry Failed', 'The mail could not be queued again.');
      void load(status);
    } finally {
      setRetrying((current) => {
        const next = new Set(current);
        next.delete(mail.id);
        return next;
      });
    }
  };

  const filter = (value: string) => {
    const next = (MAIL_STATUSES as readonly string[]).includes(value) ? (value as MailStatus) : undefined;
    navigate(mailLogHref(search, next), { replace: true });
  };

  return (
    <section
      id={MAIL_LOG_ID}
      className="card email-tool mail-log"
      aria-labelledby={`${ids}-heading`}
      aria-busy={busy !== null}
    >
      <h2 id={`${ids}-heading`} ref={headingRef} tabIndex={-1}>
        Mail log
      </h2>
      {log.state === 'locked' ? (
        <UnlockForm
          opens="the mail log (mail carries customers' details)"
          onUnlocked={() => {
            setLog({ state: 'loading' });
            void load(status);
            headingRef.current?.focus();
          }}
        />
      ) : (
        <>
          <p className="muted">
            Every email the site has sent or captured, newest first. Without an SMTP server mail is captured
            here instead of sent, so you can read what would have gone out.
          </p>
          <div className="mail-log__toolbar">
            <div className="field mail-log__filter">
              <label htmlFor={filterId}>Status</label>
              <select id={filterId} value={status ?? ''} onChange={(event) => filter(event.target.value)}>
                <option value="">All</option>
                {MAIL_STATUSES.map((each) => (
                  <option key={each} value={each}>
                    {each}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              className="button button--outline"
              onClick={() => {
                if (busy === null) void load(status);
              }}
            >
              Refresh
            </button>
          </div>
          {log.state === 'loading' ? (
            <p role="status">Loading the mail log…</p>
          ) : log.state === 'failed' ? (
            <p role="alert">The mail log could not be loaded: {log.message}</p>
          ) : (
            <>
              <p role="status" className="mail-log__summary">
                {mailLogSummary(log.mails.length, status, log.nextBefore !== null)}
              </p>
              {log.mails.length > 0 ? (
                <ul className="mail-log__list">
                  {log.mails.map((mail) => (
                    <MailEntry
                      key={mail.id}
                      mail={mail}
                      retrying={retrying.has(mail.id)}
                      onRetry={() => void retry(mail)}
                    />
                  ))}
                </ul>
              ) : null}
              {log.nextBefore !== null ? (
                <button
                  type="button"
                  className="button button--outline mail-log__more"
                  onClick={() => void loadMore()}
                >
                  {busy === 'more' ? 'Loading…' : 'Load more'}
                </button>
              ) : null}
            </>
          )}
        </>
      )}
    </section>
  );
}

function MailEntry({
  mail,
  retrying,
  onRetry,
}: {
  mail: OutboxMail;
  retrying: boolean;
  onRetry: () => void;
}) {
  const subject = mail.subject.trim() || '(no subject)';
  return (
    <li className="mail">
      <h3 id={mailHeadingId(mail)} className="mail__subject" tabIndex={-1}>
        {subject}
      </h3>
      <dl className="mail__facts">
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`mail-status mail-status--${mail.status}`}>{mail.status}</span>
          </dd>
        </div>
        <div>
          <dt>To</dt>
          <dd className="mail__address">{mail.to}</dd>
        </div>
        <div>
          <dt>Kind</dt>
          <dd>{mailKindLabel(mail.kind)}</dd>
        </div>
        <div>
          <dt>Attempts</dt>
          <dd>{mail.attempts}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <time dateTime={mail.createdAt}>{formatMelbourneTime(mail.createdAt)}</time>
          </dd>
        </div>
        {mail.sentAt ? (
          <div>
            <dt>Sent</dt>
            <dd>
              <time dateTime={mail.sentAt}>{formatMelbourneTime(mail.sentAt)}</time>
            </dd>
          </div>
        ) : null}
        {mail.status === 'queued' && mail.nextAttemptAt ? (
          <div>
            <dt>Next attempt</dt>
            <dd>
              <time dateTime={mail.nextAttemptAt}>{formatMelbourneTime(mail.nextAttemptAt)}</time>
            </dd>
          </div>
        ) : null}
        {mail.lastError ? (
          <div className="mail__error">
            <dt>Last error</dt>
            <dd>{mail.lastError}</dd>
          </div>
        ) : null}
      </dl>
      <div className="mail__actions">
        <details className="mail__text">
          <summary>
            Read mail to {mail.to}
            <span className="visually-hidden">: {subject}</span>
          </summary>
          {mail.text ? <pre>{mail.text}</pre> : <p className="muted">No text was stored for this mail.</p>}
        </details>
        {mail.status === 'dead' ? (
          <button type="button" className="button mail__retry" onClick={onRetry} aria-disabled={retrying}>
            Retry<span className="visually-hidden"> mail to {mail.to}</span>
          </button>
        ) : null}
      </div>
    </li>
  );
}
