/**
 * The business's notification of a request sent through a partner's site names the partner as staff
 * named it and the partner's own reference, so the business knows whom to answer about it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuoteRequestDesk, type QuoteRequestDesk } from '../test-support/quote-request-desk.ts';
import { validQuoteRequests } from '../test-support/quote-requests.ts';
import { eq, outbox } from '../test-support/stored-rows.ts';
import { mailBodies } from './mail-bodies.ts';

const northside = 'https://northside.example';
const fromNorthside = { Origin: northside, 'X-Partner-Key': 'northside-support' };

let desk: QuoteRequestDesk;
beforeEach(async () => {
  desk = await createQuoteRequestDesk({
    PARTNER_ORIGINS: `northside-support=${northside}`,
    QUOTE_DASHBOARD_PASSWORD: 'partners need no unlock',
  });
});
afterEach(() => desk.close());

/** The business's notification as it is delivered: text and HTML. */
async function notification() {
  const rows = await desk.database.db.select().from(outbox).where(eq(outbox.kind, 'quote-notification'));
  const bodies = await mailBodies(desk.database.db, rows, desk.environment.PUBLIC_URL);
  const [row] = rows;
  const body = row && bodies.get(row.id);
  if (!body) throw new Error('no notification queued');
  return body;
}

describe("the business's notification of a partner's request", () => {
  it("names the partner by its display name and gives the partner's reference", async () => {
    const renamed = await desk.app.request('/api/partners/northside-support', {
      method: 'PATCH',
      headers: {
        Cookie: desk.cookie,
        'Content-Type': 'application/json',
        Origin: desk.environment.PUBLIC_URL,
      },
      body: JSON.stringify({ name: 'Northside Support & Care' }),
    });
    expect(renamed.status).toBe(200);
    const sent = await desk.post(
      '/api/service-form',
      { ...validQuoteRequests.regularClean, partnerRef: 'case-123' },
      fromNorthside,
    );
    expect(sent.status).toBe(201);
    const { reference } = (await sent.json()) as { reference: string };

    const { text, html } = await notification();
    expect(text).toContain(`New quote request ${reference} from the partner Northside Support & Care.`);
    expect(text).toContain("Partner's reference: case-123");
    expect(html).toContain('from the partner Northside Support &#38; Care.');
    expect(html).toContain('reference: <strong>case-123</strong>');
  });

  it("says nothing of a partner's reference when the partner sent none", async () => {
    const sent = await desk.post('/api/service-form', validQuoteRequests.regularClean, fromNorthside);
    expect(sent.status).toBe(201);
    const { text } = await notification();
    // A partner seeded from PARTNER_ORIGINS is named after its key until staff rename it.
    expect(text).toContain('from the partner northside-support.');
    expect(text).not.toContain("Partner's reference");
  });

  it('says a request from the main site came from the main site', async () => {
    expect((await desk.post('/api/service-form', validQuoteRequests.regularClean, {})).status).toBe(201);
    expect((await notification()).text).toMatch(/^New quote request CQ-\w+ from the main site\.\n\n/);
  });
});
