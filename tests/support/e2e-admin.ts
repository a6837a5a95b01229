/**
 * The admin account the Playwright config's server creates at start-up (ADMIN_EMAIL /
 * ADMIN_PASSWORD), so specs can read what reached the API (GET /api/contact, the outbox).
 */
export const e2eAdmin = {
  email: 'e2e-admin@sparkleclean.example',
  password: 'e2e admin password, long enough',
} as const;

/** Signs in through POST /api/login and returns the session's Cookie header value. */
export async function signInAsE2eAdmin(base: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify(e2eAdmin),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  const pair = (response.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
  if (!pair.includes('=')) throw new Error('sign-in set no session cookie');
  return pair;
}
