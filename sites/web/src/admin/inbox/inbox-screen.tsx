import './inbox.css';
import { useSearch } from 'wouter';
import { filtersFromSearch, inboxPath } from './inbox-filters.ts';
import { QuoteList } from './quote-list.tsx';
import { QuotePage } from './quote-page.tsx';

/**
 * /admin, the quote inbox: the list — or one quote's page at /admin?quote=<id>, which keeps the
 * list's filters for the way back. While the quote dashboard is locked, the admin shell shows the
 * password step in its place (the screen registry marks it as quote data).
 */
export function InboxScreen() {
  const search = useSearch();
  const filters = filtersFromSearch(search);
  const quoteId = new URLSearchParams(search).get('quote');

  if (quoteId) {
    return (
      <QuotePage
        key={quoteId}
        id={quoteId}
        backHref={inboxPath(filters)}
        hrefOf={(id) => inboxPath(filters, id)}
      />
    );
  }
  return (
    <>
      <div className="page-header">
        <h1>Quote Requests</h1>
      </div>
      <QuoteList filters={filters} />
    </>
  );
}
