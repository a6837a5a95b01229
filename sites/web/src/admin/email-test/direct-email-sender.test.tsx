// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteState, toasts } from '../../state/site-state.ts';
import { createStaffQueryClient } from '../lib/query-client.ts';
import { DirectEmailSender } from './direct-email-sender.tsx';

/*
 * The sender in a DOM, its calls answered by a stand-in for POST /api/send-direct-email giving the
 * API's own JSON shapes (the e2e test runs it against the real server and SMTP servers).
 */

/** What the stand-in server answers next: a status and a JSON body, when the test lets it. */
interface Reply {
  status: number;
  body: unknown;
}

let sent: Record<string, unknown>[] = [];
let replies: Promise<Reply>[] = [];

beforeEach(() => {
  resetSiteState();
  sent = [];
  replies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      expect(String(input)).toMatch(/\/api\/send-direct-email$/);
      sent.push(JSON.parse(String(init?.body)));
      const reply = await (replies.shift() ??
        Promise.resolve({ status: 500, body: { error: 'Unexpected' } }));
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A reply settled from outside, to see the form while the send is under way. */
function pendingReply() {
  let resolve!: (reply: Reply) => void;
  replies.push(new Promise<Reply>((settle) => (resolve = settle)));
  return resolve;
}

const answerWith = (status: number, body: unknown) => replies.push(Promise.resolve({ status, body }));

function renderSender() {
  render(
    <QueryClientProvider client={createStaffQueryClient()}>
      <DirectEmailSender />
    </QueryClientProvider>,
  );
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const describedBy = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

function fillRequired() {
  fireEvent.change(field(/^From Email/), { target: { value: 'sarah@sparkleclean.example' } });
  fireEvent.change(field(/^Password/), { target: { value: 'the mailbox password' } });
  fireEvent.change(field(/^To Email/), { target: { value: 'client@example.com' } });
}

const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /^(Send Test Email|Sending\.\.\.)$/ }));
  });

describe('DirectEmailSender', () => {
  it('sends nothing while a required field is empty: Missing Information, the server’s field messages, focus on the first', async () => {
    renderSender();
    fireEvent.change(field(/^To Email/), { target: { value: 'client@example.com' } });
    await submit();
    expect(sent).toEqual([]);
    expect(toasts.value[0]).toMatchObject({
      title: 'Missing Information',
      description: 'Please fill in all required fields',
      variant: 'destructive',
    });
    expect(field(/^From Email/).getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(field(/^From Email/))).toBe('Please enter your email address');
    expect(describedBy(field(/^Password/))).toBe('Please fill in all required fields');
    expect(field(/^To Email/).getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field(/^From Email/));
  });

  it('refuses a malformed address with the server’s words, without sending', async () => {
    renderSender();
    fillRequired();
    fireEvent.change(field(/^To Email/), { target: { value: 'client at example.com' } });
    await submit();
    expect(sent).toEqual([]);
    expect(toasts.value[0]).toMatchObject({
      title: 'Failed to Send Email',
      description: 'Please check the highlighted fields.',
    });
    expect(describedBy(field(/^To Email/))).toBe('Please enter a valid email address');
    expect(document.activeElement).toBe(field(/^To Email/));
    // Fixing the field clears its message.
    fireEvent.change(field(/^To Email/), { target: { value: 'client@example.com' } });
    await waitFor(() => expect(field(/^To Email/).getAttribute('aria-invalid')).toBeNull());
  });

  it('shows Sending... while sending (a second press sends nothing more), then the success toast; the password is cleared', async () => {
    renderSender();
    fillRequired();
    const reply = pendingReply();
    await submit();
    const button = screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    await submit();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      fromEmail: 'sarah@sparkleclean.example',
      fromPassword: 'the mailbox password',
      toEmail: 'client@example.com',
      provider: 'gmail',
      subject: 'Test email from Sparkle Clean Melbourne',
    });
    expect(sent[0]).not.toHaveProperty('smtpHost');
    await act(async () =>
      reply({
        status: 200,
        body: { recipient: 'client@example.com', message: 'Test email sent to client@example.com' },
      }),
    );
    await waitFor(() =>
      expect(toasts.value[0]).toMatchObject({
        title: 'Email Sent Successfully!',
        description: 'Test email sent to client@example.com',
      }),
    );
    await waitFor(() => expect(field(/^Password/).value).toBe(''));
    expect(field(/^From Email/).value).toBe('sarah@sparkleclean.example');
    expect(screen.getByRole('button', { name: 'Send Test Email' })).toBeTruthy();
  });

  it('on a refusal shows the server’s message, or the fallback, and clears the password too', async () => {
    renderSender();
    fillRequired();
    answerWith(502, { error: '535 Authentication credentials invalid', requestId: 'r1' });
    await submit();
    await waitFor(() =>
      expect(toasts.value[0]).toMatchObject({
        title: 'Failed to Send Email',
        description: '535 Authentication credentials invalid',
        variant: 'destructive',
      }),
    );
    await waitFor(() => expect(field(/^Password/).value).toBe(''));

    fillRequired();
    answerWith(502, { error: '', requestId: 'r2' });
    await submit();
    await waitFor(() =>
      expect(toasts.value[0]?.description).toBe('Please check your email credentials and try again.'),
    );
    expect(field(/^Password/).value).toBe('');
  });

  it('shows a 400’s messages by their fields and moves focus to the first', async () => {
    renderSender();
    fillRequired();
    fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'custom' } });
    fireEvent.change(field(/^SMTP Host/), { target: { value: 'mail.example.com' } });
    fireEvent.change(field(/^SMTP Port/), { target: { value: '587' } });
    answerWith(400, {
      error: 'Please check the highlighted fields.',
      fields: { toEmail: 'Refused by the server', smtpHost: 'Also refused' },
      requestId: 'r3',
    });
    await submit();
    const to = field(/^To Email/);
    await waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(to)).toBe('Refused by the server');
    expect(screen.getByText('Also refused')).toBeTruthy();
    expect(document.activeElement).toBe(to);
    expect(toasts.value[0]?.description).toBe('Please check the highlighted fields.');
  });

  it('asks for a custom server’s host and port, and sends them with the TLS choice', async () => {
    renderSender();
    fillRequired();
    expect(screen.queryByLabelText(/^SMTP Host/)).toBeNull();
    expect(screen.getByText('Sends through smtp.gmail.com, port 465, over TLS.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'custom' } });
    await submit();
    expect(sent).toEqual([]);
    expect(toasts.value[0]?.title).toBe('Missing Information');
    expect(describedBy(field(/^SMTP Host/))).toBe('Enter the SMTP host');
    expect(document.activeElement).toBe(field(/^SMTP Host/));

    fireEvent.change(field(/^SMTP Host/), { target: { value: '127.0.0.1' } });
    fireEvent.change(field(/^SMTP Port/), { target: { value: '2525' } });
    fireEvent.change(screen.getByLabelText('TLS'), { target: { value: 'none' } });
    answerWith(200, { recipient: 'client@example.com', message: 'Test email sent to client@example.com' });
    await submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      provider: 'custom',
      smtpHost: '127.0.0.1',
      smtpPort: 2525,
      smtpSecurity: 'none',
    });

    // Back to a named provider: the custom server's fields are neither shown nor sent.
    fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'outlook' } });
    fireEvent.change(field(/^Password/), { target: { value: 'the mailbox password' } });
    answerWith(200, { recipient: 'client@example.com', message: 'Test email sent to client@example.com' });
    await submit();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ provider: 'outlook' });
    expect(Object.keys(sent[1] ?? {}).filter((key) => key.startsWith('smtp'))).toEqual([]);
  });
});
