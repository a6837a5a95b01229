import { createHash, randomBytes } from 'node:crypto';

/** The path of a customer's quote page: /quote/<token>. */
export const QUOTE_PAGE_PATH = '/quote';

/**
 * A new token for a customer's quote link: 128 random bits, base64url (22 characters). Only
 * {@link quoteTokenHash} of it is stored; the link itself exists in the mail the customer gets.
 */
export function newQuoteToken(): string {
  return randomBytes(16).toString('base64url');
}

/** What the quote tables store of a link token: its SHA-256, hex. */
export function quoteTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** True for text shaped like a link token, checked before any lookup. */
export function isQuoteToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(value);
}

/** The customer's link to a quote: `${PUBLIC_URL}/quote/<token>`. */
export function quoteLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${QUOTE_PAGE_PATH}/${token}`;
}
