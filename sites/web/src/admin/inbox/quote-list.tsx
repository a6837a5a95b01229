import { SERVICE_OPTIONS } from '@cleanquote/quote-core';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import {
  fetchQuotes,
  QUOTE_STATUSES,
  type QuoteFilters,
  type QuoteListItem,
  quotesCsvUrl,
} from '../admin-api.ts';
import { isLockedError as isLocked, reportAdminError } from '../admin-errors.ts';
import { inboxPath, isFiltered } from './inbox-filters.ts';
import { usePartnerNames } from './partner-names.ts';
import { STATUS_LABELS, serviceLabel, sourceLabel, suburbOf } from './quote-labels.ts';
import { replyTiming } from './reply-timing.ts';

/** Quotes per page ('Load more' fetches the next). */
const PAGE_SIZE = 50;
/** How long typing pauses before the search narrows the list. */
const SEARCH_DELAY_MS = 250;

/** Props of {@link QuoteList}. */
export interface QuoteListProps {
  filters: QuoteFilters;
  /** The dashboard lock answered: the caller shows the password step. */
  onLocked: () => void;
}

/**
 * The quote list: search and filters that narrow it as you type (kept in the URL), newest first or
 * by reply due, 'Load more' for the next keyset page, and the CSV of the current filter.
 */
export function QuoteList({ filters, onLocked }: QuoteListProps) {
  const [, navigate] = useLocation();
  const [quotes, setQuotes] = useState<QuoteListItem[] | null>(null);
  const [nextBefore, setNextBefore] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [search, setSearch] = useState(filters.q ?? '');
  const [now, setNow] = useState(() => Date.now());
  const ids = useId();
  const request = useRef(0);
  const partnerNames = usePartnerNames();
  const filterKey = inboxPath(filters);

  const setFilters = (next: QuoteFilters) => navigate(inboxPath(next), { replace: true });

  // A filtered list is fetched again whenever the URL's filters change; a slower earlier answer
  // never replaces a newer one.
  useEffect(() => {
    const current = ++request.current;
    fetchQuotes(filters, undefined, PAGE_SIZE)
      .then((page) => {
        if (current !== request.current) return;
        setQuotes(page.quotes);
        setNextBefore(page.nextBefore);
        setNow(Date.now());
      })
      .catch((error: unknown) => {
        if (current !== request.current) return;
        if (isLocked(error)) onLocked();
        else reportAdminError(error, 'Quote Requests Unavailable', 'The quote requests could not be loaded.');
      });
  }, [filterKey]);

  // Typing narrows the list once the typing pauses.
  useEffect(() => {
    if ((filters.q ?? '') === search.trim()) return;
    const timer = setTimeout(() => setFilters({ ...filters, q: search.trim() }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  // The reply clocks move on while the list is open.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const loadMore = async () => {
    if (!nextBefore) return;
    setLoadingMore(true);
    try {
      const page = await fetchQuotes(filters, nextBefore, PAGE_SIZE);
      setQuotes((shown) => [...(shown ?? []), ...page.quotes]);
      setNextBefore(page.nextBefore);
    } catch (error) {
      if (isLocked(error)) onLocked();
      else reportAdminError(error, 'Quote Requests Unavailable', 'More quote requests could not be loaded.');
    } finally {
      setLoadingMore(false);
    }
  };

  const sources = new Set([
    'main-site',
    ...[...partnerNames.keys()].map((key) => `partner:${key}`),
    ...(quotes ?? []).map((quote) => quote.source),
  ]);
  if (filters.source) sources.add(filters.source);
  const sortByReplyDue = filters.sort === 'reply-due';

  return (
    <>
      <search className="inbox-filters" aria-label="Filter quote requests">
        <div className="field inbox-filters__search">
          <label htmlFor={`${ids}-q`}>Search</label>
          <input
            id={`${ids}-q`}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Name, email, phone or address"
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-status`}>Status</label>
          <select
            id={`${ids}-status`}
            value={filters.status ?? ''}
            onChange={(event) => setFilters({ ...filters, status: event.target.value })}
          >
            <option value="">All statuses</option>
            {QUOTE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-service`}>Service</label>
          <select
            id={`${ids}-service`}
            value={filters.service ?? ''}
            onChange={(event) => setFilters({ ...filters, service: event.target.value })}
          >
            <option value="">All services</option>
            {SERVICE_OPTIONS.map((service) => (
              <option key={service.id} value={service.id}>
                {service.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-source`}>Source</label>
          <select
            id={`${ids}-source`}
            value={filters.source ?? ''}
            onChange={(event) => setFilters({ ...filters, source: event.target.value })}
          >
            <option value="">All sources</option>
            {[...sources].map((source) => (
              <option key={source} value={source}>
                {sourceLabel(source, partnerNames)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-from`}>From</label>
          <input
            id={`${ids}-from`}
            type="date"
            value={filters.from ?? ''}
            max={filters.to || undefined}
            onChange={(event) => setFilters({ ...filters, from: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-to`}>To</label>
          <input
            id={`${ids}-to`}
            type="date"
            value={filters.to ?? ''}
            min={filters.from || undefined}
            onChange={(event) => setFilters({ ...filters, to: event.target.value })}
          />
        </div>
        <div className="inbox-filters__options">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={filters.returning === '1'}
              onChange={(event) => setFilters({ ...filters, returning: event.target.checked ? '1' : '' })}
            />
            Returning customers only
          </label>
          <button
            type="button"
            className="button button--outline"
            aria-pressed={sortByReplyDue}
            onClick={() => setFilters({ ...filters, sort: sortByReplyDue ? '' : 'reply-due' })}
          >
            Sort by reply due
          </button>
          {isFiltered(filters) ? (
            <button
              type="button"
              className="button button--outline"
              onClick={() => {
                setSearch('');
                setFilters({ sort: filters.sort });
              }}
            >
              Clear filters
            </button>
          ) : null}
          <a className="button button--outline" href={quotesCsvUrl(filters)} download>
            Export CSV
          </a>
        </div>
      </search>

      {quotes === null ? (
        <p role="status">Loading quote requests…</p>
      ) : (
        <>
          <p role="status" className="muted">
            {quotes.length === 0
              ? isFiltered(filters)
                ? 'No quote requests match these filters.'
                : 'No quote requests yet.'
              : `Showing ${quotes.length}${nextBefore ? '+' : ''} quote request${quotes.length === 1 ? '' : 's'}${
                  sortByReplyDue ? ', by reply due' : ', newest first'
                }`}
          </p>
          <ul className="quote-list">
            {quotes.map((quote) => (
              <QuoteRow
                key={quote.id}
                quote={quote}
                href={inboxPath(filters, quote.id)}
                now={now}
                partnerNames={partnerNames}
              />
            ))}
          </ul>
          {nextBefore ? (
            <button
              type="button"
              className="button button--outline"
              onClick={() => void loadMore()}
              disabled={loadingMore}
            >
              {loadingMore ? 'Loading...' : 'Load more'}
            </button>
          ) : null}
        </>
      )}
    </>
  );
}

function QuoteRow({
  quote,
  href,
  now,
  partnerNames,
}: {
  quote: QuoteListItem;
  href: string;
  now: number;
  partnerNames: ReadonlyMap<string, string>;
}) {
  const timing = replyTiming(quote, now);
  const suburb = quote.suburb ?? suburbOf(quote.address);
  return (
    <li className={`quote-row${timing.state === 'overdue' ? ' quote-row--overdue' : ''}`}>
      <div className="quote-row__main">
        <Link href={href} className="quote-row__name">
          {quote.name}
        </Link>
        <span className={`service-label service-label--${quote.service}`}>{serviceLabel(quote.service)}</span>
        <span className={`status-badge status-badge--${quote.status}`}>{STATUS_LABELS[quote.status]}</span>
        {quote.returning ? <span className="badge">Returning customer</span> : null}
      </div>
      <div className="quote-row__meta">
        {suburb ? <span>{suburb}</span> : null}
        <span>{sourceLabel(quote.source, partnerNames)}</span>
        <span>{formatMelbourneTime(quote.createdAt)}</span>
        {timing.state === 'answered' ? null : (
          <strong className={`reply-timing reply-timing--${timing.state}`}>{timing.text}</strong>
        )}
      </div>
    </li>
  );
}
