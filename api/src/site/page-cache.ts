import { createHash } from 'node:crypto';
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { BodyEncoding } from '../lib/negotiation.ts';
import type { BuiltSite } from './site.ts';

/** One rendered document, ready in every encoding the server sends. */
export interface CachedDocument {
  readonly status: 200 | 404;
  /** Weak entity tag of the document's text: the same for each of its encodings. */
  readonly etag: string;
  readonly identity: Uint8Array<ArrayBuffer>;
  /** Brotli: a fast pass at once, replaced by the best (quality 11) pass once that is done. */
  br: Uint8Array<ArrayBuffer>;
  /** Gzip, made on the first request that accepts gzip but not brotli. */
  gzip?: Uint8Array<ArrayBuffer>;
}

/** How large a cache has grown. */
export interface PageCacheSize {
  lasting: number;
  recent: number;
  /** Bytes held in bodies (every encoding), keys and bookkeeping aside. */
  bytes: number;
}

/** Options of {@link PageCache}. */
export interface PageCacheOptions {
  /** Documents made from arbitrary query values kept at most (least recently used go first). Default 256. */
  recentLimit?: number;
}

const quickBrotli = 5;

/**
 * Every public page rendered once and kept until the process ends (the next deploy), in brotli,
 * gzip and plain. The site's own key (sites/web/src/page-key.ts) decides which URLs share a
 * document: query parameters no page reads never make a new entry. The site's finite set of pages
 * stays for good; documents made from arbitrary query values (?location=anything) live in a bounded
 * least-recently-used set, so a crawler inventing queries can neither grow memory nor evict the
 * real pages.
 */
export class PageCache {
  readonly #site: Pick<BuiltSite, 'pageKey' | 'renderDocument'>;
  readonly #publicUrl: string;
  readonly #recentLimit: number;
  readonly #lasting = new Map<string, CachedDocument>();
  readonly #recent = new Map<string, CachedDocument>();

  constructor(
    site: Pick<BuiltSite, 'pageKey' | 'renderDocument'>,
    publicUrl: string,
    { recentLimit = 256 }: PageCacheOptions = {},
  ) {
    this.#site = site;
    this.#publicUrl = publicUrl;
    this.#recentLimit = recentLimit;
  }

  /** The document for a request path with its query, rendered on its key's first request. */
  document(url: string): CachedDocument {
    const { key, lasting } = this.#site.pageKey(url);
    if (lasting) {
      let document = this.#lasting.get(key);
      if (!document) {
        document = this.#render(url);
        this.#lasting.set(key, document);
      }
      return document;
    }
    let document = this.#recent.get(key);
    if (document) {
      // Most recently used last: a Map iterates in insertion order.
      this.#recent.delete(key);
    } else {
      document = this.#render(url);
      if (this.#recent.size >= this.#recentLimit) {
        const oldest = this.#recent.keys().next();
        if (!oldest.done) this.#recent.delete(oldest.value);
      }
    }
    this.#recent.set(key, document);
    return document;
  }

  /** How many documents are kept, and their bytes. */
  size(): PageCacheSize {
    let bytes = 0;
    for (const map of [this.#lasting, this.#recent]) {
      for (const document of map.values()) {
        bytes += document.identity.byteLength + document.br.byteLength + (document.gzip?.byteLength ?? 0);
      }
    }
    return { lasting: this.#lasting.size, recent: this.#recent.size, bytes };
  }

  #render(url: string): CachedDocument {
    const page = this.#site.renderDocument(url, this.#publicUrl);
    const identity = Buffer.from(page.html, 'utf8');
    const document: CachedDocument = {
      status: page.status,
      etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      identity,
      br: brotliCompressSync(identity, brotliOptions(identity, quickBrotli)),
    };
    // Quality 11 takes ≈0.2 s for the home page: done off the event loop, on libuv's thread pool,
    // while the quick pass answers meanwhile.
    brotliCompress(identity, brotliOptions(identity, constants.BROTLI_MAX_QUALITY), (error, best) => {
      if (!error && best.byteLength < document.br.byteLength) document.br = best;
    });
    return document;
  }
}

function brotliOptions(body: Uint8Array, quality: number) {
  return {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  };
}

/** A document's body in an encoding (gzip is made on first use). */
export function documentBody(document: CachedDocument, encoding: BodyEncoding): Uint8Array<ArrayBuffer> {
  if (encoding === 'br') return document.br;
  if (encoding === 'gzip') {
    document.gzip ??= gzipSync(document.identity, { level: 9 });
    return document.gzip;
  }
  return document.identity;
}
