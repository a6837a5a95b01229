import { randomUUID } from 'node:crypto';

/** The time and sequence of the last id made: ids of one process increase (RFC 9562 §6.2, method 1). */
let lastMillis = 0;
let sequence = 0;
const MAX_SEQUENCE = 0xfff;

/**
 * A new primary key for a stored row: a time-ordered UUID (RFC 9562 version 7: 48 bits of Unix
 * milliseconds, a 12-bit sequence, then 62 random bits).
 *
 * Random keys (version 4) put every new row on a random leaf page of each index they appear in, so a
 * commit writes a page per row per index; time-ordered keys land at the right edge of the B-tree,
 * where a batch of new rows shares a page (docs/decisions/0006-quote-intake-batches.md). Ids made one
 * after another by this process sort in the order they were made, even within one millisecond: rows
 * written together at one time (a history entry and the status change it caused) read back in the
 * order they were written. Not a secret: it carries its creation time. Use `randomToken()`
 * (lib/tokens.ts) for anything that must be unguessable.
 */
export function newRowId(): string {
  // Node's randomUUID draws from a buffered pool; the `uuid` package's v7 asked the OS for 16 bytes
  // per id (3 % of the quote route's CPU). Keep its random bits and variant, put the time and the
  // sequence in front and set the version: xxxxxxxx-xxxx-4xxx-yxxx-… becomes tttttttt-tttt-7sss-yxxx-…
  const random = randomUUID();
  const now = Date.now();
  if (now > lastMillis) {
    lastMillis = now;
    // A random start in the lower half leaves room for thousands of ids in the same millisecond.
    sequence = Number.parseInt(random.slice(15, 18), 16) & 0x7ff;
  } else if (sequence < MAX_SEQUENCE) {
    sequence += 1;
  } else {
    // The sequence ran out (or the clock went back): borrow the next millisecond, as the RFC allows.
    lastMillis += 1;
    sequence = 0;
  }
  const time = lastMillis.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${sequence.toString(16).padStart(3, '0')}${random.slice(18)}`;
}
