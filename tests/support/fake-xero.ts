import { createHash, generateKeyPairSync, type KeyObject, randomBytes, randomUUID, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { XERO_REPORT_TYPES, type XeroReportType } from '../../api/src/xero/xero-report.ts';
import {
  ACCOUNTING_SCOPES,
  type AccountingResource,
  accountingScopeAllows,
  FakeXeroAccounting,
  type FakeXeroContact,
  type FakeXeroInvoice,
  type FakeXeroQuote,
  parseJsonBody,
  problemBody,
} from './fake-xero-accounting.ts';

export type {
  FakeXeroContact,
  FakeXeroInvoice,
  FakeXeroLineItem,
  FakeXeroQuote,
} from './fake-xero-accounting.ts';

import {
  type FakeReportQuery,
  fakeXeroReport,
  parseReportDate,
  type RawXeroRow,
  REPORT_ENDPOINTS,
} from './fake-xero-reports.ts';

/**
 * A fake Xero for the tests: its identity server (OpenID discovery, authorize, token, revocation)
 * and its API (connections, the four Reports, and Contacts, Quotes and Invoices to write to, see
 * fake-xero-accounting.ts) on one HTTP server on 127.0.0.1. The product is pointed at it with
 * XERO_IDENTITY_URL = XERO_API_URL = `fake.url`. Tokens are random, refresh tokens rotate, access
 * tokens expire in real time, writes honour an Idempotency-Key, and a test can make Xero fail, rate
 * limit, stall, go down, forget a grant or expire every access token. The grant holds the scopes the
 * authorize URL asked for, so a test chooses them through the product's XERO_SCOPES. Node built-ins
 * only.
 */

/** An organisation the fake's user can connect. */
export interface FakeXeroTenant {
  readonly tenantId: string;
  readonly tenantName: string;
}

export interface FakeXeroOptions {
  /** Lifetime of access tokens (Xero's: 1800 seconds). */
  accessTokenSeconds?: number;
  /** The organisations the user consents to (default: one, 'Sparkle Clean Pty Ltd'). */
  tenants?: readonly { tenantName: string; tenantId?: string }[];
  /** Authorize refuses a request without PKCE (S256) unless this is false. Default true. */
  requirePkce?: boolean;
}

/** One request the fake received, in order. */
export interface FakeXeroRequest {
  method: string;
  /** The path without the query: '/connect/token', '/api.xro/2.0/Reports/ProfitAndLoss'. */
  path: string;
  /** When the fake received it (ms since the epoch), to measure the wait between retries. */
  at: number;
  query: Record<string, string>;
  /** The `xero-tenant-id` header, when sent. */
  tenantId?: string;
  /** The token request's `grant_type`. */
  grantType?: string;
  /** The `Idempotency-Key` header, when sent. */
  idempotencyKey?: string;
  /** An API write's (POST/PUT/PATCH under /api.xro/2.0) body as parsed JSON, when it was JSON. */
  body?: unknown;
  /** True when the answer was the replay of an earlier one with the same Idempotency-Key. */
  replayed?: boolean;
}

export interface FakeXero {
  /** http://127.0.0.1:<port>: the identity server and the API. */
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly tenants: readonly FakeXeroTenant[];
  /** Every request received so far. */
  readonly requests: FakeXeroRequest[];
  /** When true, authorize redirects with error=access_denied (the user pressed Cancel). */
  denyConsent: boolean;
  /** Every access and refresh token ever issued (to search a database file for them). */
  issuedTokens(): string[];
  /** Every access token issued so far expires now. */
  expireAccessTokens(): void;
  /**
   * The user removed the app in Xero: every grant so far is gone (refresh → invalid_grant, access →
   * 401). A new connection through authorize works again.
   */
  revokeGrant(): void;
  /**
   * The next `times` requests whose path starts with `pathPrefix` answer `status` with a Xero-style
   * error body (a 429 with `Retry-After: 60`). They fail before they are handled: nothing is
   * created, and the failure is not remembered for their Idempotency-Key.
   */
  failNext(pathPrefix: string, status: number, times?: number): void;
  /** {@link failNext} for the next `times` matching requests. */
  failTimes(pathPrefix: string, status: number, times: number): void;
  /** The next `times` requests under `pathPrefix` answer 429 with `Retry-After: retryAfterSeconds`. */
  rateLimitNext(pathPrefix: string, retryAfterSeconds: number, times?: number): void;
  /** Every request under `pathPrefix` answers `status` (Xero is down there) until {@link stopFailing}. */
  failAlways(pathPrefix: string, status: number): void;
  /**
   * Forgets the failures injected for exactly `pathPrefix` (by failNext, rateLimitNext or
   * failAlways), or every injected failure when no prefix is given.
   */
  stopFailing(pathPrefix?: string): void;
  /** The next request whose path starts with `pathPrefix` waits `ms` before it is handled. */
  delayNext(pathPrefix: string, ms: number): void;
  /** The Rows the fake serves for a report type (for the query's dates), to assert figures. */
  reportRows(type: XeroReportType, query?: FakeReportQuery): RawXeroRow[];
  /** A copy of an organisation's contacts (default: the first tenant's), as GET /Contacts lists them. */
  contacts(tenantId?: string): FakeXeroContact[];
  /** A copy of an organisation's quotes (default: the first tenant's), as GET /Quotes lists them. */
  quotes(tenantId?: string): FakeXeroQuote[];
  /** A copy of an organisation's invoices (default: the first tenant's), as GET /Invoices lists them. */
  invoices(tenantId?: string): FakeXeroInvoice[];
  close(): Promise<void>;
}

const DEFAULT_TENANTS = [
  { tenantId: '7b0c3a4e-5d1f-4c2a-9e8b-2f6d1a9c4e71', tenantName: 'Sparkle Clean Pty Ltd' },
] as const;

const SCOPES_SUPPORTED = [
  'openid',
  'profile',
  'email',
  'offline_access',
  'accounting.settings.read',
  'accounting.reports.read',
  'accounting.reports.profitandloss.read',
  'accounting.reports.balancesheet.read',
  'accounting.reports.banksummary.read',
  'accounting.reports.trialbalance.read',
  ...ACCOUNTING_SCOPES,
];

/** The granular scope of each Reports endpoint (accounting.reports.read also covers them all). */
const REPORT_SCOPES: Record<XeroReportType, string> = {
  profit_loss: 'accounting.reports.profitandloss.read',
  balance_sheet: 'accounting.reports.balancesheet.read',
  bank_summary: 'accounting.reports.banksummary.read',
  trial_balance: 'accounting.reports.trialbalance.read',
};

const CODE_SECONDS = 300;

interface Connection {
  id: string;
  tenantId: string;
  createdDateUtc: string;
}

interface Grant {
  id: string;
  authEventId: string;
  scope: string;
  revoked: boolean;
  refreshToken: string | undefined;
  connections: Connection[];
}

interface AccessToken {
  grant: Grant;
  expiresAt: number;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  scope: string;
  nonce: string | undefined;
  challenge: string | undefined;
  challengeMethod: string | undefined;
  expiresAt: number;
}

interface OneShot {
  pathPrefix: string;
  value: number;
}

/** A failure a test injected: for the next `remaining` matching requests (Infinity: until stopped). */
interface InjectedFailure {
  pathPrefix: string;
  status: number;
  remaining: number;
  retryAfterSeconds: number;
}

/** Xero's idempotency covers the writing methods. */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);

function token(): string {
  return randomBytes(32).toString('base64url');
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/** Xero's /Date(ms)/ is for the API; connections use ISO strings without a zone letter. */
function xeroIso(date: Date): string {
  return date.toISOString().replace('Z', '');
}

class HttpAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

function oauthError(status: number, error: string, description?: string): HttpAnswer {
  return new HttpAnswer(status, description ? { error, error_description: description } : { error });
}

/** Xero API's problem body ({ Type, Title, Status, Detail }). */
function apiProblem(status: number, title: string, detail: string): HttpAnswer {
  return new HttpAnswer(status, problemBody(status, title, detail));
}

const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** What Xero answers for an injected failure: its identity server speaks OAuth, its API problems. */
function injectedFailure(path: string, status: number, retryAfterSeconds: number): HttpAnswer {
  const headers: Record<string, string> = status === 429 ? { 'retry-after': String(retryAfterSeconds) } : {};
  if (path.startsWith('/connect/') || path.startsWith('/identity/') || path.startsWith('/.well-known/')) {
    const error = status >= 500 ? 'server_error' : status === 401 ? 'invalid_client' : 'invalid_request';
    return new HttpAnswer(status, { error }, headers);
  }
  // The API also says which of its limits was hit.
  if (status === 429) headers['x-rate-limit-problem'] = retryAfterSeconds > 60 ? 'day' : 'minute';
  const title = STATUS_TITLES[status] ?? 'Error';
  const answer = apiProblem(status, title, status === 429 ? 'Rate limit exceeded' : `${title} (injected)`);
  return new HttpAnswer(status, answer.body, headers);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw new HttpAnswer(413, { error: 'invalid_request' });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function basicClient(request: IncomingMessage): { id: string; secret: string } | undefined {
  const match = /^Basic\s+(.+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  // RFC 6749 §2.3.1: both halves are form-urlencoded before Base64.
  const decode = (value: string) => {
    try {
      return decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      return value;
    }
  };
  return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
}

function bearer(request: IncomingMessage): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
}

function errorPage(message: string): HttpAnswer {
  return new HttpAnswer(
    400,
    `<!doctype html><html lang="en"><head><title>Xero | Error</title></head><body><h1>Sorry, something went wrong</h1><p>${message}</p></body></html>`,
    { 'content-type': 'text/html; charset=utf-8' },
  );
}

function redirect(location: string): HttpAnswer {
  return new HttpAnswer(302, '', { location });
}

/**
 * Starts the fake Xero on 127.0.0.1 on a free port.
 * @example
 * const xero = await startFakeXero();
 * // XERO_IDENTITY_URL=xero.url XERO_API_URL=xero.url XERO_CLIENT_ID=xero.clientId …
 * await xero.close();
 */
export async function startFakeXero(options: FakeXeroOptions = {}): Promise<FakeXero> {
  const accessTokenSeconds = options.accessTokenSeconds ?? 1800;
  const requirePkce = options.requirePkce ?? true;
  const clientId = randomBytes(16).toString('hex').toUpperCase();
  const clientSecret = token();
  const tenants: FakeXeroTenant[] = (options.tenants ?? DEFAULT_TENANTS).map((tenant) => ({
    tenantId: tenant.tenantId ?? randomUUID(),
    tenantName: tenant.tenantName,
  }));
  const requests: FakeXeroRequest[] = [];
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, AccessToken>();
  // Every refresh token ever issued → its grant; only the grant's current one is accepted.
  const refreshTokens = new Map<string, Grant>();
  const grants: Grant[] = [];
  const issued: string[] = [];
  const failures: InjectedFailure[] = [];
  const delays: OneShot[] = [];
  const books = new FakeXeroAccounting();
  // The first 2xx answer to each write with an Idempotency-Key, by tenant and key.
  const replays = new Map<string, { status: number; body: string }>();
  const timers = new Set<NodeJS.Timeout>();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyId = randomBytes(8).toString('hex');
  let url = '';

  function takeOneShot(list: OneShot[], path: string): number | undefined {
    const index = list.findIndex((entry) => path.startsWith(entry.pathPrefix));
    if (index < 0) return undefined;
    const [entry] = list.splice(index, 1);
    return entry?.value;
  }

  function takeFailure(path: string): InjectedFailure | undefined {
    const index = failures.findIndex((entry) => path.startsWith(entry.pathPrefix));
    const entry = failures[index];
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) failures.splice(index, 1);
    return entry;
  }

  function injectFailure(pathPrefix: string, status: number, times: number, retryAfterSeconds = 60) {
    if (!(times > 0)) throw new RangeError(`times must be positive, not ${times}`);
    failures.push({ pathPrefix, status, remaining: times, retryAfterSeconds });
  }

  function idToken(scope: string, nonce: string | undefined, key: KeyObject): string {
    const now = Math.floor(Date.now() / 1000);
    const headerPart = base64url(JSON.stringify({ alg: 'RS256', kid: keyId, typ: 'JWT' }));
    const payload = base64url(
      JSON.stringify({
        iss: url,
        aud: clientId,
        iat: now,
        nbf: now,
        exp: now + 300,
        auth_time: now,
        sub: 'a3f0c1d2e4b5467890abcdef12345678',
        xero_userid: '3c9f2a1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c',
        global_session_id: randomBytes(16).toString('hex'),
        sid: randomBytes(16).toString('hex'),
        ...(scope.split(' ').includes('email') ? { email: 'owner@sparkleclean.example' } : {}),
        ...(scope.split(' ').includes('profile')
          ? { given_name: 'Sam', family_name: 'Nguyen', preferred_username: 'owner@sparkleclean.example' }
          : {}),
        ...(nonce ? { nonce } : {}),
      }),
    );
    const signature = sign('sha256', Buffer.from(`${headerPart}.${payload}`), key);
    return `${headerPart}.${payload}.${base64url(signature)}`;
  }

  function issueTokens(grant: Grant, nonce?: string): HttpAnswer {
    const accessToken = token();
    accessTokens.set(accessToken, { grant, expiresAt: Date.now() + accessTokenSeconds * 1000 });
    issued.push(accessToken);
    const scopes = grant.scope.split(' ');
    const body: Record<string, unknown> = {
      access_token: accessToken,
      expires_in: accessTokenSeconds,
      token_type: 'Bearer',
      scope: grant.scope,
    };
    // Like Xero, a refresh token only with offline_access.
    if (scopes.includes('offline_access')) {
      const refreshToken = token();
      grant.refreshToken = refreshToken;
      refreshTokens.set(refreshToken, grant);
      issued.push(refreshToken);
      body.refresh_token = refreshToken;
    }
    if (scopes.includes('openid')) body.id_token = idToken(grant.scope, nonce, privateKey);
    return new HttpAnswer(200, body, { 'cache-control': 'no-store', pragma: 'no-cache' });
  }

  function discovery(): HttpAnswer {
    return new HttpAnswer(200, {
      issuer: url,
      jwks_uri: `${url}/.well-known/openid-configuration/jwks`,
      authorization_endpoint: `${url}/identity/connect/authorize`,
      token_endpoint: `${url}/connect/token`,
      userinfo_endpoint: `${url}/connect/userinfo`,
      end_session_endpoint: `${url}/connect/endsession`,
      check_session_iframe: `${url}/connect/checksession`,
      revocation_endpoint: `${url}/connect/revocation`,
      introspection_endpoint: `${url}/connect/introspect`,
      frontchannel_logout_supported: true,
      frontchannel_logout_session_supported: true,
      scopes_supported: SCOPES_SUPPORTED,
      claims_supported: ['sub', 'email', 'given_name', 'family_name', 'xero_userid', 'global_session_id'],
      grant_types_supported: ['authorization_code', 'client_credentials', 'refresh_token'],
      response_types_supported: ['code'],
      response_modes_supported: ['form_post', 'query', 'fragment'],
      token_endpoint_auth_methods_supported: ['client_secret_basic'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['plain', 'S256'],
    });
  }

  function jwks(): HttpAnswer {
    const jwk = publicKey.export({ format: 'jwk' });
    return new HttpAnswer(200, { keys: [{ ...jwk, kid: keyId, use: 'sig', alg: 'RS256', kty: 'RSA' }] });
  }

  function authorize(query: URLSearchParams): HttpAnswer {
    if (query.get('client_id') !== clientId)
      return errorPage('Error: unauthorized_client. Unknown client or client not enabled');
    const redirectUri = query.get('redirect_uri') ?? '';
    let target: URL;
    try {
      target = new URL(redirectUri);
    } catch {
      return errorPage('Error: invalid_request. Invalid redirect_uri');
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      return errorPage('Error: invalid_request. Invalid redirect_uri');
    }
    const state = query.get('state');
    const back = (params: Record<string, string>): HttpAnswer => {
      const location = new URL(target);
      for (const [name, value] of Object.entries(params)) location.searchParams.set(name, value);
      if (state !== null) location.searchParams.set('state', state);
      return redirect(location.toString());
    };
    if (query.get('response_type') !== 'code') {
      return back({ error: 'unsupported_response_type' });
    }
    const scope = (query.get('scope') ?? '').split(/\s+/).filter(Boolean);
    const unknown = scope.filter((name) => !SCOPES_SUPPORTED.includes(name));
    if (scope.length === 0 || unknown.length > 0) {
      return back({ error: 'invalid_scope', error_description: `Invalid scope: ${unknown.join(' ')}` });
    }
    const challenge = query.get('code_challenge') || undefined;
    const challengeMethod = query.get('code_challenge_method') || undefined;
    if (challenge !== undefined && challengeMethod !== 'S256') {
      return back({ error: 'invalid_request', error_description: 'code_challenge_method must be S256' });
    }
    if (requirePkce && challenge === undefined) {
      return back({ error: 'invalid_request', error_description: 'code_challenge is required' });
    }
    if (fake.denyConsent) return back({ error: 'access_denied' });
    const code = token();
    codes.set(code, {
      clientId,
      redirectUri,
      scope: scope.join(' '),
      nonce: query.get('nonce') ?? undefined,
      challenge,
      challengeMethod,
      expiresAt: Date.now() + CODE_SECONDS * 1000,
    });
    return back({ code, scope: scope.join(' ') });
  }

  function exchangeCode(form: URLSearchParams, client: string): HttpAnswer {
    const code = form.get('code') ?? '';
    const pending = codes.get(code);
    // A code is spent by its first use, whatever the outcome.
    codes.delete(code);
    if (!pending || pending.expiresAt < Date.now() || pending.clientId !== client) {
      return oauthError(400, 'invalid_grant');
    }
    if (form.get('redirect_uri') !== pending.redirectUri) return oauthError(400, 'invalid_grant');
    if (pending.challenge !== undefined) {
      const verifier = form.get('code_verifier') ?? '';
      const computed = createHash('sha256').update(verifier).digest('base64url');
      if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || computed !== pending.challenge) {
        return oauthError(400, 'invalid_grant');
      }
    }
    const now = xeroIso(new Date());
    const grant: Grant = {
      id: randomUUID(),
      authEventId: randomUUID(),
      scope: pending.scope,
      revoked: false,
      refreshToken: undefined,
      connections: tenants.map((tenant) => ({
        id: randomUUID(),
        tenantId: tenant.tenantId,
        createdDateUtc: now,
      })),
    };
    grants.push(grant);
    return issueTokens(grant, pending.nonce);
  }

  function refresh(form: URLSearchParams): HttpAnswer {
    const refreshToken = form.get('refresh_token') ?? '';
    const grant = refreshTokens.get(refreshToken);
    if (!grant || grant.revoked || grant.refreshToken !== refreshToken)
      return oauthError(400, 'invalid_grant');
    return issueTokens(grant);
  }

  function tokenEndpoint(request: IncomingMessage, raw: string, record: FakeXeroRequest): HttpAnswer {
    const form = new URLSearchParams(raw);
    const grantType = form.get('grant_type') ?? undefined;
    if (grantType !== undefined) record.grantType = grantType;
    const client = basicClient(request);
    if (!client || client.id !== clientId || client.secret !== clientSecret) {
      return new HttpAnswer(401, { error: 'invalid_client' }, { 'www-authenticate': 'Basic' });
    }
    if (grantType === 'authorization_code') return exchangeCode(form, client.id);
    if (grantType === 'refresh_token') return refresh(form);
    return oauthError(400, 'unsupported_grant_type');
  }

  function revocation(request: IncomingMessage, raw: string): HttpAnswer {
    const form = new URLSearchParams(raw);
    const client = basicClient(request);
    if (!client || client.id !== clientId || client.secret !== clientSecret) {
      return new HttpAnswer(401, { error: 'invalid_client' }, { 'www-authenticate': 'Basic' });
    }
    const grant = refreshTokens.get(form.get('token') ?? '');
    // RFC 7009: an unknown token is no error. Revoking ends the grant and its connections.
    if (grant) {
      grant.revoked = true;
      grant.connections = [];
    }
    return new HttpAnswer(200, '');
  }

  /** The grant behind the request's Bearer token, or the 401 Xero answers. */
  function authorised(request: IncomingMessage): Grant | HttpAnswer {
    const value = bearer(request);
    const access = value === undefined ? undefined : accessTokens.get(value);
    if (!access) return apiProblem(401, 'Unauthorized', 'AuthenticationUnsuccessful');
    if (access.grant.revoked || access.expiresAt <= Date.now()) {
      const at = new Date(Math.min(access.expiresAt, Date.now()));
      return new HttpAnswer(
        401,
        apiProblem(401, 'Unauthorized', `TokenExpired: token expired at ${at.toISOString()}`).body,
        { 'www-authenticate': 'Bearer error="invalid_token"' },
      );
    }
    return access.grant;
  }

  function connections(grant: Grant): HttpAnswer {
    return new HttpAnswer(
      200,
      grant.connections.map((connection) => ({
        id: connection.id,
        authEventId: grant.authEventId,
        tenantId: connection.tenantId,
        tenantType: 'ORGANISATION',
        tenantName: tenants.find((tenant) => tenant.tenantId === connection.tenantId)?.tenantName ?? '',
        createdDateUtc: connection.createdDateUtc,
        updatedDateUtc: connection.createdDateUtc,
      })),
    );
  }

  function deleteConnection(grant: Grant, id: string): HttpAnswer {
    const before = grant.connections.length;
    grant.connections = grant.connections.filter((connection) => connection.id !== id);
    if (grant.connections.length === before) return apiProblem(404, 'Not Found', 'Connection not found');
    return new HttpAnswer(204, '');
  }

  /** The request's `xero-tenant-id` when the grant connects it, else the 403 Xero answers. */
  function connectedTenant(grant: Grant, request: IncomingMessage): string | HttpAnswer {
    const tenantId = request.headers['xero-tenant-id'];
    const connection = grant.connections.find((candidate) => candidate.tenantId === tenantId);
    if (typeof tenantId !== 'string' || !connection) {
      return apiProblem(403, 'Forbidden', 'AuthenticationUnsuccessful');
    }
    return tenantId;
  }

  function report(
    grant: Grant,
    request: IncomingMessage,
    endpoint: string,
    query: URLSearchParams,
  ): HttpAnswer {
    const type = XERO_REPORT_TYPES.find((candidate) => REPORT_ENDPOINTS[candidate] === endpoint);
    if (!type) return apiProblem(404, 'Not Found', "The resource you're looking for cannot be found");
    const tenantId = connectedTenant(grant, request);
    if (tenantId instanceof HttpAnswer) return tenantId;
    const scopes = grant.scope.split(' ');
    if (!scopes.includes(REPORT_SCOPES[type]) && !scopes.includes('accounting.reports.read')) {
      return apiProblem(403, 'Forbidden', 'AuthorizationUnsuccessful');
    }
    const dates: FakeReportQuery = {};
    for (const name of ['fromDate', 'toDate', 'date'] as const) {
      const value = query.get(name);
      if (value === null || value === '') continue;
      if (!parseReportDate(value)) {
        return new HttpAnswer(400, {
          ErrorNumber: 10,
          Type: 'ValidationException',
          Message: `A validation exception occurred: ${name} is not a valid date`,
        });
      }
      dates[name] = value;
    }
    const tenantName = tenants.find((tenant) => tenant.tenantId === tenantId)?.tenantName ?? '';
    const now = new Date();
    return new HttpAnswer(200, {
      Id: randomUUID(),
      Status: 'OK',
      ProviderName: 'CleanQuote',
      DateTimeUTC: `/Date(${now.getTime()})/`,
      Reports: [fakeXeroReport(type, tenantName, dates, now)],
    });
  }

  /**
   * Contacts, Quotes and Invoices: read, or written once per Idempotency-Key. A write with a key
   * already answered 2xx for this tenant gets that answer again and changes nothing; a failed one
   * is not remembered, so its retry is handled afresh.
   */
  function accounting(
    grant: Grant,
    request: IncomingMessage,
    resource: AccountingResource,
    id: string | undefined,
    query: URLSearchParams,
    record: FakeXeroRequest,
  ): HttpAnswer {
    const method = request.method ?? 'GET';
    const tenantId = connectedTenant(grant, request);
    if (tenantId instanceof HttpAnswer) return tenantId;
    if (method !== 'GET' && method !== 'POST' && method !== 'PUT') {
      return apiProblem(405, 'Method Not Allowed', `${method} is not allowed here`);
    }
    const write = method !== 'GET';
    if (!accountingScopeAllows(resource, write, grant.scope.split(' '))) {
      return apiProblem(403, 'Forbidden', 'AuthorizationUnsuccessful');
    }
    if (!write) {
      const answer = books.read(tenantId, resource, id, query);
      return new HttpAnswer(answer.status, answer.body);
    }
    const slot = record.idempotencyKey === undefined ? undefined : `${tenantId}\n${record.idempotencyKey}`;
    const earlier = slot === undefined ? undefined : replays.get(slot);
    if (earlier) {
      record.replayed = true;
      return new HttpAnswer(earlier.status, JSON.parse(earlier.body));
    }
    const body = 'body' in record ? { value: record.body } : undefined;
    const answer = books.write(tenantId, resource, id, body);
    if (slot !== undefined && answer.status >= 200 && answer.status < 300) {
      replays.set(slot, { status: answer.status, body: JSON.stringify(answer.body) });
    }
    return new HttpAnswer(answer.status, answer.body);
  }

  function route(
    request: IncomingMessage,
    path: string,
    query: URLSearchParams,
    raw: string,
    record: FakeXeroRequest,
  ): HttpAnswer {
    const method = request.method ?? 'GET';
    if (method === 'GET' && path === '/.well-known/openid-configuration') return discovery();
    if (method === 'GET' && path === '/.well-known/openid-configuration/jwks') return jwks();
    if (method === 'GET' && path === '/identity/connect/authorize') return authorize(query);
    if (method === 'POST' && path === '/connect/token') return tokenEndpoint(request, raw, record);
    if (method === 'POST' && path === '/connect/revocation') return revocation(request, raw);
    const connectionMatch = /^\/connections(?:\/([^/]+))?$/.exec(path);
    const reportMatch = /^\/api\.xro\/2\.0\/Reports\/([^/]+)$/.exec(path);
    const accountingMatch = /^\/api\.xro\/2\.0\/(Contacts|Quotes|Invoices)(?:\/([^/]+))?$/.exec(path);
    if (connectionMatch || reportMatch || accountingMatch) {
      const grant = authorised(request);
      if (grant instanceof HttpAnswer) return grant;
      if (method === 'GET' && connectionMatch && !connectionMatch[1]) return connections(grant);
      if (method === 'DELETE' && connectionMatch?.[1]) return deleteConnection(grant, connectionMatch[1]);
      if (method === 'GET' && reportMatch?.[1]) return report(grant, request, reportMatch[1], query);
      if (accountingMatch) {
        const resource = accountingMatch[1] as AccountingResource;
        return accounting(grant, request, resource, accountingMatch[2], query, record);
      }
      return apiProblem(405, 'Method Not Allowed', `${method} is not allowed here`);
    }
    return apiProblem(404, 'Not Found', "The resource you're looking for cannot be found");
  }

  function send(response: ServerResponse, answer: HttpAnswer) {
    if (response.headersSent || response.destroyed) return;
    const isText = typeof answer.body === 'string';
    const body = isText ? (answer.body as string) : JSON.stringify(answer.body);
    const type =
      answer.headers['content-type'] ??
      (isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8');
    response.writeHead(answer.status, { ...answer.headers, 'content-type': type });
    response.end(answer.status === 204 || answer.status === 302 ? undefined : body);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const parsed = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = parsed.pathname;
    const method = request.method ?? 'GET';
    const tenantHeader = request.headers['xero-tenant-id'];
    const keyHeader = request.headers['idempotency-key'];
    const record: FakeXeroRequest = {
      method,
      path,
      at: Date.now(),
      query: Object.fromEntries(parsed.searchParams),
      ...(typeof tenantHeader === 'string' ? { tenantId: tenantHeader } : {}),
      ...(typeof keyHeader === 'string' && keyHeader !== '' ? { idempotencyKey: keyHeader } : {}),
    };
    requests.push(record);
    try {
      // The body is read before any injected failure, so that the log names the grant type of a
      // failed token request and the body of a failed write.
      const raw = method === 'GET' || method === 'HEAD' ? '' : await readBody(request);
      if (path === '/connect/token') {
        const grantType = new URLSearchParams(raw).get('grant_type');
        if (grantType !== null) record.grantType = grantType;
      }
      if (WRITE_METHODS.has(method) && path.startsWith('/api.xro/2.0/')) {
        const json = parseJsonBody(raw);
        if (json) record.body = json.value;
      }
      const delay = takeOneShot(delays, path);
      if (delay !== undefined) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            resolve();
          }, delay);
          timers.add(timer);
        });
      }
      const failure = takeFailure(path);
      if (failure) {
        send(response, injectedFailure(path, failure.status, failure.retryAfterSeconds));
        return;
      }
      send(response, route(request, path, parsed.searchParams, raw, record));
    } catch (error) {
      send(
        response,
        error instanceof HttpAnswer ? error : apiProblem(500, 'Internal Server Error', String(error)),
      );
    }
  }

  const server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeXero = {
    url,
    clientId,
    clientSecret,
    tenants,
    requests,
    denyConsent: false,
    issuedTokens: () => [...issued],
    expireAccessTokens() {
      const now = Date.now();
      for (const access of accessTokens.values()) access.expiresAt = Math.min(access.expiresAt, now - 1);
    },
    revokeGrant() {
      for (const grant of grants) {
        grant.revoked = true;
        grant.connections = [];
      }
    },
    failNext(pathPrefix, status, times = 1) {
      injectFailure(pathPrefix, status, times);
    },
    failTimes(pathPrefix, status, times) {
      injectFailure(pathPrefix, status, times);
    },
    rateLimitNext(pathPrefix, retryAfterSeconds, times = 1) {
      injectFailure(pathPrefix, 429, times, retryAfterSeconds);
    },
    failAlways(pathPrefix, status) {
      injectFailure(pathPrefix, status, Number.POSITIVE_INFINITY);
    },
    stopFailing(pathPrefix) {
      for (let index = failures.length - 1; index >= 0; index -= 1) {
        if (pathPrefix === undefined || failures[index]?.pathPrefix === pathPrefix) failures.splice(index, 1);
      }
    },
    delayNext(pathPrefix, ms) {
      delays.push({ pathPrefix, value: ms });
    },
    reportRows: (type, query = {}) => fakeXeroReport(type, tenants[0]?.tenantName ?? '', query).Rows,
    contacts: (tenantId = tenants[0]?.tenantId ?? '') => books.contacts(tenantId),
    quotes: (tenantId = tenants[0]?.tenantId ?? '') => books.quotes(tenantId),
    invoices: (tenantId = tenants[0]?.tenantId ?? '') => books.invoices(tenantId),
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
  return fake;
}

/**
 * The product's Xero settings pointed at `fake` (identity and API on its one base URL), with a fresh
 * SECRETS_KEY to seal its tokens.
 */
export function productEnvironmentFor(fake: FakeXero): Record<string, string> {
  return {
    XERO_CLIENT_ID: fake.clientId,
    XERO_CLIENT_SECRET: fake.clientSecret,
    XERO_IDENTITY_URL: fake.url,
    XERO_API_URL: fake.url,
    SECRETS_KEY: randomBytes(32).toString('base64'),
  };
}
