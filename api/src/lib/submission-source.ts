import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';

/**
 * Where a public submission came from: a partner origin (configured or added by staff), or
 * 'main-site'. The partner CORS middleware has read the partners before any submission route runs.
 */
export function submissionSource(c: Context<AppEnv>): string {
  const origin = c.req.header('Origin');
  return origin && c.var.partners.latest.corsOrigins.has(origin) ? origin : 'main-site';
}

/** What a quote request's X-Partner-Key header says about where it came from. */
export type PartnerKeyCheck =
  /** No key: the main site (or a partner embedding without a key). */
  | { outcome: 'main-site'; source: 'main-site' }
  /** A known, enabled partner's key, sent from one of its origins. */
  | { outcome: 'partner'; source: `partner:${string}`; key: string }
  /** A key nobody configured (or not a key at all): answered 400, naming the header. */
  | { outcome: 'unknown-key' }
  /** A known key from an origin not listed for it (or from no origin): answered 403. */
  | { outcome: 'origin-not-allowed'; key: string; origin: string | undefined }
  /** A partner staff disabled, from one of its origins: answered 403 with a way to call instead. */
  | { outcome: 'partner-disabled'; key: string };

/**
 * Checks the partner key of a quote request (DESIGN.md 'Embedding'): a key attributes the quote to
 * the partner's site, and only the partner's origins may submit with it, while it is enabled.
 * A request without an Origin header is not from an allowed origin: browsers always send one with a
 * cross-origin POST, so only a script outside a browser omits it.
 */
export async function checkPartnerKey(c: Context<AppEnv>): Promise<PartnerKeyCheck> {
  const header = c.req.header('X-Partner-Key');
  if (header === undefined) return { outcome: 'main-site', source: 'main-site' };
  // An empty key is not "no key": CORS admits any origin that sends the header (baseline.ts).
  const key = header.trim();
  if (!key) return { outcome: 'unknown-key' };
  const partner = (await c.var.partners.snapshot()).byKey.get(key);
  if (!partner) return { outcome: 'unknown-key' };
  const origin = c.req.header('Origin');
  if (origin === undefined || !partner.origins.includes(origin)) {
    return { outcome: 'origin-not-allowed', key, origin };
  }
  if (!partner.enabled) return { outcome: 'partner-disabled', key };
  return { outcome: 'partner', source: `partner:${key}`, key };
}
