import type { QuoteNoteInput } from '@cleanquote/quote-core/staff';
import type { Hono, Schema } from 'hono';
import { hc, type InferRequestType, type InferResponseType } from 'hono/client';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { AuthEnv } from '../auth/middleware.ts';
import type { HistoryEntry, QuoteDetail, QuoteListItem } from '../quote-requests/quote-view.ts';
import { createQuoteRequestDesk, type QuoteRequestDesk } from '../test-support/quote-request-desk.ts';
import type { adminRoutes } from './admin/admin.ts';
import type { authRoutes } from './auth/auth.ts';
import type { partnerRoutes } from './partners/partners.ts';
import type { quoteRequestRoutes } from './quote-requests/quote-requests.ts';
import type { xeroRoutes } from './xero/xero.ts';

let inbox: QuoteRequestDesk;
beforeEach(async () => {
  inbox = await createQuoteRequestDesk();
});
afterEach(() => inbox.close());

/** Hono's typed client for one route group, its requests answered by the real app. */
function clientFor<Routes extends Hono<AuthEnv, Schema, string>>(base: string) {
  return hc<Routes>(`http://localhost${base}`, {
    fetch: (input: Request | string | URL, init?: RequestInit) => inbox.app.request(input, init),
    headers: { Cookie: inbox.cookie, Origin: inbox.environment.PUBLIC_URL },
  });
}

describe('the admin routes through Hono’s typed client', () => {
  it('types the inbox list, a quote and a note as the server answers them', async () => {
    const quote = await inbox.storeQuote();
    const contact = clientFor<typeof quoteRequestRoutes>('/api/contact');

    const list = await contact.index.$get({ query: { status: 'new' } });
    expect(list.status).toBe(200);
    if (list.status !== 200) return;
    const quotes = await list.json();
    expectTypeOf(quotes).toEqualTypeOf<QuoteListItem[]>();
    expect(quotes.map((listed) => listed.id)).toEqual([quote.id]);

    const noted = await contact[':id'].notes.$post({
      param: { id: quote.id },
      json: { text: ' Call after 5pm ' },
    });
    expect(noted.status).toBe(201);
    if (noted.status !== 201) return;
    const entry = await noted.json();
    expectTypeOf(entry).toEqualTypeOf<HistoryEntry>();
    expect(entry).toMatchObject({ kind: 'note', text: 'Call after 5pm' });

    const refused = await contact[':id'].notes.$post({ param: { id: quote.id }, json: { text: ' ' } });
    expect(refused.status).toBe(400);
    if (refused.status !== 400) return;
    expect(await refused.json()).toEqual({
      error: 'Please check the highlighted fields.',
      fields: { text: 'Please write a note' },
      requestId: expect.any(String),
    });

    const detail = await contact[':id'].$get({ param: { id: quote.id } });
    if (detail.status !== 200) throw new Error(`GET /api/contact/:id answered ${detail.status}`);
    expectTypeOf(await detail.json()).toEqualTypeOf<QuoteDetail>();
  });

  it('types every admin group’s requests from the staff schemas', () => {
    type Contact = ReturnType<typeof hc<typeof quoteRequestRoutes>>;
    expectTypeOf<
      InferRequestType<Contact[':id']['notes']['$post']>['json']
    >().toEqualTypeOf<QuoteNoteInput>();
    type Partners = ReturnType<typeof hc<typeof partnerRoutes>>;
    expectTypeOf<InferResponseType<Partners[':key']['$delete'], 409>>().toEqualTypeOf<{
      error: string;
      requestId: string;
    }>();
    type Admin = ReturnType<typeof hc<ReturnType<typeof adminRoutes>>>;
    expectTypeOf<InferRequestType<Admin['unlock']['$post']>['json']>().toEqualTypeOf<{ password: string }>();
    type Auth = ReturnType<typeof hc<ReturnType<typeof authRoutes>>>;
    expectTypeOf<InferResponseType<Auth['auth']['user']['$get'], 200>>().toEqualTypeOf<{
      firstName: string | null;
      email: string;
    }>();
    type Xero = ReturnType<typeof hc<ReturnType<typeof xeroRoutes>>>;
    expectTypeOf<InferRequestType<Xero['schedule']['$post']>['json']['dayOfWeek']>().toEqualTypeOf<string>();
  });
});
