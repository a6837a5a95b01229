import type { AdminScreen, AdminScreenPages } from './admin-screens.ts';

/**
 * Each admin screen's id and title by path segment, inlined from the registry (admin-screens.ts) by
 * the build (sites/web/vite.config.ts; the root vitest.config.ts for unit tests; Storybook's main.ts).
 * The public pages route and title admin URLs with it and never import the registry itself, so they
 * carry the ids and titles only — not the navigation and dashboard texts, which stay in the admin chunk.
 */
declare const __ADMIN_SCREEN_PAGES__: AdminScreenPages;

/** The admin screen at each path segment ('admin' is the quote requests). */
export const adminScreenPages: AdminScreenPages = __ADMIN_SCREEN_PAGES__;

/** Every admin screen's title, keyed by its id. */
export const adminScreenTitles: Readonly<Record<AdminScreen, string>> = /* @__PURE__ */ Object.fromEntries(
  Object.values(adminScreenPages).map((page) => [page.id, page.title]),
) as Record<AdminScreen, string>;
