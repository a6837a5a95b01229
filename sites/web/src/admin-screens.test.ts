import { adminScreenPaths, isReservedPath } from '@cleanquote/content';
import { describe, expect, it } from 'vitest';
import { adminScreenTitles } from './admin-screen-titles.ts';
import { adminScreenRegistry, adminScreens, findAdminScreen } from './admin-screens.ts';
import { resolveRoute } from './routes.ts';

const noSuburbs = { find: () => undefined, nearby: () => [] };

describe('the admin screen registry', () => {
  // content's reserved words are what the API (sitemap, 404s) and the suburb data check against:
  // they must name every admin screen of the registry, and no admin screen the registry lacks.
  it('is exactly the admin paths content reserves', () => {
    expect([...adminScreenPaths].sort()).toEqual([...adminScreens].sort());
    expect(adminScreens.every((id) => isReservedPath(id))).toBe(true);
  });

  it('routes each screen at /<id>, titled from its entry', () => {
    for (const entry of adminScreenRegistry) {
      expect(resolveRoute(`/${entry.id}`, noSuburbs)).toEqual({
        page: 'admin',
        screen: entry.id,
        path: `/${entry.id}`,
        status: 200,
      });
      expect(findAdminScreen(entry.id)?.title).toBe(entry.title);
      expect(adminScreenTitles[entry.id]).toBe(entry.title);
    }
    expect(findAdminScreen('Xero')).toBeUndefined();
    expect(findAdminScreen('constructor')).toBeUndefined();
  });

  it('gives every screen but the dashboard a card, each at its own position', () => {
    const positions = adminScreenRegistry.flatMap((entry) => (entry.card ? [entry.card.position] : []));
    expect(positions).toHaveLength(adminScreenRegistry.length - 1);
    expect(new Set(positions).size).toBe(positions.length);
  });
});
