import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeXero, startFakeXero } from '../../../tests/support/fake-xero.ts';
import { reportFromXeroJson, type XeroReportRow } from './xero-report.ts';

// The fake Xero the product's tests run against, exercised with plain fetch the way the product
// (or xero-node) calls Xero.

const REDIRECT_URI = 'http://127.0.0.1:4620/xero/callback';
const SCOPES =
  'openid profile email offline_access accounting.settings.read accounting.reports.profitandloss.read accounting.reports.balancesheet.read accounting.reports.banksummary.read accounting.reports.trialbalance.read';
const WRITE_SCOPES = `${SCOPES} accounting.transactions accounting.contacts`;

interface TokenSet {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  scope: string;
  id_token: string;
}

let xero: FakeXero;

beforeEach(async () => {
  xero = await startFakeXero();
});

afterEach(async () => {
  await xero.close();
});

function basic(): string {
  return `Basic ${Buffer.from(`${xero.clientId}:${xero.clientSecret}`).toString('base64')}`;
}

async function discovery(): Promise<Record<string, string>> {
  const response = await fetch(`${xero.url}/.well-known/openid-configuration`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, string>;
}

/** Runs authorize as a browser would and returns the redirect's parameters and the verifier. */
async function authorize(
  overrides: Record<string, string> = {},
): Promise<{ redirect: URL; verifier: string; state: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const config = await discovery();
  const target = new URL(config.authorization_endpoint ?? '');
  const params = {
    response_type: 'code',
    client_id: xero.clientId,
    redirect_uri: REDIRECT_URI,
    scope: SCOPES,
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...overrides,
  };
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  const response = await fetch(target, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return { redirect: new URL(response.headers.get('location') ?? ''), verifier, state };
}

async function tokenRequest(form: Record<string, string>, authorization = basic()): Promise<Response> {
  return fetch(`${xero.url}/connect/token`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
}

async function exchange(code: string, verifier: string): Promise<Response> {
  return tokenRequest({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
}

async function connect(scope = SCOPES): Promise<TokenSet> {
  const { redirect, verifier } = await authorize({ scope });
  const response = await exchange(redirect.searchParams.get('code') ?? '', verifier);
  expect(response.status).toBe(200);
  return (await response.json()) as TokenSet;
}

async function refresh(refreshToken: string): Promise<Response> {
  return tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });
}

async function profitAndLoss(
  accessToken: string,
  tenantId = xero.tenants[0]?.tenantId ?? '',
): Promise<Response> {
  return fetch(`${xero.url}/api.xro/2.0/Reports/ProfitAndLoss?fromDate=2026-11-16&toDate=2026-11-22`, {
    headers: {
      authorization: `Bearer ${accessToken}`,
      'xero-tenant-id': tenantId,
      accept: 'application/json',
    },
  });
}

function labels(rows: readonly XeroReportRow[]): string[] {
  return rows.flatMap((row) => [
    ...(row.title ? [row.title] : []),
    ...(row.rowType === 'Header' ? [] : [row.cells?.[0]?.value ?? '']),
    ...labels(row.rows ?? []),
  ]);
}

describe('fake Xero: connecting', () => {
  it('names its endpoints on its own base in the OpenID configuration', async () => {
    const config = await discovery();
    expect(config.issuer).toBe(xero.url);
    expect(config.authorization_endpoint).toBe(`${xero.url}/identity/connect/authorize`);
    expect(config.token_endpoint).toBe(`${xero.url}/connect/token`);
    expect(config.revocation_endpoint).toBe(`${xero.url}/connect/revocation`);
    const keys = await fetch(config.jwks_uri ?? '');
    expect(((await keys.json()) as { keys: unknown[] }).keys).toHaveLength(1);
  });

  it('runs the code flow with PKCE: consent, code, tokens, then the organisation in /connections', async () => {
    const { redirect, state } = await authorize();
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT_URI);
    expect(redirect.searchParams.get('state')).toBe(state);
    expect(redirect.searchParams.get('code')).toBeTruthy();
    expect(redirect.searchParams.get('scope')).toBe(SCOPES);

    const tokens = await connect();
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 1800, scope: SCOPES });
    expect(tokens.access_token).not.toBe(tokens.refresh_token);
    expect(tokens.id_token.split('.')).toHaveLength(3);
    expect(xero.issuedTokens()).toEqual(expect.arrayContaining([tokens.access_token, tokens.refresh_token]));

    const connections = await fetch(`${xero.url}/connections`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(connections.status).toBe(200);
    expect(await connections.json()).toEqual([
      expect.objectContaining({
        tenantId: xero.tenants[0]?.tenantId,
        tenantName: 'Sparkle Clean Pty Ltd',
        tenantType: 'ORGANISATION',
        id: expect.any(String),
      }),
    ]);
    expect(
      xero.requests.map(
        ({ method, path, grantType }) => `${method} ${path}${grantType ? ` ${grantType}` : ''}`,
      ),
    ).toEqual([
      'GET /.well-known/openid-configuration',
      'GET /identity/connect/authorize',
      'GET /.well-known/openid-configuration',
      'GET /identity/connect/authorize',
      'POST /connect/token authorization_code',
      'GET /connections',
    ]);
  });

  it('refuses a wrong verifier, a reused code, another redirect URI and a wrong client secret', async () => {
    const first = await authorize();
    const wrongVerifier = await exchange(
      first.redirect.searchParams.get('code') ?? '',
      randomBytes(32).toString('base64url'),
    );
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toEqual({ error: 'invalid_grant' });

    const second = await authorize();
    const code = second.redirect.searchParams.get('code') ?? '';
    expect((await exchange(code, second.verifier)).status).toBe(200);
    const reused = await exchange(code, second.verifier);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ error: 'invalid_grant' });

    const third = await authorize();
    const elsewhere = await tokenRequest({
      grant_type: 'authorization_code',
      code: third.redirect.searchParams.get('code') ?? '',
      redirect_uri: 'http://127.0.0.1:4620/somewhere-else',
      code_verifier: third.verifier,
    });
    expect(elsewhere.status).toBe(400);

    const fourth = await authorize();
    const badSecret = await tokenRequest(
      {
        grant_type: 'authorization_code',
        code: fourth.redirect.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT_URI,
        code_verifier: fourth.verifier,
      },
      `Basic ${Buffer.from(`${xero.clientId}:not-the-secret`).toString('base64')}`,
    );
    expect(badSecret.status).toBe(401);
    expect(await badSecret.json()).toEqual({ error: 'invalid_client' });
  });

  it('sends a denied consent back with error=access_denied and the state', async () => {
    xero.denyConsent = true;
    const { redirect, state } = await authorize();
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.get('state')).toBe(state);
    expect(redirect.searchParams.has('code')).toBe(false);
  });

  it('answers an unknown client with a 400 page and a request without PKCE with an error redirect', async () => {
    const unknown = await fetch(
      `${xero.url}/identity/connect/authorize?response_type=code&client_id=NOPE&redirect_uri=${encodeURIComponent(REDIRECT_URI)}&scope=openid`,
      { redirect: 'manual' },
    );
    expect(unknown.status).toBe(400);
    const { redirect } = await authorize({ code_challenge: '', code_challenge_method: '' });
    expect(redirect.searchParams.get('error')).toBe('invalid_request');
  });
});

describe('fake Xero: tokens', () => {
  it('rotates refresh tokens: the new one works, the old one is invalid_grant', async () => {
    const tokens = await connect();
    const rotated = await refresh(tokens.refresh_token);
    expect(rotated.status).toBe(200);
    const next = (await rotated.json()) as TokenSet;
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(next.access_token).not.toBe(tokens.access_token);
    expect((await profitAndLoss(next.access_token)).status).toBe(200);

    const old = await refresh(tokens.refresh_token);
    expect(old.status).toBe(400);
    expect(await old.json()).toEqual({ error: 'invalid_grant' });
    expect((await refresh(next.refresh_token)).status).toBe(200);
    expect(xero.requests.filter((request) => request.grantType === 'refresh_token')).toHaveLength(3);
  });

  it('answers 401 TokenExpired after expireAccessTokens, and a refreshed token works', async () => {
    const tokens = await connect();
    expect((await profitAndLoss(tokens.access_token)).status).toBe(200);
    xero.expireAccessTokens();
    const expired = await profitAndLoss(tokens.access_token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({
      Title: 'Unauthorized',
      Status: 401,
      Detail: expect.stringMatching(/^TokenExpired/),
    });
    const next = (await (await refresh(tokens.refresh_token)).json()) as TokenSet;
    expect((await profitAndLoss(next.access_token)).status).toBe(200);
  });

  it('lets access tokens expire in real time (accessTokenSeconds)', async () => {
    await xero.close();
    xero = await startFakeXero({ accessTokenSeconds: 0 });
    const tokens = await connect();
    expect(tokens.expires_in).toBe(0);
    expect((await profitAndLoss(tokens.access_token)).status).toBe(401);
  });

  it('revocation ends the grant: refresh → invalid_grant, access → 401', async () => {
    const tokens = await connect();
    const revoked = await fetch(`${xero.url}/connect/revocation`, {
      method: 'POST',
      headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.refresh_token }),
    });
    expect(revoked.status).toBe(200);
    expect((await refresh(tokens.refresh_token)).status).toBe(400);
    expect((await profitAndLoss(tokens.access_token)).status).toBe(401);
  });

  it('revokeGrant is the user removing the app in Xero; connecting again works', async () => {
    const tokens = await connect();
    xero.revokeGrant();
    expect(await (await refresh(tokens.refresh_token)).json()).toEqual({ error: 'invalid_grant' });
    expect((await profitAndLoss(tokens.access_token)).status).toBe(401);
    const again = await connect();
    expect((await profitAndLoss(again.access_token)).status).toBe(200);
  });
});

describe('fake Xero: reports', () => {
  it('serves the four reports with the organisation and the dates asked for', async () => {
    const tokens = await connect();
    const tenantId = xero.tenants[0]?.tenantId ?? '';
    const get = async (path: string) => {
      const response = await fetch(`${xero.url}/api.xro/2.0/Reports/${path}`, {
        headers: { authorization: `Bearer ${tokens.access_token}`, 'xero-tenant-id': tenantId },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { Reports: unknown[] };
    };
    const profit = reportFromXeroJson(
      'profit_loss',
      await get('ProfitAndLoss?fromDate=2026-11-16&toDate=2026-11-22'),
    );
    expect(profit.reportTitles).toEqual([
      'Profit and Loss',
      'Sparkle Clean Pty Ltd',
      '16 November 2026 to 22 November 2026',
    ]);
    expect(profit.rows[0]).toEqual({ rowType: 'Header', cells: [{ value: '' }, { value: '22 Nov 2026' }] });
    expect(labels(profit.rows)).toEqual(
      expect.arrayContaining([
        'Income',
        'Cleaning services',
        'End of lease cleaning',
        'NDIS cleaning',
        'Total Income',
        'Less Cost of Sales',
        'Gross Profit',
        'Less Operating Expenses',
        'Wages and salaries',
        'Superannuation',
        'Net Profit',
      ]),
    );
    const last = profit.rows.at(-1);
    expect(last).toMatchObject({ rowType: 'Section', title: '', rows: [{ rowType: 'SummaryRow' }] });
    expect(last?.rows?.[0]?.cells?.[0]?.value).toBe('Net Profit');

    const balance = reportFromXeroJson('balance_sheet', await get('BalanceSheet?date=2026-11-22'));
    expect(balance.reportTitles[2]).toBe('As at 22 November 2026');
    expect(balance.rows[0]?.cells?.map((cell) => cell.value)).toEqual(['', '22 Nov 2026', '22 Nov 2025']);
    expect(labels(balance.rows)).toEqual(
      expect.arrayContaining(['Bank', 'GST', 'Total Assets', 'Net Assets', 'Total Equity']),
    );

    const bank = reportFromXeroJson(
      'bank_summary',
      await get('BankSummary?fromDate=2026-11-16&toDate=2026-11-22'),
    );
    expect(bank.reportTitles[2]).toBe('From 16 November 2026 to 22 November 2026');
    expect(bank.rows[0]?.cells?.map((cell) => cell.value)).toEqual([
      'Bank Accounts',
      'Opening Balance',
      'Cash Received',
      'Cash Spent',
      'Closing Balance',
    ]);

    const trial = reportFromXeroJson('trial_balance', await get('TrialBalance?date=2026-11-22'));
    expect(trial.rows.filter((row) => row.rowType === 'Section').map((row) => row.title)).toEqual([
      'Revenue',
      'Expenses',
      'Assets',
      'Liabilities',
      'Equity',
      '',
    ]);
  });

  it('serves figures that add up, with the negatives a reader must see', () => {
    const cents = (value: string | undefined) => Math.round(Number(value) * 100);
    const sectionTotal = (
      rows: readonly { Cells?: { Value: string }[]; RowType: string }[],
      column: number,
    ) =>
      rows
        .filter((row) => row.RowType === 'Row')
        .reduce((total, row) => total + cents(row.Cells?.[column]?.Value), 0);
    for (const type of ['profit_loss', 'balance_sheet', 'bank_summary'] as const) {
      for (const row of xero.reportRows(type)) {
        const summary = row.Rows?.find((inner) => inner.RowType === 'SummaryRow');
        if (row.RowType !== 'Section' || !summary || !row.Rows?.some((inner) => inner.RowType === 'Row'))
          continue;
        for (let column = 1; column < (summary.Cells?.length ?? 0); column += 1) {
          expect(sectionTotal(row.Rows, column), `${type} ${row.Title} column ${column}`).toBe(
            cents(summary.Cells?.[column]?.Value),
          );
        }
      }
    }
    const balance = xero.reportRows('balance_sheet');
    const single = (label: string) =>
      balance.flatMap((row) => row.Rows ?? []).find((row) => row.Cells?.[0]?.Value === label)?.Cells?.[1]
        ?.Value;
    expect(cents(single('Net Assets'))).toBe(cents(single('Total Equity')));
    expect(cents(single('Total Assets')) - cents(single('Total Liabilities'))).toBe(
      cents(single('Net Assets')),
    );
    expect(Number(single('GST'))).toBeLessThan(0);

    const trialTotal = xero
      .reportRows('trial_balance')
      .at(-1)
      ?.Rows?.[0]?.Cells?.map((cell) => cell.Value);
    expect(trialTotal?.[1]).toBe(trialTotal?.[2]);
    expect(trialTotal?.[3]).toBe(trialTotal?.[4]);
  });

  it('needs a connected tenant: unknown → 403, and 403 once DELETE /connections removed it', async () => {
    const tokens = await connect();
    expect((await profitAndLoss(tokens.access_token, '00000000-0000-4000-8000-000000000000')).status).toBe(
      403,
    );
    const [connection] = (await (
      await fetch(`${xero.url}/connections`, { headers: { authorization: `Bearer ${tokens.access_token}` } })
    ).json()) as { id: string }[];
    const removed = await fetch(`${xero.url}/connections/${connection?.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(removed.status).toBe(204);
    expect(xero.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/connections/${connection?.id}` });
    const after = await profitAndLoss(tokens.access_token);
    expect(after.status).toBe(403);
    expect(await after.json()).toMatchObject({ Status: 403, Title: 'Forbidden' });
    expect(xero.requests.at(-1)?.tenantId).toBe(xero.tenants[0]?.tenantId);
  });

  it('fails the next request under a path once (failNext), with a Xero-style body', async () => {
    const tokens = await connect();
    xero.failNext('/api.xro/2.0/Reports', 500);
    const failed = await profitAndLoss(tokens.access_token);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ Status: 500, Title: 'Internal Server Error' });
    expect((await profitAndLoss(tokens.access_token)).status).toBe(200);

    xero.failNext('/connect/token', 503);
    const token = await refresh(tokens.refresh_token);
    expect(token.status).toBe(503);
    expect(await token.json()).toEqual({ error: 'server_error' });
    // The failed refresh did not rotate anything: the same refresh token still works.
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
  });

  it('holds the next answer under a path (delayNext) until the client gives up', async () => {
    const tokens = await connect();
    xero.delayNext('/api.xro/2.0/Reports/BalanceSheet', 5_000);
    const slow = fetch(`${xero.url}/api.xro/2.0/Reports/BalanceSheet`, {
      headers: {
        authorization: `Bearer ${tokens.access_token}`,
        'xero-tenant-id': xero.tenants[0]?.tenantId ?? '',
      },
      signal: AbortSignal.timeout(200),
    });
    await expect(slow).rejects.toThrow(/timeout|aborted/i);
    // Other paths, and the next request on the same path, are not held.
    expect((await profitAndLoss(tokens.access_token)).status).toBe(200);
  });

  it('serves several organisations when given them', async () => {
    await xero.close();
    xero = await startFakeXero({
      tenants: [{ tenantName: 'Sparkle Clean Pty Ltd' }, { tenantName: 'Sparkle Clean Geelong Pty Ltd' }],
    });
    const tokens = await connect();
    const second = xero.tenants[1]?.tenantId ?? '';
    const response = await profitAndLoss(tokens.access_token, second);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { Reports: { ReportTitles: string[] }[] };
    expect(body.Reports[0]?.ReportTitles[1]).toBe('Sparkle Clean Geelong Pty Ltd');
  });
});

interface XeroList {
  Contacts?: Record<string, unknown>[];
  Quotes?: Record<string, unknown>[];
  Invoices?: Record<string, unknown>[];
}

/** One accounting API call as the product makes it: JSON, the tenant header, maybe an Idempotency-Key. */
async function accounting(
  accessToken: string,
  method: string,
  path: string,
  options: { body?: unknown; key?: string; tenantId?: string } = {},
): Promise<Response> {
  return fetch(`${xero.url}/api.xro/2.0${path}`, {
    method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      'xero-tenant-id': options.tenantId ?? xero.tenants[0]?.tenantId ?? '',
      accept: 'application/json',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

async function json(response: Response, status = 200): Promise<XeroList & Record<string, unknown>> {
  expect(response.status).toBe(status);
  return (await response.json()) as XeroList & Record<string, unknown>;
}

const CUSTOMER = {
  Name: 'Priya Raman',
  EmailAddress: 'Priya.Raman@example.com',
  Phones: [{ PhoneType: 'MOBILE', PhoneNumber: '0412 345 678' }],
  Addresses: [
    {
      AddressType: 'STREET',
      AddressLine1: '12 Smith St',
      City: 'Fitzroy',
      Region: 'VIC',
      PostalCode: '3065',
      Country: 'Australia',
    },
  ],
};

async function createContact(accessToken: string, contact: Record<string, unknown> = CUSTOMER) {
  const body = await json(
    await accounting(accessToken, 'POST', '/Contacts', { body: { Contacts: [contact] } }),
  );
  return String(body.Contacts?.[0]?.ContactID);
}

/** A quote of two GST-inclusive lines: 2.5 × 49.99 (GST) and 1 × 80 (no GST). */
function quoteBody(contactId: string, extra: Record<string, unknown> = {}) {
  return {
    Quotes: [
      {
        Contact: { ContactID: contactId },
        Date: '2026-11-20',
        ExpiryDate: '2026-12-04',
        Reference: 'CQ-1042',
        Status: 'SENT',
        LineAmountTypes: 'Inclusive',
        LineItems: [
          {
            Description: 'End of lease clean',
            Quantity: 2.5,
            UnitAmount: 49.99,
            AccountCode: '200',
            TaxType: 'OUTPUT',
          },
          {
            Description: 'Bond fee',
            Quantity: 1,
            UnitAmount: 80,
            AccountCode: '200',
            TaxType: 'BASEXCLUDED',
          },
        ],
        ...extra,
      },
    ],
  };
}

describe('fake Xero: contacts, quotes and invoices', () => {
  it('offers the accounting scopes and needs them: reading takes .read, writing takes both', async () => {
    const config = (await discovery()) as unknown as { scopes_supported: string[] };
    expect(config.scopes_supported).toEqual(
      expect.arrayContaining([
        'accounting.transactions',
        'accounting.transactions.read',
        'accounting.contacts',
        'accounting.contacts.read',
      ]),
    );

    const reportsOnly = await connect();
    for (const path of ['/Contacts', '/Quotes', '/Invoices']) {
      const read = await accounting(reportsOnly.access_token, 'GET', path);
      expect(await json(read, 403)).toMatchObject({ Status: 403, Detail: 'AuthorizationUnsuccessful' });
    }
    const write = await accounting(reportsOnly.access_token, 'POST', '/Contacts', { body: CUSTOMER });
    expect(await json(write, 403)).toMatchObject({ Detail: 'AuthorizationUnsuccessful' });

    const readOnly = await connect(`${SCOPES} accounting.transactions.read accounting.contacts.read`);
    expect(readOnly.scope).toContain('accounting.contacts.read');
    expect((await accounting(readOnly.access_token, 'GET', '/Contacts')).status).toBe(200);
    expect((await accounting(readOnly.access_token, 'GET', '/Quotes')).status).toBe(200);
    expect((await accounting(readOnly.access_token, 'PUT', '/Contacts', { body: CUSTOMER })).status).toBe(
      403,
    );

    const contactsOnly = await connect(`${SCOPES} accounting.contacts`);
    expect((await accounting(contactsOnly.access_token, 'GET', '/Contacts')).status).toBe(200);
    expect((await accounting(contactsOnly.access_token, 'GET', '/Invoices')).status).toBe(403);
    expect(
      (await accounting(contactsOnly.access_token, 'POST', '/Contacts', { body: CUSTOMER })).status,
    ).toBe(403);
    expect(xero.contacts()).toEqual([]);

    const full = await connect(WRITE_SCOPES);
    expect((await accounting(full.access_token, 'POST', '/Contacts', { body: CUSTOMER })).status).toBe(200);
    const unknownTenant = await accounting(full.access_token, 'GET', '/Contacts', {
      tenantId: '00000000-0000-4000-8000-000000000000',
    });
    expect(await json(unknownTenant, 403)).toMatchObject({ Detail: 'AuthenticationUnsuccessful' });
    expect((await accounting('not-a-token', 'GET', '/Contacts')).status).toBe(401);
    xero.expireAccessTokens();
    expect((await accounting(full.access_token, 'POST', '/Contacts', { body: CUSTOMER })).status).toBe(401);
    expect(xero.contacts()).toHaveLength(1);
  });

  it('finds contacts by email (where=EmailAddress=="…", any case) and creates them with an ID', async () => {
    const tokens = await connect(WRITE_SCOPES);
    const where = `/Contacts?where=${encodeURIComponent('EmailAddress=="priya.raman@example.com"')}`;
    expect(await json(await accounting(tokens.access_token, 'GET', where))).toMatchObject({ Contacts: [] });

    const created = await json(
      await accounting(tokens.access_token, 'POST', '/Contacts', { body: { Contacts: [CUSTOMER] } }),
    );
    const contact = created.Contacts?.[0];
    expect(contact).toMatchObject({
      ContactID: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ContactStatus: 'ACTIVE',
      Name: 'Priya Raman',
      EmailAddress: 'Priya.Raman@example.com',
    });
    expect(contact?.Phones).toContainEqual({ PhoneType: 'MOBILE', PhoneNumber: '0412 345 678' });
    expect(contact?.Addresses).toContainEqual(CUSTOMER.Addresses[0]);
    expect(xero.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api.xro/2.0/Contacts',
      body: { Contacts: [CUSTOMER] },
    });

    const found = await json(await accounting(tokens.access_token, 'GET', where));
    expect(found.Contacts).toEqual([contact]);
    // The same filter unencoded, as a hand-written URL would send it.
    const raw = await json(
      await accounting(tokens.access_token, 'GET', '/Contacts?where=EmailAddress=="PRIYA.RAMAN@EXAMPLE.COM"'),
    );
    expect(raw.Contacts?.map((entry) => entry.ContactID)).toEqual([contact?.ContactID]);
    const byId = await json(await accounting(tokens.access_token, 'GET', `/Contacts/${contact?.ContactID}`));
    expect(byId.Contacts).toEqual([contact]);

    // PUT creates too, and takes one contact without the list around it.
    const single = await json(
      await accounting(tokens.access_token, 'PUT', '/Contacts', {
        body: { Name: 'Tom Lee', EmailAddress: 'tom@example.com' },
      }),
    );
    expect(single.Contacts?.[0]).toMatchObject({ Name: 'Tom Lee', ContactStatus: 'ACTIVE' });
    expect(xero.contacts().map((entry) => entry.Name)).toEqual(['Priya Raman', 'Tom Lee']);
    expect(xero.contacts()[0]).toEqual(contact);
  });

  it("refuses a taken name and a missing one with Xero's ValidationException", async () => {
    const tokens = await connect(WRITE_SCOPES);
    await createContact(tokens.access_token);
    const taken = await accounting(tokens.access_token, 'POST', '/Contacts', {
      body: { Contacts: [{ Name: 'priya raman', EmailAddress: 'other@example.com' }] },
    });
    expect(await json(taken, 400)).toEqual({
      ErrorNumber: 10,
      Type: 'ValidationException',
      Message: 'A validation exception occurred',
      Elements: [
        expect.objectContaining({
          Name: 'priya raman',
          ValidationErrors: [
            {
              Message:
                'The contact name priya raman is already assigned to another contact. The contact name must be unique across all active contacts.',
            },
          ],
        }),
      ],
    });
    const nameless = await accounting(tokens.access_token, 'POST', '/Contacts', {
      body: { Contacts: [{ EmailAddress: 'noname@example.com' }] },
    });
    expect(await json(nameless, 400)).toMatchObject({ Type: 'ValidationException' });
    const notJson = await fetch(`${xero.url}/api.xro/2.0/Contacts`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens.access_token}`,
        'xero-tenant-id': xero.tenants[0]?.tenantId ?? '',
      },
      body: '{"Contacts": [',
    });
    expect(await json(notJson, 400)).toMatchObject({ ErrorNumber: 14, Type: 'PostDataInvalidException' });
    expect(xero.contacts()).toHaveLength(1);
  });

  it('creates quotes numbered QU-0001…, with GST-inclusive totals worked out per line', async () => {
    const tokens = await connect(WRITE_SCOPES);
    const contactId = await createContact(tokens.access_token);
    const first = await json(
      await accounting(tokens.access_token, 'POST', '/Quotes', { body: quoteBody(contactId) }),
    );
    const quote = first.Quotes?.[0];
    expect(quote).toMatchObject({
      QuoteID: expect.stringMatching(/^[0-9a-f-]{36}$/),
      QuoteNumber: 'QU-0001',
      Reference: 'CQ-1042',
      Status: 'SENT',
      LineAmountTypes: 'Inclusive',
      Contact: { ContactID: contactId, Name: 'Priya Raman' },
      DateString: '2026-11-20T00:00:00',
      ExpiryDateString: '2026-12-04T00:00:00',
      // 2.5 × 49.99 = 124.975 → 124.98, of which GST 124.98 / 11 = 11.36; the bond fee has none.
      Total: 204.98,
      TotalTax: 11.36,
      SubTotal: 193.62,
      LineItems: [
        expect.objectContaining({
          LineAmount: 124.98,
          TaxAmount: 11.36,
          TaxType: 'OUTPUT',
          AccountCode: '200',
        }),
        expect.objectContaining({ LineAmount: 80, TaxAmount: 0, TaxType: 'BASEXCLUDED' }),
      ],
    });
    const second = await json(
      await accounting(tokens.access_token, 'PUT', '/Quotes', {
        body: quoteBody(contactId, { LineAmountTypes: 'Exclusive', Status: 'DRAFT' }),
      }),
    );
    // Exclusive: GST is added on top of the line amounts.
    expect(second.Quotes?.[0]).toMatchObject({
      QuoteNumber: 'QU-0002',
      SubTotal: 204.98,
      TotalTax: 12.5,
      Total: 217.48,
    });

    const all = await json(await accounting(tokens.access_token, 'GET', '/Quotes'));
    expect(all.Quotes?.map((entry) => entry.QuoteNumber)).toEqual(['QU-0001', 'QU-0002']);
    const one = await json(await accounting(tokens.access_token, 'GET', `/Quotes/${quote?.QuoteID}`));
    expect(one.Quotes).toEqual([{ ...quote, UpdatedDateUTC: expect.any(String) }]);
    expect(xero.quotes()).toHaveLength(2);
    expect((await accounting(tokens.access_token, 'GET', `/Quotes/${contactId}`)).status).toBe(404);
  });

  it('updates a quote named by its QuoteID: new lines, or only a status that keeps the lines', async () => {
    const tokens = await connect(WRITE_SCOPES);
    const contactId = await createContact(tokens.access_token);
    const created = await json(
      await accounting(tokens.access_token, 'POST', '/Quotes', { body: quoteBody(contactId) }),
    );
    const quoteId = String(created.Quotes?.[0]?.QuoteID);

    const revised = await json(
      await accounting(tokens.access_token, 'POST', '/Quotes', {
        body: quoteBody(contactId, {
          QuoteID: quoteId,
          LineItems: [{ Description: 'Carpet steam clean', Quantity: 3, UnitAmount: 55, TaxType: 'OUTPUT' }],
        }),
      }),
    );
    expect(revised.Quotes?.[0]).toMatchObject({
      QuoteID: quoteId,
      QuoteNumber: 'QU-0001',
      Total: 165,
      TotalTax: 15,
    });

    // Status alone, as a status change is sent: with or without Contact and Date.
    const accepted = await json(
      await accounting(tokens.access_token, 'POST', '/Quotes', {
        body: {
          Quotes: [
            { QuoteID: quoteId, Contact: { ContactID: contactId }, Date: '2026-11-20', Status: 'ACCEPTED' },
          ],
        },
      }),
    );
    expect(accepted.Quotes?.[0]).toMatchObject({ Status: 'ACCEPTED', Total: 165, Reference: 'CQ-1042' });
    const invoiced = await json(
      await accounting(tokens.access_token, 'POST', `/Quotes/${quoteId}`, { body: { Status: 'INVOICED' } }),
    );
    expect(invoiced.Quotes?.[0]).toMatchObject({ QuoteID: quoteId, Status: 'INVOICED' });
    expect(xero.quotes()).toEqual([
      expect.objectContaining({ QuoteID: quoteId, Status: 'INVOICED', Total: 165 }),
    ]);

    const badStatus = await accounting(tokens.access_token, 'POST', '/Quotes', {
      body: { Quotes: [{ QuoteID: quoteId, Status: 'APPROVED' }] },
    });
    expect(badStatus.status).toBe(400);
    const unknownContact = await accounting(tokens.access_token, 'POST', '/Quotes', {
      body: quoteBody('00000000-0000-4000-8000-000000000000'),
    });
    expect(await json(unknownContact, 400)).toMatchObject({
      Type: 'ValidationException',
      Elements: [{ ValidationErrors: [{ Message: expect.stringMatching(/contact/i) }] }],
    });
    expect(xero.quotes()).toEqual([expect.objectContaining({ Status: 'INVOICED' })]);
  });

  it('creates draft invoices numbered INV-0001…, with the totals of their lines', async () => {
    const tokens = await connect(WRITE_SCOPES);
    const contactId = await createContact(tokens.access_token);
    const lines = quoteBody(contactId).Quotes[0]?.LineItems;
    const body = {
      Invoices: [
        {
          Type: 'ACCREC',
          Contact: { ContactID: contactId },
          Date: '2026-11-27',
          Reference: 'CQ-1042',
          Status: 'DRAFT',
          LineAmountTypes: 'Inclusive',
          LineItems: lines,
        },
      ],
    };
    const created = await json(await accounting(tokens.access_token, 'POST', '/Invoices', { body }));
    const invoice = created.Invoices?.[0];
    expect(invoice).toMatchObject({
      Type: 'ACCREC',
      InvoiceID: expect.stringMatching(/^[0-9a-f-]{36}$/),
      InvoiceNumber: 'INV-0001',
      Status: 'DRAFT',
      DateString: '2026-11-27T00:00:00',
      Contact: { ContactID: contactId },
      Total: 204.98,
      TotalTax: 11.36,
      SubTotal: 193.62,
      AmountDue: 204.98,
    });
    const next = await json(await accounting(tokens.access_token, 'PUT', '/Invoices', { body }));
    expect(next.Invoices?.[0]?.InvoiceNumber).toBe('INV-0002');
    const one = await json(await accounting(tokens.access_token, 'GET', `/Invoices/${invoice?.InvoiceID}`));
    expect(one.Invoices?.[0]?.InvoiceNumber).toBe('INV-0001');
    expect((await json(await accounting(tokens.access_token, 'GET', '/Invoices'))).Invoices).toHaveLength(2);
    expect(xero.invoices()).toHaveLength(2);
    expect(xero.quotes()).toEqual([]);
  });

  it('answers a repeated Idempotency-Key with the first answer and creates nothing again', async () => {
    const tokens = await connect(WRITE_SCOPES);
    const contactId = await createContact(tokens.access_token);
    const first = await accounting(tokens.access_token, 'POST', '/Quotes', {
      body: quoteBody(contactId),
      key: 'q1:1:quote',
    });
    const firstBody = await json(first);
    const again = await accounting(tokens.access_token, 'POST', '/Quotes', {
      body: quoteBody(contactId),
      key: 'q1:1:quote',
    });
    expect(await json(again)).toEqual(firstBody);
    expect(xero.quotes()).toHaveLength(1);
    expect(xero.requests.at(-1)).toMatchObject({ idempotencyKey: 'q1:1:quote', replayed: true });
    expect(xero.requests.at(-2)).toMatchObject({ idempotencyKey: 'q1:1:quote' });
    expect(xero.requests.at(-2)?.replayed).toBeUndefined();

    // A refused write is not remembered: its retry with the same key is handled afresh.
    const refused = await accounting(tokens.access_token, 'POST', '/Invoices', {
      body: {
        Invoices: [{ Type: 'ACCREC', Contact: { ContactID: 'nobody' }, LineItems: [{ Description: 'x' }] }],
      },
      key: 'q1:1:invoice',
    });
    expect(refused.status).toBe(400);
    const retried = await accounting(tokens.access_token, 'POST', '/Invoices', {
      body: {
        Invoices: [
          {
            Type: 'ACCREC',
            Contact: { ContactID: contactId },
            LineItems: [{ Description: 'x', UnitAmount: 10 }],
          },
        ],
      },
      key: 'q1:1:invoice',
    });
    expect((await json(retried)).Invoices?.[0]?.InvoiceNumber).toBe('INV-0001');
    expect(xero.invoices()).toHaveLength(1);
    // Without a key, each write is its own.
    await accounting(tokens.access_token, 'POST', '/Quotes', { body: quoteBody(contactId) });
    expect(xero.quotes()).toHaveLength(2);
  });

  it('keeps each organisation its own books, numbers and Idempotency-Keys', async () => {
    await xero.close();
    xero = await startFakeXero({
      tenants: [{ tenantName: 'Sparkle Clean Pty Ltd' }, { tenantName: 'Sparkle Clean Geelong Pty Ltd' }],
    });
    const tokens = await connect(WRITE_SCOPES);
    const second = xero.tenants[1]?.tenantId ?? '';
    const here = await createContact(tokens.access_token);
    const created = await accounting(tokens.access_token, 'POST', '/Contacts', {
      body: CUSTOMER,
      tenantId: second,
    });
    const there = String((await json(created)).Contacts?.[0]?.ContactID);
    await accounting(tokens.access_token, 'POST', '/Quotes', { body: quoteBody(here), key: 'same-key' });
    const other = await accounting(tokens.access_token, 'POST', '/Quotes', {
      body: quoteBody(there),
      key: 'same-key',
      tenantId: second,
    });
    expect((await json(other)).Quotes?.[0]?.QuoteNumber).toBe('QU-0001');
    expect(xero.quotes()).toHaveLength(1);
    expect(xero.quotes(second)).toHaveLength(1);
    expect(xero.contacts(second)).toHaveLength(1);
    // A contact of one organisation is unknown to the other.
    const crossed = await accounting(tokens.access_token, 'POST', '/Quotes', { body: quoteBody(there) });
    expect(crossed.status).toBe(400);
  });

  it('fails writes before they are handled (failTimes, rateLimitNext): nothing created, retry works', async () => {
    const tokens = await connect(WRITE_SCOPES);
    const contactId = await createContact(tokens.access_token);
    xero.failTimes('/api.xro/2.0/Quotes', 500, 2);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const failed = await accounting(tokens.access_token, 'POST', '/Quotes', {
        body: quoteBody(contactId),
        key: 'k',
      });
      expect(await json(failed, 500)).toMatchObject({ Status: 500, Title: 'Internal Server Error' });
    }
    expect(xero.quotes()).toEqual([]);
    // The failed attempts are logged with their key and body.
    expect(xero.requests.at(-1)).toMatchObject({ idempotencyKey: 'k', body: quoteBody(contactId) });
    const third = await accounting(tokens.access_token, 'POST', '/Quotes', {
      body: quoteBody(contactId),
      key: 'k',
    });
    expect((await json(third)).Quotes?.[0]?.QuoteNumber).toBe('QU-0001');
    expect(xero.requests.at(-1)?.replayed).toBeUndefined();

    expect(xero.requests.at(-1)?.at).toBeGreaterThanOrEqual(xero.requests.at(-2)?.at ?? Number.NaN);
    xero.rateLimitNext('/api.xro/2.0/Contacts', 7);
    const limited = await accounting(tokens.access_token, 'GET', '/Contacts');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect((await accounting(tokens.access_token, 'GET', '/Contacts')).status).toBe(200);
    // failNext takes a count too; its 429 asks for Xero's usual minute.
    xero.failNext('/api.xro/2.0/Contacts', 429, 2);
    expect((await accounting(tokens.access_token, 'GET', '/Contacts')).headers.get('retry-after')).toBe('60');
    expect((await accounting(tokens.access_token, 'GET', '/Contacts')).headers.get('retry-after')).toBe('60');
  });

  it('stays down under a path (failAlways) until stopFailing, other paths unharmed', async () => {
    const tokens = await connect(WRITE_SCOPES);
    const contactId = await createContact(tokens.access_token);
    xero.failAlways('/api.xro/2.0/Invoices', 503);
    const body = {
      Type: 'ACCREC',
      Contact: { ContactID: contactId },
      LineItems: [{ Description: 'x', UnitAmount: 1 }],
    };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await accounting(tokens.access_token, 'POST', '/Invoices', { body })).status).toBe(503);
    }
    expect((await accounting(tokens.access_token, 'GET', '/Quotes')).status).toBe(200);
    expect((await profitAndLoss(tokens.access_token)).status).toBe(200);
    xero.stopFailing('/api.xro/2.0/Quotes');
    expect((await accounting(tokens.access_token, 'POST', '/Invoices', { body })).status).toBe(503);
    xero.stopFailing();
    expect((await accounting(tokens.access_token, 'POST', '/Invoices', { body })).status).toBe(200);
    expect(xero.invoices()).toHaveLength(1);
  });
});
