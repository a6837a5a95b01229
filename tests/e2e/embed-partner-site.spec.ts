/**
 * The wizard on a partner's site (sites/partner-demo on a second origin, hostile
 * CSS, strict CSP with a nonce). Quotes completed in two elements with different services, their
 * events, the quotes in the inbox under the partner's key with the partner's own reference
 * (`partner-ref`); the React 19 page with the pinned,
 * SRI-checked script; and a site not allowed to use the key, or a partner staff disabled, refused in
 * the element's own words (it asks GET /api/partner-status, as the API gives those sites no CORS
 * answer), while a dropped connection still offers Try again.
 */
import { business } from '@cleanquote/content';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  answerEndOfLease,
  answerOvenClean,
  answerTheTail,
  demoPartnerKey,
  type EmbedServers,
  listedQuotes,
  next,
  quoteDetail,
  recordedEvents,
  sendQuote,
  setPartnerEnabled,
  staffSessionCookie,
  startEmbedServers,
} from '../support/partner-embed.ts';

test.describe.configure({ mode: 'default' });

let servers: EmbedServers;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  servers = await startEmbedServers();
});
test.afterAll(async () => {
  await servers?.close();
});

const callName = `Call ${business.phone}`;

test('two elements with different services each send a quote, with their events, recorded for the partner', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const scriptRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/embed/')) scriptRequests.push(request.url());
  });
  await page.goto(`${servers.partner.url}/two-wizards.html`);
  const endOfLease = page.locator('#end-of-lease-quote');
  const oven = page.locator('#oven-quote');
  await expect(endOfLease.getByRole('heading', { name: 'Get Your Cleaning Quote' })).toBeVisible();
  await expect(oven.getByRole('heading', { name: 'Get Your Cleaning Quote' })).toBeVisible();
  // The suburb attribute pre-fills the address.
  await answerOvenClean(oven, {
    name: 'Dana Oven',
    phone: '0491 570 158',
    email: 'dana@example.com',
    address: 'unused',
  });
  await expect(oven.getByRole('textbox', { name: /^Special requests/ })).toBeVisible();
  await answerEndOfLease(endOfLease, {
    name: 'Lee Lease',
    phone: '0491 570 159',
    email: 'lee@example.com',
    address: '4 Smith St, Fitzroy, VIC',
  });

  const ovenSent = await sendQuote(page, oven);
  expect(ovenSent.status).toBe(201);
  const leaseSent = await sendQuote(page, endOfLease);
  expect(leaseSent.status).toBe(201);

  // The thank-you panel inside each element: reference, the 24-hour promise, the call button.
  for (const [wizard, sent] of [
    [oven, ovenSent],
    [endOfLease, leaseSent],
  ] as const) {
    await expect(wizard.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await expect(wizard.getByText(sent.reference ?? 'missing', { exact: true })).toBeVisible();
    await expect(wizard.getByText(/within 24 hours/)).toBeVisible();
    await expect(wizard.getByRole('link', { name: callName })).toHaveAttribute('href', business.phoneHref);
  }
  expect(page.url()).toBe(`${servers.partner.url}/two-wizards.html`);
  await expectNoAxeViolations(page, { include: 'cleanquote-wizard' });

  // Events, with their payloads, per element.
  const ovenEvents = await recordedEvents(page, 'oven-quote');
  expect(ovenEvents[0]).toMatchObject({
    type: 'cq-ready',
    detail: { version: expect.stringMatching(/^1\./) },
  });
  const ovenSteps = ovenEvents
    .filter((event) => event.type === 'cq-step-change')
    .map((event) => event.detail);
  expect(ovenSteps.slice(0, 6)).toEqual(
    ['service-type', 'oven-details', 'timing', 'contact-info', 'terms-agreement', 'final-details'].map(
      (stepId, stepIndex) => ({ stepId, stepIndex, stepCount: 6 }),
    ),
  );
  expect(ovenSteps.at(-1)?.stepId).toBe('submitted');
  expect(ovenEvents.filter((event) => event.type === 'cq-submitted').map((event) => event.detail)).toEqual([
    { reference: ovenSent.reference, partnerRef: null },
  ]);
  const heights = ovenEvents
    .filter((event) => event.type === 'cq-resize')
    .map((event) => event.detail.height);
  expect(heights.length).toBeGreaterThan(1);
  expect(heights.every((height) => typeof height === 'number' && height > 0)).toBe(true);

  const leaseEvents = await recordedEvents(page, 'end-of-lease-quote');
  const leaseSteps = leaseEvents
    .filter((event) => event.type === 'cq-step-change')
    .map((event) => event.detail);
  expect(leaseSteps[1]).toEqual({ stepId: 'property-size', stepIndex: 1, stepCount: 7 });
  // The end-of-lease element carries partner-ref="case-123": the page hears it back with the reference.
  expect(leaseEvents.filter((event) => event.type === 'cq-submitted').map((event) => event.detail)).toEqual([
    { reference: leaseSent.reference, partnerRef: 'case-123' },
  ]);
  expect((await recordedEvents(page)).filter((event) => event.type === 'cq-error')).toEqual([]);

  // The loader was included twice yet defined the element once; the chunk was fetched once.
  expect(scriptRequests.filter((url) => /\/wizard-[0-9a-f]+\.js$/.test(url))).toHaveLength(1);
  expect(consoleErrors).toEqual([]);

  // The inbox lists both under the partner's key, the end of lease with the partner's reference.
  const quotes = await listedQuotes(servers.api.url);
  const byReference = new Map(quotes.map((quote) => [quote.reference, quote]));
  expect(byReference.get(ovenSent.reference ?? '')).toMatchObject({
    name: 'Dana Oven',
    service: 'oven-clean',
    source: `partner:${demoPartnerKey}`,
    partnerRef: null,
  });
  const lease = byReference.get(leaseSent.reference ?? '');
  expect(lease).toMatchObject({
    name: 'Lee Lease',
    service: 'end-of-lease',
    source: `partner:${demoPartnerKey}`,
    partnerRef: 'case-123',
  });
  expect(await quoteDetail(servers.api.url, lease?.id ?? '')).toMatchObject({
    reference: leaseSent.reference,
    partnerRef: 'case-123',
  });

  // Staff read it beside the source, in the inbox row and on the quote's page.
  await page.context().addCookies([await staffSessionCookie(servers.api.url)]);
  await page.goto(`${servers.api.url}/admin`);
  const leaseRow = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Lee Lease' }) });
  await expect(leaseRow.getByText('ref case-123', { exact: true })).toBeVisible();
  const ovenRow = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Dana Oven' }) });
  await expect(ovenRow).toBeVisible();
  await expect(ovenRow.getByText(/^ref /)).toHaveCount(0);
  await leaseRow.getByRole('link', { name: 'Lee Lease' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lee Lease' })).toBeVisible();
  await expect(page.getByText('· ref case-123').first()).toBeVisible();
});

test('a partner-ref the API would refuse is reported on the console and the quote goes without it', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(`${servers.partner.url}/two-wizards.html`);
  const oven = page.locator('#oven-quote');
  await expect(oven.getByRole('button', { name: 'Next', exact: true })).toBeVisible();
  await oven.evaluate((element) => element.setAttribute('partner-ref', 'x'.repeat(101)));
  await expect
    .poll(() => warnings.filter((text) => text.includes('partner-ref')))
    .toEqual([expect.stringContaining('partnerRef needs 1 to 100 visible characters')]);
  await answerOvenClean(oven, {
    name: 'Rae Toolong',
    phone: '0491 570 166',
    email: 'rae@example.com',
    address: 'unused',
  });
  const sent = await sendQuote(page, oven);
  expect(sent.status).toBe(201);
  const submitted = (await recordedEvents(page, 'oven-quote')).filter(
    (event) => event.type === 'cq-submitted',
  );
  expect(submitted.map((event) => event.detail)).toEqual([{ reference: sent.reference, partnerRef: null }]);
  const quotes = await listedQuotes(servers.api.url);
  expect(quotes.find((quote) => quote.reference === sent.reference)).toMatchObject({
    name: 'Rae Toolong',
    partnerRef: null,
  });
  // Reported once, not at every render.
  expect(warnings.filter((text) => text.includes('partner-ref'))).toHaveLength(1);
});

test('a site the key is not allowed on is refused, and the element says so with the call button', async ({
  page,
}) => {
  await page.goto(`${servers.foreign.url}/two-wizards.html`);
  const oven = page.locator('#oven-quote');
  await answerOvenClean(oven, {
    name: 'Copy Cat',
    phone: '0491 570 160',
    email: 'copy@example.com',
    address: 'unused',
  });
  // The API gives this site no CORS answer, so the browser hides its refusal from the page; the
  // element learns why from GET /api/partner-status.
  const sent = await sendQuote(page, oven);
  expect(sent.status).toBe('no readable answer');

  const alert = oven.getByRole('alert');
  await expect(alert).toContainText('We could not send your quote request.');
  await expect(alert).toContainText('This site is not allowed to send quote requests with this partner key.');
  await expect(oven.getByRole('link', { name: callName })).toHaveAttribute('href', business.phoneHref);
  // Trying again cannot help: no such button, and every answer is still there.
  await expect(oven.getByRole('button', { name: 'Try again' })).toBeHidden();
  await expect(oven.getByRole('textbox', { name: /^Special requests/ })).toBeVisible();
  await expectNoAxeViolations(page, { include: 'cleanquote-wizard' });
  const errors = (await recordedEvents(page, 'oven-quote')).filter((event) => event.type === 'cq-error');
  expect(errors.map((event) => event.detail)).toEqual([
    { message: 'This site is not allowed to send quote requests with this partner key.', retryable: false },
  ]);

  const quotes = await listedQuotes(servers.api.url);
  expect(quotes.map((quote) => quote.name)).not.toContain('Copy Cat');
});

test('a partner staff disabled is refused on its own site, and the element offers the call instead', async ({
  page,
}) => {
  await setPartnerEnabled(servers.api.url, demoPartnerKey, false);
  try {
    await page.goto(`${servers.partner.url}/two-wizards.html`);
    const oven = page.locator('#oven-quote');
    await answerOvenClean(oven, {
      name: 'Switched Off',
      phone: '0491 570 162',
      email: 'switched.off@example.com',
      address: 'unused',
    });
    const sent = await sendQuote(page, oven);
    expect(sent.status).toBe('no readable answer'); // no CORS answer for a disabled partner's site
    const alert = oven.getByRole('alert');
    await expect(alert).toContainText('Quote requests from this site are switched off.');
    await expect(alert).toContainText(business.phone);
    await expect(oven.getByRole('link', { name: callName })).toHaveAttribute('href', business.phoneHref);
    await expect(oven.getByRole('button', { name: 'Try again' })).toBeHidden();
    await expectNoAxeViolations(page, { include: 'cleanquote-wizard' });
    const quotes = await listedQuotes(servers.api.url);
    expect(quotes.map((quote) => quote.name)).not.toContain('Switched Off');
  } finally {
    await setPartnerEnabled(servers.api.url, demoPartnerKey, true);
  }
});

test('a React 19 page uses the element with typed props and the pinned, SRI-checked script', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const embedAnswers: { url: string; headers: Record<string, string> }[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/embed/'))
      embedAnswers.push({ url: response.url(), headers: response.headers() });
  });
  await page.goto(`${servers.partner.url}/react.html`);
  const wizard = page.locator('cleanquote-wizard');
  await expect(page.locator('#quote-status')).toHaveText('Quote form: step 1 of 6 (service-type)');
  await expect(wizard.getByRole('radio', { name: /^Window Cleaning/ })).toBeChecked();
  await next(wizard);
  await expect(page.locator('#quote-status')).toHaveText('Quote form: step 2 of 6 (window-details)');
  await wizard.getByRole('spinbutton', { name: /^Number of window panels/ }).fill('14');
  await wizard.getByRole('radio', { name: /^Both sides/ }).check();
  await next(wizard);
  await answerTheTail(wizard, {
    name: 'Robin Window',
    phone: '0491 570 161',
    email: 'robin@example.com',
    address: '9 Bay St, Brighton, VIC',
  });
  const sent = await sendQuote(page, wizard);
  expect(sent.status).toBe(201);
  await expect(page.locator('#quote-status')).toHaveText(`Harbour Realty received quote ${sent.reference}.`);

  // The pinned URL: exact version, immutable, with CORS for crossorigin + integrity.
  const loader = embedAnswers.find((answer) => answer.url.endsWith('/cleanquote-wizard.js'));
  expect(loader?.url).toMatch(/\/embed\/1\.\d+\.\d+\/cleanquote-wizard\.js$/);
  expect(loader?.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(loader?.headers['access-control-allow-origin']).toBe('*');
  expect(loader?.headers['cleanquote-embed-version']).toMatch(/^1\.\d+\.\d+$/);
  // Loadable by pages that isolate themselves (COEP), like every file of the site.
  expect(loader?.headers['cross-origin-resource-policy']).toBe('cross-origin');
  const chunk = embedAnswers.find((answer) => /\/wizard-[0-9a-f]+\.js$/.test(answer.url));
  expect(chunk?.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(chunk?.headers['access-control-allow-origin']).toBe('*');
});

test("with success-url the visitor goes to the partner's page, carrying the reference", async ({ page }) => {
  await page.goto(`${servers.partner.url}/two-wizards.html`);
  const oven = page.locator('#oven-quote');
  await expect(oven.getByRole('button', { name: 'Next', exact: true })).toBeVisible();
  await oven.evaluate((element) => element.setAttribute('success-url', '/quote-received.html'));
  await answerOvenClean(oven, {
    name: 'Sky Success',
    phone: '0491 570 164',
    email: 'sky@example.com',
    address: 'unused',
  });
  await oven.getByRole('button', { name: 'Get My Quote', exact: true }).click();
  await page.waitForURL(/\/quote-received\.html\?reference=CQ-[0-9A-Z]{8}$/);
  expect(new URL(page.url()).origin).toBe(servers.partner.url);
});

test('a network failure on an allowed site is not taken for a refusal: Try again sends the quote', async ({
  page,
}) => {
  await page.goto(`${servers.partner.url}/two-wizards.html`);
  const oven = page.locator('#oven-quote');
  await answerOvenClean(oven, {
    name: 'Net Drop',
    phone: '0491 570 165',
    email: 'net.drop@example.com',
    address: 'unused',
  });
  // The connection drops on the submission only; GET /api/partner-status still answers.
  await page.route('**/api/service-form', (route) => route.abort('connectionreset'));
  await oven.getByRole('button', { name: 'Get My Quote', exact: true }).click();
  const alert = oven.getByRole('alert');
  await expect(alert).toContainText('We could not reach our server.');
  const errors = (await recordedEvents(page, 'oven-quote')).filter((event) => event.type === 'cq-error');
  expect(errors.map((event) => event.detail.retryable)).toEqual([true]);

  await page.unroute('**/api/service-form');
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/service-form') && response.request().method() === 'POST',
  );
  await oven.getByRole('button', { name: 'Try again' }).click();
  const response = await answered;
  expect(response.status()).toBe(201);
  const { reference } = (await response.json()) as { reference: string };
  await expect(oven.getByText(reference, { exact: true })).toBeVisible();
  const quotes = await listedQuotes(servers.api.url);
  expect(quotes.filter((quote) => quote.name === 'Net Drop')).toHaveLength(1);
});
