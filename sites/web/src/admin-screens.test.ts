import { adminScreenPaths, isReservedPath } from '@cleanquote/content';
import { describe, expect, it } from 'vitest';
import { adminScreenTitles } from './admin-screen-titles.ts';
import { adminScreenRegistry, findAdminScreen } from './admin-screens.ts';
import { resolveRoute } from './routes.ts';

const noSuburbs = { find: () => undefined, nearby: () => [] };

describe('the admin screen registry', () => {
  // content's reserved words are what the API (sitemap, 404s) and the suburb data check against:
  // they must name every admin screen of the registry, and no admin screen the registry lacks.
  it('is exactly the admin paths content reserves', () => {
    const segments = adminScreenRegistry.map((entry) => entry.segment);
    expect([...adminScreenPaths].sort()).toEqual([...segments].sort());
    expect(segments.every((segment) => isReservedPath(segment))).toBe(true);
  });

  it('routes each screen at /<segment>, titled from its entry', () => {
    for (const entry of adminScreenRegistry) {
      expect(resolveRoute(`/${entry.segment}`, noSuburbs)).toEqual({
        page: 'admin',
        screen: entry.id,
        path: `/${entry.segment}`,
        status: 200,
      });
      expect(findAdminScreen(entry.segment)?.title).toBe(entry.title);
      expect(adminScreenTitles[entry.id]).toBe(entry.title);
    }
    // The quote requests keep their published address /admin.
    expect(findAdminScreen('admin')?.id).toBe('quote-requests');
    expect(findAdminScreen('quote-requests')).toBeUndefined();
    expect(findAdminScreen('Xero')).toBeUndefined();
    expect(findAdminScreen('constructor')).toBeUndefined();
  });

  it('gives every screen but the dashboard a card, each at its own position', () => {
    const positions = adminScreenRegistry.flatMap((entry) => (entry.card ? [entry.card.position] : []));
    expect(positions).toHaveLength(adminScreenRegistry.length - 1);
    expect(new Set(positions).size).toBe(positions.length);
  });
});
