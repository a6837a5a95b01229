import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIdempotencyKey } from './idempotency-key.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('createIdempotencyKey', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gives a different UUID v4 each time', () => {
    const keys = new Set(Array.from({ length: 50 }, createIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it('still gives UUIDs where randomUUID is missing (pages not served over https)', () => {
    const getRandomValues = globalThis.crypto.getRandomValues.bind(globalThis.crypto);
    vi.stubGlobal('crypto', { getRandomValues });
    expect(createIdempotencyKey()).toMatch(UUID_V4);
    expect(createIdempotencyKey()).not.toBe(createIdempotencyKey());
  });

  it('still gives UUIDs without any web crypto', () => {
    vi.stubGlobal('crypto', undefined);
    expect(createIdempotencyKey()).toMatch(UUID_V4);
  });
});
