import { describe, expect, it } from 'vitest';
import { fieldErrors, isCalendarDay, quoteListQuery, quoteStatusChange } from './index.ts';

describe('staff schemas as an admin form uses them', () => {
  it('asks why when a quote is marked lost, under the reason field', () => {
    const blank = quoteStatusChange.safeParse({ status: 'lost', reason: '   ' });
    expect(blank.success).toBe(false);
    if (!blank.success) {
      expect(fieldErrors(blank.error)).toEqual({ reason: 'Please give a reason the quote was lost' });
    }
    expect(quoteStatusChange.parse({ status: 'lost', reason: ' Price too high ' })).toEqual({
      status: 'lost',
      reason: 'Price too high',
    });
    expect(quoteStatusChange.parse({ status: 'won' })).toEqual({ status: 'won', reason: undefined });
  });

  it('accepts real calendar days only', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2023-02-29')).toBe(false);
    expect(isCalendarDay('2024-04-31')).toBe(false);
    expect(isCalendarDay('2024-4-30')).toBe(false);
    const query = quoteListQuery.safeParse({ from: '2024-05-02', to: '2024-05-01' });
    expect(query.success ? {} : fieldErrors(query.error)).toEqual({ to: 'Use a date on or after from' });
  });
});
