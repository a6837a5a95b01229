import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';

/** Where a public submission came from: a configured partner origin, or 'main-site'. */
export function submissionSource(c: Context<AppEnv>): string {
  const origin = c.req.header('Origin');
  return origin && c.var.environment.PARTNER_ORIGINS.includes(origin) ? origin : 'main-site';
}

/** What a quote request's X-Partner-Key header says about where it came from. */
export type PartnerKeyCheck =
  /** No key: the main site (or a partner embedding without a key). */
  | { outcome: 'main-site'; source: 'main-site' }
  /** A configured key, sent from one of the origins listed for it. */
  | { outcome: 'partner'; source: `partner:${string}`; key: string }
  /** A key nobody configured (or not a key at all): answered 400, naming the header. */
  | { outcome: 'unknown-key' }
  /** A configured key from an origin not listed for it (or from no origin): answered 403. */
  | { outcome: 'origin-not-allowed'; key: string; origin: string | undefined };

/**
 * Checks the partner key of a quote request (DESIGN.md 'Embedding'): a key attributes the quote to
 * the partner's site, and only the origins PARTNER_ORIGINS lists for that key may submit with it.
 * A request without an Origin header is not from an allowed origin: browsers always send one with a
 * cross-origin POST, so only a script outside a browser omits it.
 */
export function checkPartnerKey(c: Context<AppEnv>): PartnerKeyCheck {
  const header = c.req.header('X-Partner-Key');
  if (header === undefined) return { outcome: 'main-site', source: 'main-site' };
  // An empty key is not "no key": CORS admits any origin that sends the header (baseline.ts).
  const key = header.trim();
  if (!key) return { outcome: 'unknown-key' };
  const allowedOrigins = c.var.environment.PARTNER_KEYS.get(key);
  if (!allowedOrigins) return { outcome: 'unknown-key' };
  const origin = c.req.header('Origin');
  if (origin === undefined || !allowedOrigins.includes(origin)) {
    return { outcome: 'origin-not-allowed', key, origin };
  }
  return { outcome: 'partner', source: `partner:${key}`, key };
}
