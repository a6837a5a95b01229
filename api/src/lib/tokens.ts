import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/**
 * A random string from the platform's cryptographic source: 20 bytes (160 bits), base32 lower-case
 * (a-z, 2-7), safe in cookies and URLs. For session ids and secrets and for link tokens.
 */
export function randomToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** SHA-256 of a token's UTF-8 bytes: what is stored instead of the token itself. */
export function hashToken(token: string): Uint8Array {
  return sha256(new TextEncoder().encode(token));
}
