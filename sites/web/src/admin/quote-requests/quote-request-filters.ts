/** The filter names the list keeps in the page's URL (and sends to GET /api/contact). */
export const FILTER_NAMES = [
  'q',
  'status',
  'service',
  'source',
  'from',
  'to',
  'returning',
  'awaiting',
  'sort',
] as const;

/** One of the list's filters. */
export type FilterName = (typeof FILTER_NAMES)[number];

/** The list's filters as the page's URL holds them (query-string values; empty means not set). */
export type QuoteFilters = Partial<Record<FilterName, string>>;

/** The list's filters read from the page's query string (unknown names are ignored). */
export function filtersFromSearch(search: string | URLSearchParams): QuoteFilters {
  const params = new URLSearchParams(search);
  const filters: QuoteFilters = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  return filters;
}

/**
 * `params` with one filter set (or removed when empty), everything else — the other filters, a
 * search still waiting to be written — left as it is.
 */
export function withFilter(params: URLSearchParams, name: FilterName, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

/** The page's path for these filters (and optionally one open quote), so a view can be shared. */
export function quoteRequestsPath(filters: QuoteFilters, quoteId?: string): string {
  const params = quoteQueryString(filters);
  if (quoteId) params.set('quote', quoteId);
  return params.size > 0 ? `/admin?${params}` : '/admin';
}

/** True when any filter narrows the list (sorting does not). */
export function isFiltered(filters: QuoteFilters): boolean {
  return FILTER_NAMES.some((name) => name !== 'sort' && Boolean(filters[name]));
}

/** The query string of a filter in the filters' order, without empty values, plus `extra`. */
export function quoteQueryString(
  filters: QuoteFilters,
  extra: Readonly<Record<string, string | undefined>> = {},
): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value) query.set(name, value);
  }
  for (const [name, value] of Object.entries(extra)) {
    if (value) query.set(name, value);
  }
  return query;
}

/** The CSV export of the quotes matching `filters` (a download link's href). */
export function quotesCsvPath(filters: QuoteFilters): string {
  const query = quoteQueryString(filters);
  return `/api/contact.csv${query.size > 0 ? `?${query}` : ''}`;
}
