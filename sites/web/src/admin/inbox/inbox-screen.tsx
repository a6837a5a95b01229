import './inbox.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useSearch } from 'wouter';
import { quoteDataLocked } from '../lib/query-client.ts';
import { QuoteDataGate } from '../lib/quote-data-gate.tsx';
import { filtersFromSearch, inboxPath } from './inbox-filters.ts';
import { QuoteList } from './quote-list.tsx';
import { QuotePage } from './quote-page.tsx';

function InboxHeading() {
  return (
    <div className="page-header">
      <h1>Quote Requests</h1>
    </div>
  );
}

/**
 * /admin, the quote inbox: the list — or one quote's page at /admin?quote=<id>, which keeps the
 * list's filters for the way back. While the quote dashboard is locked (only when
 * QUOTE_DASHBOARD_PASSWORD is set) both show the password step under the inbox's heading.
 */
export function InboxScreen() {
  useSignals();
  const search = useSearch();
  const filters = filtersFromSearch(search);
  const quoteId = new URLSearchParams(search).get('quote');

  if (quoteId) {
    return (
      <>
        {quoteDataLocked.value ? <InboxHeading /> : null}
        <QuoteDataGate opens="quote requests">
          <QuotePage
            key={quoteId}
            id={quoteId}
            backHref={inboxPath(filters)}
            hrefOf={(id) => inboxPath(filters, id)}
          />
        </QuoteDataGate>
      </>
    );
  }
  return (
    <>
      <InboxHeading />
      <QuoteDataGate opens="quote requests">
        <QuoteList filters={filters} />
      </QuoteDataGate>
    </>
  );
}
