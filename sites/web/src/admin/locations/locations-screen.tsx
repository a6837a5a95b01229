import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { useCopyWithNotice } from '../lib/copy-with-notice.ts';
import { type Location, locationsQuery } from './locations-queries.ts';

/** The filter's text, folded so 'st kilda' finds 'St Kilda' and 'st-kilda'. */
function fold(text: string): string {
  return text
    .toLocaleLowerCase('en-AU')
    .replace(/[\s-]+/g, ' ')
    .trim();
}

/**
 * /locations: every suburb page's URL for local marketing, the count as a badge, a copy
 * button per URL ('Copied!' for 2 seconds), a filter box and a link back to the dashboard.
 */
export function LocationsScreen() {
  const { data: locations } = useQuery(locationsQuery);
  const [filter, setFilter] = useState('');
  const { copied, copy } = useCopyWithNotice<Location>((error) =>
    error instanceof Error ? error.message : 'The URL could not be copied.',
  );
  const filterId = useId();

  const wanted = fold(filter);
  const shown = locations?.filter(
    (location) =>
      wanted === '' ||
      fold(location.name).includes(wanted) ||
      location.slug.includes(wanted.replace(/ /g, '-')),
  );

  return (
    <>
      <p>
        <Link href="/dashboard">← Back to Dashboard</Link>
      </p>
      <div className="page-header admin-greeting">
        <h1>Location Management</h1>
        {locations ? <span className="badge">{locations.length} locations</span> : null}
      </div>
      <p className="muted">Every suburb page's URL, to use in local marketing.</p>
      <div className="field admin-filter">
        <label htmlFor={filterId}>Filter locations</label>
        <input
          id={filterId}
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          autoComplete="off"
        />
      </div>
      {shown === undefined ? (
        <p role="status">Loading locations…</p>
      ) : (
        <>
          <p role="status" className="muted">
            {shown.length === locations?.length
              ? `Showing all ${shown.length} locations`
              : `Showing ${shown.length} of ${locations?.length} locations`}
          </p>
          <ul className="location-list">
            {shown.map((location) => (
              <li key={location.slug} className="location">
                <div className="location__text">
                  <span className="location__name">{location.name}</span>
                  <a className="location__url" href={location.url}>
                    {location.url}
                  </a>
                </div>
                <button
                  type="button"
                  className="button button--outline"
                  onClick={() => void copy(location.url, location)}
                >
                  {copied?.slug === location.slug ? 'Copied!' : 'Copy'}
                  <span className="visually-hidden"> {location.name} URL</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="visually-hidden" aria-live="polite">
        {copied ? `Copied ${copied.url}` : ''}
      </p>
    </>
  );
}
