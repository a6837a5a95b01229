import './quote-requests.css';
import { useSearch } from 'wouter';
import { QuoteList } from './quote-list.tsx';
import { QuotePage } from './quote-page.tsx';
import { filtersFromSearch, quoteRequestsPath } from './quote-request-filters.ts';

/**
 * /admin, the quote inbox: the list — or one quote's page at /admin?quote=<id>, which keeps the
 * list's filters for the way back. While the quote dashboard is locked, the admin shell shows the
 * password step in its place (the screen registry marks it as quote data).
 */
export function QuoteRequestsScreen() {
  const search = useSearch();
  const filters = filtersFromSearch(search);
  const quoteId = new URLSearchParams(search).get('quote');

  if (quoteId) {
    return (
      <QuotePage
        key={quoteId}
        id={quoteId}
        backHref={quoteRequestsPath(filters)}
        hrefOf={(id) => quoteRequestsPath(filters, id)}
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
