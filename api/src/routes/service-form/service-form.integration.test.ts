import { toFieldErrors } from '@cleanquote/quote-core';
import { quoteRequestSchema } from '@cleanquote/quote-core/schema';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailBodies } from '../../mail/mail-bodies.ts';
import { validQuoteRequests } from '../../test-support/quote-requests.ts';
import { startSmtpTestServer } from '../../test-support/smtp-test-server.ts';
import { count, outbox, quoteRequests } from '../../test-support/stored-rows.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import { startTestMailDelivery } from '../../test-support/test-mail.ts';

let context: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  context = await createTestApp();
});
afterEach(() => context.close());

const { regularClean } = validQuoteRequests;

function post(body: unknown, headers: Record<string, string> = {}) {
  return context.app.request('/api/service-form', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The outbox as staff read it: each mail with its body, written from its quote where it has none stored. */
async function readOutbox(database = context.database, publicUrl = context.environment.PUBLIC_URL) {
  const rows = await database.db.select().from(outbox);
  const bodies = await mailBodies(database.db, rows, publicUrl);
  return rows.map((row) => ({ ...row, body: bodies.get(row.id) }));
}

async function storedCount() {
  const [row] = await context.database.db.select({ total: count() }).from(quoteRequests);
  return row?.total ?? 0;
}

describe('POST /api/service-form', () => {
  it('stores a valid quote request and answers 201 with its reference', async () => {
    const response = await post(regularClean);
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    expect(reference).toMatch(/^CQ-[2-9A-HJ-NP-Z]{8}$/);
    const [stored] = await context.database.db.select().from(quoteRequests);
    expect(stored).toMatchObject({
      reference,
      serviceType: 'regular-clean',
      name: 'Priya Shah',
      source: 'main-site',
      status: 'new',
      termsVersion: '2025-07-19',
    });
    expect(stored?.details).toMatchObject({ bedrooms: '3', specialRequests: 'Please bring a ladder.' });
  });

  it('queues the business notification and the client auto-response with the quote', async () => {
    const response = await post(regularClean);
    const { reference } = (await response.json()) as { reference: string };
    const mails = await readOutbox();
    expect(mails).toHaveLength(2);
    const notification = mails.find((mail) => mail.kind === 'quote-notification');
    const autoResponse = mails.find((mail) => mail.kind === 'quote-auto-response');
    expect(notification?.toAddress).toBe(context.environment.BUSINESS_EMAIL ?? 'hello@sparkleclean.example');
    expect(notification?.replyToAddress).toBe('priya@example.com');
    expect(notification?.subject).toContain(reference);
    expect(notification?.body?.text).toContain(`New quote request ${reference} from the main site.`);
    expect(notification?.body?.text).toContain('Service: Regular Cleaning');
    expect(notification?.body?.text).toContain('Bedrooms: 3');
    expect(notification?.body?.text).toContain('Special requests: Please bring a ladder.');
    expect(notification?.body?.html).toContain(
      '<th align="left" style="vertical-align:top">Bedrooms</th><td>3</td>',
    );
    expect(autoResponse?.toAddress).toBe('priya@example.com');
    expect(autoResponse?.body?.text).toContain('Hi Priya,');
    expect(autoResponse?.body?.text).toContain(`reference ${reference}`);
    expect(autoResponse?.body?.text).toContain('within 24 hours');
    expect(autoResponse?.body?.text).toContain('valid for 30 days');
    expect(autoResponse?.body?.text).toContain('https://clean.example');
    // No SMTP_URL: the mails are captured, not sent.
    expect(mails.every((mail) => mail.status === 'queued' || mail.status === 'captured')).toBe(true);
  });

  it('delivers both mails over SMTP with the answers written from the stored quote', async () => {
    const server = await startSmtpTestServer();
    const worker = startTestMailDelivery(context.database, { smtpUrl: server.url });
    try {
      const response = await post({ ...regularClean, name: 'Priya <b>Shah</b>' });
      const { reference } = (await response.json()) as { reference: string };
      await vi.waitFor(() => expect(server.received).toHaveLength(2), { timeout: 5_000 });
      const business = server.received.find((mail) =>
        mail.envelope.to.includes('hello@sparkleclean.example'),
      );
      const client = server.received.find((mail) => mail.envelope.to.includes('priya@example.com'));
      expect(business?.headers.get('subject')?.[0]).toBe(
        `New quote request ${reference}: Regular Cleaning for Priya <b>Shah</b>`,
      );
      expect(business?.text).toContain('Bedrooms: 3');
      expect(business?.text).toContain('Name: Priya <b>Shah</b>');
      expect(client?.text).toContain(`Thank you for your quote request (reference ${reference}).`);
      expect(client?.html).toContain('Priya &#60;b&#62;Shah&#60;/b&#62;');
      expect(client?.html).not.toContain('<b>Shah</b>');
    } finally {
      await worker.stop();
      await server.close();
    }
  });

  it('refuses a one-line quote field with line breaks, so none can reach a mail header', async () => {
    const response = await post({ ...regularClean, name: 'Eve\r\nBcc: victim@example.com' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      fields: { name: 'Your name must not contain control characters' },
    });
    expect(await context.database.db.select().from(outbox)).toEqual([]);
  });

  it('answers 400 naming each bad field and stores nothing', async () => {
    const response = await post({ ...regularClean, bedrooms: '9', email: '', termsAccepted: false });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fields: Record<string, string> };
    expect(Object.keys(body.fields).sort()).toEqual(['bedrooms', 'email', 'termsAccepted']);
    expect(await storedCount()).toBe(0);
    expect(await context.database.db.select().from(outbox)).toEqual([]);
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await post('{"serviceType":');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fields: { request: expect.any(String) } });
  });

  it('answers a retry with the same Idempotency-Key and body with the same reference, storing one row', async () => {
    const key = '9b2f8e0a-3c1d-4e5f-8a6b-7c8d9e0f1a2b';
    const first = await post(regularClean, { 'Idempotency-Key': key });
    const again = await post(regularClean, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(await storedCount()).toBe(1);
  });

  it('answers concurrent retries with one Idempotency-Key with one reference, storing one quote and two mails', async () => {
    const key = 'f00dfeed-0000-4000-8000-00000000c0de';
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => post(regularClean, { 'Idempotency-Key': key })),
    );
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const references = new Set(
      await Promise.all(
        responses.map(async (response) => ((await response.json()) as { reference: string }).reference),
      ),
    );
    expect(references.size).toBe(1);
    expect(await storedCount()).toBe(1);
    expect(await context.database.db.select().from(outbox)).toHaveLength(2);
  });

  it('answers every one of many concurrent quotes on its own, with its mails, and a reused key in the same burst with 422', async () => {
    const key = 'b1a5ed00-0000-4000-8000-000000000042';
    const distinct = Array.from({ length: 40 }, (_, index) =>
      post(
        { ...regularClean, name: `Client ${index}`, email: `client-${index}@example.com` },
        { 'Idempotency-Key': `burst-${index}-key` },
      ),
    );
    const keyed = post(regularClean, { 'Idempotency-Key': key });
    const reused = post({ ...regularClean, bedrooms: '4' }, { 'Idempotency-Key': key });
    const responses = await Promise.all([...distinct, keyed, reused]);
    expect(responses.map((response) => response.status)).toEqual([...Array(41).fill(201), 422]);
    const references = await Promise.all(
      responses
        .slice(0, 41)
        .map(async (response) => ((await response.json()) as { reference: string }).reference),
    );
    expect(new Set(references).size).toBe(41);
    const stored = await context.database.db.select().from(quoteRequests);
    expect(stored).toHaveLength(41);
    expect(new Set(stored.map((quote) => quote.reference))).toEqual(new Set(references));
    expect(stored.find((quote) => quote.reference === references[7])?.name).toBe('Client 7');
    const mails = await context.database.db.select().from(outbox);
    expect(mails).toHaveLength(82);
    for (const reference of references) {
      expect(
        mails
          .filter((mail) => mail.subject.includes(reference))
          .map((mail) => mail.kind)
          .sort(),
      ).toEqual(['quote-auto-response', 'quote-notification']);
    }
  });

  it('refuses the same Idempotency-Key with another body with 422', async () => {
    const key = 'c6a0a1a2-0000-4000-8000-000000000001';
    await post(regularClean, { 'Idempotency-Key': key });
    const reused = await post({ ...regularClean, bedrooms: '4' }, { 'Idempotency-Key': key });
    expect(reused.status).toBe(422);
    expect(await storedCount()).toBe(1);
  });
});

describe('POST /api/service-form with a partner key', () => {
  const northside = 'https://northside.example';
  const northsideWww = 'https://www.northside.example';
  const realEstate = 'https://realestate.example';
  let partnered: Awaited<ReturnType<typeof createTestApp>>;
  beforeEach(async () => {
    partnered = await createTestApp({
      PARTNER_ORIGINS: `northside-support=${northside}, northside-support=${northsideWww}, ${realEstate}, coastal-agents=https://coastal.example`,
    });
  });
  afterEach(() => partnered.close());

  function submit(body: unknown, headers: Record<string, string>) {
    return partnered.app.request('/api/service-form', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  async function sources() {
    return (await partnered.database.db.select({ source: quoteRequests.source }).from(quoteRequests)).map(
      (row) => row.source,
    );
  }

  it('attributes the quote to the partner when the key comes from one of its origins', async () => {
    const first = await submit(regularClean, { 'X-Partner-Key': 'northside-support', Origin: northside });
    expect(first.status).toBe(201);
    expect(first.headers.get('Access-Control-Allow-Origin')).toBe(northside);
    const second = await submit(regularClean, { 'X-Partner-Key': 'northside-support', Origin: northsideWww });
    expect(second.status).toBe(201);
    expect(await sources()).toEqual(['partner:northside-support', 'partner:northside-support']);
    const mails = await readOutbox(partnered.database, partnered.environment.PUBLIC_URL);
    expect(mails.find((mail) => mail.kind === 'quote-notification')?.body?.text).toContain(
      'from the partner northside-support.',
    );
  });

  it.each([
    ['another partner site', realEstate],
    ["another partner's origin", 'https://coastal.example'],
    ['an unknown site', 'https://evil.example'],
    ['a sandboxed frame', 'null'],
  ])('refuses the key from %s with 403 and stores nothing', async (_, origin) => {
    const response = await submit(regularClean, { 'X-Partner-Key': 'northside-support', Origin: origin });
    expect(response.status).toBe(403);
    expect(response.headers.get('Content-Type')).toContain('application/json');
    expect(await response.json()).toMatchObject({ error: expect.any(String), requestId: expect.any(String) });
    expect(await sources()).toEqual([]);
  });

  it('refuses a key sent without an Origin (not from a browser on an allowed site)', async () => {
    const response = await submit(regularClean, { 'X-Partner-Key': 'northside-support' });
    expect(response.status).toBe(403);
    expect(await sources()).toEqual([]);
  });

  it.each(['no-such-partner', 'Northside-Support', 'northside support', '../../etc'])(
    'answers 400 naming X-Partner-Key for the unknown key %j',
    async (key) => {
      const response = await submit(regularClean, { 'X-Partner-Key': key, Origin: northside });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { fields: Record<string, string> };
      expect(Object.keys(body.fields)).toEqual(['X-Partner-Key']);
      expect(await sources()).toEqual([]);
    },
  );

  it('names an unknown key together with the bad fields of the body', async () => {
    const response = await submit(
      { ...regularClean, email: 'not-an-address' },
      { 'X-Partner-Key': 'no-such-partner', Origin: northside },
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fields: Record<string, string> };
    expect(Object.keys(body.fields).sort()).toEqual(['X-Partner-Key', 'email']);
  });

  it('takes a quote without a key from a partner site as the main site (no attribution claimed)', async () => {
    const response = await submit(regularClean, { Origin: realEstate });
    expect(response.status).toBe(201);
    expect(await sources()).toEqual(['main-site']);
  });

  it('lets the partner origin send X-Partner-Key in a CORS preflight', async () => {
    const response = await partnered.app.request('/api/service-form', {
      method: 'OPTIONS',
      headers: {
        Origin: northside,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, idempotency-key, x-partner-key',
      },
    });
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(northside);
    expect(response.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('x-partner-key');
  });
});

describe('POST /api/service-form under fuzzing', () => {
  // Every field any flow uses, plus keys the schema does not know.
  const knownKeys = [
    ...new Set(Object.values(validQuoteRequests).flatMap((request) => Object.keys(request))),
    'howFoundUs',
    'specialRequests',
  ];
  const anyKey = fc.constantFrom(...knownKeys, 'unknownField', '__proto__', 'constructor');
  const wildValue = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'grapheme', maxLength: 12 }),
    fc.constantFrom(
      '',
      ' ',
      '0',
      '4+',
      '5+',
      '9',
      'yes',
      'no',
      'regular-clean',
      'window-clean',
      'end-of-lease',
      'house-single',
      'this-week',
      'case-manager',
      'a@b',
      'a@b.example',
      '"a b"@example.com',
      'x@example.com,y@example.com',
      'x@example.com\r\nBcc: victim@example.com',
      '__proto__',
    ),
    fc.integer({ min: -5, max: 600 }),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(
      fc.constantFrom('bedrooms', 'hallways', 'living-rooms', 'stairs', 'window-frames', 'rangehood', 'x'),
      {
        maxLength: 4,
      },
    ),
    fc.dictionary(
      fc.constantFrom('bedrooms', 'hallways', 'living-rooms', 'stairs', 'x'),
      fc.oneof(fc.integer({ min: -2, max: 30 }), fc.string({ maxLength: 3 })),
    ),
  );
  const mutation = fc.oneof(fc.record({ remove: anyKey }), fc.record({ key: anyKey, value: wildValue }));
  /** A valid quote request with one to four fields removed, replaced or added. */
  const mutatedRequest = fc
    .tuple(
      fc.constantFrom(...Object.values(validQuoteRequests)),
      fc.array(mutation, { minLength: 1, maxLength: 4 }),
    )
    .map(([valid, mutations]) => {
      const entries = new Map<string, unknown>(Object.entries(valid));
      for (const change of mutations) {
        if ('remove' in change) entries.delete(change.remove);
        else entries.set(change.key, change.value);
      }
      // fromEntries defines own properties, so a '__proto__' key is sent as a plain field.
      return Object.fromEntries(entries);
    });

  let fuzzed: Awaited<ReturnType<typeof createTestApp>>;
  beforeEach(async () => {
    // Hundreds of requests, most to the same few addresses: lift the limits out of the way, as for
    // the per-IP one (the per-recipient limits have their own tests in recipient-limits.test.ts).
    fuzzed = await createTestApp({
      PUBLIC_POST_RATE_LIMIT: '1000000',
      RECIPIENT_MAIL_LIMIT_HOUR: '10000',
      RECIPIENT_MAIL_LIMIT_DAY: '10000',
    });
  });
  afterEach(() => fuzzed.close());

  async function totals() {
    const db = fuzzed.database.db;
    const [quotes] = await db.select({ total: count() }).from(quoteRequests);
    const [mails] = await db.select({ total: count() }).from(outbox);
    return { quotes: quotes?.total ?? 0, mails: mails?.total ?? 0 };
  }

  /**
   * The property: never a 5xx; a body the shared schema accepts is stored with its two mails and
   * answered 201; any other body is answered 400 naming exactly the fields the schema names, and
   * nothing is stored.
   */
  async function checkSubmission(raw: string): Promise<'stored' | 'refused'> {
    const before = await totals();
    const response = await fuzzed.app.request('/api/service-form', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: raw,
    });
    expect(response.status).toBeLessThan(500);
    const after = await totals();
    let parsed: unknown;
    let json = true;
    try {
      parsed = JSON.parse(raw);
    } catch {
      json = false;
    }
    const expected = json ? quoteRequestSchema.safeParse(parsed) : undefined;
    if (expected?.success) {
      expect(response.status).toBe(201);
      expect(after).toEqual({ quotes: before.quotes + 1, mails: before.mails + 2 });
      return 'stored';
    }
    expect(response.status).toBe(400);
    expect(after).toEqual(before);
    const { fields } = (await response.json()) as { fields: Record<string, string> };
    const named = Object.keys(fields);
    expect(named.length).toBeGreaterThan(0);
    for (const message of Object.values(fields)) expect(message).toMatch(/\S/);
    expect(named.sort()).toEqual(
      Object.keys(expected ? toFieldErrors(expected.error) : { request: '' }).sort(),
    );
    return 'refused';
  }

  it('mutated valid requests: never a 5xx, stored only when the schema accepts, 400s name each field', async () => {
    const seen = { stored: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(mutatedRequest, async (candidate) => {
        seen[await checkSubmission(JSON.stringify(candidate))] += 1;
      }),
      { numRuns: 200 },
    );
    // The mutations explore both sides of the schema, not only one.
    expect(seen.stored).toBeGreaterThan(10);
    expect(seen.refused).toBeGreaterThan(10);
  });

  it('arbitrary JSON values and non-JSON bodies: never a 5xx and never stored', async () => {
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
      fc.string({ maxLength: 60 }),
      fc.constantFrom('', '{', '[]', 'null', '{"serviceType":', '\u0000', '{"termsAccepted":true}'),
    );
    await fc.assert(
      fc.asyncProperty(body, async (raw) => {
        expect(await checkSubmission(raw)).toBe('refused');
      }),
      { numRuns: 150 },
    );
  });
});
