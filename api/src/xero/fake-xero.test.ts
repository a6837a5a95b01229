import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeXero, startFakeXero } from '../../../tests/support/fake-xero.ts';
import { reportFromXeroJson, type XeroReportRow } from './xero-report.ts';

// The fake Xero the product's tests run against, exercised with plain fetch the way the product
// (or xero-node) calls Xero.

const REDIRECT_URI = 'http://127.0.0.1:4620/xero/callback';
const SCOPES =
  'openid profile email offline_access accounting.settings.read accounting.reports.profitandloss.read accounting.reports.balancesheet.read accounting.reports.banksummary.read accounting.reports.trialbalance.read';

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

async function connect(): Promise<TokenSet> {
  const { redirect, verifier } = await authorize();
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
