import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeXero, productEnvironmentFor, startFakeXero } from '../../../../tests/support/fake-xero.ts';
import { type App, createApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { type Environment, parseEnvironment } from '../../env.ts';
import { ManualClock } from '../../jobs/clock.ts';
import { createLogger } from '../../lib/logger.ts';
import { createTestAdmin, signIn, testAdmin } from '../../test-support/sign-in.ts';
import { eq, outbox, sql } from '../../test-support/stored-rows.ts';
import { XERO_RECONNECT_MAIL_KIND } from '../../xero/token-store.ts';
import { XERO_TEST_REPORT_KIND } from '../../xero/xero-service.ts';

const PUBLIC_URL = 'https://clean.example';
let fake: FakeXero;
let directory: string;
const databases: Database[] = [];

beforeEach(async () => {
  fake = await startFakeXero();
  directory = mkdtempSync(join(tmpdir(), 'cleanquote-xero-'));
});
afterEach(async () => {
  for (const database of databases.splice(0)) database.close();
  await fake.close();
  rmSync(directory, { recursive: true, force: true });
});

function xeroEnvironment(overrides: Record<string, string> = {}): Environment {
  return parseEnvironment({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
    DATABASE_URL: `file:${join(directory, 'xero.db')}`,
    ADMIN_EMAIL: testAdmin.email,
    ...productEnvironmentFor(fake),
    ...overrides,
  });
}

/** One app process on the shared database file, with an admin signed in. */
async function adminApp(environment: Environment, now = '2026-11-23T10:00:00+11:00') {
  const database = await openDatabase({ url: environment.DATABASE_URL });
  databases.push(database);
  await createTestAdmin(database);
  const app = createApp({
    environment,
    database,
    logger: createLogger('silent'),
    clock: new ManualClock(now),
  });
  const cookie = await signIn(app);
  const call = (path: string, init: RequestInit = {}) =>
    app.request(path, {
      ...init,
      headers: {
        Cookie: cookie,
        Origin: PUBLIC_URL,
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        ...init.headers,
      },
    });
  return { app, database, cookie, call };
}

/** The browser's trip: /xero/connect → Xero's consent → /xero/callback. @returns the callback page. */
async function connect(
  app: App,
  cookie: string,
  tamper?: (callback: URL) => void | Promise<void>,
): Promise<Response> {
  const start = await app.request('/xero/connect', { headers: { Cookie: cookie } });
  expect(start.status).toBe(302);
  const consent = await fetch(start.headers.get('Location') ?? '', { redirect: 'manual' });
  const callback = new URL(consent.headers.get('Location') ?? '');
  expect(`${callback.origin}${callback.pathname}`).toBe(`${PUBLIC_URL}/xero/callback`);
  await tamper?.(callback);
  return app.request(`/xero/callback${callback.search}`, { headers: { Cookie: cookie } });
}

async function status(call: Awaited<ReturnType<typeof adminApp>>['call']) {
  const response = await call('/api/xero/status');
  expect(response.status).toBe(200);
  return (await response.json()) as {
    configured: boolean;
    connected: boolean;
    tenants: { tenantId: string; tenantName: string; connected: boolean; reconnectNeeded: boolean }[];
  };
}

const tenant = () => fake.tenants[0]?.tenantId ?? '';

async function mailsOf(database: Database, kind: string) {
  return database.db.select().from(outbox).where(eq(outbox.kind, kind));
}

function tokenRefreshes(): number {
  return fake.requests.filter((request) => request.grantType === 'refresh_token').length;
}

describe('connecting Xero', () => {
  it('connects through the consent, lists the organisation and keeps no token readable on disk', async () => {
    const environment = xeroEnvironment();
    const { app, cookie, call, database } = await adminApp(environment);
    expect(await status(call)).toEqual({ configured: true, connected: false, tenants: [] });
    const start = await app.request('/xero/connect', { headers: { Cookie: cookie } });
    const authorize = new URL(start.headers.get('Location') ?? '');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toMatch(/^[a-z2-7]{32}$/);
    expect(authorize.searchParams.get('scope')).toContain('accounting.reports.profitandloss.read');

    const page = await connect(app, cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Xero connected</h1>');
    expect(html).toContain('Sparkle Clean Pty Ltd');
    expect(page.headers.get('Cross-Origin-Opener-Policy')).toBe('unsafe-none');
    expect(await status(call)).toMatchObject({
      connected: true,
      tenants: [
        { tenantId: tenant(), tenantName: 'Sparkle Clean Pty Ltd', connected: true, reconnectNeeded: false },
      ],
    });

    // Use and refresh the tokens so several sets have been stored, then read the file's bytes.
    fake.expireAccessTokens();
    expect(
      (
        await call('/api/xero/test-reports', {
          method: 'POST',
          body: JSON.stringify({ tenantId: tenant(), email: 'books@sparkleclean.example' }),
        })
      ).status,
    ).toBe(200);
    await database.writes.drain();
    const file = environment.DATABASE_URL.replace('file:', '');
    const bytes = Buffer.concat([file, `${file}-wal`].filter(existsSync).map((path) => readFileSync(path)));
    const tokens = fake.issuedTokens();
    expect(tokens.length).toBeGreaterThanOrEqual(4);
    for (const token of tokens) expect(bytes.includes(token)).toBe(false);
  });

  it('refuses a reused state, another session’s state, a denied consent and a failed exchange, storing nothing', async () => {
    const { app, cookie, call } = await adminApp(xeroEnvironment());
    let used = '';
    const first = await connect(app, cookie, (callback) => {
      used = callback.search;
    });
    expect(first.status).toBe(200);
    const reused = await app.request(`/xero/callback${used}`, { headers: { Cookie: cookie } });
    expect(reused.status).toBe(400);
    const reusedPage = await reused.text();
    expect(reusedPage).toContain('Xero connection failed');
    expect(reusedPage).toContain('expired or was already used');
    expect(reusedPage).not.toContain('Xero connected');

    // A state started by one session, completed by another session of the same admin.
    const otherSession = await signIn(app);
    const start = await app.request('/xero/connect', { headers: { Cookie: cookie } });
    const consent = await fetch(start.headers.get('Location') ?? '', { redirect: 'manual' });
    const search = new URL(consent.headers.get('Location') ?? '').search;
    const crossSession = await app.request(`/xero/callback${search}`, { headers: { Cookie: otherSession } });
    expect(crossSession.status).toBe(400);
    expect(await crossSession.text()).not.toContain('Xero connected');

    // A fresh database for the rest: nothing connected yet.
    const fresh = await adminApp(xeroEnvironment({ DATABASE_URL: `file:${join(directory, 'fresh.db')}` }));
    fake.denyConsent = true;
    const denied = await connect(fresh.app, fresh.cookie);
    expect(denied.status).toBe(400);
    expect(await denied.text()).toContain('Access was not allowed in Xero, so nothing was connected.');
    fake.denyConsent = false;
    fake.failNext('/connect/token', 500);
    const failed = await connect(fresh.app, fresh.cookie);
    expect(failed.status).toBe(400);
    expect(await failed.text()).toContain('Xero connection failed');
    expect((await status(fresh.call)).tenants).toEqual([]);
    expect((await status(call)).tenants).toHaveLength(1);
  });

  it('refuses a consent completed more than 10 minutes after it started', async () => {
    const { app, cookie, call, database } = await adminApp(xeroEnvironment());
    const late = await connect(app, cookie, async () => {
      // The consent row as 10 minutes and a second later would find it.
      await database.writes.run((tx) =>
        tx.run(sql`UPDATE xero_consents SET expires_at = ${Date.now() - 1_000}`),
      );
    });
    expect(late.status).toBe(400);
    expect(await late.text()).toContain('expired or was already used');
    expect((await status(call)).tenants).toEqual([]);
  });

  it('keeps working after SECRETS_KEY is rotated, and seals new tokens with the new key', async () => {
    const oldKey = randomBytes(32).toString('base64');
    const before = await adminApp(xeroEnvironment({ SECRETS_KEY: oldKey }));
    await connect(before.app, before.cookie);
    const rotated = await adminApp(
      xeroEnvironment({ SECRETS_KEY: randomBytes(32).toString('base64'), SECRETS_KEY_PREVIOUS: oldKey }),
    );
    fake.expireAccessTokens();
    const response = await rotated.call('/api/xero/test-reports', {
      method: 'POST',
      body: JSON.stringify({ tenantId: tenant(), email: 'books@sparkleclean.example' }),
    });
    expect(response.status).toBe(200);
    // The refreshed set is sealed with the new key: the old key alone no longer opens it.
    const withoutNewKey = await adminApp(xeroEnvironment({ SECRETS_KEY: oldKey }));
    const refused = await withoutNewKey.call('/api/xero/test-reports', {
      method: 'POST',
      body: JSON.stringify({ tenantId: tenant(), email: 'books@sparkleclean.example' }),
    });
    expect(refused.status).toBe(500);
    expect(((await refused.json()) as { error: string }).error).toMatch(/SECRETS_KEY_PREVIOUS/);
  });

  it('answers the popup signed out with a sign-in link, and says when Xero is not configured', async () => {
    const signedOut = await adminApp(xeroEnvironment());
    const page = await signedOut.app.request('/xero/connect');
    expect(page.status).toBe(401);
    expect(await page.text()).toContain('/api/login?next=/xero');
    const bare = await adminApp(
      parseEnvironment({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PUBLIC_URL,
        DATABASE_URL: `file:${join(directory, 'bare.db')}`,
      }),
    );
    expect(await status(bare.call)).toEqual({ configured: false, connected: false, tenants: [] });
    expect((await bare.app.request('/xero/connect', { headers: { Cookie: bare.cookie } })).status).toBe(503);
  });
});

describe('test reports', () => {
  it('mails last week’s profit and loss and balance sheet with Xero’s figures', async () => {
    const { app, cookie, call, database } = await adminApp(xeroEnvironment());
    await connect(app, cookie);
    const response = await call('/api/xero/test-reports', {
      method: 'POST',
      body: JSON.stringify({ tenantId: tenant(), email: 'books@sparkleclean.example' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: 'Test report sent to books@sparkleclean.example',
    });
    const reports = fake.requests.filter((request) => request.path.startsWith('/api.xro/2.0/Reports/'));
    expect(reports.map((request) => [request.path, request.query, request.tenantId])).toEqual([
      ['/api.xro/2.0/Reports/ProfitAndLoss', { fromDate: '2026-11-16', toDate: '2026-11-22' }, tenant()],
      ['/api.xro/2.0/Reports/BalanceSheet', { date: '2026-11-22' }, tenant()],
    ]);
    const [mail] = await mailsOf(database, XERO_TEST_REPORT_KIND);
    expect(mail?.toAddress).toBe('books@sparkleclean.example');
    expect(mail?.subject).toContain('Sparkle Clean Pty Ltd');
    expect(mail?.textBody).toContain('Profit and Loss');
    expect(mail?.textBody).toContain('Balance Sheet');
  });

  it('asks for the organisation and the address in the form’s words', async () => {
    const { call } = await adminApp(xeroEnvironment());
    for (const body of [
      {},
      { tenantId: tenant() },
      { email: 'books@sparkleclean.example' },
      { tenantId: ' ', email: '' },
    ]) {
      const response = await call('/api/xero/test-reports', { method: 'POST', body: JSON.stringify(body) });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(
        'Please select a tenant and enter an email address',
      );
    }
    const unknown = await call('/api/xero/test-reports', {
      method: 'POST',
      body: JSON.stringify({ tenantId: 'not-a-tenant', email: 'books@sparkleclean.example' }),
    });
    expect(unknown.status).toBe(404);
  });

  it('refreshes an expired access token once, even with reports from two processes racing', async () => {
    const environment = xeroEnvironment();
    const first = await adminApp(environment);
    await connect(first.app, first.cookie);
    const second = await adminApp(environment);
    fake.expireAccessTokens();
    const send = (process: typeof first, email: string) =>
      process.call('/api/xero/test-reports', {
        method: 'POST',
        body: JSON.stringify({ tenantId: tenant(), email }),
      });
    const answers = await Promise.all([
      send(first, 'a@sparkleclean.example'),
      send(second, 'b@sparkleclean.example'),
      send(first, 'c@sparkleclean.example'),
      send(second, 'd@sparkleclean.example'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    // Xero's refresh tokens rotate: a second refresh with the spent token would have failed.
    expect(tokenRefreshes()).toBe(1);
    expect(await mailsOf(first.database, XERO_TEST_REPORT_KIND)).toHaveLength(4);
  });

  it('refreshes after a 401 even when the token looked fresh', async () => {
    const { app, cookie, call } = await adminApp(xeroEnvironment());
    await connect(app, cookie);
    fake.failNext('/api.xro/2.0/Reports/ProfitAndLoss', 401);
    const response = await call('/api/xero/test-reports', {
      method: 'POST',
      body: JSON.stringify({ tenantId: tenant(), email: 'books@sparkleclean.example' }),
    });
    expect(response.status).toBe(200);
    expect(tokenRefreshes()).toBe(1);
  });

  it('marks a revoked connection Reconnect needed and mails the admin once', async () => {
    const { app, cookie, call, database } = await adminApp(xeroEnvironment());
    await connect(app, cookie);
    fake.revokeGrant();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await call('/api/xero/test-reports', {
        method: 'POST',
        body: JSON.stringify({ tenantId: tenant(), email: 'books@sparkleclean.example' }),
      });
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ reconnectNeeded: true });
    }
    expect(await status(call)).toMatchObject({
      connected: false,
      tenants: [{ connected: false, reconnectNeeded: true }],
    });
    const mails = await mailsOf(database, XERO_RECONNECT_MAIL_KIND);
    expect(mails.map((mail) => mail.toAddress)).toEqual([testAdmin.email]);
    // Connecting again clears it.
    await connect(app, cookie);
    expect(await status(call)).toMatchObject({ connected: true, tenants: [{ reconnectNeeded: false }] });
  });

  it('tells the admin when Xero fails (500) or answers too slowly', async () => {
    const { app, cookie, call, database } = await adminApp(xeroEnvironment({ XERO_TIMEOUT_MS: '400' }));
    await connect(app, cookie);
    const send = () =>
      call('/api/xero/test-reports', {
        method: 'POST',
        body: JSON.stringify({ tenantId: tenant(), email: 'books@sparkleclean.example' }),
      });
    fake.failNext('/api.xro/2.0/Reports/BalanceSheet', 500);
    const failed = await send();
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as { error: string }).error).toMatch(/Xero could not produce the report/);
    fake.delayNext('/api.xro/2.0/Reports/ProfitAndLoss', 1_500);
    const slow = await send();
    expect(slow.status).toBe(504);
    expect(((await slow.json()) as { error: string }).error).toMatch(/did not answer in time/);
    expect(await mailsOf(database, XERO_TEST_REPORT_KIND)).toEqual([]);
    // A slow token endpoint too.
    fake.expireAccessTokens();
    fake.delayNext('/connect/token', 1_500);
    expect((await send()).status).toBe(504);
    expect((await send()).status).toBe(200);
  });
});

describe('weekly schedules', () => {
  it('schedules Monday 09:00, lists it with its job and next run in Melbourne time, and replaces the same slot', async () => {
    const { app, cookie, call } = await adminApp(xeroEnvironment());
    await connect(app, cookie);
    const body = {
      tenantId: tenant(),
      dayOfWeek: '1',
      hour: '9',
      emailRecipients: [testAdmin.email],
      reportTypes: ['profit_loss', 'balance_sheet'],
    };
    const created = await call('/api/xero/schedule', { method: 'POST', body: JSON.stringify(body) });
    expect(created.status).toBe(201);
    const answer = (await created.json()) as { message: string; schedule: { id: string } };
    expect(answer.message).toBe('Weekly reports scheduled for Monday at 09:00');
    const id = answer.schedule.id;
    const schedules = (await (await call('/api/xero/schedules')).json()) as { schedules: unknown[] };
    expect(schedules.schedules).toEqual([
      {
        id,
        tenantId: tenant(),
        tenantName: 'Sparkle Clean Pty Ltd',
        dayOfWeek: '1',
        hour: '9',
        emailRecipients: [testAdmin.email],
        reportTypes: ['profit_loss', 'balance_sheet'],
        jobName: `xero-weekly:${id}`,
        nextRunAt: '2026-11-30T09:00:00+11:00',
      },
    ]);
    const jobs = (await (await call('/api/admin/jobs')).json()) as { name: string; nextRunAt: string }[];
    expect(jobs.find((job) => job.name === `xero-weekly:${id}`)).toMatchObject({
      schedule: '0 9 * * 1',
      timezone: 'Australia/Melbourne',
      nextRunAt: '2026-11-30T09:00:00+11:00',
    });
    const replaced = await call('/api/xero/schedule', {
      method: 'POST',
      body: JSON.stringify({
        ...body,
        emailRecipients: ['books@sparkleclean.example', 'BOOKS@sparkleclean.example'],
        reportTypes: ['bank_summary'],
      }),
    });
    expect(replaced.status).toBe(200);
    expect(((await replaced.json()) as { schedule: unknown }).schedule).toMatchObject({
      id,
      emailRecipients: ['books@sparkleclean.example'],
      reportTypes: ['bank_summary'],
    });
  });

  it('refuses a day, hour, recipient list or report list it cannot use, naming the field', async () => {
    const { app, cookie, call } = await adminApp(xeroEnvironment());
    await connect(app, cookie);
    const valid = {
      tenantId: tenant(),
      dayOfWeek: '1',
      hour: '9',
      emailRecipients: [testAdmin.email],
      reportTypes: ['profit_loss'],
    };
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ dayOfWeek: 1 }, 'dayOfWeek'],
      [{ dayOfWeek: '7' }, 'dayOfWeek'],
      [{ hour: '24' }, 'hour'],
      [{ hour: '09' }, 'hour'],
      [{ hour: 9 }, 'hour'],
      [{ tenantId: '' }, 'tenantId', 'Please select a tenant'],
      [
        { emailRecipients: [] },
        'emailRecipients',
        'Please add at least one email recipient and select report types',
      ],
      [{ reportTypes: [] }, 'reportTypes', 'Please add at least one email recipient and select report types'],
      [{ reportTypes: ['cash_flow'] }, 'reportTypes.0'],
      [{ emailRecipients: ['not an address'] }, 'emailRecipients.0'],
    ];
    for (const [change, field, error] of cases) {
      const response = await call('/api/xero/schedule', {
        method: 'POST',
        body: JSON.stringify({ ...valid, ...change }),
      });
      expect(response.status, JSON.stringify(change)).toBe(400);
      const answer = (await response.json()) as { error: string; fields: Record<string, string> };
      expect(Object.keys(answer.fields), JSON.stringify(change)).toContain(field);
      if (error) expect(answer.error).toBe(error);
    }
    expect(
      ((await (await call('/api/xero/schedules')).json()) as { schedules: unknown[] }).schedules,
    ).toEqual([]);
  });
});

describe('disconnecting', () => {
  it('removes the connection at Xero, its tokens and its schedules, and revokes the last grant', async () => {
    const { app, cookie, call } = await adminApp(xeroEnvironment());
    await connect(app, cookie);
    await call('/api/xero/schedule', {
      method: 'POST',
      body: JSON.stringify({
        tenantId: tenant(),
        dayOfWeek: '1',
        hour: '9',
        emailRecipients: [testAdmin.email],
        reportTypes: ['profit_loss'],
      }),
    });
    fake.failNext('/connections', 500);
    const failed = await call(`/api/xero/disconnect/${tenant()}`, { method: 'DELETE' });
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as { error: string }).error).toMatch(/Nothing was disconnected/);
    expect((await status(call)).connected).toBe(true);

    const response = await call(`/api/xero/disconnect/${tenant()}`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'Xero disconnected successfully' });
    const deletes = fake.requests.filter((request) => request.method === 'DELETE');
    expect(deletes.at(-1)?.path).toMatch(/^\/connections\/[\w-]+$/);
    expect(fake.requests.some((request) => request.path === '/connect/revocation')).toBe(true);
    expect(await status(call)).toEqual({ configured: true, connected: false, tenants: [] });
    expect(
      ((await (await call('/api/xero/schedules')).json()) as { schedules: unknown[] }).schedules,
    ).toEqual([]);
    const jobs = (await (await call('/api/admin/jobs')).json()) as { name: string }[];
    expect(jobs.some((job) => job.name.startsWith('xero-weekly:'))).toBe(false);
    expect((await call(`/api/xero/disconnect/${tenant()}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('every admin Xero route', () => {
  const routes: [string, string][] = [
    ['GET', '/api/xero/status'],
    ['POST', '/api/xero/test-reports'],
    ['POST', '/api/xero/schedule'],
    ['GET', '/api/xero/schedules'],
    ['DELETE', '/api/xero/schedules/some-id'],
    ['DELETE', '/api/xero/disconnect/some-tenant'],
  ];

  it('answers 401 signed out and refuses another site’s request', async () => {
    const { app, call } = await adminApp(xeroEnvironment());
    for (const [method, path] of routes) {
      const body = method === 'POST' ? '{}' : undefined;
      const signedOut = await app.request(path, {
        method,
        body,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(signedOut.status, `${method} ${path}`).toBe(401);
      if (method === 'GET') continue;
      const forged = await call(path, { method, body, headers: { Origin: 'https://evil.example' } });
      expect(forged.status, `${method} ${path}`).toBe(403);
    }
  });
});
