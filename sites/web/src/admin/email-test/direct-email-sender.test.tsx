// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteState, toasts } from '../../state/site-state.ts';
import { AdminApiError, type DirectEmail, sendDirectEmail } from '../admin-api.ts';
import { DirectEmailSender } from './direct-email-sender.tsx';

vi.mock('../admin-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../admin-api.ts')>()),
  sendDirectEmail: vi.fn(),
}));

const send = vi.mocked(sendDirectEmail);

/** A promise settled from outside, to see the form while the send is under way. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

function fillRequired() {
  fireEvent.change(field(/^From Email/), { target: { value: 'sarah@sparkleclean.example' } });
  fireEvent.change(field(/^Password/), { target: { value: 'the mailbox password' } });
  fireEvent.change(field(/^To Email/), { target: { value: 'client@example.com' } });
}

const submit = () =>
  fireEvent.click(screen.getByRole('button', { name: /^(Send Test Email|Sending\.\.\.)$/ }));

beforeEach(() => {
  resetSiteState();
  send.mockReset();
});

afterEach(() => {
  cleanup();
});

describe('DirectEmailSender', () => {
  it('sends nothing while a required field is empty: Missing Information, fields marked, focus on the first', () => {
    render(<DirectEmailSender />);
    fireEvent.change(field(/^To Email/), { target: { value: 'client@example.com' } });
    submit();
    expect(send).not.toHaveBeenCalled();
    expect(toasts.value[0]).toMatchObject({
      title: 'Missing Information',
      description: 'Please fill in all required fields',
      variant: 'destructive',
    });
    expect(field(/^From Email/).getAttribute('aria-invalid')).toBe('true');
    expect(field(/^Password/).getAttribute('aria-invalid')).toBe('true');
    expect(field(/^To Email/).getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field(/^From Email/));
  });

  it('shows Sending... on a disabled button while sending, then the success toast; the password is cleared', async () => {
    render(<DirectEmailSender />);
    fillRequired();
    const answer = pending<{ recipient: string; message: string }>();
    send.mockReturnValueOnce(answer.promise);
    submit();
    const button = screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toMatchObject<Partial<DirectEmail>>({
      fromPassword: 'the mailbox password',
      provider: 'gmail',
      subject: 'Test email from Sparkle Clean Melbourne',
    });
    await act(async () => answer.resolve({ recipient: 'client@example.com', message: 'ok' }));
    expect(toasts.value[0]).toMatchObject({
      title: 'Email Sent Successfully!',
      description: 'Test email sent to client@example.com',
    });
    expect(field(/^Password/).value).toBe('');
    expect(field(/^From Email/).value).toBe('sarah@sparkleclean.example');
    expect((screen.getByRole('button', { name: 'Send Test Email' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('on a refusal shows the server’s message, or the fallback, and clears the password too', async () => {
    render(<DirectEmailSender />);
    fillRequired();
    send.mockRejectedValueOnce(new AdminApiError(502, '535 Authentication credentials invalid'));
    await act(async () => submit());
    expect(toasts.value[0]).toMatchObject({
      title: 'Failed to Send Email',
      description: '535 Authentication credentials invalid',
      variant: 'destructive',
    });
    expect(field(/^Password/).value).toBe('');

    fillRequired();
    send.mockRejectedValueOnce(new Error(''));
    await act(async () => submit());
    expect(toasts.value[0]?.description).toBe('Please check your email credentials and try again.');
    expect(field(/^Password/).value).toBe('');
  });

  it('shows a 400’s messages by their fields and moves focus to the first', async () => {
    render(<DirectEmailSender />);
    fillRequired();
    fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'custom' } });
    fireEvent.change(field(/^SMTP Host/), { target: { value: 'mail.example.com' } });
    fireEvent.change(field(/^SMTP Port/), { target: { value: '587' } });
    send.mockRejectedValueOnce(
      new AdminApiError(400, 'Please check the highlighted fields.', {
        toEmail: 'Please enter a valid email address',
        smtpHost: 'The SMTP host must not contain control characters',
      }),
    );
    await act(async () => submit());
    const to = field(/^To Email/);
    expect(to.getAttribute('aria-invalid')).toBe('true');
    const description = document.getElementById(to.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Please enter a valid email address');
    expect(screen.getByText('The SMTP host must not contain control characters')).toBeTruthy();
    expect(document.activeElement).toBe(to);
    expect(toasts.value[0]?.description).toBe('Please check the highlighted fields.');
  });

  it('asks for a custom server’s host and port, and sends them with the TLS choice', async () => {
    render(<DirectEmailSender />);
    fillRequired();
    expect(screen.queryByLabelText(/^SMTP Host/)).toBeNull();
    expect(screen.getByText('Sends through smtp.gmail.com, port 465, over TLS.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'custom' } });
    submit();
    expect(send).not.toHaveBeenCalled();
    expect(toasts.value[0]?.title).toBe('Missing Information');
    expect(document.activeElement).toBe(field(/^SMTP Host/));

    fireEvent.change(field(/^SMTP Host/), { target: { value: '127.0.0.1' } });
    fireEvent.change(field(/^SMTP Port/), { target: { value: '2525' } });
    fireEvent.change(screen.getByLabelText('TLS'), { target: { value: 'none' } });
    send.mockResolvedValueOnce({ recipient: 'client@example.com', message: 'ok' });
    await act(async () => submit());
    expect(send.mock.calls[0]?.[0]).toMatchObject<Partial<DirectEmail>>({
      provider: 'custom',
      smtpHost: '127.0.0.1',
      smtpPort: 2525,
      smtpSecurity: 'none',
    });
  });
});
