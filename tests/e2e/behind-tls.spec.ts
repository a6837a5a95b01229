/**
 * The app as it runs in production: behind a TLS-terminating proxy (a self-signed certificate made
 * here, the proxy appending the peer to X-Forwarded-For), started with TRUST_PROXY=1 and an https
 * PUBLIC_URL. A real browser and plain https requests through the proxy see the `__Host-` session
 * cookie marked Secure, HSTS, https addresses after sign-in and sign-out, rate limits counted per
 * client address the proxy saw (never per address a client claims), and the embed snippet naming an
 * https script whose bytes match its integrity hash.
 */
import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { type PartnerDemo, startPartnerDemo } from '../../sites/partner-demo/src/server.ts';
import { answerOvenClean, sendQuote } from '../support/partner-embed.ts';
import { deliveryAdmin, type ServerWithSmtp, startServerWithSmtp } from '../support/server-with-smtp.ts';
import { signInThroughLogIn } from '../support/staff-sign-in.ts';
import { requestThroughTls, startTlsProxy, type TlsProxy } from '../support/tls-proxy.ts';

const partnerKey = 'tls-partner';
const loginMaxFailures = 3;
// Room for the browser's own sign-ins (from 127.0.0.1) across the tests, which count on /api/login too.
const publicPostLimit = 6;

let proxy: TlsProxy;
let app: ServerWithSmtp;
/** A partner's site whose pages load the embed from the https address. */
let partnerSite: PartnerDemo;

test.describe.configure({ mode: 'serial' });
test.use({ ignoreHTTPSErrors: true });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  proxy = await startTlsProxy();
  partnerSite = await startPartnerDemo({ apiOrigin: proxy.url, partnerKey });
  app = await startServerWithSmtp({
    env: {
      TRUST_PROXY: '1',
      PUBLIC_URL: proxy.url,
      LOGIN_MAX_FAILURES: String(loginMaxFailures),
      PUBLIC_POST_RATE_LIMIT: String(publicPostLimit),
      PARTNER_ORIGINS: `${partnerKey}=${partnerSite.url}`,
      SECRETS_KEY: randomBytes(32).toString('base64'),
    },
  });
  proxy.forwardTo(app.url);
});

test.afterAll(async () => {
  await app?.close();
  await proxy?.close();
  await partnerSite?.close();
});

function signInForm(email: string, password: string, next = '/admin') {
  return new URLSearchParams({ email, password, next }).toString();
}

const formHeaders = { 'Content-Type': 'application/x-www-form-urlencoded' };

test('a browser signs in and out over https: a Secure __Host- cookie, HSTS, and every address https', async ({
  page,
}) => {
  const home = await page.goto(`${proxy.url}/`);
  expect(home?.status()).toBe(200);
  expect(home?.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  // Served over https, the policy also upgrades any http address a page might still hold.
  expect(home?.headers()['content-security-policy']).toContain('upgrade-insecure-requests');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${proxy.url}/`);

  const signIn = page.waitForResponse(
    (response) => response.url() === `${proxy.url}/api/login` && response.request().method() === 'POST',
  );
  await signInThroughLogIn(page, proxy.url, '/admin');
  const signedIn = await signIn;
  expect(signedIn.status()).toBe(303);
  // The browser went on to the https page asked for, not to the app's own http address.
  expect(new URL(page.url()).protocol).toBe('https:');
  expect(page.url()).toBe(`${proxy.url}/admin`);

  const cookies = await page.context().cookies(proxy.url);
  expect(cookies.map((cookie) => cookie.name)).toEqual(['__Host-cleanquote_session']);
  expect(cookies[0]).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(`${proxy.url}/`);
  expect(await page.context().cookies(proxy.url)).toEqual([]);
  await page.goto(`${proxy.url}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Access Required' })).toBeVisible();
});

test('over https the sign-in sets the Secure __Host- cookie, and its redirects never name http', async () => {
  const signedIn = await requestThroughTls(proxy, '/api/login', {
    method: 'POST',
    headers: formHeaders,
    body: signInForm(deliveryAdmin.email, deliveryAdmin.password),
    from: '127.0.0.9',
  });
  expect(signedIn.status).toBe(303);
  expect(signedIn.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  const location = signedIn.headers.location ?? '';
  expect(new URL(location, proxy.url).href).toBe(`${proxy.url}/admin`);
  const [setCookie = ''] = signedIn.headers['set-cookie'] ?? [];
  expect(setCookie).toMatch(/^__Host-cleanquote_session=[^;]+;/);
  expect(setCookie).toMatch(/; Secure(;|$)/);
  expect(setCookie).toContain('HttpOnly');
  expect(setCookie).not.toContain('Domain');

  const cookie = setCookie.split(';')[0] ?? '';
  const user = await requestThroughTls(proxy, '/api/auth/user', { headers: { Cookie: cookie } });
  expect(user.status).toBe(200);

  const signedOut = await requestThroughTls(proxy, '/api/logout', {
    method: 'POST',
    headers: { Cookie: cookie, Origin: proxy.url },
  });
  expect(signedOut.status).toBe(303);
  expect(new URL(signedOut.headers.location ?? '', proxy.url).href).toBe(`${proxy.url}/`);
  expect((await requestThroughTls(proxy, '/api/auth/user', { headers: { Cookie: cookie } })).status).toBe(
    401,
  );
});

test('robots.txt and the sitemap name the https addresses', async () => {
  const robots = await requestThroughTls(proxy, '/robots.txt');
  expect(robots.body.toString()).toContain(`Sitemap: ${proxy.url}/sitemap.xml`);
  const sitemap = (await requestThroughTls(proxy, '/sitemap.xml')).body.toString();
  const addresses = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, address]) => address);
  expect(addresses).toContain(`${proxy.url}/`);
  expect(addresses.filter((address) => !address?.startsWith(`${proxy.url}/`))).toEqual([]);
});

test('sign-in failures are counted per client address the proxy saw, whatever X-Forwarded-For a client sends', async () => {
  const wrongPassword = (from: string, claimedAddress?: string) =>
    requestThroughTls(proxy, '/api/login', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(claimedAddress ? { 'X-Forwarded-For': claimedAddress } : {}),
      },
      body: JSON.stringify({ email: deliveryAdmin.email, password: 'not the password' }),
      from,
    });
  for (let attempt = 0; attempt < loginMaxFailures; attempt += 1) {
    expect((await wrongPassword('127.0.0.2')).status).toBe(401);
  }
  const blocked = await wrongPassword('127.0.0.2');
  expect(blocked.status).toBe(429);
  expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  // Claiming another address does not start a fresh count: the proxy appends the real peer.
  expect((await wrongPassword('127.0.0.2', '203.0.113.50')).status).toBe(429);
  // Another machine behind the same proxy has its own count.
  expect((await wrongPassword('127.0.0.3')).status).toBe(401);
  const rightPassword = await requestThroughTls(proxy, '/api/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(deliveryAdmin),
    from: '127.0.0.3',
  });
  expect(rightPassword.status).toBe(200);
});

test('public POSTs are limited per client address the proxy saw', async () => {
  const signUp = (from: string, claimedAddress?: string) =>
    requestThroughTls(proxy, '/api/newsletter', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(claimedAddress ? { 'X-Forwarded-For': claimedAddress } : {}),
      },
      // Invalid on purpose: answered 400 without storing anything, but counted all the same.
      body: '{}',
      from,
    });
  for (let attempt = 0; attempt < publicPostLimit; attempt += 1) {
    expect((await signUp('127.0.0.4', `198.51.100.${attempt}`)).status).toBe(400);
  }
  expect((await signUp('127.0.0.4', '198.51.100.99')).status).toBe(429);
  expect((await signUp('127.0.0.5')).status).toBe(400);
});

test('the embed snippet on /partners names the https script, which loads through the proxy and matches its hash', async ({
  page,
}) => {
  await signInThroughLogIn(page, proxy.url, '/partners');
  const card = page.getByRole('listitem').filter({ hasText: `Key: ${partnerKey}` });
  await card.getByText('Embed code').click();
  const code = card.locator('pre code');
  await expect(code).toContainText(`<cleanquote-wizard partner-key="${partnerKey}"></cleanquote-wizard>`);
  const snippet = (await code.textContent()) ?? '';
  const [, scriptUrl = '', integrity = ''] =
    /<script async src="([^"]+)" integrity="([^"]+)" crossorigin="anonymous">/.exec(snippet) ?? [];
  expect(scriptUrl).toMatch(
    new RegExp(`^${proxy.url.replace(/\./g, '\\.')}/embed/[^/]+/cleanquote-wizard\\.js$`),
  );

  const script = await requestThroughTls(proxy, new URL(scriptUrl).pathname);
  expect(script.status).toBe(200);
  expect(script.headers['access-control-allow-origin']).toBe('*');
  expect(`sha384-${createHash('sha384').update(script.body).digest('base64')}`).toBe(integrity);
});

test('a partner webhook must name an https address, even with the app itself served over https', async ({
  page,
}) => {
  await signInThroughLogIn(page, proxy.url, '/partners');
  const card = page.getByRole('listitem').filter({ hasText: `Key: ${partnerKey}` });
  const webhook = card.getByRole('region', { name: /^Webhook for / });
  await webhook.getByLabel('Webhook URL').fill('http://partner.example/hooks');
  await webhook.getByRole('button', { name: 'Save Webhook' }).click();
  await expect(webhook.getByText('The address must start with https://')).toBeVisible();
});

test("a partner's page loads the embed from the https address and its quote arrives through the proxy", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const embedRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/embed/') || request.url().endsWith('/api/service-form')) {
      embedRequests.push(request.url());
    }
  });
  await page.goto(`${partnerSite.url}/two-wizards.html`);
  const oven = page.locator('#oven-quote');
  await answerOvenClean(oven, {
    name: 'Tess Secure',
    phone: '0491 570 160',
    email: 'tess@example.com',
    address: '1 Collins St, Melbourne, VIC',
  });
  const sent = await sendQuote(page, oven);
  expect(sent.status).toBe(201);
  expect(embedRequests.length).toBeGreaterThan(1);
  expect(embedRequests.filter((address) => !address.startsWith(`${proxy.url}/`))).toEqual([]);

  const signedIn = await requestThroughTls(proxy, '/api/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(deliveryAdmin),
    from: '127.0.0.10',
  });
  const cookie = (signedIn.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
  const inbox = await requestThroughTls(proxy, '/api/contact', { headers: { Cookie: cookie } });
  expect(inbox.status).toBe(200);
  const listed = JSON.parse(inbox.body.toString()) as { name: string; source: string }[];
  expect(listed).toContainEqual(
    expect.objectContaining({ name: 'Tess Secure', source: `partner:${partnerKey}` }),
  );
});
