// @vitest-environment happy-dom
import { XERO_ACCOUNT_CODE_MESSAGE } from '@cleanquote/quote-core/staff';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteState, toasts } from '../../state/site-state.ts';
import { createStaffQueryClient } from '../lib/query-client.ts';
import { jsonAnswer as json, type SentCall, stubStaffApi } from '../lib/staff-api.test-support.ts';
import { OrganisationList } from './organisation-list.tsx';
import type { XeroSync, XeroTenant } from './xero-queries.ts';

/*
 * Where quotes and invoices go, on the Organisations list, against a stand-in for the API's fetch:
 * each request is recorded and answered with the JSON the API gives (the e2e specs run it against
 * the real server).
 */

const SEND = 'Send quotes and invoices to this organisation';

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
const reportsOnly: XeroTenant = {
  ...sparkle,
  tenantId: '6f1d9a2e-0000-4000-8000-000000000003',
  tenantName: 'Holdings Pty Ltd',
  canWrite: false,
};

const noneChosen: XeroSync = {
  tenantId: null,
  tenantName: null,
  accountCode: '200',
  taxType: 'OUTPUT',
  canWrite: true,
};
const toSparkle: XeroSync = { ...noneChosen, tenantId: sparkle.tenantId, tenantName: sparkle.tenantName };

let sent: SentCall[] = [];
let sync: XeroSync = noneChosen;
let putAnswers: Array<(body: Record<string, unknown>) => Promise<Response> | Response> = [];

/** PUT /api/xero/sync as the server keeps it, unless an answer was prepared for the next one. */
function stored(body: Record<string, unknown>): Response {
  const tenant = [sparkle, demo].find((each) => each.tenantId === body.tenantId);
  sync = {
    tenantId: tenant?.tenantId ?? null,
    tenantName: tenant?.tenantName ?? null,
    accountCode: typeof body.accountCode === 'string' ? body.accountCode : sync.accountCode,
    taxType: (body.taxType as XeroSync['taxType'] | undefined) ?? sync.taxType,
    canWrite: true,
  };
  return json(200, sync);
}

beforeEach(() => {
  resetSiteState();
  putAnswers = [];
  sync = noneChosen;
  ({ sent } = stubStaffApi({
    'GET /api/xero/sync': () => json(200, sync),
    'PUT /api/xero/sync': (body) => (putAnswers.shift() ?? stored)(body as Record<string, unknown>),
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const onRefused = vi.fn();
beforeEach(() => onRefused.mockReset());

function renderList(tenants: XeroTenant[], first: XeroSync = noneChosen) {
  sync = first;
  render(
    <QueryClientProvider client={createStaffQueryClient()}>
      <OrganisationList tenants={tenants} onDisconnected={() => {}} onQuoteSyncRefused={onRefused} />
    </QueryClientProvider>,
  );
}

/** The organisation named `name` in the list. */
const organisation = (name: string) => {
  const item = screen.getByRole('heading', { level: 3, name }).closest('li');
  if (!item) throw new Error(`No organisation ${name}`);
  return within(item);
};
const checkboxOf = async (name: string) =>
  (await organisation(name).findByRole('checkbox', { name: SEND })) as HTMLInputElement;
const puts = () => sent.filter((each) => each.call === 'PUT /api/xero/sync').map((each) => each.body);

describe('Send quotes and invoices to this organisation', () => {
  it('one checkbox per organisation Xero allows writing to, described by its name; the others say to reconnect', async () => {
    renderList([sparkle, reportsOnly]);
    const checkbox = await checkboxOf(sparkle.tenantName);
    expect(checkbox.checked).toBe(false);
    const describedBy = checkbox.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(sparkle.tenantName);
    const holdings = organisation(reportsOnly.tenantName);
    expect(holdings.getByText('Reconnect to allow quotes and invoices')).toBeTruthy();
    expect(holdings.queryByRole('checkbox')).toBeNull();
    // None chosen: no account or tax type is asked for.
    expect(screen.queryByLabelText('Sales account code')).toBeNull();
  });

  it('ticking sends the organisation, toasts where quotes go, and shows its account code and tax type', async () => {
    renderList([sparkle, demo]);
    const checkbox = await checkboxOf(sparkle.tenantName);
    checkbox.focus();
    await act(async () => fireEvent.click(checkbox));
    expect(puts()).toEqual([{ tenantId: sparkle.tenantId }]);
    await waitFor(() =>
      expect(toasts.value.at(-1)?.title).toBe(`Quotes and invoices go to ${sparkle.tenantName}`),
    );
    expect(toasts.value.at(-1)?.description).toBe(
      'Quotes sent from now on are added to Xero on account 200 with GST on Income.',
    );
    expect(checkbox.checked).toBe(true);
    expect(document.activeElement).toBe(checkbox);
    const business = organisation(sparkle.tenantName);
    expect((business.getByLabelText('Sales account code') as HTMLInputElement).value).toBe('200');
    const taxType = business.getByLabelText('Tax type') as HTMLSelectElement;
    expect(taxType.value).toBe('OUTPUT');
    expect([...taxType.options].map((option) => option.text)).toEqual([
      'GST on Income',
      'GST Free Income',
      'BAS Excluded',
    ]);
    expect(organisation(demo.tenantName).queryByLabelText('Sales account code')).toBeNull();
  });

  it('ticking another moves the choice: at most one is ticked', async () => {
    renderList([sparkle, demo], toSparkle);
    const sparkleBox = await checkboxOf(sparkle.tenantName);
    const demoBox = await checkboxOf(demo.tenantName);
    expect(sparkleBox.checked).toBe(true);
    await act(async () => fireEvent.click(demoBox));
    expect(puts()).toEqual([{ tenantId: demo.tenantId }]);
    await waitFor(() =>
      expect(toasts.value.at(-1)?.title).toBe(`Quotes and invoices go to ${demo.tenantName}`),
    );
    expect(demoBox.checked).toBe(true);
    expect(sparkleBox.checked).toBe(false);
  });

  it('unticking sends tenantId null and says quotes are no longer sent', async () => {
    renderList([sparkle], toSparkle);
    const checkbox = await checkboxOf(sparkle.tenantName);
    await act(async () => fireEvent.click(checkbox));
    expect(puts()).toEqual([{ tenantId: null }]);
    await waitFor(() =>
      expect(toasts.value.at(-1)?.title).toBe('Quotes and invoices are no longer sent to Xero'),
    );
    expect(checkbox.checked).toBe(false);
    expect(screen.queryByLabelText('Sales account code')).toBeNull();
  });

  it('ticked at once, and pressed again while it is saved changes nothing', async () => {
    let answer!: (response: Response) => void;
    putAnswers.push(
      (body) =>
        new Promise<Response>((resolve) => {
          answer = (response) => resolve(response.ok ? stored(body) : response);
        }),
    );
    renderList([sparkle]);
    const checkbox = await checkboxOf(sparkle.tenantName);
    await act(async () => fireEvent.click(checkbox));
    expect(checkbox.checked).toBe(true);
    await waitFor(() => expect(checkbox.getAttribute('aria-disabled')).toBe('true'));
    await act(async () => fireEvent.click(checkbox));
    expect(checkbox.checked).toBe(true);
    expect(puts()).toHaveLength(1);
    await act(async () => answer(json(200, {})));
    await waitFor(() => expect(checkbox.getAttribute('aria-disabled')).toBeNull());
    expect(checkbox.checked).toBe(true);
  });

  it('refused (409, Xero granted reports only): the reason beside it, unticked, the screen told', async () => {
    const message = 'Reconnect to allow quotes and invoices';
    putAnswers.push(() =>
      json(409, { error: message, fields: { tenantId: message }, reconnectNeeded: true }),
    );
    renderList([sparkle]);
    const checkbox = await checkboxOf(sparkle.tenantName);
    await act(async () => fireEvent.click(checkbox));
    await waitFor(() => expect(onRefused).toHaveBeenCalledTimes(1));
    expect(checkbox.checked).toBe(false);
    expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    const business = organisation(sparkle.tenantName);
    expect(business.getByText(message)).toBeTruthy();
    expect(toasts.value.at(-1)).toMatchObject({ title: 'Xero settings not saved', description: message });
  });

  it('the chosen organisation keeps its checkbox after Xero’s grant changed, so it can be unticked', async () => {
    renderList([{ ...sparkle, canWrite: false }], toSparkle);
    const checkbox = await checkboxOf(sparkle.tenantName);
    expect(checkbox.checked).toBe(true);
    expect(organisation(sparkle.tenantName).getByText('Reconnect to allow quotes and invoices')).toBeTruthy();
    expect(screen.queryByLabelText('Sales account code')).toBeNull();
  });

  it('the choice could not be read: said once, with Try again', async () => {
    vi.mocked(fetch).mockImplementation(async () => json(500, { error: 'The database is unavailable.' }));
    renderList([sparkle]);
    // A read is retried twice (1 s, then 2 s) before the list says it failed.
    const alert = await screen.findByRole('alert', {}, { timeout: 6_000 });
    expect(alert.textContent).toContain('Failed to fetch where quotes and invoices go');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('the chosen organisation’s Sales account code and Tax type', () => {
  it('Save sends the code and tax type with the organisation, and toasts how lines are coded', async () => {
    renderList([sparkle], toSparkle);
    const code = (await screen.findByLabelText('Sales account code')) as HTMLInputElement;
    fireEvent.change(code, { target: { value: '210' } });
    fireEvent.change(screen.getByLabelText('Tax type'), { target: { value: 'EXEMPTOUTPUT' } });
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    await act(async () => fireEvent.click(save));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()).toEqual([{ tenantId: sparkle.tenantId, accountCode: '210', taxType: 'EXEMPTOUTPUT' }]);
    await waitFor(() =>
      expect(toasts.value.at(-1)?.title).toBe(`Quotes and invoices go to ${sparkle.tenantName}`),
    );
    expect(toasts.value.at(-1)?.description).toBe(
      'Quotes sent from now on are added to Xero on account 210 with GST Free Income.',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
  });

  it('a code Xero would not have: the schema’s message beside it, focus on it, nothing sent', async () => {
    renderList([sparkle], toSparkle);
    const code = (await screen.findByLabelText('Sales account code')) as HTMLInputElement;
    fireEvent.change(code, { target: { value: 'Sales 200' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(screen.getByText(XERO_ACCOUNT_CODE_MESSAGE)).toBeTruthy());
    expect(code.getAttribute('aria-invalid')).toBe('true');
    const error = screen.getByText(XERO_ACCOUNT_CODE_MESSAGE);
    expect(code.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(document.activeElement).toBe(code);
    expect(puts()).toEqual([]);
  });

  it('the server’s field messages (400) are shown beside their fields', async () => {
    putAnswers.push(() =>
      json(400, {
        error: 'Please check the highlighted fields.',
        fields: { accountCode: 'Xero has no account 999 in this organisation' },
      }),
    );
    renderList([sparkle], toSparkle);
    const code = (await screen.findByLabelText('Sales account code')) as HTMLInputElement;
    fireEvent.change(code, { target: { value: '999' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(await screen.findByText('Xero has no account 999 in this organisation')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(code));
  });

  it('says Saving... while busy, and sends once', async () => {
    let answer!: () => void;
    putAnswers.push(
      (body) =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(stored(body));
        }),
    );
    renderList([sparkle], toSparkle);
    const save = await screen.findByRole('button', { name: 'Save' });
    await act(async () => fireEvent.click(save));
    await waitFor(() => expect(save.textContent).toBe('Saving...'));
    expect(save.getAttribute('aria-disabled')).toBe('true');
    await act(async () => fireEvent.click(save));
    expect(puts()).toHaveLength(1);
    await act(async () => answer());
    await waitFor(() => expect(save.textContent).toBe('Save'));
  });
});
