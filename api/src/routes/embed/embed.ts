/**
 * The embed for partner sites (packages/quote-embed/PROTOCOL.md):
 *
 * - GET /embed/v1/cleanquote-wizard.js — the loader of the current 1.x release, `public, max-age=3600`
 *   (a fix reaches every partner within the hour);
 * - GET /embed/<exact version>/cleanquote-wizard.js — the same bytes, `immutable` (the snippet staff
 *   hand out pins this URL with its SRI hash);
 * - the wizard's chunk under either prefix, named by its content hash, so `immutable` under both.
 *
 * Every answer names the exact version (`CleanQuote-Embed-Version`) and carries
 * `Access-Control-Allow-Origin: *`, so `crossorigin="anonymous"` + `integrity` work and the chunk loads
 * through `import()` (a CORS request). The files come from packages/quote-embed/dist, read once with
 * the brotli and gzip copies its build wrote; an unbuilt embed answers 404. In development
 * (`npm run dev` rebuilds the embed on change) they are read again whenever the manifest changes.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env.ts';
import { type BodyEncoding, matchesEntityTag, negotiateEncoding } from '../../lib/negotiation.ts';
import { pathParams } from '../../lib/request-validators.ts';

/** Where `pnpm --filter @cleanquote/quote-embed run build` writes the embed. */
export const DEFAULT_EMBED_DIST = resolve(
  import.meta.dirname,
  '..',
  '..',
  '..',
  '..',
  'packages',
  'quote-embed',
  'dist',
);

/** The embed release the server holds: what the snippet on /partners needs. */
export interface EmbedRelease {
  /** Exact version, e.g. '1.0.0'. */
  readonly version: string;
  /** The major alias path segment, e.g. 'v1'. */
  readonly major: string;
  /** The loader's file name ('cleanquote-wizard.js'). */
  readonly loader: string;
  /** The loader's SRI hash ('sha384-…'). */
  readonly integrity: string;
  /** Path of the loader pinned to this exact version, e.g. '/embed/1.0.0/cleanquote-wizard.js'. */
  readonly pinnedPath: string;
}

interface EmbedFile {
  readonly identity: Uint8Array<ArrayBuffer>;
  readonly br?: Uint8Array<ArrayBuffer> | undefined;
  readonly gzip?: Uint8Array<ArrayBuffer> | undefined;
  readonly etag: string;
  /** Named by its content hash: never changes under its name. */
  readonly hashed: boolean;
}

interface EmbedManifest {
  version: string;
  major: string;
  loader: string;
  chunk: string;
  integrity: string;
  files: { file: string }[];
}

const ONE_HOUR = 'public, max-age=3600';
const IMMUTABLE = 'public, max-age=31536000, immutable';

function bytes(path: string): Uint8Array<ArrayBuffer> | undefined {
  return existsSync(path) ? new Uint8Array(readFileSync(path)) : undefined;
}

function readManifest(directory: string): EmbedManifest | undefined {
  const manifestPath = join(directory, 'embed-manifest.json');
  if (!existsSync(manifestPath)) return undefined;
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as EmbedManifest;
}

function releaseOf(manifest: EmbedManifest): EmbedRelease {
  return {
    version: manifest.version,
    major: manifest.major,
    loader: manifest.loader,
    integrity: manifest.integrity,
    pinnedPath: `/embed/${manifest.version}/${manifest.loader}`,
  };
}

/** The built embed's release (version, SRI hash, pinned path), from its manifest only. */
export function readEmbedRelease(directory: string = DEFAULT_EMBED_DIST): EmbedRelease | undefined {
  const manifest = readManifest(directory);
  return manifest && releaseOf(manifest);
}

/** Reads the built embed (its manifest and files); undefined when it has not been built. */
export function loadEmbed(
  directory: string = DEFAULT_EMBED_DIST,
): { release: EmbedRelease; files: ReadonlyMap<string, EmbedFile> } | undefined {
  const manifest = readManifest(directory);
  if (!manifest) return undefined;
  const manifestPath = join(directory, 'embed-manifest.json');
  const files = new Map<string, EmbedFile>();
  for (const { file } of manifest.files) {
    const identity = bytes(join(directory, file));
    if (!identity) throw new Error(`${file} is listed in ${manifestPath} but missing`);
    files.set(file, {
      identity,
      br: bytes(join(directory, `${file}.br`)),
      gzip: bytes(join(directory, `${file}.gz`)),
      // The loader's SRI digest is its strong validator; the chunk's name is its hash already.
      etag: `"${file === manifest.loader ? manifest.integrity : file}"`,
      hashed: file !== manifest.loader,
    });
  }
  return { release: releaseOf(manifest), files };
}

function encodingsOf(file: EmbedFile): Exclude<BodyEncoding, 'identity'>[] {
  return [...(file.br ? (['br'] as const) : []), ...(file.gzip ? (['gzip'] as const) : [])];
}

/** Which build the manifest describes: the build writes it last, as a new file, after every other. */
function manifestStamp(directory: string): string | undefined {
  const stats = statSync(join(directory, 'embed-manifest.json'), { throwIfNoEntry: false });
  return stats && `${stats.ino}:${stats.mtimeMs}:${stats.size}`;
}

/** Options of {@link embedRoutes}. */
export interface EmbedRoutesOptions {
  /**
   * Read the build again when its manifest changes (development, where the embed is rebuilt on
   * change). Off in production: the files a release serves are the ones it started with.
   */
  readonly reload?: boolean;
}

/** GET /embed/:version/:file (mounted at /embed in app.ts). */
export function embedRoutes(directory: string = DEFAULT_EMBED_DIST, options: EmbedRoutesOptions = {}) {
  // Reloading: read at the first request, as at every change after it.
  let stamp: string | undefined;
  let embed = options.reload ? undefined : loadEmbed(directory);
  const current = () => {
    if (!options.reload) return embed;
    const now = manifestStamp(directory);
    // No manifest: a build is being swapped in; keep serving the last one until it is there.
    if (now === undefined || now === stamp) return embed;
    try {
      embed = loadEmbed(directory);
      stamp = now;
    } catch {
      // Caught between two builds (a file of the manifest already replaced): read it next time.
    }
    return embed;
  };
  return new Hono<AppEnv>().get('/:version/:file', pathParams('version', 'file'), (c) => {
    const embed = current();
    const { version, file: name } = c.req.valid('param');
    const file = embed?.files.get(name);
    const exact = version === embed?.release.version;
    if (!embed || !file || !(exact || version === embed.release.major)) {
      c.header('Access-Control-Allow-Origin', '*');
      return c.json({ error: 'No such embed file.', requestId: c.var.requestId }, 404);
    }
    const encodings = encodingsOf(file);
    const encoding = negotiateEncoding(c.req.header('Accept-Encoding'), encodings);
    const headers = {
      'Access-Control-Allow-Origin': '*',
      'CleanQuote-Embed-Version': embed.release.version,
      'Cache-Control': exact || file.hashed ? IMMUTABLE : ONE_HOUR,
      ETag: file.etag,
      ...(encodings.length > 0 ? { Vary: 'Accept-Encoding' } : {}),
    };
    if (matchesEntityTag(c.req.header('If-None-Match'), file.etag)) return c.body(null, 304, headers);
    const body = (encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : undefined) ?? file.identity;
    return c.body(body, 200, {
      ...headers,
      'Content-Type': 'text/javascript; charset=utf-8',
      ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
    });
  });
}
