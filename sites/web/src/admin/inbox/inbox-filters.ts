import type { QuoteFilters } from '../admin-api.ts';

/** The filter names the list keeps in the page's URL (and sends to GET /api/contact). */
export const FILTER_NAMES = ['q', 'status', 'service', 'source', 'from', 'to', 'returning', 'sort'] as const;

/** The list's filters read from the page's query string (unknown names are ignored). */
export function filtersFromSearch(search: string): QuoteFilters {
  const params = new URLSearchParams(search);
  const filters: QuoteFilters = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  return filters;
}

/** The page's path for these filters (and optionally one open quote), so a view can be shared. */
export function inboxPath(filters: QuoteFilters, quoteId?: string): string {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  if (quoteId) params.set('quote', quoteId);
  return params.size > 0 ? `/admin?${params}` : '/admin';
}

/** True when any filter narrows the list (sorting does not). */
export function isFiltered(filters: QuoteFilters): boolean {
  return FILTER_NAMES.some((name) => name !== 'sort' && Boolean(filters[name]));
}
