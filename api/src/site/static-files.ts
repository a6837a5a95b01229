import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { getMimeType } from 'hono/utils/mime';
import type { BodyEncoding } from '../lib/negotiation.ts';

/** One file of the built site's client folder, held in memory with its precompressed copies. */
export interface StaticFile {
  contentType: string;
  /** Hashed build output (/assets/*): never changes under its name. */
  immutable: boolean;
  /** Strong entity tag of the file's bytes. */
  etag: string;
  lastModified: string;
  identity: Uint8Array<ArrayBuffer>;
  /** Written by the build next to the file (name.br, name.gz); absent where compressing gains nothing. */
  br?: Uint8Array<ArrayBuffer>;
  gzip?: Uint8Array<ArrayBuffer>;
  /** The encodings held besides the bytes as they are, best first (the offers for negotiateEncoding). */
  encodings: readonly Exclude<BodyEncoding, 'identity'>[];
}

const variantSuffixes = ['.br', '.gz'] as const;

function filesUnder(directory: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    // Dot folders (.vite holds the build manifest) are build records, not site files.
    if (entry.name.startsWith('.')) continue;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) files.push(...filesUnder(path));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

/**
 * The client folder of the built site (sites/web/dist/client) read into memory once, by URL path:
 * the hashed assets, the public folder's images and icons, and the brotli and gzip copies the build
 * wrote beside each compressible one (sites/web/vite.config.ts). Nothing is compressed per request.
 * HTML files are left out: index.html is the template every page is rendered into, and every page
 * is rendered, never sent as a file.
 */
export function loadStaticFiles(clientDirectory: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(clientDirectory)) return files;
  for (const path of filesUnder(clientDirectory)) {
    if (variantSuffixes.some((suffix) => path.endsWith(suffix))) continue;
    const urlPath = `/${relative(clientDirectory, path).split(sep).join('/')}`;
    if (urlPath.endsWith('.html')) continue;
    const identity = readFileSync(path);
    const variant = (suffix: string) => (existsSync(path + suffix) ? readFileSync(path + suffix) : undefined);
    const br = variant('.br');
    const gzip = variant('.gz');
    files.set(urlPath, {
      contentType: getMimeType(path) ?? 'application/octet-stream',
      immutable: urlPath.startsWith('/assets/'),
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      lastModified: statSync(path).mtime.toUTCString(),
      identity,
      ...(br ? { br } : {}),
      ...(gzip ? { gzip } : {}),
      encodings: [...(br ? (['br'] as const) : []), ...(gzip ? (['gzip'] as const) : [])],
    });
  }
  return files;
}

/** A file's bytes in one of its encodings (or as they are). */
export function fileBody(file: StaticFile, encoding: BodyEncoding): Uint8Array<ArrayBuffer> {
  return (encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : undefined) ?? file.identity;
}
