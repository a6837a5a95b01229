import { createHash } from 'node:crypto';
import type { QuoteFormState } from '@cleanquote/quote-wizard';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { allSuburbs, pageSuburbData } from './all-suburbs.ts';
import { App, type RenderContext } from './app.tsx';
import firstTapCapture from './first-tap-capture.js?raw';
import { pageKey as keyOfRoute, type PageKey } from './page-key.ts';
import { pageMeta, renderHeadTags } from './page-meta.ts';
import { ServiceFormPage } from './public/service-form-page.tsx';
import { resolveRoute } from './routes.ts';
import { renderPageSuburbData } from './suburb-directory.ts';

/**
 * The one inline script of every page, first in the head: it holds a tap on a control that needs
 * the app until the app has hydrated, then replays it (decision 0008).
 */
const firstTapScript = firstTapCapture.trim();

/**
 * CSP `script-src` sources that admit the page's inline scripts (their SHA-256 hashes, computed from
 * the exact text served), for the server's Content-Security-Policy.
 */
export const inlineScriptHashes: readonly string[] = [
  `'sha256-${createHash('sha256').update(firstTapScript).digest('base64')}'`,
];

/** Options of {@link render}. */
export interface RenderOptions {
  /** Canonical base URL of the site (PUBLIC_URL), e.g. 'https://www.example.com.au'. */
  publicUrl: string;
  /**
   * /service-form only: the wizard's state the server decided for a posted form (no-script wizard,
   * docs/decisions/0009). Absent for a plain GET, whose page is the same for every visitor.
   */
  quoteForm?: QuoteFormState | undefined;
}

/** What the server puts into the built index.html and answers with. */
export interface RenderResult {
  /** HTTP status: 404 for unknown paths, reserved words without a route and unknown suburbs. */
  status: 200 | 404;
  /**
   * Escaped head tags (title, description, canonical, Open Graph, …) for `<!--app-head-->`, and the
   * page's suburb data for hydration.
   */
  head: string;
  /** The page markup for `<!--app-html-->`, hydrated by entry-client.tsx. */
  html: string;
}

/**
 * Path and query of a request URL. A request path is split by hand rather than parsed against a
 * base: `new URL('//team', base)` would read 'team' as a host and render the home page.
 */
function splitUrl(url: string): { pathname: string; search: string } {
  if (/^[a-z][a-z\d+.-]*:/i.test(url)) {
    const { pathname, search } = new URL(url);
    return { pathname, search };
  }
  const withoutHash = url.split('#', 1)[0] ?? '';
  const queryStart = withoutHash.indexOf('?');
  return queryStart === -1
    ? { pathname: withoutHash || '/', search: '' }
    : { pathname: withoutHash.slice(0, queryStart) || '/', search: withoutHash.slice(queryStart) };
}

/**
 * Render one request of the site to HTML.
 *
 * @param url - the request path with its query, e.g. '/south-yarra' or '/?location=fitzroy'
 *   (an absolute URL is accepted too; only its path and query are used).
 * @example
 * ```ts
 * const { status, head, html } = render(req.url, { publicUrl: env.PUBLIC_URL });
 * const page = template.replace('<!--app-head-->', head).replace('<!--app-html-->', html);
 * ```
 */
export function render(url: string, options: RenderOptions): RenderResult {
  const { pathname, search } = splitUrl(url);
  const context: RenderContext = {};
  const { quoteForm } = options;
  const FormPage = quoteForm ? () => <ServiceFormPage formState={quoteForm} /> : ServiceFormPage;
  const html = renderToString(
    <StrictMode>
      <App
        ssrPath={pathname}
        ssrSearch={search.replace(/^\?/, '')}
        renderContext={context}
        loadedPages={{ ServiceFormPage: FormPage }}
        suburbs={allSuburbs}
      />
    </StrictMode>,
  );
  // The context is always filled by the render; the fallback only satisfies the types.
  const route = context.route ?? resolveRoute(pathname, allSuburbs);
  const meta = context.meta ?? pageMeta(route, search, allSuburbs);
  const head =
    `<script>${firstTapScript}</script>${renderHeadTags(meta, options.publicUrl)}` +
    renderPageSuburbData(pageSuburbData(route, search));
  return { status: route.status, head, html };
}

/**
 * Which document a URL renders, for the server's page cache: URLs with equal keys render the same
 * document (see page-key.ts).
 */
export function pageKey(url: string): PageKey {
  const { pathname, search } = splitUrl(url);
  return keyOfRoute(resolveRoute(pathname, allSuburbs), search, allSuburbs);
}
