import { createHash, randomBytes } from 'node:crypto';
import type { Environment } from '../env.ts';
import { reportFromXeroJson, type XeroReport, type XeroReportType } from './xero-report.ts';

/** What Xero's token endpoint gave: the token set the product keeps, sealed (token-store.ts). */
export interface XeroTokenSet {
  accessToken: string;
  refreshToken: string;
  /** When the access token stops working (Xero: 30 minutes after issue). */
  accessExpiresAt: Date;
  /** The scopes Xero granted, space-separated (its answer's `scope`); null when it did not say. */
  scopes: string | null;
}

/** One organisation the grant may read (GET /connections). */
export interface XeroConnection {
  id: string;
  tenantId: string;
  tenantName: string;
  tenantType: string;
  updatedDateUtc: string | null;
}

/** The period a report covers: from/to days for flows, the last day for positions. */
export interface ReportPeriod {
  fromDate: string;
  toDate: string;
}

/** Xero refused a refresh token or code (`invalid_grant`): the consent is gone; connect again. */
export class XeroGrantRefusedError extends Error {
  override name = 'XeroGrantRefusedError';
}

/** Xero answered 401 to an API call: the access token expired or was revoked. */
export class XeroUnauthorizedError extends Error {
  override name = 'XeroUnauthorizedError';
}

/** Xero could not be used: no answer in time, a 5xx, or an answer the product cannot read. */
export class XeroUnavailableError extends Error {
  override name = 'XeroUnavailableError';
  constructor(
    message: string,
    /** 504 for a timeout, 502 otherwise: what the API answers the admin. */
    readonly status: 502 | 504 = 502,
  ) {
    super(message);
  }
}

/** Xero asked us to slow down (429): the next attempt waits `retryAfterMs`. */
export class XeroRateLimitedError extends Error {
  override name = 'XeroRateLimitedError';
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

/** Xero refused what was sent (400, 404…): sending it again unchanged would be refused again. */
export class XeroRefusedError extends Error {
  override name = 'XeroRefusedError';
}

/** One call to Xero's accounting API for an organisation: a path under /api.xro/2.0. */
export interface AccountingCall {
  method: 'GET' | 'POST' | 'PUT';
  /** Under /api.xro/2.0, with its query: '/Contacts?where=…', '/Quotes'. */
  path: string;
  body?: unknown;
  /** Xero answers a repeated key with its first answer, so a retry after a lost answer creates nothing. */
  idempotencyKey?: string;
}

/** Xero refused the organisation (403: the connection was removed at Xero). */
export class XeroForbiddenError extends Error {
  override name = 'XeroForbiddenError';
}

/**
 * Everything the product asks of Xero. xero-node hard-codes identity.xero.com and
 * api.xero.com/connections, so discovery, the token endpoint, revocation and connections go through
 * this adapter, at XERO_IDENTITY_URL and XERO_API_URL; the reports go through xero-node's
 * AccountingApi with its base path set to XERO_API_URL (docs/decisions/0019-xero.md). Injected, so
 * tests can replace a piece.
 */
export interface XeroAdapter {
  /** Xero's consent page for this request: state and PKCE challenge (S256) included. */
  authorizationUrl(input: { state: string; codeChallenge: string }): Promise<string>;
  exchangeCode(input: { code: string; codeVerifier: string }): Promise<XeroTokenSet>;
  refresh(refreshToken: string): Promise<XeroTokenSet>;
  revoke(refreshToken: string): Promise<void>;
  connections(accessToken: string): Promise<XeroConnection[]>;
  deleteConnection(accessToken: string, connectionId: string): Promise<void>;
  report(
    accessToken: string,
    tenantId: string,
    type: XeroReportType,
    period: ReportPeriod,
  ): Promise<XeroReport>;
  /** A call to the accounting API (contacts, quotes, invoices); its JSON answer. */
  accounting(accessToken: string, tenantId: string, call: AccountingCall): Promise<unknown>;
}

/** A PKCE pair (RFC 7636, S256). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
  revocation_endpoint: string;
}

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  scope?: unknown;
  error?: unknown;
}

/** The real adapter: fetch with a timeout for the OAuth endpoints and connections, xero-node for reports. */
export function createXeroAdapter(environment: Environment): XeroAdapter {
  const clientId = environment.XERO_CLIENT_ID ?? '';
  const clientSecret = environment.XERO_CLIENT_SECRET ?? '';
  const timeoutMs = environment.XERO_TIMEOUT_MS;
  const identityUrl = environment.XERO_IDENTITY_URL.replace(/\/+$/, '');
  const apiUrl = environment.XERO_API_URL.replace(/\/+$/, '');
  const basicAuth = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  let discovery: Promise<Discovery> | undefined;

  async function call(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new XeroUnavailableError(`Xero did not answer in time (${what}). Please try again.`, 504);
      }
      throw new XeroUnavailableError(`Xero could not be reached (${what}). Please try again.`);
    }
  }

  function discover(): Promise<Discovery> {
    discovery ??= (async () => {
      const response = await call(`${identityUrl}/.well-known/openid-configuration`, {}, 'discovery');
      if (!response.ok) throw new XeroUnavailableError(`Xero's sign-in service answered ${response.status}.`);
      const document = (await response.json()) as Partial<Discovery>;
      if (!document.authorization_endpoint || !document.token_endpoint || !document.revocation_endpoint) {
        throw new XeroUnavailableError("Xero's sign-in service did not name its endpoints.");
      }
      return document as Discovery;
    })();
    // A failed discovery is asked again next time, not remembered.
    discovery.catch(() => {
      discovery = undefined;
    });
    return discovery;
  }

  async function tokenRequest(form: Record<string, string>, what: string): Promise<XeroTokenSet> {
    const { token_endpoint } = await discover();
    const requestedAt = Date.now();
    const response = await call(
      token_endpoint,
      {
        method: 'POST',
        headers: {
          Authorization: basicAuth,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams(form).toString(),
      },
      what,
    );
    const answer = (await response.json().catch(() => ({}))) as TokenAnswer;
    if (response.status === 400 && answer.error === 'invalid_grant') {
      throw new XeroGrantRefusedError(`Xero refused the ${what}: invalid_grant`);
    }
    if (
      !response.ok ||
      typeof answer.access_token !== 'string' ||
      typeof answer.refresh_token !== 'string' ||
      typeof answer.expires_in !== 'number'
    ) {
      const reason = typeof answer.error === 'string' ? answer.error : `HTTP ${response.status}`;
      throw new XeroUnavailableError(`Xero's ${what} failed (${reason}).`);
    }
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      accessExpiresAt: new Date(requestedAt + answer.expires_in * 1000),
      scopes: typeof answer.scope === 'string' ? answer.scope : null,
    };
  }

  async function api(accessToken: string, path: string, method: 'GET' | 'DELETE', what: string) {
    const response = await call(
      `${apiUrl}${path}`,
      { method, headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' } },
      what,
    );
    if (response.status === 401) throw new XeroUnauthorizedError(`Xero answered 401 to ${what}`);
    if (response.status === 403) throw new XeroForbiddenError(`Xero refused ${what} (403)`);
    return response;
  }

  return {
    async authorizationUrl({ state, codeChallenge }) {
      const { authorization_endpoint } = await discover();
      const url = new URL(authorization_endpoint);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: environment.XERO_REDIRECT_URI,
        scope: environment.XERO_SCOPES,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    exchangeCode: ({ code, codeVerifier }) =>
      tokenRequest(
        {
          grant_type: 'authorization_code',
          code,
          redirect_uri: environment.XERO_REDIRECT_URI,
          code_verifier: codeVerifier,
        },
        'code exchange',
      ),
    refresh: (refreshToken) =>
      tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }, 'token refresh'),
    async revoke(refreshToken) {
      const { revocation_endpoint } = await discover();
      const response = await call(
        revocation_endpoint,
        {
          method: 'POST',
          headers: { Authorization: basicAuth, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token: refreshToken }).toString(),
        },
        'revocation',
      );
      if (!response.ok) throw new XeroUnavailableError(`Xero's revocation failed (HTTP ${response.status}).`);
    },
    async connections(accessToken) {
      const response = await api(accessToken, '/connections', 'GET', 'the connections list');
      if (!response.ok)
        throw new XeroUnavailableError(`Xero's connections list failed (HTTP ${response.status}).`);
      const rows = (await response.json()) as Record<string, unknown>[];
      return rows
        .filter((row) => typeof row.tenantId === 'string' && typeof row.id === 'string')
        .map((row) => ({
          id: String(row.id),
          tenantId: String(row.tenantId),
          tenantName:
            typeof row.tenantName === 'string' && row.tenantName ? row.tenantName : 'Xero organisation',
          tenantType: typeof row.tenantType === 'string' ? row.tenantType : 'ORGANISATION',
          updatedDateUtc: typeof row.updatedDateUtc === 'string' ? row.updatedDateUtc : null,
        }));
    },
    async deleteConnection(accessToken, connectionId) {
      const response = await api(
        accessToken,
        `/connections/${encodeURIComponent(connectionId)}`,
        'DELETE',
        'removing the connection',
      );
      // Already gone at Xero (removed there): nothing left to remove.
      if (!response.ok && response.status !== 404) {
        throw new XeroUnavailableError(`Xero could not remove the connection (HTTP ${response.status}).`);
      }
    },
    report: (accessToken, tenantId, type, period) =>
      fetchReport({ apiUrl, accessToken, tenantId, type, period, timeoutMs }),
    async accounting(accessToken, tenantId, { method, path, body, idempotencyKey }) {
      const what = `${method} ${path.split('?')[0]}`;
      const response = await call(
        `${apiUrl}/api.xro/2.0${path}`,
        {
          method,
          headers: {
            Authorization: `Bearer ${accessToken}`,
            'xero-tenant-id': tenantId,
            Accept: 'application/json',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
        what,
      );
      const answer: unknown = await response.json().catch(() => null);
      if (response.ok) return answer;
      if (response.status === 401) throw new XeroUnauthorizedError(`Xero answered 401 to ${what}`);
      if (response.status === 403) {
        throw new XeroForbiddenError('Xero refused access to the organisation (403)');
      }
      if (response.status === 429) {
        const seconds = Number(response.headers.get('retry-after'));
        const retryAfterMs = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 60_000;
        throw new XeroRateLimitedError(
          `Xero asked to wait ${Math.ceil(retryAfterMs / 1000)} s (too many requests)`,
          retryAfterMs,
        );
      }
      if (response.status >= 500) {
        throw new XeroUnavailableError(`Xero answered ${response.status} to ${what}`);
      }
      throw new XeroRefusedError(`Xero refused it: ${xeroProblem(answer) ?? `HTTP ${response.status}`}`);
    },
  };
}

/** The first message of a Xero error body (a ValidationException's errors, or a problem's Detail). */
export function xeroProblem(answer: unknown): string | undefined {
  const body = answer as {
    Message?: unknown;
    Detail?: unknown;
    Elements?: { ValidationErrors?: { Message?: unknown }[] }[];
  } | null;
  const validation = body?.Elements?.flatMap((element) => element.ValidationErrors ?? [])
    .map((error) => error.Message)
    .find((message): message is string => typeof message === 'string');
  const message = validation ?? body?.Detail ?? body?.Message;
  return typeof message === 'string' ? message.slice(0, 300) : undefined;
}

/** What xero-node's generated client rejects with: its ApiError as a JSON string. */
interface XeroNodeRejection {
  response?: { status?: number; statusCode?: number };
}

/** The HTTP status of a xero-node rejection (0 when no answer came). */
function rejectionStatus(error: unknown): number {
  let value: unknown = error;
  if (typeof error === 'string') {
    try {
      value = JSON.parse(error);
    } catch {
      return 0;
    }
  }
  const response = (value as XeroNodeRejection | null)?.response;
  return response?.statusCode ?? response?.status ?? 0;
}

type AccountingApi = import('xero-node').AccountingApi;
// xero-node takes ~200 ms to load: only when the first report is asked for.
let accountingModule: Promise<typeof import('xero-node')> | undefined;

/** One report through xero-node's AccountingApi, pointed at XERO_API_URL. */
async function fetchReport(input: {
  apiUrl: string;
  accessToken: string;
  tenantId: string;
  type: XeroReportType;
  period: ReportPeriod;
  timeoutMs: number;
}): Promise<XeroReport> {
  accountingModule ??= import('xero-node');
  const { AccountingApi } = await accountingModule;
  const accounting: AccountingApi = new AccountingApi(`${input.apiUrl}/api.xro/2.0`);
  accounting.accessToken = input.accessToken;
  const { tenantId, period } = input;
  const request = async () => {
    switch (input.type) {
      case 'profit_loss':
        return accounting.getReportProfitAndLoss(tenantId, period.fromDate, period.toDate);
      case 'balance_sheet':
        return accounting.getReportBalanceSheet(tenantId, period.toDate);
      case 'bank_summary':
        return accounting.getReportBankSummary(tenantId, period.fromDate, period.toDate);
      default:
        return accounting.getReportTrialBalance(tenantId, period.toDate);
    }
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  // xero-node's requests take no timeout or signal: the product stops waiting, the request ends alone.
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new XeroUnavailableError('Xero did not answer in time (a report). Please try again.', 504)),
      input.timeoutMs,
    );
  });
  try {
    const { body } = await Promise.race([request(), timeout]);
    try {
      return reportFromXeroJson(input.type, body);
    } catch {
      throw new XeroUnavailableError('Xero sent a report the product cannot read.');
    }
  } catch (error) {
    if (error instanceof Error) throw error;
    const status = rejectionStatus(error);
    if (status === 401) throw new XeroUnauthorizedError('Xero answered 401 to a report');
    if (status === 403) throw new XeroForbiddenError('Xero refused the report (403)');
    throw new XeroUnavailableError(
      `Xero could not produce the report (${status ? `HTTP ${status}` : 'no answer'}).`,
    );
  } finally {
    clearTimeout(timer);
  }
}
