import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestAdmin, signIn } from '../test-support/sign-in.ts';
import { createTestApp } from '../test-support/test-app.ts';
import { OPEN_BEFORE_UNLOCK } from './middleware.ts';

// A signed-in session that never unlocked the quote dashboard could read every
// quote's customer data through the outbox. The lock is now the default for every admin route; this
// walks the app's own route table, so a route added later is checked without anyone listing it here.

const DASHBOARD_PASSWORD = 'the shared quote dashboard password';

let context: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
beforeEach(async () => {
  context = await createTestApp({ QUOTE_DASHBOARD_PASSWORD: DASHBOARD_PASSWORD });
  await createTestAdmin(context.database);
  cookie = await signIn(context.app);
});
afterEach(() => context.close());

/** Every method and path the app routes under /api, with path parameters filled in. */
function apiRoutes(): { method: string; path: string; route: string }[] {
  const seen = new Set<string>();
  const routes: { method: string; path: string; route: string }[] = [];
  for (const { method, path } of context.app.routes) {
    if (method === 'ALL' || !path.startsWith('/api/') || path.includes('*')) continue;
    const route = `${method} ${path}`;
    if (seen.has(route)) continue;
    seen.add(route);
    routes.push({ method, path: path.replace(/:\w+/g, '0190a3b4-0000-7000-8000-000000000000'), route });
  }
  return routes;
}

function call(method: string, path: string, headers: Record<string, string> = {}) {
  return context.app.request(path, {
    method,
    headers: { 'Content-Type': 'application/json', Origin: 'https://clean.example', ...headers },
    ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{}' }),
  });
}

describe('the quote dashboard lock', () => {
  it('answers 403 on every admin route to a signed-in session that has not unlocked', async () => {
    const adminRoutes: string[] = [];
    for (const { method, path, route } of apiRoutes()) {
      if ((await call(method, path)).status !== 401) continue;
      adminRoutes.push(route);
      const locked = await call(method, path, { Cookie: cookie });
      if (OPEN_BEFORE_UNLOCK.has(route)) {
        expect(locked.status, route).not.toBe(403);
      } else {
        expect(locked.status, route).toBe(403);
        expect(await locked.json(), route).toMatchObject({ locked: true });
      }
    }
    // The walk found the routes that carry customer data (and so would catch a new one).
    expect(adminRoutes).toEqual(
      expect.arrayContaining([
        'GET /api/contact',
        'GET /api/contact/:id',
        'GET /api/contact.csv',
        'POST /api/contact/:id/status',
        'POST /api/contact/:id/notes',
        'POST /api/contact/:id/reply',
        'GET /api/admin/outbox',
        'POST /api/admin/unlock',
      ]),
    );
  });

  it('opens them for that session once it entered the password, and for no other session', async () => {
    const other = await signIn(context.app);
    const unlock = await call('POST', '/api/admin/unlock', { Cookie: cookie });
    expect(unlock.status).toBe(400);
    const unlocked = await context.app.request('/api/admin/unlock', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ password: DASHBOARD_PASSWORD }),
    });
    expect(unlocked.status).toBe(200);
    for (const path of ['/api/contact', '/api/contact.csv', '/api/admin/outbox']) {
      expect((await call('GET', path, { Cookie: cookie })).status, path).toBe(200);
      expect((await call('GET', path, { Cookie: other })).status, path).toBe(403);
    }
  });

  it('names only routes that exist as open before unlocking', () => {
    const routes = new Set(apiRoutes().map(({ route }) => route));
    for (const route of OPEN_BEFORE_UNLOCK) expect(routes.has(route), route).toBe(true);
  });
});
