import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterEach, describe, expect, it } from 'vitest';
import { validQuoteRequests } from './test-support/quote-requests.ts';
import { type ServerProcess, startServerProcess } from './test-support/server-process.ts';

const admin = { email: 'owner@sparkleclean.example', password: 'correct horse battery staple' };
const SUBMISSIONS = 400;
/** Submissions in flight at once. */
const CONCURRENCY = 150;
/** The process is killed once this many quotes have been acknowledged: the rest are in flight. */
const KILL_AFTER = 120;

let directory: string | undefined;
let server: ServerProcess | undefined;

afterEach(async () => {
  await server?.stop('SIGKILL');
  if (directory) rmSync(directory, { recursive: true, force: true });
  server = undefined;
  directory = undefined;
});

function start(databaseUrl: string) {
  return startServerProcess({
    args: ['--api-only'],
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // Every submission comes from this one address.
      PUBLIC_POST_RATE_LIMIT: '1000000',
    },
  });
}

/** Every quote reference GET /api/contact lists, following its pages. */
async function listedReferences(base: string): Promise<Map<string, string>> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify(admin),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
  const names = new Map<string, string>();
  let next: string | undefined = '/api/contact?limit=500';
  while (next) {
    const page: Response = await fetch(`${base}${next}`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    for (const quote of (await page.json()) as { reference: string; name: string }[]) {
      names.set(quote.reference, quote.name);
    }
    next = page.headers.get('Link')?.match(/^<([^>]+)>; rel="next"$/)?.[1];
  }
  return names;
}

describe('a crash during a burst of quote requests', () => {
  it('keeps every quote that was answered 201, with both of its mails, after kill -9 and a restart', async () => {
    directory = mkdtempSync(join(tmpdir(), 'cleanquote-crash-'));
    const databaseUrl = `file:${join(directory, 'crash.db')}`;
    server = await start(databaseUrl);
    const base = server.url;
    const running = server;

    // reference → the name submitted with it, for every quote the server acknowledged.
    const acknowledged = new Map<string, string>();
    let killed = false;
    const submit = async (n: number): Promise<string> => {
      const name = `Crash Client ${n}`;
      try {
        const response = await fetch(`${base}/api/service-form`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          // Each from its own customer, so every quote is within the per-recipient mail limits.
          body: JSON.stringify({
            ...validQuoteRequests.regularClean,
            name,
            email: `crash-client-${n}@example.com`,
          }),
        });
        if (response.status !== 201) return `status ${response.status}`;
        const { reference } = (await response.json()) as { reference: string };
        acknowledged.set(reference, name);
        if (acknowledged.size >= KILL_AFTER && !killed) {
          killed = true;
          running.child.kill('SIGKILL');
        }
        return 'acknowledged';
      } catch {
        return 'lost connection';
      }
    };
    // CONCURRENCY submissions in flight at all times until SUBMISSIONS have been sent.
    let sent = 0;
    const outcomes: string[] = [];
    const submissions = Array.from({ length: CONCURRENCY }, async () => {
      while (sent < SUBMISSIONS) {
        sent += 1;
        outcomes.push(await submit(sent));
      }
    });
    await Promise.all(submissions);
    await running.stop('SIGKILL');

    // The kill really happened mid-way: some requests never got an answer.
    expect(running.child.signalCode).toBe('SIGKILL');
    expect(outcomes.filter((outcome) => outcome === 'lost connection').length).toBeGreaterThan(0);
    expect(outcomes.filter((outcome) => outcome.startsWith('status'))).toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);

    // Restart on the same database file: it recovers its WAL and serves every acknowledged quote.
    server = await start(databaseUrl);
    const listed = await listedReferences(server.url);
    for (const [reference, name] of acknowledged) expect(listed.get(reference), reference).toBe(name);

    // Every stored quote, acknowledged or not, came with both of its mails: never one without the other.
    const client = createClient({ url: databaseUrl });
    try {
      const mails = await client.execute('SELECT kind, subject FROM outbox');
      const kindsByReference = new Map<string, string[]>();
      for (const mail of mails.rows) {
        const reference = String(mail.subject).match(/CQ-[0-9A-Z]{8}/)?.[0] ?? 'none';
        kindsByReference.set(reference, [...(kindsByReference.get(reference) ?? []), String(mail.kind)]);
      }
      for (const reference of listed.keys()) {
        expect(kindsByReference.get(reference)?.sort(), reference).toEqual([
          'quote-auto-response',
          'quote-notification',
        ]);
      }
      expect(kindsByReference.size).toBe(listed.size);
    } finally {
      client.close();
    }
  }, 60_000);
});
