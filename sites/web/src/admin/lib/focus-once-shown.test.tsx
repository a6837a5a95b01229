// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusOnceShown } from './focus-once-shown.ts';

afterEach(cleanup);

/** A log whose 'Load more' adds a mail that is not on screen until the next render. */
function MailLog() {
  const [mails, setMails] = useState(['Quote received']);
  const focusOnceShown = useFocusOnceShown();
  return (
    <>
      {mails.map((subject, index) => (
        <h3 key={subject} id={`mail-${index}`} tabIndex={-1}>
          {subject}
        </h3>
      ))}
      <button
        type="button"
        onClick={() => {
          setMails((shown) => [...shown, `Reminder ${shown.length}`]);
          focusOnceShown(`mail-${mails.length}`);
        }}
      >
        Load more
      </button>
    </>
  );
}

describe('focus once shown', () => {
  it('moves focus to what the change drew, each time', () => {
    render(<MailLog />);
    const loadMore = screen.getByRole('button', { name: 'Load more' });
    loadMore.focus();

    act(() => fireEvent.click(loadMore));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Reminder 1' }));

    act(() => fireEvent.click(loadMore));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Reminder 2' }));
  });
});
