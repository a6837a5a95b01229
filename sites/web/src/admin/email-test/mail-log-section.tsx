import { MAIL_STATUSES, type MailStatus } from '@cleanquote/quote-core/staff';
import { useSignals } from '@preact/signals-react/runtime';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { showToast } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import { useFocusOnceShown } from '../lib/focus-once-shown.ts';
import { quoteDataLocked } from '../lib/query-client.ts';
import { QuoteDataGate } from '../lib/quote-data-gate.tsx';
import { mailLogQuery, type OutboxMail, useRetryMail } from './email-test-queries.ts';
import {
  appendPage,
  MAIL_LOG_ID,
  mailKindLabel,
  mailLogHref,
  mailLogSummary,
  mailTextParts,
  statusFromSearch,
} from './mail-log.ts';

/** The id of a mail's subject heading, where focus goes after 'Retry' and 'Load more'. */
const mailHeadingId = (mail: OutboxMail) => `mail-${mail.id}`;

/**
 * The 'Mail log': the outbox newest first — what kind of mail, to whom, its subject, status,
 * attempts, last error and times in Melbourne — filtered by status (kept in the URL's `?status=`), a
 * page at a time ('Load more'), each mail's text readable, 'Retry' on a dead letter. Mail carries
 * customers' data, so where the quote dashboard has a password the log asks for it first.
 */
export function MailLogSection() {
  useSignals();
  const ids = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const locked = quoteDataLocked.value;
  const wasLocked = useRef(locked);

  // Arriving at /email-test#mail-log (the dashboard's links): the log is drawn after the page
  // loaded, so the browser could not scroll to it; do it now, and take focus there.
  useEffect(() => {
    if (window.location.hash !== `#${MAIL_LOG_ID}`) return;
    headingRef.current?.scrollIntoView();
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  // Once unlocked the password form is gone: focus stays in the log, on its heading.
  useEffect(() => {
    if (wasLocked.current && !locked) headingRef.current?.focus();
    wasLocked.current = locked;
  }, [locked]);

  return (
    <section id={MAIL_LOG_ID} className="card email-tool mail-log" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} ref={headingRef} tabIndex={-1}>
        Mail log
      </h2>
      <QuoteDataGate opens="the mail log (mail carries customers' details)">
        <MailLog />
      </QuoteDataGate>
    </section>
  );
}

function MailLog() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const status = statusFromSearch(search);
  const log = useInfiniteQuery(mailLogQuery(status));
  const retryMail = useRetryMail();
  const [retrying, setRetrying] = useState<ReadonlySet<string>>(new Set());
  // Focus goes where the list shows a change: the first mail 'Load more' added, a retried mail.
  const focusOnceShown = useFocusOnceShown();
  const filterId = useId();

  const mails = useMemo(
    () => (log.data?.pages ?? []).reduce<OutboxMail[]>((shown, page) => appendPage(shown, page.mails), []),
    [log.data],
  );

  const loadMore = async () => {
    if (!log.hasNextPage || log.isFetchingNextPage) return;
    const shown = new Set(mails.map((mail) => mail.id));
    const result = await log.fetchNextPage();
    if (result.isError) return;
    // Focus goes to the first mail just added, so keyboard and screen-reader users read on from there.
    const first = result.data?.pages.at(-1)?.mails.find((mail) => !shown.has(mail.id));
    if (first) focusOnceShown(mailHeadingId(first));
  };

  const retry = async (mail: OutboxMail) => {
    if (retrying.has(mail.id)) return;
    setRetrying((current) => new Set(current).add(mail.id));
    try {
      await retryMail.mutateAsync(mail);
      showToast({
        title: 'Mail queued again',
        description: `The mail to ${mail.to} will be sent again shortly.`,
      });
      // The Retry button is gone now; its mail's heading keeps the place.
      focusOnceShown(mailHeadingId(mail));
    } catch {
      // The failure was reported (one handler for every call); show what the server holds now.
      void log.refetch();
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
    <div aria-busy={log.isFetching}>
      <p className="muted">
        Every email the site has sent or captured, newest first. Without an SMTP server mail is captured here
        instead of sent, so you can read what would have gone out.
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
            if (!log.isFetching) void log.refetch();
          }}
        >
          Refresh
        </button>
      </div>
      {log.isPending ? (
        <p role="status">Loading the mail log…</p>
      ) : log.data === undefined ? (
        <p role="alert">The mail log could not be loaded: {log.error?.message ?? 'Unknown error'}</p>
      ) : (
        <>
          <p role="status" className="mail-log__summary">
            {mailLogSummary(mails.length, status, log.hasNextPage)}
          </p>
          {mails.length > 0 ? (
            <ul className="mail-log__list">
              {mails.map((mail) => (
                <MailEntry
                  key={mail.id}
                  mail={mail}
                  retrying={retrying.has(mail.id)}
                  onRetry={() => void retry(mail)}
                />
              ))}
            </ul>
          ) : null}
          {log.hasNextPage ? (
            <button
              type="button"
              className="button button--outline mail-log__more"
              onClick={() => void loadMore()}
            >
              {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </button>
          ) : null}
        </>
      )}
    </div>
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
            <span className={`mail-status mail-status--${mail.status}`}>
              {mail.status === 'scheduled' && mail.sendAfter
                ? `Scheduled for ${formatMelbourneTime(mail.sendAfter).replace(' at ', ' ')}`
                : mail.status}
            </span>
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
        <details className="mail__text disclosure">
          <summary>
            <span className="disclosure__marker" aria-hidden="true" />
            Read mail to {mail.to}
            <span className="visually-hidden">: {subject}</span>
          </summary>
          {mail.text ? (
            <pre>
              <MailText text={mail.text} />
            </pre>
          ) : (
            <p className="muted">No text was stored for this mail.</p>
          )}
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

/** A mail's text as it was sent, each web address still in it a link (opened in a new tab). */
function MailText({ text }: { text: string }) {
  return mailTextParts(text).map((part, index) =>
    'href' in part ? (
      <a key={index} href={part.href} target="_blank" rel="noreferrer">
        {part.href}
      </a>
    ) : (
      part.text
    ),
  );
}
