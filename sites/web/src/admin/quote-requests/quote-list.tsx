import { SERVICE_OPTIONS } from '@cleanquote/quote-core';
import { PRICED_QUOTE_STATUS_LABELS, QUOTE_STATUSES } from '@cleanquote/quote-core/staff';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { showToast } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import { STATUS_LABELS, serviceLabel, sourceLabel, statusLabel, suburbOf } from '../lib/quote-labels.ts';
import { usePartnerNames } from './partner-names.ts';
import {
  type FilterName,
  isFiltered,
  type QuoteFilters,
  quoteRequestsPath,
  quotesCsvPath,
  withFilter,
} from './quote-request-filters.ts';
import { type QuoteListItem, quoteListPages, useQuoteStatusChange } from './quote-request-queries.ts';
import { replyTiming } from './reply-timing.ts';

/** How long typing pauses before the search narrows the list. */
export const SEARCH_DELAY_MS = 250;

/** Props of {@link QuoteList}. */
export interface QuoteListProps {
  /** The filters of the page's URL, the one place they are kept. */
  filters: QuoteFilters;
}

/**
 * Replaces the page's query with `update` applied to the query as it is at that moment (read from
 * the address bar, not from a render), so a change never undoes another made meanwhile. wouter's
 * useSearchParams does the same, but public pages share wouter's chunk and must not grow for it.
 */
function useWriteSearch() {
  const [, navigate] = useLocation();
  return (update: (current: URLSearchParams) => URLSearchParams) => {
    const query = update(new URLSearchParams(window.location.search)).toString();
    navigate(`${window.location.pathname}${query ? `?${query}` : ''}`, { replace: true });
  };
}

/**
 * The quote list: search and filters that narrow it as you type (kept in the URL), newest first or
 * by reply due, 'Load more' for the next keyset page, and the CSV of the current filter.
 */
export function QuoteList({ filters }: QuoteListProps) {
  const writeSearch = useWriteSearch();
  const list = useInfiniteQuery(quoteListPages(filters));
  const [search, setSearch] = useState(filters.q ?? '');
  const [clock, setClock] = useState(() => Date.now());
  const ids = useId();
  const partnerNames = usePartnerNames();

  // Each change is written onto the URL as it is when the change happens, so a change never
  // undoes another made meanwhile (a Service chosen while a search waits for its pause).
  const setFilter = (name: FilterName, value: string) =>
    writeSearch((current) => withFilter(current, name, value));

  // Typing narrows the list once the typing pauses; only `q` is written, onto the URL's filters of
  // that moment.
  useEffect(() => {
    const wanted = search.trim();
    if ((filters.q ?? '') === wanted) return;
    const timer = setTimeout(() => setFilter('q', wanted), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  // The reply clocks move on while the list is open.
  useEffect(() => {
    const timer = setInterval(() => setClock(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const quotes = list.data?.pages.flatMap((page) => page.quotes);
  const more = list.hasNextPage;
  const now = Math.max(clock, list.dataUpdatedAt);
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
            onChange={(event) => setFilter('status', event.target.value)}
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
            onChange={(event) => setFilter('service', event.target.value)}
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
            onChange={(event) => setFilter('source', event.target.value)}
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
            onChange={(event) => setFilter('from', event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-to`}>To</label>
          <input
            id={`${ids}-to`}
            type="date"
            value={filters.to ?? ''}
            min={filters.from || undefined}
            onChange={(event) => setFilter('to', event.target.value)}
          />
        </div>
        <div className="inbox-filters__options">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={filters.returning === '1'}
              onChange={(event) => setFilter('returning', event.target.checked ? '1' : '')}
            />
            Returning customers only
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={filters.awaiting === 'customer'}
              onChange={(event) => setFilter('awaiting', event.target.checked ? 'customer' : '')}
            />
            Awaiting customer
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={filters.awaiting === 'booking'}
              onChange={(event) => setFilter('awaiting', event.target.checked ? 'booking' : '')}
            />
            Accepted, not booked
          </label>
          <button
            type="button"
            className="button button--outline"
            aria-pressed={sortByReplyDue}
            onClick={() => setFilter('sort', sortByReplyDue ? '' : 'reply-due')}
          >
            Sort by reply due
          </button>
          {isFiltered(filters) ? (
            <button
              type="button"
              className="button button--outline"
              onClick={() => {
                setSearch('');
                writeSearch((current) => {
                  const sort = current.get('sort');
                  return new URLSearchParams(sort ? { sort } : {});
                });
              }}
            >
              Clear filters
            </button>
          ) : null}
          <a className="button button--outline" href={quotesCsvPath(filters)} download>
            Export CSV
          </a>
        </div>
      </search>

      {quotes === undefined ? (
        <p role="status">Loading quote requests…</p>
      ) : (
        <>
          <p role="status" className="muted">
            {quotes.length === 0
              ? isFiltered(filters)
                ? 'No quote requests match these filters.'
                : 'No quote requests yet.'
              : `Showing ${quotes.length}${more ? '+' : ''} quote request${quotes.length === 1 ? '' : 's'}${
                  sortByReplyDue ? ', by reply due' : ', newest first'
                }`}
          </p>
          <ul className="quote-list">
            {quotes.map((quote) => (
              <QuoteRow
                key={quote.id}
                quote={quote}
                href={quoteRequestsPath(filters, quote.id)}
                now={now}
                partnerNames={partnerNames}
              />
            ))}
          </ul>
          {more ? (
            <button
              type="button"
              className="button button--outline"
              onClick={() => {
                if (!list.isFetchingNextPage) void list.fetchNextPage();
              }}
            >
              {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
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
  const nameId = useId();
  const nameLink = useRef<HTMLAnchorElement>(null);
  const statusChange = useQuoteStatusChange();

  const markContacted = () => {
    if (statusChange.isPending) return;
    statusChange.mutate(
      { id: quote.id, change: { status: 'contacted' } },
      {
        onSuccess: () => {
          // The button goes with the status, so focus stays on the row it belonged to.
          nameLink.current?.focus();
          showToast({ title: 'Status Updated', description: `${quote.name}'s quote is now Contacted.` });
        },
      },
    );
  };

  return (
    <li className={`quote-row${timing.state === 'overdue' ? ' quote-row--overdue' : ''}`}>
      <div className="quote-row__main">
        <Link ref={nameLink} id={nameId} href={href} className="quote-row__name">
          {quote.name}
        </Link>
        <span className={`service-label service-label--${quote.service}`}>{serviceLabel(quote.service)}</span>
        <span className={`status-badge status-badge--${quote.status}`}>{statusLabel(quote.status)}</span>
        {quote.quoteStatus ? (
          <span className={quote.quoteStatus === 'accepted' ? 'badge badge--success' : 'badge'}>
            Quote: {PRICED_QUOTE_STATUS_LABELS[quote.quoteStatus]}
          </span>
        ) : null}
        {quote.returning ? <span className="badge">Returning customer</span> : null}
      </div>
      <div className="quote-row__meta">
        {suburb ? <span>{suburb}</span> : null}
        <span>{sourceLabel(quote.source, partnerNames)}</span>
        {quote.partnerRef ? <span className="quote-partner-ref">ref {quote.partnerRef}</span> : null}
        <span>{formatMelbourneTime(quote.createdAt)}</span>
        {timing.state === 'answered' ? null : (
          <strong className={`reply-timing reply-timing--${timing.state}`}>{timing.text}</strong>
        )}
      </div>
      {quote.status === 'new' ? (
        <div className="quote-row__actions">
          <button
            type="button"
            className="button button--outline"
            aria-describedby={nameId}
            aria-busy={statusChange.isPending || undefined}
            onClick={markContacted}
          >
            Mark as Contacted
          </button>
        </div>
      ) : null}
    </li>
  );
}
