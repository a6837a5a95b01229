import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureAdminAccount } from '../../auth/admin-account.ts';
import {
  SESSION_ACTIVITY_CHECK_INTERVAL_MS,
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_MAX_LIFETIME_MS,
} from '../../auth/session.ts';
import { cookiePair, createTestAdmin, signIn, testAdmin } from '../../test-support/sign-in.ts';
import { eq, sessions, users } from '../../test-support/stored-rows.ts';
import { createAppBeside, createTestApp } from '../../test-support/test-app.ts';

let context: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  context = await createTestApp();
  await createTestAdmin(context.database);
});
afterEach(() => context.close());

function login(body: unknown, headers: Record<string, string> = {}) {
  return context.app.request('/api/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function currentUser(cookie?: string) {
  return context.app.request('/api/auth/user', { headers: cookie ? { Cookie: cookie } : {} });
}

async function storedSession() {
  const [session] = await context.database.db.select().from(sessions);
  if (!session) throw new Error('no session stored');
  return session;
}

describe('the admin account from ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  it('is stored with an argon2id hash, never the password', async () => {
    const [user] = await context.database.db.select().from(users);
    expect(user?.email).toBe(testAdmin.email);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user?.passwordHash).not.toContain(testAdmin.password);
  });

  it('is left alone when nothing changed, and updated (ending its sessions) when the password changed', async () => {
    expect(await createTestAdmin(context.database)).toBe('unchanged');
    const cookie = await signIn(context.app);
    expect(
      await ensureAdminAccount(context.database, { ...testAdmin, password: 'a brand new password!' }),
    ).toBe('updated');
    expect((await currentUser(cookie)).status).toBe(401);
    await expect(signIn(context.app)).rejects.toThrow('401');
    await signIn(context.app, { email: testAdmin.email, password: 'a brand new password!' });
  });
});

describe('GET /api/login', () => {
  it('serves an accessible sign-in page: labelled fields, autocomplete hints, posting to /api/login', async () => {
    const response = await context.app.request('/api/login?next=/admin');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<html lang="en-AU">');
    expect(html).toContain('<form method="post" action="/api/login">');
    expect(html).toMatch(
      /<label for="email">[^<]+<\/label>\s*<input id="email" name="email" type="email" autocomplete="username"/,
    );
    expect(html).toMatch(
      /<label for="password">[^<]+<\/label>\s*<input id="password" name="password" type="password" autocomplete="current-password"/,
    );
    expect(html).toContain('name="next" value="/admin"');
    expect(html).not.toMatch(/<script/i);
  });

  it('never offers a next address on another site', async () => {
    const html = await (await context.app.request('/api/login?next=//evil.example/x')).text();
    expect(html).toContain('name="next" value="/dashboard"');
  });
});

describe('POST /api/login', () => {
  it('signs in with JSON: a __Host- cookie, HttpOnly, Secure, SameSite=Lax, Path=/; the user answers', async () => {
    const response = await login({ email: 'Owner@SparkleClean.example ', password: testAdmin.password });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ firstName: 'Sarah', email: testAdmin.email });
    const setCookie = response.headers.get('Set-Cookie') ?? '';
    expect(setCookie).toMatch(/^__Host-cleanquote_session=[a-z2-7]{32}\.[a-z2-7]{32};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Domain');
    const user = await currentUser(cookiePair(response));
    expect(user.status).toBe(200);
    expect(await user.json()).toEqual({ firstName: 'Sarah', email: testAdmin.email });
  });

  it('uses a plain cookie name without Secure when the site is served over http', async () => {
    const http = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    try {
      await createTestAdmin(http.database);
      const response = await http.app.request('/api/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(testAdmin),
      });
      const setCookie = response.headers.get('Set-Cookie') ?? '';
      expect(setCookie).toMatch(/^cleanquote_session=/);
      expect(setCookie).not.toContain('Secure');
      expect(setCookie).toContain('HttpOnly');
    } finally {
      http.close();
    }
  });

  it('stores only the SHA-256 of the session secret, never the token', async () => {
    const cookie = await signIn(context.app);
    const token = cookie.split('=')[1] ?? '';
    const [id, secret] = token.split('.');
    const session = await storedSession();
    expect(session.id).toBe(id);
    expect(Buffer.from(session.secretHash).length).toBe(32);
    expect(Buffer.from(session.secretHash).toString('utf8')).not.toContain(secret);
    const raw = JSON.stringify(await context.database.client.execute('SELECT * FROM sessions'));
    expect(raw).not.toContain(secret);
  });

  it('signs in with a form post and returns to the page asked for (on this site only)', async () => {
    const form = new URLSearchParams({
      email: testAdmin.email,
      password: testAdmin.password,
      next: '/admin',
    });
    const response = await context.app.request('/api/login', { method: 'POST', body: form });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/admin');
    expect(response.headers.get('Set-Cookie')).toContain('__Host-cleanquote_session=');
    const offsite = new URLSearchParams({ ...Object.fromEntries(form), next: 'https://evil.example/' });
    const elsewhere = await context.app.request('/api/login', { method: 'POST', body: offsite });
    expect(elsewhere.headers.get('Location')).toBe('/dashboard');
  });

  it("returns to one quote's page, query and all, from a link in the business's mails", async () => {
    const next = '/admin?quote=3f2b9c1e-quote';
    const page = await (await context.app.request(`/api/login?next=${encodeURIComponent(next)}`)).text();
    expect(page).toContain('name="next" value="/admin?quote=3f2b9c1e-quote"');
    const form = new URLSearchParams({ email: testAdmin.email, password: testAdmin.password, next });
    const response = await context.app.request('/api/login', { method: 'POST', body: form });
    expect(response.headers.get('Location')).toBe(next);
    for (const offsite of [
      '//evil.example/admin?quote=1',
      '/\\evil.example/admin',
      'https://evil.example/admin',
    ]) {
      const elsewhere = new URLSearchParams({ ...Object.fromEntries(form), next: offsite });
      const answer = await context.app.request('/api/login', { method: 'POST', body: elsewhere });
      expect(answer.headers.get('Location')).toBe('/dashboard');
    }
  });

  it('re-shows the page with an alert on a wrong password in the form', async () => {
    const form = new URLSearchParams({ email: testAdmin.email, password: 'wrong password' });
    const response = await context.app.request('/api/login', { method: 'POST', body: form });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('Incorrect email or password.');
    expect(html).not.toContain('wrong password');
  });

  it('answers 401 for a wrong password or an unknown email, with the same message', async () => {
    const wrong = await login({ email: testAdmin.email, password: 'not it at all' });
    const unknown = await login({ email: 'nobody@sparkleclean.example', password: 'not it at all' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(((await wrong.json()) as { error: string }).error).toBe(
      ((await unknown.json()) as { error: string }).error,
    );
    expect(wrong.headers.get('Set-Cookie')).toBeNull();
  });

  it('answers 400 for missing fields or malformed JSON', async () => {
    expect((await login({ email: testAdmin.email })).status).toBe(400);
    const malformed = await context.app.request('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":',
    });
    expect(malformed.status).toBe(400);
  });

  it('refuses with 429 and Retry-After after 10 failures in 15 minutes, even the right password', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login({ email: testAdmin.email, password: `guess ${attempt}` })).status).toBe(401);
    }
    const blocked = await login(testAdmin);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(14 * 60);
    expect(Number(blocked.headers.get('Retry-After'))).toBeLessThanOrEqual(15 * 60);
    expect(blocked.headers.get('Set-Cookie')).toBeNull();
  });

  it('counts each attempt before hashing: 400 concurrent wrong passwords get at most 10 answers of 401', async () => {
    const answers = await Promise.all(
      Array.from({ length: 400 }, (_, n) => login({ email: testAdmin.email, password: `guess ${n}` })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(390);
  });

  it('lets no guess through a concurrent burst: the right password 60th in line is refused', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, n) =>
        login(n === 59 ? testAdmin : { email: testAdmin.email, password: `guess ${n}` }),
      ),
    );
    expect(answers[59]?.status).toBe(429);
    expect(answers.some((answer) => answer.headers.get('Set-Cookie'))).toBe(false);
    expect(await context.database.db.select().from(sessions)).toEqual([]);
  });

  it('counts failures only: successful sign-ins never use up the limit', async () => {
    for (let attempt = 0; attempt < 9; attempt += 1) {
      await login({ email: testAdmin.email, password: `guess ${attempt}` });
    }
    for (let attempt = 0; attempt < 15; attempt += 1) expect((await login(testAdmin)).status).toBe(200);
    expect((await login({ email: testAdmin.email, password: 'one more guess' })).status).toBe(401);
  });

  it('counts failures per client address (behind TRUST_PROXY)', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1', LOGIN_MAX_FAILURES: '3' });
    try {
      await createTestAdmin(proxied.database);
      const attempt = (ip: string, password: string) =>
        proxied.app.request('/api/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.7, ${ip}` },
          body: JSON.stringify({ email: testAdmin.email, password }),
        });
      for (let n = 0; n < 3; n += 1) expect((await attempt('203.0.113.1', 'wrong')).status).toBe(401);
      expect((await attempt('203.0.113.1', testAdmin.password)).status).toBe(429);
      expect((await attempt('203.0.113.2', testAdmin.password)).status).toBe(200);
    } finally {
      proxied.close();
    }
  });

  it('shares the limit between app processes on one database: two servers cannot double the guesses', async () => {
    const first = await createTestApp({ LOGIN_MAX_FAILURES: '4' });
    const second = await createAppBeside(first);
    try {
      await createTestAdmin(first.database);
      const attempt = (app: typeof first.app, password: string) =>
        app.request('/api/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: testAdmin.email, password }),
        });
      expect((await attempt(first.app, 'guess 1')).status).toBe(401);
      expect((await attempt(second.app, 'guess 2')).status).toBe(401);
      expect((await attempt(first.app, 'guess 3')).status).toBe(401);
      expect((await attempt(second.app, 'guess 4')).status).toBe(401);
      const blocked = [
        await attempt(first.app, testAdmin.password),
        await attempt(second.app, testAdmin.password),
      ];
      expect(blocked.map((answer) => answer.status)).toEqual([429, 429]);
      expect(Number(blocked[1]?.headers.get('Retry-After'))).toBeGreaterThan(14 * 60);
    } finally {
      second.close();
      first.close();
    }
  });

  it('lets a concurrent burst split across two app processes through no more often than the limit', async () => {
    const first = await createTestApp({ LOGIN_MAX_FAILURES: '5' });
    const second = await createAppBeside(first);
    try {
      await createTestAdmin(first.database);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          (n % 2 === 0 ? first.app : second.app).request('/api/login', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ email: testAdmin.email, password: `guess ${n}` }),
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(35);
    } finally {
      second.close();
      first.close();
    }
  });

  it('starts a new session on every sign-in and ends the one the browser had', async () => {
    const first = await signIn(context.app);
    const response = await login(testAdmin, { Cookie: first });
    const second = cookiePair(response);
    expect(second).not.toBe(first);
    expect((await currentUser(first)).status).toBe(401);
    expect((await currentUser(second)).status).toBe(200);
  });
});

describe('GET /api/auth/user', () => {
  it('answers 401 when signed out, for a tampered token and for a malformed cookie', async () => {
    expect((await currentUser()).status).toBe(401);
    const cookie = await signIn(context.app);
    const tampered = cookie.replace(/.$/, (last) => (last === 'a' ? 'b' : 'a'));
    expect((await currentUser(tampered)).status).toBe(401);
    expect((await currentUser('__Host-cleanquote_session=nonsense')).status).toBe(401);
    const body = await (await currentUser(tampered)).json();
    expect(body).toMatchObject({ error: expect.any(String), requestId: expect.any(String) });
  });

  it('ends a session idle for longer than the idle timeout', async () => {
    const cookie = await signIn(context.app);
    const session = await storedSession();
    await context.database.writes.run((tx) =>
      tx
        .update(sessions)
        .set({ lastVerifiedAt: new Date(Date.now() - SESSION_IDLE_TIMEOUT_MS - 1000) })
        .where(eq(sessions.id, session.id)),
    );
    const response = await currentUser(cookie);
    expect(response.status).toBe(401);
    expect(response.headers.get('Set-Cookie')).toMatch(/__Host-cleanquote_session=;.*Max-Age=0/);
    expect(await context.database.db.select().from(sessions)).toEqual([]);
  });

  it('slides the expiry on use, but never past the absolute limit', async () => {
    const cookie = await signIn(context.app);
    const session = await storedSession();
    const twoHoursAgo = new Date(Date.now() - 2 * SESSION_ACTIVITY_CHECK_INTERVAL_MS);
    await context.database.writes.run((tx) =>
      tx.update(sessions).set({ lastVerifiedAt: twoHoursAgo }).where(eq(sessions.id, session.id)),
    );
    const used = await currentUser(cookie);
    expect(used.status).toBe(200);
    expect(used.headers.get('Set-Cookie')).toContain('__Host-cleanquote_session=');
    expect((await storedSession()).lastVerifiedAt.getTime()).toBeGreaterThan(twoHoursAgo.getTime());

    await context.database.writes.run((tx) =>
      tx
        .update(sessions)
        .set({ createdAt: new Date(Date.now() - SESSION_MAX_LIFETIME_MS - 1000), lastVerifiedAt: new Date() })
        .where(eq(sessions.id, session.id)),
    );
    expect((await currentUser(cookie)).status).toBe(401);
  });
});

describe('/api/logout', () => {
  it('ends the session, clears the cookie and returns to the home page', async () => {
    const cookie = await signIn(context.app);
    const response = await context.app.request('/api/logout', { headers: { Cookie: cookie } });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/');
    expect(response.headers.get('Set-Cookie')).toMatch(/Max-Age=0/);
    expect((await currentUser(cookie)).status).toBe(401);
    expect(await context.database.db.select().from(sessions)).toEqual([]);
  });

  it('works as a same-origin POST too, and a cross-site one is refused', async () => {
    const cookie = await signIn(context.app);
    const crossSite = await context.app.request('/api/logout', {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect((await currentUser(cookie)).status).toBe(200);
    const sameOrigin = await context.app.request('/api/logout', {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'https://clean.example' },
    });
    expect(sameOrigin.status).toBe(303);
    expect((await currentUser(cookie)).status).toBe(401);
  });

  it('does not sign anybody out from a link on another site, even a sibling one: it asks to confirm', async () => {
    const cookie = await signIn(context.app);
    for (const fetchSite of ['cross-site', 'same-site']) {
      const response = await context.app.request('/api/logout', {
        headers: { Cookie: cookie, 'Sec-Fetch-Site': fetchSite },
      });
      expect(response.status).toBe(403);
      expect(response.headers.get('Set-Cookie')).toBeNull();
      const page = await response.text();
      expect(page).toContain('<form method="post" action="/api/logout">');
      expect(page).toContain('<button type="submit">Log Out</button>');
      expect((await currentUser(cookie)).status).toBe(200);
    }
  });

  it('signs out a navigation from this site or one the person typed', async () => {
    for (const fetchSite of ['same-origin', 'none']) {
      const cookie = await signIn(context.app);
      const response = await context.app.request('/api/logout', {
        headers: { Cookie: cookie, 'Sec-Fetch-Site': fetchSite },
      });
      expect(response.status).toBe(303);
      expect((await currentUser(cookie)).status).toBe(401);
    }
  });
});
