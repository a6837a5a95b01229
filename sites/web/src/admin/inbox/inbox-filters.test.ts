import { describe, expect, it } from 'vitest';
import { filtersFromSearch, inboxPath, isFiltered } from './inbox-filters.ts';

describe('the inbox URL', () => {
  it('round-trips every filter, so a filtered view can be bookmarked and shared', () => {
    const filters = {
      q: '0491 570',
      status: 'new',
      service: 'deep-clean',
      source: 'main-site',
      from: '2026-11-01',
      to: '2026-11-22',
      returning: '1',
      sort: 'reply-due',
    };
    const path = inboxPath(filters);
    expect(path.startsWith('/admin?')).toBe(true);
    expect(filtersFromSearch(path.slice('/admin'.length))).toEqual(filters);
  });

  it('leaves empty filters out, ignores unknown names and carries the open quote', () => {
    expect(inboxPath({ q: '', status: 'won' }, 'quote-1')).toBe('/admin?status=won&quote=quote-1');
    expect(inboxPath({})).toBe('/admin');
    expect(filtersFromSearch('?quote=x&utm_source=y&q=anna')).toEqual({ q: 'anna' });
  });

  it('counts sorting as no filter', () => {
    expect(isFiltered({ sort: 'reply-due' })).toBe(false);
    expect(isFiltered({ returning: '1' })).toBe(true);
  });
});
