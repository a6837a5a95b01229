import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, signIn } from '../../../../api/src/test-support/sign-in.ts';
import { createTestApp } from '../../../../api/src/test-support/test-app.ts';
import { dashboardUnlockResolver } from './unlock-form.tsx';

describe('the unlock form’s messages are the server’s', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let cookie: string;

  beforeAll(async () => {
    context = await createTestApp({ QUOTE_DASHBOARD_PASSWORD: 'quote dashboard password 2026' });
    await createTestAdmin(context.database);
    cookie = await signIn(context.app);
  });
  afterAll(() => context.close());

  it.each([
    ['a broken character (a lone surrogate, as a bad paste leaves)', 'pass\ud800word'],
    ['more than 1,000 characters', 'p'.repeat(1_001)],
  ])('for %s', async (_case, password) => {
    const { errors } = await dashboardUnlockResolver({ password }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    const shown = errors.password?.message;
    expect(shown).toBeTruthy();
    const response = await context.app.request('/api/admin/unlock', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ password }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields).toEqual({
      password: shown,
    });
  });

  it('lets any other password through to the server, which answers a wrong one with 401 Incorrect password', async () => {
    const { errors } = await dashboardUnlockResolver({ password: 'not it' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(errors).toEqual({});
    const response = await context.app.request('/api/admin/unlock', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ password: 'not it' }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'Incorrect password' });
  });
});
