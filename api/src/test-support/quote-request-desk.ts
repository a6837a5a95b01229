import type { QuoteRequest } from '@cleanquote/quote-core';
import { quoteRequests } from '../db/schema.ts';
import { phoneDigits } from '../quote-requests/phone-digits.ts';
import { validQuoteRequests } from './quote-requests.ts';
import { createTestAdmin, signIn } from './sign-in.ts';
import { createTestApp } from './test-app.ts';

/** A test app with the admin signed in, and helpers to store quotes and call the inbox. */
export async function createQuoteRequestDesk(overrides: Record<string, string> = {}) {
  const context = await createTestApp(overrides);
  await createTestAdmin(context.database);
  const cookie = await signIn(context.app);
  let stored = 0;

  /** Stores one quote as the intake would (its phone digits too), with what the test names. */
  async function storeQuote(
    quote: Partial<typeof quoteRequests.$inferInsert> & { request?: Partial<QuoteRequest> | object } = {},
  ): Promise<typeof quoteRequests.$inferInsert & { id: string }> {
    stored += 1;
    const { request: answers, ...columns } = quote;
    // Answers for another service replace the regular clean's; others amend them.
    const request = (
      answers && 'serviceType' in answers ? answers : { ...validQuoteRequests.regularClean, ...answers }
    ) as QuoteRequest;
    const row = {
      id: `quote-${String(stored).padStart(4, '0')}`,
      reference: `CQ-T${String(stored).padStart(4, '0')}`,
      serviceType: request.serviceType,
      name: request.name,
      email: request.email,
      phone: request.phone,
      address: request.address,
      termsVersion: '2025-07-19',
      consentedAt: new Date('2026-11-01T00:00:00Z'),
      createdAt: new Date(Date.parse('2026-11-01T00:00:00Z') + stored * 60_000),
      ...columns,
    };
    const full = {
      ...row,
      phoneDigits: columns.phoneDigits ?? phoneDigits(row.phone),
      details: columns.details ?? {
        ...request,
        serviceType: row.serviceType,
        name: row.name,
        email: row.email,
        phone: row.phone,
        address: row.address,
      },
    };
    await context.database.writes.run((tx) => tx.insert(quoteRequests).values(full));
    return full;
  }

  function get(path: string, headers: Record<string, string> = { Cookie: cookie }) {
    return context.app.request(path, { headers });
  }

  function post(path: string, body: unknown, headers: Record<string, string> = { Cookie: cookie }) {
    return context.app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  /** The ids GET /api/contact answers for `query`. */
  async function listIds(query = ''): Promise<string[]> {
    const response = await get(`/api/contact${query}`);
    if (response.status !== 200) throw new Error(`GET /api/contact${query} answered ${response.status}`);
    return ((await response.json()) as { id: string }[]).map((quote) => quote.id);
  }

  return { ...context, cookie, storeQuote, get, post, listIds };
}

export type QuoteRequestDesk = Awaited<ReturnType<typeof createQuoteRequestDesk>>;

/** The path and query of a Link rel="next" header, or undefined. */
export function nextLink(response: Response): string | undefined {
  return response.headers.get('Link')?.match(/^<([^>]+)>; rel="next"$/)?.[1];
}
