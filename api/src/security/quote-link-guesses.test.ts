/**
 * Wrong links to a customer's quote page count toward the same per-IP limit as the answers posted to
 * quote pages; a link that works is never counted or refused.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertSentQuote } from '../test-support/priced-quotes.ts';
import { createQuoteRequestDesk, type QuoteRequestDesk } from '../test-support/quote-request-desk.ts';

let desk: QuoteRequestDesk;
let token: string;
beforeEach(async () => {
  desk = await createQuoteRequestDesk({ PUBLIC_POST_RATE_LIMIT: '3' });
  const request = await desk.storeQuote();
  ({ token } = await insertSentQuote(desk.database, request.id));
});
afterEach(() => desk.close());

const unknownLink = 'AAAAAAAAAAAAAAAAAAAAAA';

function open(path: string) {
  return desk.app.request(path, { headers: { Accept: 'text/html' } });
}

function decline(link: string) {
  return desk.app.request(`/quote/${link}/decline`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: desk.environment.PUBLIC_URL },
    body: '',
  });
}

describe('GET /quote/<token> with a wrong link', () => {
  it('answers 404 up to the limit, then 429 with Retry-After, as the posts to quote pages do', async () => {
    expect((await open(`/quote/${unknownLink}`)).status).toBe(404);
    expect((await open('/quote/not-a-link')).status).toBe(404);
    expect((await open(`/quote/${unknownLink}/latest`)).status).toBe(404);
    const refused = await open(`/quote/${unknownLink}`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(refused.headers.get('Cache-Control')).toBe('no-store');
    // The same count: posting an answer from this address is refused too.
    expect((await decline(unknownLink)).status).toBe(429);
  });

  it('counts together with the answers posted with wrong links', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await decline(unknownLink)).status).toBe(404);
    expect((await open(`/quote/${unknownLink}`)).status).toBe(429);
  });

  it('never counts or refuses a link that works', async () => {
    for (let view = 0; view < 10; view += 1) expect((await open(`/quote/${token}`)).status).toBe(200);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await open(`/quote/${unknownLink}`)).status).toBe(404);
    }
    expect((await open(`/quote/${unknownLink}`)).status).toBe(429);
    // Its holder can still open it while the address is over the limit.
    expect((await open(`/quote/${token}`)).status).toBe(200);
    expect((await open(`/quote/${token}/latest`)).status).toBe(302);
  });
});
