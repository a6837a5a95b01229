import { randomUUID } from 'node:crypto';

/**
 * A new primary key for a stored row: a time-ordered UUID (RFC 9562 version 7: 48 bits of Unix
 * milliseconds, then 74 random bits).
 *
 * Random keys (version 4) put every new row on a random leaf page of each index they appear in, so a
 * commit writes a page per row per index; time-ordered keys land at the right edge of the B-tree,
 * where a batch of new rows shares a page (docs/decisions/0006-quote-intake-batches.md). Not a secret:
 * it carries its creation time. Use `randomToken()` (lib/tokens.ts) for anything that must be
 * unguessable.
 */
export function newRowId(): string {
  // Node's randomUUID draws from a buffered pool; the `uuid` package's v7 asked the OS for 16 bytes
  // per id (3 % of the quote route's CPU). Keep its random bits and variant, put the time in front and
  // set the version: xxxxxxxx-xxxx-4xxx-yxxx-… becomes tttttttt-tttt-7xxx-yxxx-…
  const time = Date.now().toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${randomUUID().slice(15)}`;
}
