import type { AdminScreen } from './admin-screens.ts';

/**
 * Each admin screen's title by id, inlined from the registry (admin-screens.ts) by the build
 * (sites/web/vite.config.ts; the root vitest.config.ts for unit tests). The public pages route and
 * title admin URLs with it and never import the registry itself, so they carry the ids and titles
 * only — not the navigation and dashboard texts, which stay in the admin chunk.
 */
declare const __ADMIN_SCREEN_TITLES__: Readonly<Record<AdminScreen, string>>;

/** Every admin screen's title, keyed by its id (its path segment). */
export const adminScreenTitles: Readonly<Record<AdminScreen, string>> = __ADMIN_SCREEN_TITLES__;
