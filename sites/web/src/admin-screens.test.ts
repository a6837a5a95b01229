import { isReservedPath, reservedPaths } from '@cleanquote/content';
import { describe, expect, it } from 'vitest';
import { adminScreenTitles } from './admin-screen-titles.ts';
import { adminScreenRegistry, adminScreens, findAdminScreen } from './admin-screens.ts';
import { resolveRoute } from './routes.ts';

const noSuburbs = { find: () => undefined, nearby: () => [] };

/** The reserved words that are not admin screens: public pages, files, the API and the embed. */
const otherReservedWords = [
  'team',
  'service-form',
  'thank-you',
  'terms',
  'privacy',
  'public',
  'api',
  'embed',
  'sitemap.xml',
  'robots.txt',
];

describe('the admin screen registry', () => {
  // content's reserved words are what the API (sitemap, 404s) and the suburb data check against:
  // they must name every admin screen of the registry, and no admin screen the registry lacks.
  it('is exactly the reserved words that are not public pages, files, the API or the embed', () => {
    expect(adminScreens.every((id) => isReservedPath(id))).toBe(true);
    expect([...reservedPaths].filter((word) => !otherReservedWords.includes(word)).sort()).toEqual(
      [...adminScreens].sort(),
    );
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
