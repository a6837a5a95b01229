import type { Context } from 'hono';
import type { AppEnv } from '../lib/app-env.ts';
import { matchesEntityTag, negotiateEncoding } from '../lib/negotiation.ts';
import { type CachedDocument, documentBody, PageCache, type PageCacheOptions } from './page-cache.ts';
import type { BuiltSite } from './site.ts';
import { fileBody, loadStaticFiles, type StaticFile } from './static-files.ts';

/** The built site as the API serves it: its files from memory, its pages rendered once. */
export interface SiteServer {
  /** GET (and HEAD) of any path the API does not claim: a file of the build, else a page. */
  serve(c: Context<AppEnv>): Response;
  /** The site's 404 page, as any unknown path gets it. */
  notFoundPage(c: Context<AppEnv>): Response;
  /** The rendered documents kept (for the bench and tests). */
  readonly pages: PageCache;
}

// Hashed names change with their content; everything else is checked with the server on each use.
const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';

/** The request's path and query as sent (not decoded: '/south%2Dyarra' is not '/south-yarra'). */
function requestTarget(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  return start === -1 ? '/' : url.slice(start);
}

function sendDocument(c: Context<AppEnv>, document: CachedDocument): Response {
  const encoding = negotiateEncoding(c.req.header('Accept-Encoding'));
  // A 404 carries no validator: preconditions apply to successful answers only (RFC 9110 §13.2.1).
  const found = document.status === 200;
  if (found && matchesEntityTag(c.req.header('If-None-Match'), document.etag)) {
    return c.body(null, 304, { ETag: document.etag, 'Cache-Control': revalidate, Vary: 'Accept-Encoding' });
  }
  return c.body(documentBody(document, encoding), document.status, {
    'Content-Type': 'text/html; charset=UTF-8',
    ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
    ...(found ? { ETag: document.etag } : {}),
    'Cache-Control': revalidate,
    Vary: 'Accept-Encoding',
  });
}

function sendFile(c: Context<AppEnv>, file: StaticFile): Response {
  const encoding = negotiateEncoding(c.req.header('Accept-Encoding'), file.encodings);
  const validators = {
    ETag: file.etag,
    'Cache-Control': file.immutable ? immutable : revalidate,
    ...(file.encodings.length > 0 ? { Vary: 'Accept-Encoding' } : {}),
  };
  if (matchesEntityTag(c.req.header('If-None-Match'), file.etag)) return c.body(null, 304, validators);
  return c.body(fileBody(file, encoding), 200, {
    'Content-Type': file.contentType,
    ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
    'Last-Modified': file.lastModified,
    ...validators,
  });
}

/**
 * Serves the built site: the files of its client folder from memory (brotli or gzip as the build
 * wrote them; hashed assets cached for a year, the rest revalidated by ETag), and every page from
 * the page cache, compressed once, revalidated by ETag.
 */
export function createSiteServer(
  site: BuiltSite,
  publicUrl: string,
  options: PageCacheOptions = {},
): SiteServer {
  const files = loadStaticFiles(site.clientDirectory);
  const pages = new PageCache(site, publicUrl, options);
  return {
    pages,
    serve(c) {
      const file = files.get(c.req.path);
      if (file) return sendFile(c, file);
      return sendDocument(c, pages.document(requestTarget(c.req.url)));
    },
    notFoundPage(c) {
      return sendDocument(c, pages.document(requestTarget(c.req.url)));
    },
  };
}
