/**
 * A partner's origins are URL origins (http or https, a host and an optional port, no path) of at
 * most 200 characters: anything else is refused with 400 naming the field, on adding and on editing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestAdmin, signIn } from '../../test-support/sign-in.ts';
import { eq, partners } from '../../test-support/stored-rows.ts';
import { createTestApp } from '../../test-support/test-app.ts';

let context: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
beforeEach(async () => {
  context = await createTestApp({ PARTNER_ORIGINS: 'seeded-partner=https://seeded.example' });
  await createTestAdmin(context.database);
  cookie = await signIn(context.app);
});
afterEach(() => context.close());

function admin(method: string, path: string, body: unknown) {
  return context.app.request(path, {
    method,
    headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: context.environment.PUBLIC_URL },
    body: JSON.stringify(body),
  });
}

/** `https://` and a host of labels that makes the origin exactly `length` characters long. */
function originOfLength(length: number): string {
  const host = `${'a'.repeat(length - 'https://'.length - '.example'.length)}.example`;
  return `https://${host}`;
}

const notOrigins = [
  ['longer than 200 characters', originOfLength(201)],
  ['10,000 characters long', originOfLength(10_000)],
  ['without a scheme', 'agency.example'],
  ['with a path', 'https://agency.example/embed'],
  ['with a query', 'https://agency.example?x=1'],
  ['with a user name', 'https://someone@agency.example'],
  ['on another scheme', 'ftp://agency.example'],
  ['a script URL', 'javascript:alert(1)'],
] as const;

describe('partner origins', () => {
  it.each(notOrigins)(
    'refuses an origin %s when a partner is added, with 400 naming it',
    async (_, origin) => {
      const response = await admin('POST', '/api/partners', {
        name: 'Agency',
        key: 'agency',
        origins: ['https://agency.example', origin],
      });
      expect(response.status).toBe(400);
      const { fields } = (await response.json()) as { fields: Record<string, string> };
      expect(Object.keys(fields)).toEqual(['origins.1']);
      // The message stays readable: it never repeats a long value back.
      expect(fields['origins.1']?.length).toBeLessThan(300);
      expect(await context.database.db.select().from(partners).where(eq(partners.key, 'agency'))).toEqual([]);
    },
  );

  it.each(notOrigins)(
    'refuses an origin %s when a partner is edited, and keeps its origins',
    async (_, origin) => {
      const response = await admin('PATCH', '/api/partners/seeded-partner', { origins: [origin] });
      expect(response.status).toBe(400);
      const { fields } = (await response.json()) as { fields: Record<string, string> };
      expect(Object.keys(fields)).toEqual(['origins.0']);
      const listed = await context.app.request('/api/partners', { headers: { Cookie: cookie } });
      expect(await listed.json()).toMatchObject({
        partners: [{ key: 'seeded-partner', origins: ['https://seeded.example'] }],
      });
    },
  );

  it('accepts an origin of exactly 200 characters, one with a port, and one over http', async () => {
    const longest = originOfLength(200);
    const response = await admin('POST', '/api/partners', {
      name: 'Agency',
      key: 'agency',
      origins: [longest, 'https://agency.example:8443', 'http://agency.example/'],
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      origins: [longest, 'https://agency.example:8443', 'http://agency.example'],
    });
  });
});
