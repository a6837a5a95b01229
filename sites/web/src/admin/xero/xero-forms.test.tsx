// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteState, toasts } from '../../state/site-state.ts';
import {
  AdminApiError,
  scheduleXeroReports,
  sendXeroTestReport,
  type XeroSchedule,
  type XeroTenant,
} from '../admin-api.ts';
import { TestReportForm } from './test-report-form.tsx';
import { WeeklyReportsForm } from './weekly-reports-form.tsx';

vi.mock('../admin-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../admin-api.ts')>()),
  sendXeroTestReport: vi.fn(),
  scheduleXeroReports: vi.fn(),
}));

const sendTest = vi.mocked(sendXeroTestReport);
const onReconnectNeeded = vi.fn();
const schedule = vi.mocked(scheduleXeroReports);

const sparkle: XeroTenant = {
  tenantId: '6f1d9a2e-0000-4000-8000-000000000001',
  tenantName: 'Sparkle Clean Pty Ltd',
  connected: true,
  lastUpdated: '2026-11-23T00:00:00.000Z',
  reconnectNeeded: false,
};
const demo: XeroTenant = {
  ...sparkle,
  tenantId: '6f1d9a2e-0000-4000-8000-000000000002',
  tenantName: 'Demo Co',
};

function pending<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((yes) => {
    resolve = yes;
  });
  return { promise, resolve };
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  resetSiteState();
  sendTest.mockReset();
  schedule.mockReset();
  onReconnectNeeded.mockReset();
});

afterEach(() => {
  cleanup();
});

describe('TestReportForm', () => {
  it('with one organisation it is chosen already', () => {
    render(<TestReportForm tenants={[sparkle]} onReconnectNeeded={onReconnectNeeded} />);
    expect(select('Organisation').value).toBe(sparkle.tenantId);
  });

  it('pressed without an organisation or email: the spec’s message, nothing sent, the button still enabled', () => {
    render(<TestReportForm tenants={[sparkle, demo]} onReconnectNeeded={onReconnectNeeded} />);
    expect(select('Organisation').value).toBe('');
    fireEvent.change(input('Email address'), { target: { value: 'owner@sparkleclean.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Test Report' }));
    expect(sendTest).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Please select a tenant and enter an email address');
    expect(select('Organisation').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(select('Organisation'));
    const button = screen.getByRole('button', { name: 'Send Test Report' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBeNull();

    fireEvent.change(select('Organisation'), { target: { value: demo.tenantId } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says Sending... while busy, then toasts the server’s message', async () => {
    render(<TestReportForm tenants={[sparkle]} onReconnectNeeded={onReconnectNeeded} />);
    fireEvent.change(input('Email address'), { target: { value: ' owner@sparkleclean.example ' } });
    const answer = pending<{ message: string }>();
    sendTest.mockReturnValueOnce(answer.promise);
    fireEvent.click(screen.getByRole('button', { name: 'Send Test Report' }));
    expect(sendTest).toHaveBeenCalledWith(sparkle.tenantId, 'owner@sparkleclean.example');
    const busy = screen.getByRole('button', { name: 'Sending...' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(busy);
    expect(sendTest).toHaveBeenCalledTimes(1);
    await act(async () => answer.resolve({ message: 'Test report sent to owner@sparkleclean.example' }));
    expect(toasts.value[0]).toMatchObject({
      description: 'Test report sent to owner@sparkleclean.example',
      variant: 'default',
    });
    expect(screen.getByRole('button', { name: 'Send Test Report' })).toBeTruthy();
  });

  it('on failure shows the server’s error, or Failed to send test report', async () => {
    render(<TestReportForm tenants={[sparkle]} onReconnectNeeded={onReconnectNeeded} />);
    fireEvent.change(input('Email address'), { target: { value: 'owner@sparkleclean.example' } });
    sendTest.mockRejectedValueOnce(new AdminApiError(502, 'Xero did not answer. Please try again.'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send Test Report' })));
    expect(toasts.value[0]).toMatchObject({
      description: 'Xero did not answer. Please try again.',
      variant: 'destructive',
    });
    sendTest.mockRejectedValueOnce(new Error(''));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send Test Report' })));
    expect(toasts.value.at(-1)?.description).toBe('Failed to send test report');
    expect(onReconnectNeeded).not.toHaveBeenCalled();
  });

  it('when Xero no longer accepts the connection (409) the screen is told, to show Reconnect needed', async () => {
    render(<TestReportForm tenants={[sparkle]} onReconnectNeeded={onReconnectNeeded} />);
    fireEvent.change(input('Email address'), { target: { value: 'owner@sparkleclean.example' } });
    sendTest.mockRejectedValueOnce(
      new AdminApiError(409, 'Xero no longer allows access to this organisation.'),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send Test Report' })));
    expect(toasts.value[0]?.description).toBe('Xero no longer allows access to this organisation.');
    expect(onReconnectNeeded).toHaveBeenCalledTimes(1);
  });
});

describe('WeeklyReportsForm', () => {
  const renderForm = (tenants: XeroTenant[] = [sparkle]) => {
    const onScheduled = vi.fn();
    render(
      <WeeklyReportsForm
        tenants={tenants}
        adminEmail="owner@sparkleclean.example"
        onScheduled={onScheduled}
      />,
    );
    return onScheduled;
  };
  const recipients = () =>
    within(screen.getByRole('group', { name: 'Recipients' }))
      .queryAllByRole('listitem')
      .map((item) => item.firstChild?.textContent);
  const checked = (name: string) => (screen.getByRole('checkbox', { name }) as HTMLInputElement).checked;

  it('defaults to Monday 09:00, the admin’s address, Profit and Loss and Balance Sheet (spec §9)', () => {
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

  it('asks for the organisation first, then a recipient and a report type; the button stays enabled', () => {
    renderForm([sparkle, demo]);
    const button = () => screen.getByRole('button', { name: 'Schedule Weekly Reports' }) as HTMLButtonElement;
    fireEvent.click(button());
    expect(screen.getByRole('alert').textContent).toBe('Please select a tenant');
    expect(document.activeElement).toBe(select('Organisation'));
    expect(button().disabled).toBe(false);

    fireEvent.change(select('Organisation'), { target: { value: demo.tenantId } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove owner@sparkleclean.example' }));
    fireEvent.click(button());
    expect(screen.getByRole('alert').textContent).toBe(
      'Please add at least one email recipient and select report types',
    );
    expect(document.activeElement).toBe(input('Recipient email'));

    fireEvent.change(input('Recipient email'), { target: { value: 'owner@sparkleclean.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add recipient' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Profit and Loss' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Balance Sheet' }));
    fireEvent.click(button());
    expect(screen.getByRole('alert').textContent).toBe(
      'Please add at least one email recipient and select report types',
    );
    expect(schedule).not.toHaveBeenCalled();
    expect(button().disabled).toBe(false);
  });

  it('sends the choices as the API names them, says Setting up..., then toasts the server’s message', async () => {
    const onScheduled = renderForm();
    fireEvent.change(select('Day'), { target: { value: '0' } });
    fireEvent.change(select('Time'), { target: { value: '17' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Trial Balance' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Profit and Loss' }));
    const answer = pending<{ message: string; schedule: XeroSchedule }>();
    schedule.mockReturnValueOnce(answer.promise);
    fireEvent.click(screen.getByRole('button', { name: 'Schedule Weekly Reports' }));
    expect(schedule).toHaveBeenCalledWith({
      tenantId: sparkle.tenantId,
      dayOfWeek: '0',
      hour: '17',
      emailRecipients: ['owner@sparkleclean.example'],
      reportTypes: ['balance_sheet', 'trial_balance'],
    });
    expect(screen.getByRole('button', { name: 'Setting up...' }).getAttribute('aria-disabled')).toBe('true');
    const saved: XeroSchedule = {
      id: 'schedule-1',
      tenantId: sparkle.tenantId,
      tenantName: sparkle.tenantName,
      dayOfWeek: '0',
      hour: '17',
      emailRecipients: ['owner@sparkleclean.example'],
      reportTypes: ['balance_sheet', 'trial_balance'],
      jobName: 'xero-weekly:schedule-1',
      nextRunAt: '2026-11-29T17:00:00+11:00',
    };
    await act(async () =>
      answer.resolve({ message: 'Weekly reports scheduled for Sunday at 17:00', schedule: saved }),
    );
    expect(toasts.value[0]?.description).toBe('Weekly reports scheduled for Sunday at 17:00');
    expect(onScheduled).toHaveBeenCalledWith(saved);
  });

  it('on failure shows the server’s error, or Failed to schedule weekly reports', async () => {
    renderForm();
    schedule.mockRejectedValueOnce(
      new AdminApiError(400, 'Please check the highlighted fields.', { hour: 'Choose an hour from 0 to 23' }),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Schedule Weekly Reports' })));
    expect(toasts.value[0]).toMatchObject({
      description: 'Please check the highlighted fields.',
      variant: 'destructive',
    });
    expect(select('Time').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose an hour from 0 to 23')).toBeTruthy();
    schedule.mockRejectedValueOnce(new Error(''));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Schedule Weekly Reports' })));
    expect(toasts.value.at(-1)?.description).toBe('Failed to schedule weekly reports');
  });
});
