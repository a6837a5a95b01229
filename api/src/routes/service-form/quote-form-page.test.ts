import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkStep,
  emptyAnswers,
  hiddenAnswerFields,
  parseQuoteFormState,
  type QuoteAnswers,
  type QuoteFormState,
  type StepId,
  stepsFor,
} from '@cleanquote/quote-core';
import { validAnswers } from '@cleanquote/quote-core/test-fixtures';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { parseEnvironment } from '../../env.ts';
import { createLogger } from '../../lib/logger.ts';
import type { BuiltSite, RenderDocumentOptions } from '../../site/site.ts';
import { count, outbox, quoteRequests } from '../../test-support/stored-rows.ts';
import { FORM_STORE_FAILURE } from './quote-form-page.ts';

const PUBLIC_URL = 'https://clean.example';

/** Stands in for the built site: the page is the wizard state it was asked to render, as JSON. */
function fakeSite(renders: { url: string; options: RenderDocumentOptions | undefined }[]): BuiltSite {
  return {
    // An empty folder: the site server loads every file of the client directory into memory.
    clientDirectory: mkdtempSync(join(tmpdir(), 'cleanquote-form-site-')),
    renderDocument(url, _publicUrl, options) {
      renders.push({ url, options });
      return { status: 200, head: '', html: JSON.stringify({ version: 1, ...options?.quoteForm }) };
    },
    pageKey: (url) => ({ key: url, lasting: false }),
    inlineScriptHashes: [],
  };
}

let directory: string;
let database: Database;
let renders: { url: string; options: RenderDocumentOptions | undefined }[];
let app: ReturnType<typeof createApp>;

async function start(overrides: Record<string, string> = {}) {
  directory = mkdtempSync(join(tmpdir(), 'cleanquote-form-'));
  const environment = parseEnvironment({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
    DATABASE_URL: `file:${join(directory, 'test.db')}`,
    ...overrides,
  });
  database = await openDatabase({ url: environment.DATABASE_URL });
  renders = [];
  app = createApp({ environment, database, logger: createLogger('silent'), site: fakeSite(renders) });
}

beforeEach(() => start());
afterEach(() => {
  database.close();
  rmSync(directory, { recursive: true, force: true });
});

/** The form as the page posts it from `step`: its hidden fields, the step's own inputs, the button. */
function formFor(
  step: StepId,
  answers: QuoteAnswers,
  own: Record<string, string>,
  { action = 'next', key = 'form-key-1234-5678' }: { action?: string; key?: string | null } = {},
): string {
  const form = new URLSearchParams(hiddenAnswerFields(answers, step));
  for (const [name, value] of Object.entries(own)) form.append(name, value);
  form.append('step', step);
  if (key) form.append('idempotencyKey', key);
  form.append('action', action);
  return form.toString();
}

function post(body: string, headers: Record<string, string> = {}) {
  return app.request('/service-form', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: PUBLIC_URL,
      'Sec-Fetch-Site': 'same-origin',
      ...headers,
    },
    body,
  });
}

/** The wizard state the page was rendered with. */
async function renderedState(response: Response): Promise<QuoteFormState> {
  const state = parseQuoteFormState(JSON.parse(await response.text()));
  if (!state) throw new Error('no wizard state rendered');
  return state;
}

const stepOf = (state: QuoteFormState) => stepsFor(state.answers)[state.stepIndex];

async function stored() {
  const [quotes] = await database.db.select({ total: count() }).from(quoteRequests);
  const [mails] = await database.db.select({ total: count() }).from(outbox);
  return { quotes: quotes?.total ?? 0, mails: mails?.total ?? 0 };
}

describe('POST /service-form (the wizard without script)', () => {
  it('reads the form-encoded answers and renders the next step of the chosen service', async () => {
    // As the page is served for ?service=window-cleaning&suburb=box-hill: the card checked, the address hidden.
    const served = { ...emptyAnswers(), address: 'Box Hill, VIC' };
    const response = await post(
      formFor('service-type', served, { serviceType: 'window-clean' }, { key: null }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/html');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(renders[0]?.url).toBe('/service-form');
    const state = await renderedState(response);
    expect(stepOf(state)).toBe('window-details');
    expect(state.showErrors).toBe(false);
    expect(state.answers).toMatchObject({ serviceType: 'window-clean', address: 'Box Hill, VIC' });
    // The first post carried no key: the page now carries one for every later post.
    expect(state.idempotencyKey).toMatch(/^[\w-]{8,128}$/);
  });

  it('answers a missing answer with the same step, its message and the other answers kept', async () => {
    const answers = validAnswers('end-of-lease+carpet', { name: '', phone: '', email: '', address: '' });
    const response = await post(
      formFor('contact-info', answers, {
        name: 'Jo Tenant',
        phone: '',
        email: 'jo@example.com',
        address: '2 Elm St',
      }),
    );
    expect(response.status).toBe(200);
    const state = await renderedState(response);
    expect(stepOf(state)).toBe('contact-info');
    expect(state.showErrors).toBe(true);
    expect(checkStep('contact-info', state.answers)).toEqual({ phone: 'Enter your phone number' });
    expect(state.answers).toMatchObject({
      name: 'Jo Tenant',
      email: 'jo@example.com',
      address: '2 Elm St',
      carpetRoomCounts: { bedrooms: 2, hallways: 1 },
    });
    expect(state.idempotencyKey).toBe('form-key-1234-5678');
    expect(await stored()).toEqual({ quotes: 0, mails: 0 });
  });

  it('goes back a step and counts carpet rooms with the counter buttons', async () => {
    const answers = validAnswers('carpet-clean');
    const back = await renderedState(
      await post(formFor('timing', answers, { urgency: 'today' }, { action: 'back' })),
    );
    expect(stepOf(back)).toBe('standalone-carpet-areas');
    const added = await renderedState(
      await post(formFor('standalone-carpet-areas', answers, {}, { action: 'add:hallways' })),
    );
    expect(stepOf(added)).toBe('standalone-carpet-areas');
    expect(added.answers.carpetRoomCounts).toEqual({ 'living-rooms': 1, hallways: 1 });
  });

  it('stores the quote once for a double post of the final step, and sends the visitor to /thank-you', async () => {
    const body = formFor('final-details', validAnswers('oven-clean'), {
      howFoundUs: 'previous-customer',
      specialRequests: 'Ring the bell',
    });
    const first = await post(body);
    const second = await post(body);
    expect(first.status).toBe(303);
    const location = first.headers.get('Location') ?? '';
    expect(location).toMatch(/^\/thank-you\?reference=CQ-[2-9A-HJ-NP-Z]{8}$/);
    expect(second.status).toBe(303);
    expect(second.headers.get('Location')).toBe(location);
    expect(await stored()).toEqual({ quotes: 1, mails: 2 });
    const [quote] = await database.db.select().from(quoteRequests);
    expect(quote).toMatchObject({
      serviceType: 'oven-clean',
      source: 'main-site',
      idempotencyKey: 'form-key-1234-5678',
      reference: location.split('=')[1],
    });
    expect(quote?.details).toMatchObject({
      howFoundUs: 'previous-customer',
      specialRequests: 'Ring the bell',
    });
  });

  it("carries the case manager's ticked updates box from its step to the stored quote, with its unsubscribe token", async () => {
    const answers = validAnswers('ndis-aged-care+case-manager');
    const ticked = await post(
      formFor('ndis-client-details', answers, {
        ndisClientType: 'case-manager',
        caseManagerName: answers.caseManagerName,
        caseManagerPhone: answers.caseManagerPhone,
        caseManagerEmail: answers.caseManagerEmail,
        caseManagerUpdates: 'true',
      }),
    );
    const state = await renderedState(ticked);
    expect(stepOf(state)).toBe('timing');
    expect(state.answers.caseManagerUpdates).toBe(true);
    const done = await post(formFor('final-details', state.answers, {}));
    expect(done.status).toBe(303);
    const [quote] = await database.db.select().from(quoteRequests);
    expect(quote?.details).toMatchObject({
      caseManagerEmail: answers.caseManagerEmail,
      caseManagerUpdates: true,
    });
    expect(quote?.caseManagerUpdatesToken).toMatch(/^[a-z2-7]{32}$/);
  });

  it('stores changed answers sent again under the same key as a new quote, once', async () => {
    const answers = validAnswers('regular-clean');
    await post(formFor('final-details', answers, { specialRequests: 'First' }));
    const changed = formFor('final-details', answers, { specialRequests: 'Changed my mind' });
    const again = await post(changed);
    const repeated = await post(changed);
    expect(again.status).toBe(303);
    expect(repeated.headers.get('Location')).toBe(again.headers.get('Location'));
    expect((await stored()).quotes).toBe(2);
  });

  it('stores a fourth quote to one address within the hour and still sends the visitor on, without its auto-response', async () => {
    const answers = validAnswers('regular-clean', { email: 'Repeat.Visitor@example.com' });
    for (let n = 1; n <= 4; n += 1) {
      const response = await post(
        formFor(
          'final-details',
          answers,
          { specialRequests: `Visit http://spam.example/${n}` },
          { key: `no-script-${n}-key` },
        ),
      );
      expect(response.status).toBe(303);
      expect(response.headers.get('Location')).toMatch(/^\/thank-you\?reference=CQ-/);
    }
    // Four quotes and four notifications to the business, but three auto-responses.
    expect(await stored()).toEqual({ quotes: 4, mails: 7 });
    const quotes = await database.db.select().from(quoteRequests);
    expect(quotes.map((quote) => quote.autoResponse).sort()).toEqual([
      'not-sent',
      'with-answers',
      'without-answers',
      'without-answers',
    ]);
  });

  it('keeps every answer and offers the final step again when the quote cannot be stored', async () => {
    const broken = await openDatabase({ url: `file:${join(directory, 'broken.db')}` });
    broken.close();
    const environment = parseEnvironment({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL });
    const failing = createApp({
      environment,
      database: broken,
      logger: createLogger('silent'),
      site: fakeSite([]),
    });
    const response = await failing.request('/service-form', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: PUBLIC_URL },
      body: formFor('final-details', validAnswers('ndis-aged-care+case-manager'), {
        specialRequests: 'Tuesdays',
      }),
    });
    expect(response.status).toBe(503);
    const state = await renderedState(response);
    expect(stepOf(state)).toBe('final-details');
    expect(state.error).toBe(FORM_STORE_FAILURE);
    expect(state.idempotencyKey).toBe('form-key-1234-5678');
    expect(state.answers).toMatchObject({ caseManagerName: 'Sam Coordinator', specialRequests: 'Tuesdays' });
  });

  it('refuses a cross-site post before reading it', async () => {
    const body = formFor('final-details', validAnswers('oven-clean'), {});
    const refused = await post(body, { Origin: 'https://attacker.example', 'Sec-Fetch-Site': 'cross-site' });
    expect(refused.status).toBe(403);
    const sameSite = await post(body, { Origin: 'https://sub.clean.example', 'Sec-Fetch-Site': 'same-site' });
    expect(sameSite.status).toBe(403);
    const noOrigin = await post(body, { Origin: '', 'Sec-Fetch-Site': 'cross-site' });
    expect(noOrigin.status).toBe(403);
    expect(await stored()).toEqual({ quotes: 0, mails: 0 });
  });

  it('takes only form posts', async () => {
    const response = await post(JSON.stringify({ serviceType: 'oven-clean' }), {
      'Content-Type': 'application/json',
    });
    expect(response.status).toBe(415);
  });

  it('is rate-limited per client like every public POST', async () => {
    database.close();
    rmSync(directory, { recursive: true, force: true });
    await start({ PUBLIC_POST_RATE_LIMIT: '2' });
    const body = formFor('service-type', emptyAnswers(), { serviceType: 'deep-clean' });
    expect((await post(body)).status).toBe(200);
    expect((await post(body)).status).toBe(200);
    expect((await post(body)).status).toBe(429);
  });
});
