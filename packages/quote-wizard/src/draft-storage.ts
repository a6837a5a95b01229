/**
 * Where the wizard keeps its draft, so a reload or a return visit before submitting never loses the
 * visitor's answers.
 *
 * Nothing here runs during render: the server has no `window`, and reading storage while rendering
 * would make the first client render differ from the server's HTML.
 */
import type { QuoteDraft } from '@cleanquote/quote-core';

/** The part of the Web Storage API the wizard uses (`localStorage` fits, so does an in-memory map). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** How long after the last change a draft is written (the brief: within a second). */
export const DRAFT_SAVE_DELAY_MS = 300;

/**
 * The storage key of the draft. One per partner, so a visitor's half-finished quote on a partner's
 * page never surfaces on another partner's page.
 */
export function draftStorageKey(partnerKey?: string | null): string {
  const partner = partnerKey?.trim() ?? '';
  return `cleanquote:quote-draft:${partner === '' ? 'main-site' : partner}`;
}

/**
 * `window.localStorage` when it can be used; `null` on the server, in sandboxed frames and where the
 * browser blocks storage (reading the property throws a SecurityError there).
 */
export function browserDraftStorage(): DraftStorage | null {
  try {
    if (typeof window === 'undefined') return null;
    return window.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The stored draft, JSON-parsed but not yet trusted (the machine sanitises it); `undefined` if none. */
export function readStoredDraft(storage: DraftStorage | null, key: string): unknown {
  if (!storage) return undefined;
  try {
    const text = storage.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    // Unreadable or corrupted: start afresh rather than break the wizard.
    return undefined;
  }
}

/** Writes drafts after a quiet period; the latest draft wins. */
export interface DraftWriter {
  /** Schedules `draft` to be written {@link DRAFT_SAVE_DELAY_MS} after the last call. */
  save(draft: QuoteDraft): void;
  /** Writes a pending draft now (page hidden, component unmounted). */
  flush(): void;
  /** Forgets the draft: cancels a pending write and removes the stored one. */
  clear(): void;
}

/**
 * A debounced draft writer. `getStorage` is asked at write time, so no storage is touched until the
 * visitor changes something. Storage errors (quota, blocked storage) are swallowed: losing the draft is
 * better than losing the wizard.
 */
export function createDraftWriter(
  getStorage: () => DraftStorage | null,
  key: string,
  delayMs: number = DRAFT_SAVE_DELAY_MS,
): DraftWriter {
  let pending: QuoteDraft | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const write = () => {
    cancel();
    if (pending === undefined) return;
    const draft = pending;
    pending = undefined;
    try {
      getStorage()?.setItem(key, JSON.stringify(draft));
    } catch {
      // Quota exceeded or storage blocked: keep going without a draft.
    }
  };

  return {
    save(draft) {
      pending = draft;
      cancel();
      timer = setTimeout(write, delayMs);
    },
    flush: write,
    clear() {
      pending = undefined;
      cancel();
      try {
        getStorage()?.removeItem(key);
      } catch {
        // Nothing to clear where storage is blocked.
      }
    },
  };
}

/**
 * A draft storage kept in memory: for stories, tests, and hosts that must not write to the visitor's
 * device. `initial` pre-loads entries (e.g. a draft to restore).
 */
export function createMemoryDraftStorage(initial: Readonly<Record<string, string>> = {}): DraftStorage & {
  /** The current entries, for assertions. */
  readonly entries: ReadonlyMap<string, string>;
} {
  const entries = new Map(Object.entries(initial));
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => {
      entries.set(key, String(value));
    },
    removeItem: (key) => {
      entries.delete(key);
    },
  };
}
