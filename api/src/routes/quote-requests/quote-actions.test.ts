import { type QuoteRequest, SERVICE_LABELS, summarizeQuoteRequest } from '@cleanquote/quote-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureAdminAccount } from '../../auth/admin-account.ts';
import type { HistoryEntry, QuoteDetail } from '../../quote-requests/quote-view.ts';
import { createQuoteRequestDesk, type QuoteRequestDesk } from '../../test-support/quote-request-desk.ts';
import { validQuoteRequests } from '../../test-support/quote-requests.ts';
import { signIn, testAdmin } from '../../test-support/sign-in.ts';
import { eq, quoteHistory, quoteRequests } from '../../test-support/stored-rows.ts';

let inbox: QuoteRequestDesk;
beforeEach(async () => {
  inbox = await createQuoteRequestDesk();
});
afterEach(() => inbox.close());

async function detail(id: string): Promise<QuoteDetail> {
  const response = await inbox.get(`/api/contact/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as QuoteDetail;
}

const move = (id: string, body: unknown, headers?: Record<string, string>) =>
  inbox.post(`/api/contact/${id}/status`, body, headers);

describe('GET /api/contact/:id', () => {
  it('answers the quote with its answers in words, consent, history, draft reply and the same list fields', async () => {
    const quote = await inbox.storeQuote({ request: validQuoteRequests.regularClean });
    const body = await detail(quote.id);
    const [listed] = (await (await inbox.get('/api/contact')).json()) as Record<string, unknown>[];
    expect(body).toMatchObject(listed ?? {});
    expect(body.details).toEqual(validQuoteRequests.regularClean);
    expect(body.summary).toEqual(summarizeQuoteRequest(validQuoteRequests.regularClean as QuoteRequest));
    expect(body.summary[0]).toEqual({ label: 'Service', value: SERVICE_LABELS['regular-clean'] });
    expect(body).toMatchObject({
      termsVersion: '2025-07-19',
      consentedAt: '2026-11-01T00:00:00.000Z',
      status: 'new',
      firstResponseAt: null,
      returning: false,
      earlierQuotes: [],
      laterQuotes: [],
    });
    expect(body.history).toEqual([{ id: quote.id, kind: 'created', at: body.createdAt, actor: null }]);
    expect(body.replyDraft.subject).toBe(`Re: We received your quote request (${quote.reference})`);
    expect(body.replyDraft.message).toMatch(/^Hi Priya,\n\n/);
    expect(body.replyDraft.message).toContain('South Yarra');
  });

  it('answers 404 with an error for an unknown id', async () => {
    const response = await inbox.get('/api/contact/0190a3b4-0000-7000-8000-000000000000');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: expect.any(String) });
  });

  it('lists a customer’s first quote as not returning, with the later one; the second as returning, with the first', async () => {
    const first = await inbox.storeQuote({ email: 'lee@example.com', phone: '0491 570 120', status: 'won' });
    const second = await inbox.storeQuote({ email: 'LEE@example.com', phone: '0400 111 222' });
    const summary = (quote: typeof first, status: string) => ({
      id: quote.id,
      reference: quote.reference,
      createdAt: (quote.createdAt as Date).toISOString(),
      service: 'regular-clean',
      status,
    });

    const firstDetail = await detail(first.id);
    expect(firstDetail.returning).toBe(false);
    expect(firstDetail.earlierQuotes).toEqual([]);
    expect(firstDetail.laterQuotes).toEqual([summary(second, 'new')]);

    const secondDetail = await detail(second.id);
    expect(secondDetail.returning).toBe(true);
    expect(secondDetail.earlierQuotes).toEqual([summary(first, 'won')]);
    expect(secondDetail.laterQuotes).toEqual([]);

    expect(await inbox.listIds('?returning=1')).toEqual([second.id]);
    expect(await inbox.listIds()).toEqual([second.id, first.id]);
  });

  it('orders quotes stored in the same millisecond by id: the one with the greater id is the later', async () => {
    const at = new Date('2026-11-03T09:00:00Z');
    const a = await inbox.storeQuote({ id: 'quote-a', email: 'tie@example.com', createdAt: at });
    const b = await inbox.storeQuote({ id: 'quote-b', email: 'tie@example.com', createdAt: at });
    const [first, second] = [await detail(a.id), await detail(b.id)];
    expect([first.returning, first.earlierQuotes, first.laterQuotes.map((quote) => quote.id)]).toEqual([
      false,
      [],
      [b.id],
    ]);
    expect([second.returning, second.earlierQuotes.map((quote) => quote.id), second.laterQuotes]).toEqual([
      true,
      [a.id],
      [],
    ]);
  });

  it('links a returning customer’s other quotes by email or phone digits, each side newest first', async () => {
    const first = await inbox.storeQuote({ email: 'sam@example.com', phone: '0491 570 110', status: 'won' });
    const unrelated = await inbox.storeQuote({ email: 'kim@example.com', phone: '0491 570 999' });
    const byPhone = await inbox.storeQuote({ email: 'sam.work@example.com', phone: '0491570110' });
    const latest = await inbox.storeQuote({ email: 'Sam@Example.com', phone: '0400 000 000' });
    const body = await detail(latest.id);
    expect(body.returning).toBe(true);
    expect(body.laterQuotes).toEqual([]);
    expect(body.earlierQuotes).toEqual([
      {
        id: first.id,
        reference: first.reference,
        createdAt: (first.createdAt as Date).toISOString(),
        service: 'regular-clean',
        status: 'won',
      },
    ]);
    // The first quote is not returning (nothing before it); the later ones are listed as later.
    const earliest = await detail(first.id);
    expect(earliest.returning).toBe(false);
    expect(earliest.earlierQuotes).toEqual([]);
    expect(earliest.laterQuotes.map((other) => other.id)).toEqual([latest.id, byPhone.id]);
    const stranger = await detail(unrelated.id);
    expect([stranger.earlierQuotes, stranger.laterQuotes]).toEqual([[], []]);
  });
});

describe('POST /api/contact/:id/status', () => {
  it('moves through the pipeline, records who and when, and can reopen', async () => {
    const quote = await inbox.storeQuote();
    const contacted = await move(quote.id, { status: 'contacted' });
    expect(contacted.status).toBe(200);
    const afterContact = (await contacted.json()) as QuoteDetail;
    expect(afterContact.status).toBe('contacted');
    expect(afterContact.firstResponseAt).not.toBeNull();
    expect(afterContact.statusChangedAt).toBe(afterContact.firstResponseAt);
    const firstResponse = afterContact.firstResponseAt;

    expect((await move(quote.id, { status: 'quoted' })).status).toBe(200);
    const lost = await move(quote.id, { status: 'lost', reason: 'Went with a cheaper quote' });
    expect(lost.status).toBe(200);
    expect((await move(quote.id, { status: 'new' })).status).toBe(200);
    const reopened = (await (await move(quote.id, { status: 'contacted' })).json()) as QuoteDetail;
    // The first response stays the first one.
    expect(reopened.firstResponseAt).toBe(firstResponse);

    const body = await detail(quote.id);
    expect(body.status).toBe('contacted');
    const moves = body.history.filter((entry) => entry.kind === 'status');
    expect(moves.map((entry) => [entry.from, entry.to])).toEqual([
      ['new', 'contacted'],
      ['contacted', 'quoted'],
      ['quoted', 'lost'],
      ['lost', 'new'],
      ['new', 'contacted'],
    ]);
    expect(moves[2]).toMatchObject({ reason: 'Went with a cheaper quote' });
    expect(moves[0]).not.toHaveProperty('reason');
    for (const entry of moves) {
      expect(entry.actor).toEqual({ name: testAdmin.firstName, email: testAdmin.email });
    }
    const times = body.history.map((entry) => entry.at);
    expect([...times].sort()).toEqual(times);
    expect(body.statusChangedAt).toBe(moves.at(-1)?.at);
  });

  it('changes nothing when the quote already has that status', async () => {
    const quote = await inbox.storeQuote({ status: 'quoted' });
    const response = await move(quote.id, { status: 'quoted' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as QuoteDetail;
    expect(body.history.map((entry) => entry.kind)).toEqual(['created']);
    expect(body.statusChangedAt).toBe(body.createdAt);
  });

  it('needs a reason to mark a quote lost, and a known status', async () => {
    const quote = await inbox.storeQuote();
    for (const body of [
      { status: 'lost' },
      { status: 'lost', reason: '   ' },
      { status: 'lost', reason: 'x'.repeat(501) },
    ]) {
      const response = await move(quote.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(((await response.json()) as { fields: object }).fields)).toEqual(['reason']);
    }
    for (const body of [{ status: 'archived' }, {}, { status: 3 }]) {
      const response = await move(quote.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(((await response.json()) as { fields: object }).fields)).toEqual(['status']);
    }
    expect((await detail(quote.id)).status).toBe('new');
  });

  it('answers 404 for an unknown id', async () => {
    const response = await move('no-such-quote', { status: 'contacted' });
    expect(response.status).toBe(404);
  });

  it('names the actor by email when the admin has no first name', async () => {
    await ensureAdminAccount(inbox.database, {
      email: 'ops@sparkleclean.example',
      password: testAdmin.password,
    });
    const cookie = await signIn(inbox.app, {
      email: 'ops@sparkleclean.example',
      password: testAdmin.password,
    });
    const quote = await inbox.storeQuote();
    const response = await move(quote.id, { status: 'won' }, { Cookie: cookie });
    const body = (await response.json()) as QuoteDetail;
    expect(body.history.at(-1)?.actor).toEqual({
      name: 'ops@sparkleclean.example',
      email: 'ops@sparkleclean.example',
    });
  });
});

describe('POST /api/contact/:id/notes', () => {
  it('adds a note to the history and answers 201 with the entry', async () => {
    const quote = await inbox.storeQuote();
    const response = await inbox.post(`/api/contact/${quote.id}/notes`, {
      text: '  Called twice, no answer.\nTry after 5 pm.  ',
    });
    expect(response.status).toBe(201);
    const entry = (await response.json()) as HistoryEntry;
    expect(entry).toMatchObject({
      kind: 'note',
      text: 'Called twice, no answer.\nTry after 5 pm.',
      actor: { name: testAdmin.firstName, email: testAdmin.email },
    });
    expect((await detail(quote.id)).history.at(-1)).toEqual(entry);
  });

  it('answers 400 naming text for an empty, too long or unreadable note, and 404 for an unknown quote', async () => {
    const quote = await inbox.storeQuote();
    for (const text of ['', ' \n ', 'x'.repeat(5_001), 'bad \u0007 bell', undefined]) {
      const response = await inbox.post(`/api/contact/${quote.id}/notes`, { text });
      expect(response.status, JSON.stringify(text)).toBe(400);
      expect(Object.keys(((await response.json()) as { fields: object }).fields)).toEqual(['text']);
    }
    expect((await inbox.post('/api/contact/no-such-quote/notes', { text: 'Hello' })).status).toBe(404);
  });

  it('keeps the history append-only in the database itself', async () => {
    const quote = await inbox.storeQuote();
    await inbox.post(`/api/contact/${quote.id}/notes`, { text: 'First call made' });
    // Straight to the database, past the app: the triggers of migration 0004 refuse.
    await expect(
      inbox.database.client.execute("UPDATE quote_history SET text = 'rewritten'"),
    ).rejects.toThrow(/append-only/);
    await expect(inbox.database.client.execute('DELETE FROM quote_history')).rejects.toThrow(/append-only/);
    const history = await inbox.database.db
      .select()
      .from(quoteHistory)
      .where(eq(quoteHistory.quoteId, quote.id));
    expect(history.map((entry) => entry.text)).toEqual(['First call made']);
  });
});

describe('every inbox route', () => {
  it('answers 401 signed out and 403 locked, for the CSV too', async () => {
    const locked = await createQuoteRequestDesk({ QUOTE_DASHBOARD_PASSWORD: 'sparkle-inbox' });
    try {
      const quote = await locked.storeQuote();
      const routes: [string, string, unknown][] = [
        ['GET', '/api/contact', undefined],
        ['GET', `/api/contact/${quote.id}`, undefined],
        ['GET', '/api/contact.csv', undefined],
        ['POST', `/api/contact/${quote.id}/status`, { status: 'contacted' }],
        ['POST', `/api/contact/${quote.id}/notes`, { text: 'Hello' }],
        ['POST', `/api/contact/${quote.id}/reply`, { subject: 'Hi', message: 'Hello' }],
      ];
      for (const [method, path, body] of routes) {
        for (const [cookie, status] of [
          [undefined, 401],
          [locked.cookie, 403],
        ] as const) {
          const response = await locked.app.request(path, {
            method,
            headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          expect(response.status, `${method} ${path}`).toBe(status);
          const text = await response.text();
          expect(text, `${method} ${path}`).not.toContain(quote.email);
          if (status === 403) expect(JSON.parse(text), `${method} ${path}`).toMatchObject({ locked: true });
        }
      }
      const [stored] = await locked.database.db.select().from(quoteRequests);
      expect(stored?.status).toBe('new');
      expect(await locked.database.db.select().from(quoteHistory)).toEqual([]);
    } finally {
      locked.close();
    }
  });
});
