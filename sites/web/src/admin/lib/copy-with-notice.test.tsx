// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteState, toasts } from '../../state/site-state.ts';
import { COPIED_NOTICE_MS, useCopyWithNotice } from './copy-with-notice.ts';

/** What the clipboard holds; the browser's copy command is refused, as where no clipboard is allowed. */
let clipboard: string[] = [];
let refused = false;

beforeEach(() => {
  resetSiteState();
  clipboard = [];
  refused = false;
  vi.useFakeTimers();
  vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (text) => {
    if (refused) throw new Error('Not allowed');
    clipboard.push(text);
  });
  document.execCommand = () => false;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function CopyButtons() {
  const { copied, copy } = useCopyWithNotice<string>('The URL could not be copied.');
  return (
    <>
      {['St Kilda', 'Fitzroy'].map((suburb) => (
        <button key={suburb} type="button" onClick={() => void copy(`https://example.com/${suburb}`, suburb)}>
          {copied === suburb ? 'Copied!' : 'Copy'}
          <span className="visually-hidden"> {suburb} URL</span>
        </button>
      ))}
    </>
  );
}

const button = (suburb: string) => screen.getByRole('button', { name: new RegExp(`${suburb} URL`) });

async function press(suburb: string) {
  await act(async () => {
    fireEvent.click(button(suburb));
  });
}

describe("a copy button's 'Copied!'", () => {
  it("says 'Copied!' on the button pressed for two seconds, then 'Copy' again", async () => {
    render(<CopyButtons />);
    await press('St Kilda');
    expect(clipboard).toEqual(['https://example.com/St Kilda']);
    expect(button('St Kilda').textContent).toBe('Copied! St Kilda URL');
    expect(button('Fitzroy').textContent).toBe('Copy Fitzroy URL');

    act(() => vi.advanceTimersByTime(COPIED_NOTICE_MS - 1));
    expect(button('St Kilda').textContent).toBe('Copied! St Kilda URL');
    act(() => vi.advanceTimersByTime(1));
    expect(button('St Kilda').textContent).toBe('Copy St Kilda URL');
  });

  it('moves to the button pressed next, whose two seconds start then', async () => {
    render(<CopyButtons />);
    await press('St Kilda');
    act(() => vi.advanceTimersByTime(COPIED_NOTICE_MS - 500));
    await press('Fitzroy');
    expect(button('St Kilda').textContent).toBe('Copy St Kilda URL');
    act(() => vi.advanceTimersByTime(1000));
    expect(button('Fitzroy').textContent).toBe('Copied! Fitzroy URL');
  });

  it("toasts 'Copy Failed' with the screen's words when the browser refuses, and says nothing was copied", async () => {
    refused = true;
    render(<CopyButtons />);
    await press('St Kilda');
    expect(button('St Kilda').textContent).toBe('Copy St Kilda URL');
    expect(toasts.value.map(({ title, description }) => ({ title, description }))).toEqual([
      { title: 'Copy Failed', description: 'The URL could not be copied.' },
    ]);
  });
});
