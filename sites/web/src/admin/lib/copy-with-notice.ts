import { useEffect, useRef, useState } from 'react';
import { showToast } from '../../state/site-state.ts';
import { copyText } from '../../ui/copy-text.ts';

/** How long a copy button says 'Copied!'. */
export const COPIED_NOTICE_MS = 2000;

/** What {@link useCopyWithNotice} gives a screen. */
export interface CopyWithNotice<What> {
  /** What was copied last, for {@link COPIED_NOTICE_MS} after; null otherwise. */
  copied: What | null;
  /** Puts `text` on the clipboard; `what` is the thing it stands for (a location, or just `true`). */
  copy: (text: string, what: What) => Promise<void>;
}

/**
 * A copy button's 'Copied!': once `text` is on the clipboard, `copied` is what it stands for, for
 * {@link COPIED_NOTICE_MS} (another copy starts the time again). A copy the browser refuses is
 * toasted 'Copy Failed' with `failure`'s words, and the button stays as it was.
 */
export function useCopyWithNotice<What = true>(
  failure: string | ((error: unknown) => string),
): CopyWithNotice<What> {
  const [copied, setCopied] = useState<What | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The timer ends with the screen.
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (text: string, what: What) => {
    try {
      await copyText(text);
    } catch (error) {
      showToast({
        title: 'Copy Failed',
        description: typeof failure === 'string' ? failure : failure(error),
        variant: 'destructive',
      });
      return;
    }
    setCopied(() => what);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), COPIED_NOTICE_MS);
  };

  return { copied, copy };
}
