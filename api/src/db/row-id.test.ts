import { describe, expect, it } from 'vitest';
import { newRowId } from './row-id.ts';

const VERSION_7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newRowId', () => {
  it('is a version 7 UUID whose first 48 bits are the creation time in milliseconds', () => {
    const before = Date.now();
    const id = newRowId();
    const after = Date.now();
    expect(id).toMatch(VERSION_7);
    const millis = Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    expect(millis).toBeGreaterThanOrEqual(before);
    expect(millis).toBeLessThanOrEqual(after);
  });

  it('sorts ids in the order they were made, within one millisecond too', () => {
    const made = Array.from({ length: 5_000 }, newRowId);
    expect([...made].sort()).toEqual(made);
  });

  it('never repeats, and ids made in a later millisecond sort after earlier ones', async () => {
    const earlier = Array.from({ length: 10_000 }, newRowId);
    expect(new Set(earlier).size).toBe(earlier.length);
    await new Promise((resolve) => setTimeout(resolve, 2));
    const later = newRowId();
    for (const id of earlier) expect(id < later).toBe(true);
  });
});
