import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.ts';
import { negotiateEncoding } from './negotiation.ts';

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
    if (encoding === 'identity') return;
    const response = c.res;
    if (response.headers.has('Content-Encoding')) return;
    if (!response.headers.get('Content-Type')?.startsWith('application/json')) return;
    const text = await response.text();
    const headers = new Headers(response.headers);
    let body: string | Uint8Array<ArrayBuffer> = text;
    if (Buffer.byteLength(text) >= minBytes) {
      body =
        encoding === 'br'
          ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
          : gzipSync(text, { level: 6 });
      headers.set('Content-Encoding', encoding);
      headers.delete('Content-Length');
    }
    headers.append('Vary', 'Accept-Encoding');
    // Replaces the answer outright (its body has been read); the headers are carried over above.
    c.res = undefined;
    c.res = new Response(body, { status: response.status, headers });
  };
}
