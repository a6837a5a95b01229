import type { App } from '../app.ts';
import { ensureAdminAccount } from '../auth/admin-account.ts';
import type { Database } from '../db/database.ts';

/** The admin account the auth tests sign in with. */
export const testAdmin = {
  email: 'owner@sparkleclean.example',
  password: 'correct horse battery staple',
  firstName: 'Sarah',
} as const;

/** Creates the test admin as start-up would from ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_FIRST_NAME. */
export function createTestAdmin(database: Database) {
  return ensureAdminAccount(database, testAdmin);
}

/** The `name=value` pair of a Set-Cookie header, ready to send back as a Cookie header. */
export function cookiePair(response: Response): string {
  const setCookie = response.headers.get('Set-Cookie') ?? '';
  const pair = setCookie.split(';')[0] ?? '';
  if (!pair.includes('=')) throw new Error(`no cookie in ${JSON.stringify(setCookie)}`);
  return pair;
}

/** Signs in through POST /api/login (JSON) and returns the Cookie header value of the new session. */
export async function signIn(
  app: App,
  credentials: { email: string; password: string } = testAdmin,
): Promise<string> {
  const response = await app.request('/api/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (response.status !== 200) throw new Error(`sign-in failed with ${response.status}`);
  return cookiePair(response);
}
