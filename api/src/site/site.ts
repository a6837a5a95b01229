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

/** The built site: its HTML template and its server renderer. */
export interface BuiltSite {
  clientDirectory: string;
  /** Full HTML document for a path and query, with the status the route table gives it. */
  renderDocument(url: string, publicUrl: string, options?: RenderDocumentOptions): RenderedPage;
}

interface ServerEntry {
  render(url: string, options: { publicUrl: string } & RenderDocumentOptions): RenderedPage;
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
  };
}
