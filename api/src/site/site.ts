import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { QuoteFormState } from '@cleanquote/quote-core';

/** What the site's server entry (sites/web/src/entry-server.tsx) renders for one URL. */
export interface RenderedPage {
  status: 200 | 404;
  head: string;
  html: string;
}

/** What a render may carry besides the URL. */
export interface RenderDocumentOptions {
  /**
   * /service-form after a post: the wizard's state decided by the server (docs/decisions/0009).
   * Such a page belongs to one visitor: never cache it.
   */
  quoteForm?: QuoteFormState | undefined;
}

/** Which rendered document a URL gets (sites/web/src/page-key.ts): equal keys, identical documents. */
export interface PageKey {
  key: string;
  /** One of the site's finite set of pages (kept for good), not one made of arbitrary query values. */
  lasting: boolean;
}

/** The built site: its HTML template and its server renderer. */
export interface BuiltSite {
  clientDirectory: string;
  /** Full HTML document for a path and query, with the status the route table gives it. */
  renderDocument(url: string, publicUrl: string, options?: RenderDocumentOptions): RenderedPage;
  /** The cache key of a path and query: which of the site's documents it renders. */
  pageKey(url: string): PageKey;
  /**
   * CSP source expressions ("'sha256-…'") of the inline scripts the site's documents carry; the
   * Content-Security-Policy allows exactly these besides the site's own script files. Empty when the
   * documents carry none.
   */
  inlineScriptHashes: readonly string[];
}

/** The server entry's exports the API uses. */
interface ServerEntry {
  render(url: string, options: { publicUrl: string } & RenderDocumentOptions): RenderedPage;
  pageKey(url: string): PageKey;
  /** Optional: the hashes of inline scripts the template or the render put into every document. */
  inlineScriptHashes?: readonly string[];
}

// A hash source of CSP Level 2/3: the algorithm and a base64 digest, in single quotes.
const hashSourcePattern = /^'sha(256|384|512)-[A-Za-z0-9+/]+={0,2}'$/;

/**
 * The inline-script hashes a server entry exports, checked: each goes into the CSP header verbatim,
 * so anything but a hash source would widen or break the policy.
 */
export function checkInlineScriptHashes(hashes: unknown): readonly string[] {
  if (hashes === undefined) return [];
  if (
    !Array.isArray(hashes) ||
    !hashes.every((hash) => typeof hash === 'string' && hashSourcePattern.test(hash))
  ) {
    throw new Error(
      `the site's inlineScriptHashes must be CSP hash sources like "'sha256-…'", got ${JSON.stringify(hashes)}`,
    );
  }
  return Object.freeze([...hashes]);
}

/**
 * Loads the site built by `vite build` (client) and `vite build --ssr` (server entry). Returns
 * undefined when it has not been built, so the API can run alone (tests, `npm run dev`).
 */
export async function loadBuiltSite(distDirectory: string): Promise<BuiltSite | undefined> {
  const clientDirectory = join(distDirectory, 'client');
  const templatePath = join(clientDirectory, 'index.html');
  const entryPath = join(distDirectory, 'server', 'entry-server.js');
  if (!existsSync(templatePath) || !existsSync(entryPath)) return undefined;
  const template = readFileSync(templatePath, 'utf8');
  if (!template.includes('<!--app-head-->') || !template.includes('<!--app-html-->')) {
    throw new Error(`${templatePath} lacks the <!--app-head--> / <!--app-html--> placeholders`);
  }
  const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  return {
    clientDirectory,
    renderDocument(url, publicUrl, options) {
      const page = entry.render(url, { publicUrl, ...options });
      // Functions as replacers: '$' sequences in page content must not be read as patterns.
      const html = template
        .replace('<!--app-head-->', () => page.head)
        .replace('<!--app-html-->', () => page.html);
      return { ...page, html };
    },
    pageKey: (url) => entry.pageKey(url),
    inlineScriptHashes: checkInlineScriptHashes(entry.inlineScriptHashes),
  };
}
