import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort, startSmtpTestServer } from '../test-support/smtp-test-server.ts';

const repositoryRoot = resolve(import.meta.dirname, '..', '..', '..');

let child: ChildProcess | undefined;
let directory: string | undefined;
let smtp: Awaited<ReturnType<typeof startSmtpTestServer>> | undefined;

afterEach(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await smtp?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
  child = undefined;
  smtp = undefined;
  directory = undefined;
});

async function waitForServer(base: string) {
  await vi.waitFor(
    async () => {
      const response = await fetch(`${base}/api/health`);
      expect(response.status).toBe(200);
    },
    { timeout: 15_000, interval: 100 },
  );
}

describe('the server process', () => {
  it('creates the admin, delivers the outbox over SMTP, and stops the worker on SIGTERM', async () => {
    smtp = await startSmtpTestServer();
    directory = mkdtempSync(join(tmpdir(), 'cleanquote-server-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts', '--api-only'], {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: String(port),
        PUBLIC_URL: base,
        DATABASE_URL: `file:${join(directory, 'server.db')}`,
        SMTP_URL: smtp.url,
        ADMIN_EMAIL: 'owner@sparkleclean.example',
        ADMIN_PASSWORD: 'correct horse battery staple',
        ADMIN_FIRST_NAME: 'Sarah',
      },
      stdio: 'ignore',
    });
    await waitForServer(base);

    const sent = await fetch(`${base}/api/team-contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        senderName: 'Jo Client',
        senderEmail: 'jo@client.example',
        message: 'Hello from the real server',
        recipientId: 'sales-manager',
      }),
    });
    expect(sent.status).toBe(201);
    await vi.waitFor(() => expect(smtp?.received).toHaveLength(1), { timeout: 5_000 });
    expect(smtp.received[0]?.envelope.to).toEqual(['james@sparkleclean.example']);

    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify({ email: 'owner@sparkleclean.example', password: 'correct horse battery staple' }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
    const user = await fetch(`${base}/api/auth/user`, { headers: { Cookie: cookie } });
    expect(await user.json()).toEqual({ firstName: 'Sarah', email: 'owner@sparkleclean.example' });

    const exited = new Promise<number | null>((done) => child?.once('exit', (code) => done(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 30_000);
});
