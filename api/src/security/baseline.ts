import { business } from '@cleanquote/content';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import type { Environment } from '../env.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { isJsonContentType, SEND_AS_JSON } from '../lib/read-json.ts';
import { PARTNER_REFUSALS, partnerOriginStanding } from '../partners/partner-keys.ts';
import { clientIp } from './client-ip.ts';
import { SlidingWindowLimiter } from './rate-limit.ts';

/** Largest request body any route accepts (100 kB); bigger ones answer 413 before a handler runs. */
export const MAX_BODY_BYTES = 100 * 1024;

/**
 * Public routes that accept submissions from the main site and, with CORS, from partner sites. They
 * use no cookie; the origin check admits them from the site itself and listed, enabled partners.
 */
export const PUBLIC_SUBMISSION_PATHS = ['/api/service-form', '/api/team-contact', '/api/newsletter'] as const;

/**
 * The site's analytics beacon (page views, the wizard funnel): public, JSON, cookie-less in effect —
 * a session cookie only stops staff's views being counted, it authorises nothing.
 */
export const PUBLIC_COLLECT_PATH = '/api/collect';

/**
 * The one-click unsubscribe a mail provider posts (RFC 8058), from its own origin or none. The
 * token in its address is its whole authority; no cookie is involved, so no origin is checked.
 */
export const UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';

/** Every public POST, each rate-limited per client IP. */
export const RATE_LIMITED_POST_PATHS = [
  ...PUBLIC_SUBMISSION_PATHS,
  PUBLIC_COLLECT_PATH,
  UNSUBSCRIBE_PATH,
  '/api/login',
  '/service-form',
] as const;

/**
 * A customer's answer to their priced quote (POST /quote/<token>/accept, /changes or /decline): a
 * public POST from the site's own page, rate-limited per IP under one key whatever the token.
 */
const QUOTE_ANSWER_PATH = /^\/quote\/[^/]+\/(?:latest\/)?(?:accept|changes|decline)$/;
/**
 * The forms of an accepted quote's page that book, move or cancel its visit, skip or move one visit
 * of a regular clean or end it, report a problem after a clean and book its free re-clean.
 */
const QUOTE_BOOKING_PATH =
  /^\/quote\/[^/]+\/(?:latest\/)?(?:book|reschedule|cancel|series\/end|visits\/[^/]+\/(?:skip|reschedule)|report|reclean)$/;

/** A customer's quote link in a path, kept out of the logs: the link is the quote's only key. */
const QUOTE_LINK_IN_PATH = /^\/quote\/[^/]+/;

/**
 * A case manager's link to stop a request's update mails (GET shows the page, POST stops): the
 * button on that page and a mail provider's RFC 8058 one-click POST, from the provider's origin or
 * none. As with the newsletter's unsubscribe, the token in the path is its whole authority.
 */
const CASE_MANAGER_UPDATES_LINK = /^\/case-manager-updates\/[^/]+$/;

/** A request's path as the logs show it: a customer's quote link or a case manager's link replaced by '[link]'. */
function loggedPath(path: string): string {
  return path
    .replace(QUOTE_LINK_IN_PATH, '/quote/[link]')
    .replace(CASE_MANAGER_UPDATES_LINK, '/case-manager-updates/[link]');
}

/**
 * The public POSTs a listed, enabled partner's site may send besides the site itself: the
 * submissions, the beacon and the wizard's form without script. Sign-in is not one of them.
 */
const PARTNER_POST_PATHS = new Set<string>([
  ...PUBLIC_SUBMISSION_PATHS,
  PUBLIC_COLLECT_PATH,
  '/service-form',
]);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** A JSON error in the one shape every route uses: a message and the request id. */
export function jsonError(
  c: Context<AppEnv>,
  status: 400 | 401 | 403 | 404 | 413 | 415 | 429,
  error: string,
) {
  return c.json({ error, requestId: c.var.requestId }, status);
}

/** Answers 429 with Retry-After. */
export function tooManyRequests(c: Context<AppEnv>, retryAfterSeconds: number, message?: string) {
  c.header('Retry-After', String(retryAfterSeconds));
  return jsonError(c, 429, message ?? 'Too many requests. Please wait a moment and try again.');
}

/** Options of {@link securityHeaders}. */
export interface SecurityHeaderOptions {
  /**
   * CSP hash sources ("'sha256-…'") of inline scripts the site's documents carry (BuiltSite
   * inlineScriptHashes); script-src allows exactly these besides the site's own files.
   */
  inlineScriptHashes?: readonly string[];
}

/** A Content-Security-Policy value from its directives, written as hono's secureHeaders writes it. */
function contentSecurityPolicy(directives: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(directives)
    .map(([name, values]) =>
      [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...values].join(' '),
    )
    .join('; ');
}

/**
 * Security headers on every response. The CSP lets the built site run (its scripts and styles are
 * files from this origin; React's style attributes need 'unsafe-inline' for styles only) and frames
 * only the reviews widget. Scripts may never be inline, except those whose hashes the site declares.
 *
 * The headers are the ones hono's secureHeaders() sent with these settings (security-headers.test.ts
 * holds them to it), built once and set before the handler runs: they go out with the handler's own
 * headers, so @hono/node-server writes the response straight from its body string. Setting a header
 * once the response exists made Hono rebuild it as a full web Response and @hono/node-server
 * stream it (decision 0007).
 */
export function securityHeaders(
  environment: Environment,
  { inlineScriptHashes = [] }: SecurityHeaderOptions = {},
): MiddlewareHandler<AppEnv> {
  const https = environment.PUBLIC_URL.startsWith('https:');
  const reviewsOrigin = new URL(business.reviewsWidgetUrl).origin;
  const policy = contentSecurityPolicy({
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...inlineScriptHashes],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameSrc: [reviewsOrigin],
    frameAncestors: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  });
  const everyResponse: readonly (readonly [name: string, value: string])[] = [
    // The Xero connect popup reports back to its opener.
    ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
    ['Content-Security-Policy', policy],
  ];
  return async (c, next) => {
    const api = c.req.path.startsWith('/api/');
    for (const [name, value] of everyResponse) c.header(name, value);
    // Partner sites load the embed script and assets from this origin; API answers stay with it.
    const resourcePolicy = api ? 'same-origin' : 'cross-origin';
    c.header('Cross-Origin-Resource-Policy', resourcePolicy);
    // Out of caches, unless the handler sets its own Cache-Control (it replaces this one).
    if (api) c.header('Cache-Control', 'no-store');
    await next();
    // A handler that returns a Response it built itself bypasses the headers set above.
    const headers = c.res.headers;
    if (headers.has('Content-Security-Policy')) return;
    for (const [name, value] of everyResponse) headers.set(name, value);
    headers.set('Cross-Origin-Resource-Policy', resourcePolicy);
    if (api && !headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  };
}

/**
 * CORS for partner sites on the public submission routes only: the origins the partner registry
 * admits (listed for an enabled partner, or a PARTNER_ORIGINS entry without a key), and nothing for a
 * disabled or removed partner's site, with or without a partner key. Admin and session routes never
 * answer with CORS headers, so no other site can read them. A page refused this way learns why from
 * GET /api/partner-status, which any origin may read.
 *
 * Preflights go to hono's cors(). On the submission itself the same headers it would set are set
 * here, before the handler: hono's cors() reads the response before the handler and writes Vary
 * after it, which made every quote submission's answer a full web Response, streamed (decision 0007).
 */
export function partnerCors(): MiddlewareHandler<AppEnv> {
  const exposeHeaders = ['Retry-After', 'X-Request-Id'];
  const preflight = cors({
    // Read after the middleware below awaited the registry's snapshot.
    origin: (origin, c) =>
      (c as Context<AppEnv>).var.partners.latest.corsOrigins.has(origin) ? origin : null,
    allowMethods: ['POST', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Idempotency-Key', 'X-Partner-Key'],
    exposeHeaders,
    maxAge: 600,
  });
  const exposed = exposeHeaders.join(',');
  const paths = new Set<string>(PUBLIC_SUBMISSION_PATHS);
  return async (c, next) => {
    if (!paths.has(trimSlash(c.req.path))) return next();
    const allowed = (await c.var.partners.snapshot()).corsOrigins;
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    const origin = c.req.header('Origin');
    if (origin !== undefined && allowed.has(origin)) c.header('Access-Control-Allow-Origin', origin);
    c.header('Access-Control-Expose-Headers', exposed);
    await next();
    // The answer depends on Origin; appended last, after any Vary of the handler's, as cors() does.
    c.res.headers.append('Vary', 'Origin');
  };
}

/** The origin a request says it comes from: its Origin header, else its Referer's origin. */
function senderOrigin(c: Context): string | undefined {
  const origin = c.req.header('Origin');
  if (origin !== undefined) return origin;
  const referer = c.req.header('Referer');
  if (referer === undefined) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * CSRF protection for every mutation, whatever its content type (JSON included; Hono's csrf() only
 * looks at form types). The request's Origin (or, without one, its Referer's origin) must be
 * PUBLIC_URL's origin, or — on the public POSTs only — a listed, enabled partner's origin; anything
 * else (another site, `Origin: null`, a sandboxed frame) is refused with 403. The Host and
 * X-Forwarded-Host headers are never consulted: they are whatever the client or a proxy says.
 * A disabled partner's site is refused with a message that gives the business's phone number.
 *
 * Requests with neither Origin nor Referer come from non-browser clients, which hold no victim's
 * cookie, and pass — unless Sec-Fetch-Site says a browser sent them from another site. The one
 * `Origin: null` admitted is a customer's answer to their quote from its own page (no-referrer),
 * unless Sec-Fetch-Site says another site sent it.
 */
export function originCheck(environment: Environment): MiddlewareHandler<AppEnv> {
  const publicOrigin = new URL(environment.PUBLIC_URL).origin;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const path = trimSlash(c.req.path);
    if (path === UNSUBSCRIBE_PATH || CASE_MANAGER_UPDATES_LINK.test(path)) return next();
    const origin = senderOrigin(c);
    if (origin === undefined) {
      const fetchSite = c.req.header('Sec-Fetch-Site');
      if (fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none') return next();
    } else if (origin === publicOrigin) {
      return next();
    } else if (origin === 'null' && (QUOTE_ANSWER_PATH.test(path) || QUOTE_BOOKING_PATH.test(path))) {
      // The customer's quote page is sent with Referrer-Policy: no-referrer, so the browser posts
      // its forms with `Origin: null`. Sec-Fetch-Site still tells a same-origin post from another
      // site's; without it (an older browser) the link in the path is the only authority anyway.
      const fetchSite = c.req.header('Sec-Fetch-Site');
      if (fetchSite === undefined || fetchSite === 'same-origin') return next();
    } else if (c.req.method === 'POST' && PARTNER_POST_PATHS.has(path)) {
      const standing = partnerOriginStanding(await c.var.partners.snapshot(), origin);
      if (standing === 'listed') return next();
      if (standing === 'switched-off') {
        c.var.logger.warn({ origin, path }, 'request from a disabled partner refused');
        const error =
          path === '/api/service-form'
            ? PARTNER_REFUSALS.quotesSwitchedOff
            : PARTNER_REFUSALS.requestsSwitchedOff;
        return c.json({ error, partnerDisabled: true, requestId: c.var.requestId }, 403);
      }
    }
    c.var.logger.warn({ origin, path: loggedPath(path) }, 'cross-site request refused');
    return jsonError(c, 403, 'Cross-site request refused.');
  });
}

/**
 * The public submission routes take JSON only: 415 for any other content type (text/plain, forms,
 * multipart, XML…) or none. A browser sends those "simple" types cross-site without a CORS preflight,
 * so accepting them would let any page post quotes from its visitors' browsers around the partner
 * allow-list; JSON always needs the preflight, which only listed, enabled partner origins pass.
 */
export function jsonSubmissionsOnly(): MiddlewareHandler<AppEnv> {
  const paths = new Set<string>([...PUBLIC_SUBMISSION_PATHS, PUBLIC_COLLECT_PATH]);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method !== 'POST' || !paths.has(trimSlash(c.req.path))) return next();
    if (isJsonContentType(c.req.header('Content-Type'))) return next();
    return jsonError(c, 415, SEND_AS_JSON);
  });
}

/**
 * A customer's quote page (GET /quote/<token> or /quote/<token>/latest): these answer 404 only for
 * a link that is unknown or malformed.
 */
const QUOTE_PAGE_PATH = /^\/quote\/[^/]+(?:\/latest)?$/;

/** The limiter's key for the answers to a priced quote, whatever the link. */
const QUOTE_ANSWER_KEY = '/quote/:token/answer';

/**
 * Per-IP, per-route limits on the public POSTs (PUBLIC_POST_RATE_LIMIT a minute), the answers to a
 * priced quote counted together, and the stops of case managers' updates together. A quote page
 * opened with a wrong link counts toward the same limit as the answers, so guessing links costs
 * as much by GET as by POST; a link that works is never counted or refused, so its holder can
 * always open it. Counted in this process's memory: a flood is refused before it costs the
 * database a write, and with several processes a client gets at most that many times the limit
 * (SCALING.md says why that is the design).
 */
export function publicPostRateLimit(environment: Environment): MiddlewareHandler<AppEnv> {
  const limiter = new SlidingWindowLimiter(environment.PUBLIC_POST_RATE_LIMIT, 60_000);
  const paths = new Set<string>(RATE_LIMITED_POST_PATHS);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') {
      if (!QUOTE_PAGE_PATH.test(c.req.path)) return next();
      await next();
      if (c.res.status !== 404) return;
      // Counted once the link is known to be wrong: the lookup is one indexed read, not a write.
      const decision = limiter.hit(`${QUOTE_ANSWER_KEY} ${clientIp(c, environment.TRUST_PROXY)}`);
      if (!decision.allowed) c.res = tooManyRequests(c, decision.retryAfterSeconds);
      return;
    }
    if (c.req.method !== 'POST') return next();
    const path = trimSlash(c.req.path);
    const limited = paths.has(path)
      ? path
      : QUOTE_ANSWER_PATH.test(path)
        ? QUOTE_ANSWER_KEY
        : QUOTE_BOOKING_PATH.test(path)
          ? '/quote/:token/booking'
          : CASE_MANAGER_UPDATES_LINK.test(path)
            ? '/case-manager-updates/:token'
            : undefined;
    if (limited === undefined) return next();
    const decision = limiter.hit(`${limited} ${clientIp(c, environment.TRUST_PROXY)}`);
    if (decision.allowed) return next();
    // Page views past the limit are dropped, not refused: a beacon never reads its answer, and a 429
    // would put an error in the visitor's console (many visitors share one address behind a
    // mobile carrier's NAT). The view is simply not counted.
    if (path === PUBLIC_COLLECT_PATH) return c.body(null, 204);
    return tooManyRequests(c, decision.retryAfterSeconds);
  });
}

/**
 * One structured line per request: method, path without its query (tokens live there) and without a
 * customer's quote link, status, time.
 */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    c.var.logger.info(
      {
        method: c.req.method,
        path: loggedPath(c.req.path),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
}

/**
 * The security baseline for every route, in order: request log, security headers, partner CORS,
 * CSRF origin check, JSON-only public submissions, per-IP rate limits on public POSTs, and the
 * 100 kB body limit.
 */
export function applySecurityBaseline(
  app: Hono<AppEnv>,
  environment: Environment,
  headerOptions: SecurityHeaderOptions = {},
): void {
  app.use(requestLog());
  app.use(securityHeaders(environment, headerOptions));
  app.use(partnerCors());
  app.use(originCheck(environment));
  app.use(jsonSubmissionsOnly());
  app.use(publicPostRateLimit(environment));
  app.use('/api/*', requestBodyLimit(MAX_BODY_BYTES));
}

/**
 * Answers 413 for a body over `maxSize` bytes. A declared Content-Length is judged without touching
 * the body, so the handler can still read it straight from the socket (the Node adapter's fast path;
 * hono's bodyLimit builds a full web Request and stream for every request, a third of the cost of a
 * quote submission). Chunked bodies are counted by hono's bodyLimit as they stream in.
 */
function requestBodyLimit(maxSize: number): MiddlewareHandler<AppEnv> {
  const onError = (c: Context) =>
    jsonError(c as Context<AppEnv>, 413, 'The request body is larger than 100 kB.');
  const streamed = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('Content-Length');
    if (length !== undefined && c.req.header('Transfer-Encoding') === undefined) {
      return Number.parseInt(length, 10) > maxSize ? onError(c) : next();
    }
    return streamed(c, next);
  };
}
