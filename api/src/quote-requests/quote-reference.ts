import { randomInt } from 'node:crypto';

// No 0/O or 1/I/L: the client may read the reference out over the phone.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A short, unguessable reference the client sees, e.g. 'CQ-7KX4M2QH'. */
export function newQuoteReference(): string {
  let code = '';
  for (let index = 0; index < 8; index += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `CQ-${code}`;
}
