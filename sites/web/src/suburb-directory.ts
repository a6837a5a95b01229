import type { Suburb } from '@cleanquote/content';
import { allSuburbs } from './all-suburbs.ts';
import { escapeJsonForScript } from './page-meta.ts';

/** A suburb as a link target: enough to name it and point at its page. */
export type SuburbLink = Pick<Suburb, 'slug' | 'name'>;

/**
 * The suburbs the site can name. The server knows all of them (all-suburbs.ts); a page in the
 * browser knows only those the server sent with it, so the data set never ships in the bundle.
 */
export interface SuburbDirectory {
  /** The suburb with this slug, or `undefined` when this directory does not know it. */
  find(slug: string): Suburb | undefined;
  /** The suburbs linked from this suburb's page ("Nearby areas we clean"). */
  nearby(slug: string): readonly SuburbLink[];
}

/** What a server-rendered page carries about suburbs: the one it shows or names, and its neighbours. */
export interface PageSuburbData {
  suburb: Suburb;
  nearby: readonly SuburbLink[];
}

/** The id of the JSON data block in the page's head. */
export const pageSuburbDataId = 'page-suburb';

/**
 * The head tag that hands a page's suburb data to the browser: a JSON data block, which the
 * Content-Security-Policy allows because it is never run as script. Empty without data.
 */
export function renderPageSuburbData(data: PageSuburbData | undefined): string {
  if (!data) return '';
  return `<script type="application/json" id="${pageSuburbDataId}">${escapeJsonForScript(JSON.stringify(data))}</script>`;
}

/** A directory that knows only the suburb of one page (and nothing without one). */
export function directoryOf(data: PageSuburbData | undefined): SuburbDirectory {
  return {
    find: (slug) => (data?.suburb.slug === slug ? data.suburb : undefined),
    nearby: (slug) => (data?.suburb.slug === slug ? data.nearby : []),
  };
}

function readPageSuburbData(): PageSuburbData | undefined {
  const text = document.getElementById(pageSuburbDataId)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PageSuburbData;
  } catch {
    return undefined;
  }
}

let browserDirectory: SuburbDirectory | undefined;

/**
 * The browser's directory: the suburb data the server rendered into this document. Under Vite's
 * dev server no server renders the page, so there it is the whole data set (the production build
 * drops that branch, and the data set with it).
 */
export function browserSuburbDirectory(): SuburbDirectory {
  if (import.meta.env.DEV) return allSuburbs;
  browserDirectory ??= directoryOf(readPageSuburbData());
  return browserDirectory;
}
