// @vitest-environment happy-dom
import { business, customerService } from '@cleanquote/content';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import {
  closeContactDialog,
  contactRecipient,
  openContactDialog,
  resetSiteState,
  THANK_YOU_REDIRECT_MS,
} from '../state/site-state.ts';
import { ThankYouActions, ThankYouNextSteps, ThankYouRedirectNotice } from './thank-you-next-steps.tsx';

function renderAt(path: string, ui: React.ReactNode) {
  const location = memoryLocation({ path, record: true });
  render(<Router hook={location.hook}>{ui}</Router>);
  return location;
}

beforeEach(() => {
  resetSiteState();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ThankYouNextSteps', () => {
  it('lists the three steps Review, Contact and Schedule, in order', () => {
    renderAt('/thank-you', <ThankYouNextSteps />);
    const list = screen.getByRole('list');
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Review', 'Contact', 'Schedule']);
    expect(list.textContent).toContain('within 24 hours');
  });
});

describe('ThankYouActions', () => {
  it('calls the business, opens Email Us for customer service and links Back to Home', () => {
    renderAt('/thank-you', <ThankYouActions />);
    expect(screen.getByRole('link', { name: `Call ${business.phone}` }).getAttribute('href')).toBe(
      business.phoneHref,
    );
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    fireEvent.click(screen.getByRole('button', { name: 'Email Us' }));
    expect(contactRecipient.value).toBe(customerService);
  });
});

describe('ThankYouRedirectNotice', () => {
  it('returns to the home page after 30 seconds, not before', () => {
    vi.useFakeTimers();
    const location = renderAt('/thank-you', <ThankYouRedirectNotice />);
    expect(screen.getByText(/taken back to the home page in 30 seconds/)).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(THANK_YOU_REDIRECT_MS - 1);
    });
    expect(location.history).toEqual(['/thank-you']);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(location.history).toEqual(['/thank-you', '/']);
  });

  it('waits for an open contact dialog to close first', () => {
    vi.useFakeTimers();
    const location = renderAt('/thank-you', <ThankYouRedirectNotice />);
    openContactDialog(customerService);
    act(() => {
      vi.advanceTimersByTime(THANK_YOU_REDIRECT_MS + 10_000);
    });
    expect(location.history).toEqual(['/thank-you']);
    act(() => {
      closeContactDialog();
    });
    expect(location.history).toEqual(['/thank-you', '/']);
  });

  it('stays when the visitor asks to', () => {
    vi.useFakeTimers();
    const location = renderAt('/thank-you', <ThankYouRedirectNotice />);
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    act(() => {
      vi.advanceTimersByTime(THANK_YOU_REDIRECT_MS * 2);
    });
    expect(location.history).toEqual(['/thank-you']);
    expect(screen.getByText('You can stay on this page as long as you like.')).toBeTruthy();
  });
});
