/** HTTP content negotiation: which encoding to send, and whether a request wants HTML or JSON. */

/** A body encoding the server keeps ready: brotli, gzip, or the bytes as they are. */
export type BodyEncoding = 'br' | 'gzip' | 'identity';

interface Preference {
  value: string;
  q: number;
}

/** The entries of an Accept-style header with their q-values ('gzip;q=0.5' → gzip at 0.5). */
function preferences(header: string): Preference[] {
  const entries: Preference[] = [];
  for (const part of header.split(',')) {
    const [value = '', ...parameters] = part.split(';');
    const name = value.trim().toLowerCase();
    if (name === '') continue;
    let q = 1;
    for (const parameter of parameters) {
      const [key, raw] = parameter.split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(raw?.trim());
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
      }
    }
    entries.push({ value: name, q });
  }
  return entries;
}

/** The q-value the header gives `value`: its own entry first, else the wildcard's, else none. */
function qualityOf(
  entries: readonly Preference[],
  value: string,
  wildcards: readonly string[],
): number | undefined {
  const own = entries.find((entry) => entry.value === value);
  if (own) return own.q;
  for (const wildcard of wildcards) {
    const match = entries.find((entry) => entry.value === wildcard);
    if (match) return match.q;
  }
  return undefined;
}

/**
 * The encoding to send for a request's Accept-Encoding, among those the server has ready (`offers`,
 * best first): the one with the highest q-value above 0, ties going to the earlier offer, else the
 * bytes as they are (RFC 9110 §12.5.3). Without the header the bytes go as they are, as servers
 * commonly do (curl without --compressed sends none).
 */
export function negotiateEncoding(
  acceptEncoding: string | undefined,
  offers: readonly Exclude<BodyEncoding, 'identity'>[] = ['br', 'gzip'],
): BodyEncoding {
  if (!acceptEncoding || offers.length === 0) return 'identity';
  const entries = preferences(acceptEncoding);
  let chosen: BodyEncoding = 'identity';
  let best = 0;
  for (const offer of offers) {
    const q = qualityOf(entries, offer, offer === 'gzip' ? ['x-gzip', '*'] : ['*']) ?? 0;
    if (q > best) {
      chosen = offer;
      best = q;
    }
  }
  return chosen;
}

/**
 * Whether a request prefers an HTML page to a JSON body: text/html is listed (by name or as text/*)
 * and ranks above application/json. Browsers send 'text/html,…,*\/*;q=0.8'; curl sends '*\/*' and API
 * clients 'application/json', which both get JSON.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const entries = preferences(accept);
  const html = qualityOf(entries, 'text/html', ['text/*']) ?? 0;
  if (html === 0) return false;
  const json = qualityOf(entries, 'application/json', ['application/*', '*/*']) ?? 0;
  const jsonNamed = entries.some((entry) => entry.value === 'application/json');
  // A tie goes to JSON only when JSON is asked for by name.
  return html > json || (html === json && !jsonNamed);
}

/**
 * Whether an If-None-Match header matches the entity tag `etag` (weak comparison, RFC 9110 §13.1.2:
 * 'W/' prefixes are ignored), so the answer can be 304 Not Modified.
 */
export function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  for (const candidate of ifNoneMatch.split(',')) {
    const tag = candidate.trim();
    if (tag === '*' || tag.replace(/^W\//, '') === opaque) return true;
  }
  return false;
}
