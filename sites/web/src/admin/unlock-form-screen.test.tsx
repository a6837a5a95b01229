// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStaffQueryClient, sessionKey } from './lib/query-client.ts';
import { UnlockForm } from './unlock-form.tsx';

/*
 * The unlock form in a DOM, answered by a stand-in for POST /api/admin/unlock with the API's own
 * answers (the e2e tests run it against the real server).
 */

let answers: { status: number; body: unknown }[] = [];
let sent: unknown[] = [];

beforeEach(() => {
  answers = [];
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      expect(String(input)).toMatch(/\/api\/admin\/unlock$/);
      sent.push(JSON.parse(String(init?.body)));
      const answer = answers.shift() ?? { status: 500, body: { error: 'Unexpected' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const client = createStaffQueryClient();
  client.setQueryData(sessionKey, { email: 'owner@sparkleclean.example', firstName: 'Sarah' });
  const onUnlocked = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <UnlockForm opens="the mail log" onUnlocked={onUnlocked} />
    </QueryClientProvider>,
  );
  return { client, onUnlocked };
}

const password = () => screen.getByLabelText('Password') as HTMLInputElement;
const unlock = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /^(Unlock|Unlocking\.\.\.)$/ }));
  });

describe('UnlockForm', () => {
  it('says Incorrect password as an alert, keeps focus on the field, and keeps the session', async () => {
    const { client, onUnlocked } = renderForm();
    expect(
      screen.getByText(
        'Enter the quote dashboard password to see the mail log. It unlocks this session only.',
      ),
    ).toBeTruthy();
    fireEvent.change(password(), { target: { value: 'not it' } });
    answers.push({ status: 401, body: { error: 'Incorrect password', requestId: 'r1' } });
    await unlock();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Incorrect password'));
    expect(sent).toEqual([{ password: 'not it' }]);
    expect(password().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(password());
    expect(onUnlocked).not.toHaveBeenCalled();
    // A wrong password is not a lost session: the admin stays signed in.
    expect(client.getQueryData(sessionKey)).not.toBeNull();
  });

  it('shows the server’s own words for a password it cannot read, without asking it', async () => {
    renderForm();
    fireEvent.change(password(), { target: { value: 'pass\ud800word' } });
    await unlock();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Enter the password again'));
    expect(sent).toEqual([]);
  });

  it('calls onUnlocked once the server accepts the password', async () => {
    const { onUnlocked } = renderForm();
    fireEvent.change(password(), { target: { value: 'quote dashboard password 2026' } });
    answers.push({ status: 200, body: { unlocked: true } });
    await unlock();
    await waitFor(() => expect(onUnlocked).toHaveBeenCalledTimes(1));
  });

  it('a 401 for a session that ended shows the sign-in card, not Incorrect password', async () => {
    const { client } = renderForm();
    fireEvent.change(password(), { target: { value: 'anything' } });
    answers.push({ status: 401, body: { error: 'Please sign in.', requestId: 'r2' } });
    await unlock();
    await waitFor(() => expect(client.getQueryData(sessionKey)).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
