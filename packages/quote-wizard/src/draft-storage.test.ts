import type { QuoteDraft } from '@cleanquote/quote-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  browserDraftStorage,
  createDraftWriter,
  createMemoryDraftStorage,
  DRAFT_SAVE_DELAY_MS,
  type DraftStorage,
  draftStorageKey,
  readStoredDraft,
} from './draft-storage.ts';

const draft = (stepIndex: number) =>
  ({ version: 1, stepIndex, idempotencyKey: 'k' }) as unknown as QuoteDraft;

describe('draft storage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps one draft per partner', () => {
    expect(draftStorageKey()).toBe('cleanquote:quote-draft:main-site');
    expect(draftStorageKey('  ')).toBe('cleanquote:quote-draft:main-site');
    expect(draftStorageKey('agency-1')).toBe('cleanquote:quote-draft:agency-1');
  });

  it('writes the latest draft once changes pause, well within a second', () => {
    const storage = createMemoryDraftStorage();
    const setItem = vi.spyOn(storage, 'setItem');
    const writer = createDraftWriter(() => storage, 'key');
    writer.save(draft(1));
    writer.save(draft(2));
    expect(setItem).not.toHaveBeenCalled();
    vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS);
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(readStoredDraft(storage, 'key')).toMatchObject({ stepIndex: 2 });
    expect(DRAFT_SAVE_DELAY_MS).toBeLessThan(1000);
  });

  it('flushes a pending draft at once, and clear forgets it', () => {
    const storage = createMemoryDraftStorage();
    const writer = createDraftWriter(() => storage, 'key');
    writer.save(draft(3));
    writer.flush();
    expect(readStoredDraft(storage, 'key')).toMatchObject({ stepIndex: 3 });
    writer.save(draft(4));
    writer.clear();
    vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS * 2);
    expect(readStoredDraft(storage, 'key')).toBeUndefined();
  });

  it('survives storage that throws and corrupted drafts', () => {
    const broken: DraftStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const writer = createDraftWriter(() => broken, 'key');
    writer.save(draft(1));
    expect(() => vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS)).not.toThrow();
    expect(() => writer.clear()).not.toThrow();
    expect(readStoredDraft(broken, 'key')).toBeUndefined();
    expect(readStoredDraft(createMemoryDraftStorage({ key: '{not json' }), 'key')).toBeUndefined();
  });

  it('has no browser storage on the server', () => {
    expect(browserDraftStorage()).toBeNull();
  });
});
