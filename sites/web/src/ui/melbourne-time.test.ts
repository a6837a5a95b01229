import { describe, expect, it } from 'vitest';
import { formatMelbourneTime } from './melbourne-time.ts';

describe('formatMelbourneTime', () => {
  it("shows dd/MM/yyyy 'at' h:mm a in Melbourne time, daylight saving included", () => {
    // 22:05 UTC on 22 Nov is 9:05 the next morning in Melbourne (AEDT, UTC+11).
    expect(formatMelbourneTime('2026-11-22T22:05:00Z')).toBe('23/11/2026 at 9:05 AM');
    // In June Melbourne is UTC+10: 03:30 UTC is 1:30 in the afternoon.
    expect(formatMelbourneTime(Date.UTC(2026, 5, 1, 3, 30))).toBe('01/06/2026 at 1:30 PM');
    expect(formatMelbourneTime('2026-01-01T13:00:00Z')).toBe('02/01/2026 at 12:00 AM');
  });

  it('shows nothing for a value that is not a time', () => {
    expect(formatMelbourneTime('not a date')).toBe('');
  });
});
