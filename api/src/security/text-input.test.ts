import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers, outbox, quoteRequests, teamContactMessages } from '../db/schema.ts';
import { validQuoteRequests } from '../test-support/quote-requests.ts';
import { createTestAdmin, signIn, testAdmin } from '../test-support/sign-in.ts';
import { createTestApp } from '../test-support/test-app.ts';

// Every text field of every public and admin route, sent with text that
// can't be stored or mailed — lone surrogates (JSON "\ud800" escapes, as an attacker sends them), NUL
// and other control characters, and text made only of invisible characters. Each must get a 4xx
// naming the field, nothing may be stored, and the server must still answer afterwards.

const UNREADABLE = ['\ud800', 'Jo\udfff', 'a\ud800b'];
const CONTROL = ['\u0000', 'Jo\u0000hn', '\u0007', '\u001b[31m', 'x\u007f', 'y\u0085'];
// Default-ignorable code points and lone combining marks draw nothing either: a name made of them
// showed as a blank name in the inbox.
const SHOWS_NOTHING = ['\u034f', '\ufe0f', '\u{e0100}', '\u17b4', '\u180b', '\u0301', '\u20e3'];
const INVISIBLE = [
  '\u200b',
  '\u00ad',
  '\u2800',
  '\u3164',
  ' \u200b\u00a0 ',
  '\u0000\u0000',
  ...SHOWS_NOTHING,
  SHOWS_NOTHING.join(''),
];

let context: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
beforeAll(async () => {
  // A high limit: this file sends hundreds of requests from one address on purpose.
  context = await createTestApp({ PUBLIC_POST_RATE_LIMIT: '100000', LOGIN_MAX_FAILURES: '100000' });
  await createTestAdmin(context.database);
  cookie = await signIn(context.app);
});
afterAll(() => context.close());

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return context.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Sends `body` and expects 400 naming `field` (the whole body when it is a JSON request). */
async function expectRefused(path: string, body: Record<string, unknown>, field: string, value: string) {
  const response = await post(path, body);
  const label = `${path} ${field}=${JSON.stringify(value)}`;
  expect(response.status, label).toBe(400);
  const answer = (await response.json()) as { fields?: Record<string, string> };
  expect(Object.keys(answer.fields ?? {}), label).toContain(field);
}

const quoteTextFields = {
  name: validQuoteRequests.regularClean,
  email: validQuoteRequests.regularClean,
  phone: validQuoteRequests.regularClean,
  address: validQuoteRequests.regularClean,
  specialRequests: validQuoteRequests.regularClean,
  caseManagerName: validQuoteRequests.ndisWithCaseManager,
  caseManagerPhone: validQuoteRequests.ndisWithCaseManager,
  caseManagerEmail: validQuoteRequests.ndisWithCaseManager,
  caseManagerOrganization: validQuoteRequests.ndisWithCaseManager,
  howFoundUs: validQuoteRequests.regularClean,
} as const;

const teamContact = {
  senderName: 'Priya',
  senderEmail: 'priya@example.com',
  senderPhone: '0491 570 158',
  subject: 'Bond clean',
  message: 'Can you come on Friday?',
  recipientId: 'founder',
};

describe('every text field refuses text that cannot be stored or mailed', () => {
  it('POST /api/service-form: each text field, and each extra chosen by its wording', async () => {
    for (const [field, valid] of Object.entries(quoteTextFields)) {
      for (const value of [...UNREADABLE, ...CONTROL]) {
        await expectRefused('/api/service-form', { ...valid, [field]: value }, field, value);
      }
    }
    for (const value of [...UNREADABLE, ...CONTROL]) {
      await expectRefused(
        '/api/service-form',
        { ...validQuoteRequests.ovenClean, cleaningFocus: [value] },
        'cleaningFocus.0',
        value,
      );
      await expectRefused(
        '/api/service-form',
        { ...validQuoteRequests.windowClean, windowScope: [value] },
        'windowScope.0',
        value,
      );
    }
  });

  it('POST /api/service-form: required text made only of invisible characters is missing', async () => {
    for (const field of ['name', 'address', 'phone', 'email'] as const) {
      for (const value of INVISIBLE) {
        await expectRefused(
          '/api/service-form',
          { ...validQuoteRequests.regularClean, [field]: value },
          field,
          value,
        );
      }
    }
  });

  it('POST /api/team-contact: each field', async () => {
    const fields = [...Object.keys(teamContact), 'recipientName', 'recipientEmail'];
    for (const field of fields) {
      for (const value of [...UNREADABLE, ...CONTROL]) {
        await expectRefused('/api/team-contact', { ...teamContact, [field]: value }, field, value);
      }
    }
    for (const field of ['senderName', 'message'] as const) {
      for (const value of INVISIBLE) {
        await expectRefused('/api/team-contact', { ...teamContact, [field]: value }, field, value);
      }
    }
  });

  it('POST /api/newsletter: the address and its source', async () => {
    for (const value of [...UNREADABLE, ...CONTROL, 'x\ud800@example.com', ...INVISIBLE]) {
      await expectRefused('/api/newsletter', { email: value }, 'email', value);
    }
    for (const value of [...UNREADABLE, ...CONTROL]) {
      await expectRefused('/api/newsletter', { email: 'jo@example.com', source: value }, 'source', value);
    }
  });

  it('POST /api/login and /api/admin/unlock: addresses and passwords', async () => {
    for (const value of [...UNREADABLE, ...CONTROL]) {
      expect((await post('/api/login', { email: value, password: testAdmin.password })).status).toBe(400);
    }
    for (const value of UNREADABLE) {
      expect((await post('/api/login', { email: testAdmin.email, password: value })).status).toBe(400);
      const unlock = await post('/api/admin/unlock', { password: value }, { Cookie: cookie });
      expect(unlock.status).toBe(400);
    }
  });

  it('admin lists and actions: bad cursors, filters and ids', async () => {
    const bad = ['%ED%A0%80', '%00', '%C0%80', 'x%1B'];
    for (const value of bad) {
      for (const path of [
        `/api/contact?before=${value}`,
        `/api/admin/outbox?before=${value}`,
        `/api/admin/outbox?status=${value}`,
      ]) {
        const response = await context.app.request(path, { headers: { Cookie: cookie } });
        expect(response.status, path).toBe(400);
      }
      const retry = await context.app.request(`/api/admin/outbox/${value}/retry`, {
        method: 'POST',
        headers: { Cookie: cookie },
      });
      expect(retry.status, value).toBe(404);
    }
  });

  it('stored nothing, and the server still answers', async () => {
    const { db } = context.database;
    expect(await db.select().from(quoteRequests)).toEqual([]);
    expect(await db.select().from(teamContactMessages)).toEqual([]);
    expect(await db.select().from(newsletterSubscribers)).toEqual([]);
    expect(await db.select().from(outbox)).toEqual([]);
    expect((await context.app.request('/api/health')).status).toBe(200);
    expect((await post('/api/service-form', validQuoteRequests.regularClean)).status).toBe(201);
  });
});

describe('the admin routes added since refuse such text too', () => {
  async function adminPost(path: string, body: Record<string, unknown>, field: string, value: string) {
    const response = await context.app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify(body),
    });
    const label = `${path} ${field}=${JSON.stringify(value)}`;
    expect(response.status, label).toBe(400);
    const answer = (await response.json()) as { fields?: Record<string, string> };
    expect(Object.keys(answer.fields ?? {}), label).toContain(field);
  }

  it("a quote's notes, reply and lost reason, partners, the email tools and Xero's addresses; nothing is kept", async () => {
    const stored = (await (await post('/api/service-form', validQuoteRequests.regularClean)).json()) as {
      reference: string;
    };
    const [quote] = await context.database.db.select({ id: quoteRequests.id }).from(quoteRequests);
    expect(stored.reference).toBeTruthy();
    const id = quote?.id ?? '';
    for (const value of [...UNREADABLE, ...CONTROL, ...INVISIBLE]) {
      await adminPost(`/api/contact/${id}/notes`, { text: value }, 'text', value);
      await adminPost(`/api/contact/${id}/reply`, { subject: value, message: 'Hello' }, 'subject', value);
      await adminPost(
        `/api/contact/${id}/reply`,
        { subject: 'Your quote', message: value },
        'message',
        value,
      );
      await adminPost(`/api/contact/${id}/status`, { status: 'lost', reason: value }, 'reason', value);
      await adminPost(
        '/api/partners',
        { name: value, key: 'agency', origins: ['https://a.example'] },
        'name',
        value,
      );
      await adminPost(
        '/api/test-client-email',
        { name: value, email: 'jo@example.com', service: 'regular-clean' },
        'name',
        value,
      );
      await adminPost('/api/xero/test-reports', { tenantId: 'org', email: value }, 'email', value);
      await adminPost(
        '/api/xero/schedule',
        {
          tenantId: 'org',
          dayOfWeek: '1',
          hour: '9',
          emailRecipients: [value],
          reportTypes: ['profit_loss'],
        },
        'emailRecipients.0',
        value,
      );
    }
    const detail = (await (
      await context.app.request(`/api/contact/${id}`, { headers: { Cookie: cookie } })
    ).json()) as { status: string; history: unknown[] };
    expect(detail.status).toBe('new');
    expect(detail.history).toHaveLength(1); // received, and nothing since
    const partners = (await (
      await context.app.request('/api/partners', { headers: { Cookie: cookie } })
    ).json()) as {
      partners: unknown[];
    };
    expect(partners.partners).toEqual([]);
  });
});
