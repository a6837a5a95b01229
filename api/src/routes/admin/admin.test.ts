import { suburbs } from '@cleanquote/content';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueueMail, enqueueMails } from '../../mail/outbox.ts';
import type { SystemStatus } from '../../system-status/system-status.ts';
import { createTestAdmin, signIn } from '../../test-support/sign-in.ts';
import { eq, outbox, quoteRequests } from '../../test-support/stored-rows.ts';
import { createTestApp } from '../../test-support/test-app.ts';

let context: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

beforeEach(async () => {
  context = await createTestApp();
  await createTestAdmin(context.database);
  cookie = await signIn(context.app);
});
afterEach(() => context.close());

async function queue(subject: string, status: 'queued' | 'dead' | 'captured') {
  const id = await context.database.writes.run((tx) =>
    enqueueMail(tx, { kind: 'test', to: 'office@sparkleclean.example', subject, text: subject }),
  );
  await context.database.writes.run((tx) =>
    tx
      .update(outbox)
      .set({
        status,
        attempts: status === 'dead' ? 16 : 0,
        lastError: status === 'dead' ? '[ETIMEDOUT] Greeting never received' : null,
      })
      .where(eq(outbox.id, id)),
  );
  return id;
}

describe('the outbox for staff', () => {
  it('is only for a signed-in admin', async () => {
    expect((await context.app.request('/api/admin/outbox')).status).toBe(401);
  });

  it('lists mail newest first and shows dead letters with their last error', async () => {
    await queue('first', 'captured');
    const dead = await queue('second', 'dead');
    const all = (await (
      await context.app.request('/api/admin/outbox', { headers: { Cookie: cookie } })
    ).json()) as Array<{ id: string; subject: string; status: string; lastError: string | null }>;
    expect(all.map((mail) => mail.subject)).toEqual(['second', 'first']);
    const deadOnly = (await (
      await context.app.request('/api/admin/outbox?status=dead', { headers: { Cookie: cookie } })
    ).json()) as typeof all;
    expect(deadOnly).toEqual([
      expect.objectContaining({ id: dead, status: 'dead', lastError: '[ETIMEDOUT] Greeting never received' }),
    ]);
  });

  it('queues a dead letter again on request, and only a dead letter', async () => {
    const dead = await queue('dead one', 'dead');
    const captured = await queue('captured one', 'captured');
    const retry = (id: string, headers: Record<string, string> = {}) =>
      context.app.request(`/api/admin/outbox/${id}/retry`, {
        method: 'POST',
        headers: { Cookie: cookie, ...headers },
      });
    expect((await retry(dead, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await retry(dead)).status).toBe(200);
    const [row] = await context.database.db.select().from(outbox).where(eq(outbox.id, dead));
    expect(row).toMatchObject({ status: 'queued', attempts: 0, lastError: null });
    expect((await retry(captured)).status).toBe(404);
    expect((await retry('no-such-mail')).status).toBe(404);
  });
});

describe('paging through the outbox', () => {
  it('lists every mail exactly once, even 1,200 written by one batch with one created_at', async () => {
    const written = await context.database.writes.run((tx) =>
      enqueueMails(
        tx,
        Array.from({ length: 1_200 }, (_, n) => ({
          kind: 'test',
          to: 'office@sparkleclean.example',
          subject: `Mail ${n}`,
          text: `Mail ${n}`,
        })),
      ),
    );
    const createdAt = await context.database.db.selectDistinct({ at: outbox.createdAt }).from(outbox);
    expect(createdAt).toHaveLength(1);

    const listed: string[] = [];
    let next: string | null = '/api/admin/outbox?limit=500';
    let pages = 0;
    while (next) {
      const response: Response = await context.app.request(next, { headers: { Cookie: cookie } });
      expect(response.status).toBe(200);
      const page = (await response.json()) as { id: string }[];
      listed.push(...page.map((mail) => mail.id));
      next = response.headers.get('Link')?.match(/^<([^>]+)>; rel="next"$/)?.[1] ?? null;
      pages += 1;
      expect(pages).toBeLessThan(10);
    }
    expect(listed).toHaveLength(1_200);
    expect(new Set(listed)).toEqual(new Set(written));
  });

  it('answers 400 for a cursor that names no mail', async () => {
    const response = await context.app.request('/api/admin/outbox?before=no-such-mail', {
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'Unknown mail id in before.' });
  });

  it('answers 400 for a status or limit the log does not have', async () => {
    for (const query of ['status=lost', 'limit=0', 'limit=many']) {
      const response = await context.app.request(`/api/admin/outbox?${query}`, {
        headers: { Cookie: cookie },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Invalid query.', requestId: expect.any(String) });
    }
  });
});

describe('GET /api/admin/status', () => {
  async function status(headers: Record<string, string> = { Cookie: cookie }) {
    const response = await context.app.request('/api/admin/status', { headers });
    return { status: response.status, body: (await response.json()) as SystemStatus };
  }

  it('answers 401 signed out, and measures the database, the outbox and the quotes now', async () => {
    expect((await status({})).status).toBe(401);
    await queue('waiting', 'queued');
    await queue('gave up', 'dead');
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await context.database.writes.run((tx) =>
      tx.insert(quoteRequests).values(
        [old, new Date()].map((createdAt, n) => ({
          id: `quote-${n}`,
          reference: `CQ-${n}`,
          serviceType: 'regular-clean',
          name: 'Client',
          email: 'client@example.com',
          phone: '0491 570 156',
          address: '1 Collins St',
          details: {},
          createdAt,
        })),
      ),
    );
    const { status: code, body } = await status();
    expect(code).toBe(200);
    expect(body.database.ok).toBe(true);
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    // The test app has no SMTP_URL: the embedded default keeps mail in the outbox.
    expect(body.mail).toMatchObject({ mode: 'capture', queued: 1, dead: 1, lastError: null });
    expect(body.quotes).toEqual({ new: 2, overdue: 1 });
  });

  it('reports the last delivery’s error when it failed, without customer addresses', async () => {
    context.close();
    context = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    await createTestAdmin(context.database);
    cookie = await signIn(context.app);
    const id = await queue('refused', 'dead');
    await context.database.writes.run((tx) =>
      tx
        .update(outbox)
        .set({
          lastError: '[EENVELOPE 550] <client@example.com>: mailbox unavailable',
          updatedAt: new Date(),
        })
        .where(eq(outbox.id, id)),
    );
    const { body } = await status();
    expect(body.mail.mode).toBe('smtp');
    expect(body.mail.lastError).toBe('[EENVELOPE 550] <<address>>: mailbox unavailable');
  });
});

describe('GET /api/admin/locations', () => {
  it('lists every suburb page as an absolute PUBLIC_URL link, for a signed-in admin only', async () => {
    expect((await context.app.request('/api/admin/locations')).status).toBe(401);
    const response = await context.app.request('/api/admin/locations', { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const locations = (await response.json()) as { name: string; slug: string; url: string }[];
    expect(locations).toHaveLength(suburbs.length);
    const base = context.environment.PUBLIC_URL.replace(/\/+$/, '');
    expect(locations.map((location) => location.url)).toEqual(
      suburbs.map((suburb) => `${base}/${suburb.slug}`),
    );
    expect(locations[0]).toEqual({
      name: suburbs[0]?.name,
      slug: suburbs[0]?.slug,
      url: `${base}/${suburbs[0]?.slug}`,
    });
  });
});
