import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import { type BodyEncoding, negotiateEncoding } from './negotiation.ts';

type Compressed = Exclude<BodyEncoding, 'identity'>;

function compress(text: string, encoding: Compressed, best: boolean): Uint8Array<ArrayBuffer> {
  return encoding === 'br'
    ? brotliCompressSync(text, {
        params: { [constants.BROTLI_PARAM_QUALITY]: best ? constants.BROTLI_MAX_QUALITY : 4 },
      })
    : gzipSync(text, { level: best ? 9 : 6 });
}

/** Replaces the answer's body (already read) with `body`, keeping its status and headers. */
function replaceBody(
  c: Context<AppEnv>,
  response: Response,
  body: string | Uint8Array<ArrayBuffer>,
  encoding?: Compressed,
) {
  const headers = new Headers(response.headers);
  if (encoding) {
    headers.set('Content-Encoding', encoding);
    headers.delete('Content-Length');
  }
  headers.append('Vary', 'Accept-Encoding');
  c.res = undefined;
  c.res = new Response(body, { status: response.status, headers });
}

/** The GET answer to compress, read as text, or undefined to leave it as it is. */
async function readableAnswer(
  c: Context<AppEnv>,
  encoding: BodyEncoding,
  type: RegExp,
): Promise<string | undefined> {
  if (encoding === 'identity' || c.res.headers.has('Content-Encoding')) return undefined;
  if (!type.test(c.res.headers.get('Content-Type') ?? '')) return undefined;
  return c.res.text();
}

/**
 * Compresses the JSON answers of GET requests of at least `minBytes` (the admin's quote list, say)
 * with brotli, else gzip, as the request accepts. Everything else passes untouched, at the cost of
 * one method check: submissions (POST /api/service-form and the rest) answer a few hundred bytes,
 * which compressing would only make slower.
 */
export function compressJsonReads(minBytes = 1024): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    await next();
    const encoding = negotiateEncoding(c.req.header('Accept-Encoding'));
    const response = c.res;
    const text = await readableAnswer(c, encoding, /^application\/json/);
    if (text === undefined || encoding === 'identity') return;
    if (Buffer.byteLength(text) < minBytes) replaceBody(c, response, text);
    else replaceBody(c, response, compress(text, encoding, false), encoding);
  };
}

/**
 * Compresses a text answer that is the same on every request (sitemap.xml, robots.txt: built from the
 * data set and PUBLIC_URL) once per encoding, at the best quality, and sends the kept bytes after.
 */
export function compressFixedReads(): MiddlewareHandler<AppEnv> {
  let kept: { text: string; bodies: Partial<Record<Compressed, Uint8Array<ArrayBuffer>>> } | undefined;
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    await next();
    const encoding = negotiateEncoding(c.req.header('Accept-Encoding'));
    const response = c.res;
    const text = await readableAnswer(c, encoding, /^(?:text\/|application\/(?:xml|json))/);
    if (text === undefined || encoding === 'identity' || response.status !== 200) return;
    if (kept?.text !== text) kept = { text, bodies: {} };
    kept.bodies[encoding] ??= compress(text, encoding, true);
    const body = kept.bodies[encoding];
    replaceBody(c, response, body, encoding);
  };
}
