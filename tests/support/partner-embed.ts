import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { type ServerProcess, startServerProcess } from '../../api/src/test-support/server-process.ts';
import { freePort } from '../../api/src/test-support/smtp-test-server.ts';
import { type PartnerDemo, startPartnerDemo } from '../../sites/partner-demo/src/server.ts';
import { e2eAdmin, signInAsE2eAdmin } from './e2e-admin.ts';

/** The partner key the demo pages carry; PARTNER_ORIGINS allows it from the demo's origin only. */
export const demoPartnerKey = 'northside-support';

/** The app, a partner's site on a second origin, and a third origin not allowed to use the key. */
export interface EmbedServers {
  readonly api: ServerProcess;
  /** The partner's site (sites/partner-demo), listed for the key in PARTNER_ORIGINS. */
  readonly partner: PartnerDemo;
  /** The same pages from an origin the key is not allowed on. */
  readonly foreign: PartnerDemo;
  close(): Promise<void>;
}

/**
 * Starts the built app (site, API, embed) on a fresh database with PARTNER_ORIGINS naming the demo's
 * origin for {@link demoPartnerKey}, and the partner demo on two other origins.
 */
export async function startEmbedServers(): Promise<EmbedServers> {
  const apiPort = await freePort();
  const apiOrigin = `http://127.0.0.1:${apiPort}`;
  const partner = await startPartnerDemo({ apiOrigin, partnerKey: demoPartnerKey });
  const foreign = await startPartnerDemo({ apiOrigin, partnerKey: demoPartnerKey });
  const directory = mkdtempSync(join(tmpdir(), 'cleanquote-embed-e2e-'));
  try {
    const api = await startServerProcess({
      startTimeoutMs: 45_000,
      env: {
        PORT: String(apiPort),
        NODE_ENV: 'production',
        LOG_LEVEL: 'error',
        DATABASE_URL: `file:${join(directory, 'embed.db')}`,
        ADMIN_EMAIL: e2eAdmin.email,
        ADMIN_PASSWORD: e2eAdmin.password,
        PARTNER_ORIGINS: `${demoPartnerKey}=${partner.url}`,
      },
    });
    return {
      api,
      partner,
      foreign,
      async close() {
        await api.stop();
        await partner.close();
        await foreign.close();
        rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await partner.close();
    await foreign.close();
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
}

/** A stored quote as GET /api/contact lists it. */
export interface ListedQuote {
  id: string;
  reference: string;
  name: string;
  service: string;
  source: string;
  /** The partner's own reference (`partner-ref`), or null. */
  partnerRef: string | null;
}

/** The quote inbox as the signed-in admin reads it (GET /api/contact). */
export async function listedQuotes(apiUrl: string): Promise<ListedQuote[]> {
  const cookie = await signInAsE2eAdmin(apiUrl);
  const response = await fetch(`${apiUrl}/api/contact`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as ListedQuote[];
}

/** One quote as the signed-in admin reads it (GET /api/contact/:id). */
export async function quoteDetail(apiUrl: string, id: string): Promise<Record<string, unknown>> {
  const cookie = await signInAsE2eAdmin(apiUrl);
  const response = await fetch(`${apiUrl}/api/contact/${id}`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** A signed-in admin's session cookie for the browser (`page.context().addCookies`). */
export async function staffSessionCookie(
  apiUrl: string,
): Promise<{ name: string; value: string; url: string }> {
  const pair = await signInAsE2eAdmin(apiUrl);
  const equals = pair.indexOf('=');
  return { name: pair.slice(0, equals), value: pair.slice(equals + 1), url: apiUrl };
}

/** Events the demo page recorded (window.cqEvents), for one element or all. */
export interface RecordedEvent {
  type: string;
  id: string;
  detail: Record<string, unknown>;
}

export async function recordedEvents(page: Page, id?: string): Promise<RecordedEvent[]> {
  const events = await page.evaluate(() => (window as unknown as { cqEvents: RecordedEvent[] }).cqEvents);
  return id === undefined ? events : events.filter((event) => event.id === id);
}

/** A visitor's details as typed into the wizard. */
export interface Visitor {
  name: string;
  phone: string;
  email: string;
  address: string;
}

/** Presses the wizard's Next button. */
export async function next(wizard: Locator): Promise<void> {
  await wizard.getByRole('button', { name: 'Next', exact: true }).click();
}

/** Timing, contact details, terms and final details: the tail every flow ends with; stops before sending. */
export async function answerTheTail(wizard: Locator, visitor: Visitor): Promise<void> {
  await wizard.getByRole('radio', { name: 'This week within 7 days', exact: true }).check();
  await next(wizard);
  await wizard.getByRole('textbox', { name: /^Full Name/ }).fill(visitor.name);
  await wizard.getByRole('textbox', { name: /^Phone Number/ }).fill(visitor.phone);
  await wizard.getByRole('textbox', { name: /^Email Address/ }).fill(visitor.email);
  const address = wizard.getByRole('textbox', { name: /^Property Address/ });
  if ((await address.inputValue()) === '') await address.fill(visitor.address);
  await next(wizard);
  await wizard.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await next(wizard);
  await expect(wizard.getByRole('button', { name: 'Get My Quote', exact: true })).toBeVisible();
}

/** An oven clean (service pre-filled by the element's `service`), up to the last step. */
export async function answerOvenClean(wizard: Locator, visitor: Visitor): Promise<void> {
  await expect(wizard.getByRole('radio', { name: /^Oven Cleaning/ })).toBeChecked();
  await next(wizard);
  await wizard.getByRole('radio', { name: /^Standard oven \(60cm\)/ }).check();
  await next(wizard);
  await answerTheTail(wizard, visitor);
}

/** An end-of-lease clean without carpets, up to the last step. */
export async function answerEndOfLease(wizard: Locator, visitor: Visitor): Promise<void> {
  await expect(wizard.getByRole('radio', { name: /^End of Lease Cleaning/ })).toBeChecked();
  await next(wizard);
  await wizard
    .getByRole('group', { name: /^Bedrooms/ })
    .getByRole('radio', { name: '2', exact: true })
    .check();
  await wizard
    .getByRole('group', { name: /^Bathrooms/ })
    .getByRole('radio', { name: '1', exact: true })
    .check();
  await next(wizard);
  await wizard.getByRole('radio', { name: 'No thanks', exact: true }).check();
  await next(wizard);
  await answerTheTail(wizard, visitor);
}

/**
 * Sends the quote from the last step and answers the status and reference the server gave it, or
 * `{ status: 'no readable answer' }` when the browser got none (a site the API gives no CORS answer).
 */
export async function sendQuote(
  page: Page,
  wizard: Locator,
): Promise<{ status: number | 'no readable answer'; reference?: string }> {
  const requested = page.waitForRequest(
    (request) => request.url().endsWith('/api/service-form') && request.method() === 'POST',
  );
  await wizard.getByRole('button', { name: 'Get My Quote', exact: true }).click();
  const response = await (await requested).response();
  if (!response) return { status: 'no readable answer' };
  const body = (await response.json()) as { reference?: string };
  return { status: response.status(), ...(body.reference ? { reference: body.reference } : {}) };
}

/** The element focused in the page, looking into open shadow roots: 'tag#id' of each level. */
export function focusPath(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const path: string[] = [];
    let active: Element | null = document.activeElement;
    while (active) {
      path.push(`${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''}`);
      active = active.shadowRoot?.activeElement ?? null;
    }
    return path;
  });
}

/** Disables or enables a partner as staff do on /partners (PATCH /api/partners/:key). */
export async function setPartnerEnabled(apiUrl: string, key: string, enabled: boolean): Promise<void> {
  const cookie = await signInAsE2eAdmin(apiUrl);
  const response = await fetch(`${apiUrl}/api/partners/${key}`, {
    method: 'PATCH',
    headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: apiUrl },
    body: JSON.stringify({ enabled }),
  });
  expect(response.status).toBe(200);
}
