// @vitest-environment happy-dom
import { XERO_MESSAGES } from '@cleanquote/content';
import { fieldErrors, xeroTestReport } from '@cleanquote/quote-core/staff';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteState, toasts } from '../../state/site-state.ts';
import { createStaffQueryClient } from '../lib/query-client.ts';
import { TestReportForm } from './test-report-form.tsx';
import { WeeklyReportsForm } from './weekly-reports-form.tsx';
import type { XeroTenant } from './xero-queries.ts';

/*
 * The forms against a stand-in for the API's fetch: each request is recorded and answered with the
 * JSON the API gives (the e2e specs run them against the real server).
 */

const sparkle: XeroTenant = {
  tenantId: '6f1d9a2e-0000-4000-8000-000000000001',
  tenantName: 'Sparkle Clean Pty Ltd',
  connected: true,
  lastUpdated: '2026-11-23T00:00:00.000Z',
  reconnectNeeded: false,
  canWrite: true,
};
const demo: XeroTenant = {
  ...sparkle,
  tenantId: '6f1d9a2e-0000-4000-8000-000000000002',
  tenantName: 'Demo Co',
};

interface Sent {
  method: string;
  path: string;
  body: unknown;
}
let sent: Sent[] = [];
let answers: Array<() => Promise<Response>> = [];

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

/** The next request is answered with `answer`, when it resolves. */
const answerNext = (answer: () => Promise<Response>) => answers.push(answer);

function pending() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((yes) => {
    resolve = yes;
  });
  return { promise, resolve };
}

beforeEach(() => {
  resetSiteState();
  sent = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      sent.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      const answer = answers.shift();
      return answer ? answer() : json(404, { error: 'No answer prepared.' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function withClient(children: ReactNode) {
  return <QueryClientProvider client={createStaffQueryClient()}>{children}</QueryClientProvider>;
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const press = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};

describe('TestReportForm', () => {
  const onReconnectNeeded = vi.fn();
  beforeEach(() => onReconnectNeeded.mockReset());
  const renderForm = (tenants: XeroTenant[]) =>
    render(withClient(<TestReportForm tenants={tenants} onReconnectNeeded={onReconnectNeeded} />));

  it('with one organisation it is chosen already', () => {
    renderForm([sparkle]);
    expect(select('Organisation').value).toBe(sparkle.tenantId);
  });

  it('pressed without an organisation: the server’s own sentence, nothing sent, focus on the field, the button still enabled', async () => {
    renderForm([sparkle, demo]);
    expect(select('Organisation').value).toBe('');
    fireEvent.change(input('Email address'), { target: { value: 'owner@sparkleclean.example' } });
    await press('Send Test Report');
    expect(sent).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe(XERO_MESSAGES.testReportMissing);
    expect(screen.getByRole('alert').textContent).toBe('Please select a tenant and enter an email address');
    expect(select('Organisation').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(select('Organisation'));
    const button = screen.getByRole('button', { name: 'Send Test Report' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBeNull();

    await act(async () => fireEvent.change(select('Organisation'), { target: { value: demo.tenantId } }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('a malformed address shows the message the server gives for it, before any request', async () => {
    renderForm([sparkle]);
    fireEvent.change(input('Email address'), { target: { value: 'owner at sparkleclean' } });
    await press('Send Test Report');
    const parsed = xeroTestReport.safeParse({ tenantId: sparkle.tenantId, email: 'owner at sparkleclean' });
    if (parsed.success) throw new Error('the schema took a malformed address');
    const serverMessage = fieldErrors(parsed.error).email;
    expect(serverMessage).toBeTruthy();
    expect(screen.getByText(serverMessage ?? '')).toBeTruthy();
    expect(input('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('Email address'));
    expect(sent).toEqual([]);
  });

  it('says Sending... while busy, sends once, then toasts the server’s message', async () => {
    renderForm([sparkle]);
    fireEvent.change(input('Email address'), { target: { value: 'owner@sparkleclean.example' } });
    const answer = pending();
    answerNext(() => answer.promise);
    await press('Send Test Report');
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/xero/test-reports',
        body: { tenantId: sparkle.tenantId, email: 'owner@sparkleclean.example' },
      },
    ]);
    const busy = await screen.findByRole('button', { name: 'Sending...' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    await press('Sending...');
    expect(sent).toHaveLength(1);
    await act(async () =>
      answer.resolve(
        new Response(
          JSON.stringify({ success: true, message: 'Test report sent to owner@sparkleclean.example' }),
        ),
      ),
    );
    await waitFor(() =>
      expect(toasts.value[0]).toMatchObject({
        description: 'Test report sent to owner@sparkleclean.example',
        variant: 'default',
      }),
    );
    expect(screen.getByRole('button', { name: 'Send Test Report' })).toBeTruthy();
  });

  it('on failure shows the server’s error, or Failed to send test report', async () => {
    renderForm([sparkle]);
    fireEvent.change(input('Email address'), { target: { value: 'owner@sparkleclean.example' } });
    answerNext(() => json(502, { error: 'Xero did not answer. Please try again.' }));
    await press('Send Test Report');
    await waitFor(() =>
      expect(toasts.value[0]).toMatchObject({
        title: 'Failed to send test report',
        description: 'Xero did not answer. Please try again.',
        variant: 'destructive',
      }),
    );
    answerNext(() => json(500, { error: '' }));
    await press('Send Test Report');
    await waitFor(() => expect(toasts.value.at(-1)?.description).toBe('Failed to send test report'));
    expect(onReconnectNeeded).not.toHaveBeenCalled();
  });

  it('when Xero no longer accepts the connection (409) the screen is told, to show Reconnect needed', async () => {
    renderForm([sparkle]);
    fireEvent.change(input('Email address'), { target: { value: 'owner@sparkleclean.example' } });
    answerNext(() => json(409, { error: 'Xero no longer allows access to this organisation.' }));
    await press('Send Test Report');
    await waitFor(() =>
      expect(toasts.value[0]?.description).toBe('Xero no longer allows access to this organisation.'),
    );
    expect(onReconnectNeeded).toHaveBeenCalledTimes(1);
  });
});

describe('WeeklyReportsForm', () => {
  const renderForm = (tenants: XeroTenant[] = [sparkle]) =>
    render(withClient(<WeeklyReportsForm tenants={tenants} adminEmail="owner@sparkleclean.example" />));
  const recipients = () =>
    within(screen.getByRole('group', { name: 'Recipients' }))
      .queryAllByRole('listitem')
      .map((item) => item.firstChild?.textContent);
  const checked = (name: string) => (screen.getByRole('checkbox', { name }) as HTMLInputElement).checked;
  const button = () => screen.getByRole('button', { name: 'Schedule Weekly Reports' }) as HTMLButtonElement;

  it('defaults to Monday 09:00, the admin’s address, Profit and Loss and Balance Sheet', () => {
    renderForm();
    expect(select('Organisation').value).toBe(sparkle.tenantId);
    expect(select('Day').value).toBe('1');
    expect(select('Day').selectedOptions[0]?.textContent).toBe('Monday');
    expect(select('Day').options[0]?.textContent).toBe('Sunday');
    expect(select('Time').value).toBe('9');
    expect(select('Time').selectedOptions[0]?.textContent).toBe('09:00');
    expect([...select('Time').options].map((option) => option.textContent)).toHaveLength(24);
    expect(recipients()).toEqual(['owner@sparkleclean.example']);
    expect(checked('Profit and Loss')).toBe(true);
    expect(checked('Balance Sheet')).toBe(true);
    expect(checked('Bank Summary')).toBe(false);
    expect(checked('Trial Balance')).toBe(false);
  });

  it('adds a recipient only if non-empty and not already listed; Enter adds; each one can be removed', () => {
    renderForm();
    const field = input('Recipient email');
    const add = screen.getByRole('button', { name: 'Add recipient' });
    fireEvent.click(add);
    expect(recipients()).toEqual(['owner@sparkleclean.example']);
    fireEvent.change(field, { target: { value: 'OWNER@sparkleclean.example' } });
    fireEvent.click(add);
    expect(recipients()).toEqual(['owner@sparkleclean.example']);
    expect(screen.getByRole('status').textContent).toBe('OWNER@sparkleclean.example is already listed.');
    fireEvent.change(field, { target: { value: 'books@sparkleclean.example' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(recipients()).toEqual(['owner@sparkleclean.example', 'books@sparkleclean.example']);
    expect(field.value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Remove owner@sparkleclean.example' }));
    expect(recipients()).toEqual(['books@sparkleclean.example']);
    expect(document.activeElement).toBe(field);
  });

  it('asks for the organisation first, then a recipient and a report type, in the server’s words; nothing is sent', async () => {
    renderForm([sparkle, demo]);
    await press('Schedule Weekly Reports');
    expect(screen.getByRole('alert').textContent).toBe(XERO_MESSAGES.scheduleTenantMissing);
    expect(document.activeElement).toBe(select('Organisation'));
    expect(button().disabled).toBe(false);

    await act(async () => fireEvent.change(select('Organisation'), { target: { value: demo.tenantId } }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove owner@sparkleclean.example' }));
    await press('Schedule Weekly Reports');
    expect(screen.getByRole('alert').textContent).toBe(XERO_MESSAGES.scheduleContentMissing);
    expect(document.activeElement).toBe(input('Recipient email'));

    fireEvent.change(input('Recipient email'), { target: { value: 'owner@sparkleclean.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add recipient' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Profit and Loss' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Balance Sheet' }));
    await press('Schedule Weekly Reports');
    expect(screen.getByRole('alert').textContent).toBe(
      'Please add at least one email recipient and select report types',
    );
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Profit and Loss' }));
    expect(sent).toEqual([]);
    expect(button().disabled).toBe(false);
  });

  it('sends the choices as the API names them, says Setting up..., then toasts the server’s message', async () => {
    renderForm();
    fireEvent.change(select('Day'), { target: { value: '0' } });
    fireEvent.change(select('Time'), { target: { value: '17' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Trial Balance' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Profit and Loss' }));
    const answer = pending();
    answerNext(() => answer.promise);
    await press('Schedule Weekly Reports');
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/xero/schedule',
      body: {
        tenantId: sparkle.tenantId,
        dayOfWeek: '0',
        hour: '17',
        emailRecipients: ['owner@sparkleclean.example'],
        reportTypes: ['balance_sheet', 'trial_balance'],
      },
    });
    expect((await screen.findByRole('button', { name: 'Setting up...' })).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await act(async () =>
      answer.resolve(
        new Response(
          JSON.stringify({ success: true, message: 'Weekly reports scheduled for Sunday at 17:00' }),
          { status: 201 },
        ),
      ),
    );
    await waitFor(() =>
      expect(toasts.value[0]?.description).toBe('Weekly reports scheduled for Sunday at 17:00'),
    );
  });

  it('on failure shows the server’s message beside its field, and the server’s error', async () => {
    renderForm();
    answerNext(() =>
      json(400, {
        error: 'Please check the highlighted fields.',
        fields: { hour: 'Choose an hour from 0 to 23' },
      }),
    );
    await press('Schedule Weekly Reports');
    await waitFor(() =>
      expect(toasts.value[0]).toMatchObject({
        description: 'Please check the highlighted fields.',
        variant: 'destructive',
      }),
    );
    expect(select('Time').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose an hour from 0 to 23')).toBeTruthy();
    answerNext(() => json(500, { error: '' }));
    await press('Schedule Weekly Reports');
    await waitFor(() => expect(toasts.value.at(-1)?.description).toBe('Failed to schedule weekly reports'));
  });
});
