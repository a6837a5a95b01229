// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteState } from '../../state/site-state.ts';
import { createStaffQueryClient } from '../lib/query-client.ts';
import type { OutboxMail } from './email-test-queries.ts';
import { MailLogSection } from './mail-log-section.tsx';

/*
 * The mail log in a DOM, its mails read from a stand-in for GET /api/admin/outbox giving the API's
 * own JSON shape.
 */

const link = 'https://clean.example/quote/abcdefghijklmnopqrstuvwxyz234567';

function mail(id: string, overrides: Partial<OutboxMail>): OutboxMail {
  return {
    id,
    kind: 'priced-quote',
    messageId: `<${id}@example>`,
    to: 'priya@example.com',
    subject: `Your quote ${id}`,
    status: 'queued',
    attempts: 0,
    nextAttemptAt: '2026-11-23T01:00:00.000Z',
    sendAfter: null,
    lastError: null,
    sentAt: null,
    createdAt: '2026-11-23T01:00:00.000Z',
    text: '',
    ...overrides,
  };
}

beforeEach(() => {
  resetSiteState();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      expect(new URL(String(input)).pathname).toBe('/api/admin/outbox');
      const mails = [
        mail('waiting', { text: `View your quote: ${link}.` }),
        mail('sent', {
          status: 'sent',
          sentAt: '2026-11-23T01:01:00.000Z',
          text: 'View your quote: [link sent to the customer].',
        }),
      ];
      return new Response(JSON.stringify(mails), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the mail log', () => {
  it('names the kind in words only, and a link still in a mail is a link', async () => {
    render(
      <QueryClientProvider client={createStaffQueryClient()}>
        <MailLogSection />
      </QueryClientProvider>,
    );
    const waiting = (await screen.findByRole('heading', { name: 'Your quote waiting' })).closest('li');
    if (!waiting) throw new Error('no mail item');
    expect(waiting.textContent).toContain('Quote (to the client)');
    expect(waiting.textContent).not.toContain('priced-quote');
    fireEvent.click(screen.getAllByText('Read mail to priya@example.com')[0] as HTMLElement);
    const anchor = screen.getByRole('link', { name: link });
    expect(anchor.getAttribute('href')).toBe(link);
    expect(anchor.closest('pre')?.textContent).toBe(`View your quote: ${link}.`);
    // The sent one's link was taken out of the stored copy: words, not a link.
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText('View your quote: [link sent to the customer].')).toBeTruthy();
  });
});
