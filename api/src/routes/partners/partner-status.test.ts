import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestAdmin, signIn } from '../../test-support/sign-in.ts';
import { createTestApp } from '../../test-support/test-app.ts';

const northside = 'https://northside.example';
const corsOnly = 'https://listings.example';
const copycat = 'https://copycat.example';

let context: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  context = await createTestApp({ PARTNER_ORIGINS: `northside=${northside}, ${corsOnly}` });
});
afterEach(() => context.close());

async function status(origin: string | undefined, key?: string) {
  const query = key === undefined ? '' : `?key=${encodeURIComponent(key)}`;
  const response = await context.app.request(`/api/partner-status${query}`, {
    headers: origin === undefined ? {} : { Origin: origin },
  });
  expect(response.status).toBe(200);
  // Any page may read it, never with the visitor's cookies.
  expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
  expect(response.headers.get('Access-Control-Allow-Credentials')).toBeNull();
  expect(response.headers.get('Set-Cookie')).toBeNull();
  return response.json();
}

const call = 'Please call Sparkle Clean Melbourne on (03) 5550 0123 for your quote.';

describe('GET /api/partner-status', () => {
  it('says a listed site, the site itself and a partner with its key are accepted', async () => {
    expect(await status(northside, 'northside')).toEqual({ accepting: true });
    expect(await status(northside)).toEqual({ accepting: true });
    expect(await status(corsOnly)).toEqual({ accepting: true });
    expect(await status('https://clean.example')).toEqual({ accepting: true });
    expect(await status(undefined)).toEqual({ accepting: true });
  });

  it('tells a refused page why, in the words the visitor reads', async () => {
    expect(await status(copycat, 'northside')).toEqual({
      accepting: false,
      message: 'This site is not allowed to send quote requests with this partner key.',
    });
    expect(await status(corsOnly, 'northside')).toMatchObject({ accepting: false });
    expect(await status(northside, 'no-such-partner')).toEqual({
      accepting: false,
      message: 'Unknown partner key. Check the key your embed code was given.',
    });
    expect(await status(copycat)).toEqual({
      accepting: false,
      message: `This site is not set up to send quote requests. ${call}`,
    });
    expect(await status('null')).toMatchObject({ accepting: false });
  });

  it('says a disabled partner’s site is switched off, with or without its key, until enabled again', async () => {
    await createTestAdmin(context.database);
    const cookie = await signIn(context.app);
    const setEnabled = (enabled: boolean) =>
      context.app.request('/api/partners/northside', {
        method: 'PATCH',
        headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: 'https://clean.example' },
        body: JSON.stringify({ enabled }),
      });
    expect((await setEnabled(false)).status).toBe(200);
    const switchedOff = {
      accepting: false,
      message: `Quote requests from this site are switched off. ${call}`,
    };
    expect(await status(northside, 'northside')).toEqual(switchedOff);
    expect(await status(northside)).toEqual(switchedOff);
    expect((await setEnabled(true)).status).toBe(200);
    expect(await status(northside, 'northside')).toEqual({ accepting: true });
  });
});
