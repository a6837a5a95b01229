import './inbox.css';
import { useCallback, useState } from 'react';
import { useSearch } from 'wouter';
import { UnlockForm } from '../unlock-form.tsx';
import { filtersFromSearch, inboxPath } from './inbox-filters.ts';
import { QuoteList } from './quote-list.tsx';
import { QuotePage } from './quote-page.tsx';

/**
 * /admin, the quote inbox: the password step while the quote dashboard is locked (only when
 * QUOTE_DASHBOARD_PASSWORD is set), then the list — or one quote's page at /admin?quote=<id>, which
 * keeps the list's filters for the way back.
 */
export function InboxScreen() {
  const search = useSearch();
  const [locked, setLocked] = useState(false);
  const [unlocked, setUnlocked] = useState(0);
  const onLocked = useCallback(() => setLocked(true), []);
  const filters = filtersFromSearch(search);
  const quoteId = new URLSearchParams(search).get('quote');

  if (locked) {
    return (
      <>
        <div className="page-header">
          <h1>Quote Requests</h1>
        </div>
        <UnlockForm
          opens="quote requests"
          onUnlocked={() => {
            setLocked(false);
            setUnlocked((count) => count + 1);
          }}
        />
      </>
    );
  }
  if (quoteId) {
    return (
      <QuotePage
        key={`${quoteId} ${unlocked}`}
        id={quoteId}
        backHref={inboxPath(filters)}
        hrefOf={(id) => inboxPath(filters, id)}
        onLocked={onLocked}
      />
    );
  }
  return (
    <>
      <div className="page-header">
        <h1>Quote Requests</h1>
      </div>
      <QuoteList key={unlocked} filters={filters} onLocked={onLocked} />
    </>
  );
}
