import { business } from '@cleanquote/content';
import type { Context } from 'hono';
import type { AppEnv } from '../lib/app-env.ts';
import type { PartnerSnapshot } from './partner-registry.ts';

/** What a visitor on a partner's site reads when that site may not send (the embed shows it). */
export const PARTNER_REFUSALS = {
  /** A quote from the site of a partner staff disabled. */
  quotesSwitchedOff: `Quote requests from this site are switched off. Please call ${business.name} on ${business.phone} for your quote.`,
  /** Any other public POST (a message, a newsletter sign-up) from a disabled partner's site. */
  requestsSwitchedOff: `Requests from this site are switched off. Please call ${business.name} on ${business.phone}.`,
  /** A known key from a site not listed for it. */
  originNotAllowed: 'This site is not allowed to send quote requests with this partner key.',
  /** A key nobody configured. */
  unknownKey: 'Unknown partner key. Check the key your embed code was given.',
  /** A site that is neither the business's nor a listed partner's. */
  siteNotListed: `This site is not set up to send quote requests. Please call ${business.name} on ${business.phone} for your quote.`,
} as const;

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

/** Judges a partner key sent from `origin` against the partners in `snapshot`. */
function judgeKey(snapshot: PartnerSnapshot, header: string, origin: string | undefined): PartnerKeyCheck {
  // An empty key is not "no key": the embed sends the header only when it has a key.
  const key = header.trim();
  const partner = key ? snapshot.byKey.get(key) : undefined;
  if (!partner) return { outcome: 'unknown-key' };
  if (origin === undefined || !partner.origins.includes(origin)) {
    return { outcome: 'origin-not-allowed', key, origin };
  }
  if (!partner.enabled) return { outcome: 'partner-disabled', key };
  return { outcome: 'partner', source: `partner:${key}`, key };
}

/**
 * Checks the partner key of a quote request (a partner's key works only from its listed sites): a key attributes the quote to
 * the partner's site, and only the partner's origins may submit with it, while it is enabled.
 * A request without an Origin header is not from an allowed origin: browsers always send one with a
 * cross-origin POST, so only a script outside a browser omits it.
 */
export async function checkPartnerKey(c: Context<AppEnv>): Promise<PartnerKeyCheck> {
  const header = c.req.header('X-Partner-Key');
  if (header === undefined) return { outcome: 'main-site', source: 'main-site' };
  return judgeKey(await c.var.partners.snapshot(), header, c.req.header('Origin'));
}

/**
 * Where another site's origin stands on the public POSTs: a listed, enabled partner's (admitted),
 * listed only by partners staff disabled (refused with a way to call instead), or nobody's (refused).
 * The one judgement behind the origin check (security/baseline.ts) and GET /api/partner-status.
 */
export function partnerOriginStanding(
  snapshot: PartnerSnapshot,
  origin: string,
): 'listed' | 'switched-off' | 'not-listed' {
  if (snapshot.corsOrigins.has(origin)) return 'listed';
  if (snapshot.switchedOffOrigins.has(origin)) return 'switched-off';
  return 'not-listed';
}

/** Whether a page may send quote requests now, and if not, what its visitor should read. */
export type PartnerStatus = { accepting: true } | { accepting: false; message: string };

/**
 * Whether a quote request from `origin` (with the partner key `key`, if any) would be accepted,
 * judged as the origin check and the quote route judge it. A page whose request got no readable
 * answer (a refused site gets no CORS headers) asks this to tell its visitor why.
 */
export function partnerStatus(
  snapshot: PartnerSnapshot,
  publicOrigin: string,
  origin: string | undefined,
  key: string | undefined,
): PartnerStatus {
  const standing =
    origin === undefined || origin === publicOrigin ? 'listed' : partnerOriginStanding(snapshot, origin);
  if (standing === 'switched-off') return { accepting: false, message: PARTNER_REFUSALS.quotesSwitchedOff };
  if (key !== undefined) {
    const check = judgeKey(snapshot, key, origin);
    if (check.outcome === 'unknown-key') return { accepting: false, message: PARTNER_REFUSALS.unknownKey };
    if (check.outcome === 'origin-not-allowed') {
      return { accepting: false, message: PARTNER_REFUSALS.originNotAllowed };
    }
    if (check.outcome === 'partner-disabled') {
      return { accepting: false, message: PARTNER_REFUSALS.quotesSwitchedOff };
    }
  }
  if (standing === 'not-listed') return { accepting: false, message: PARTNER_REFUSALS.siteNotListed };
  return { accepting: true };
}
