import { describe, expect, it } from 'vitest';
import {
  filtersFromSearch,
  isFiltered,
  quoteRequestsPath,
  quotesCsvPath,
  withFilter,
} from './quote-request-filters.ts';

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
      awaiting: 'customer',
      sort: 'reply-due',
    };
    const path = quoteRequestsPath(filters);
    expect(path.startsWith('/admin?')).toBe(true);
    expect(filtersFromSearch(path.slice('/admin'.length))).toEqual(filters);
  });

  it('leaves empty filters out, ignores unknown names and carries the open quote', () => {
    expect(quoteRequestsPath({ q: '', status: 'won' }, 'quote-1')).toBe('/admin?status=won&quote=quote-1');
    expect(quoteRequestsPath({})).toBe('/admin');
    expect(filtersFromSearch('?quote=x&utm_source=y&q=anna')).toEqual({ q: 'anna' });
  });

  it('counts sorting as no filter', () => {
    expect(isFiltered({ sort: 'reply-due' })).toBe(false);
    expect(isFiltered({ returning: '1' })).toBe(true);
    expect(isFiltered({ awaiting: 'customer' })).toBe(true);
  });
});

describe('one filter written onto the URL', () => {
  it('changes only that filter, keeping every other one the URL holds at that moment', () => {
    const current = new URLSearchParams('service=oven-clean&status=new');
    expect(withFilter(current, 'q', 'anna').toString()).toBe('service=oven-clean&status=new&q=anna');
    expect(withFilter(current, 'status', '').toString()).toBe('service=oven-clean');
    expect(current.toString()).toBe('service=oven-clean&status=new');
  });

  it('makes the CSV link of exactly the filters shown', () => {
    expect(quotesCsvPath({ service: 'oven-clean', q: '' })).toBe('/api/contact.csv?service=oven-clean');
    expect(quotesCsvPath({})).toBe('/api/contact.csv');
  });
});
