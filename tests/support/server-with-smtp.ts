import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '../../api/src/test-support/server-process.ts';
import { type ReceivedMail, startSmtpTestServer } from '../../api/src/test-support/smtp-test-server.ts';

/** The admin the server creates at start-up from ADMIN_EMAIL / ADMIN_PASSWORD. */
export const deliveryAdmin = {
  email: 'owner@sparkleclean.example',
  password: 'correct horse battery staple',
} as const;

/** Where the server sends quote notifications (BUSINESS_EMAIL). */
export const deliveryBusinessEmail = 'office@sparkleclean.example';

export interface ServerWithSmtp {
  /** http://127.0.0.1:<port>: the built site and the API, as `npm start` serves them. */
  readonly url: string;
  /** Every message the SMTP server has received so far. */
  readonly received: ReceivedMail[];
  readonly server: ServerProcess;
  /** Stops the SMTP server only (an outage): deliveries fail until the test ends. */
  stopSmtp(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a real SMTP server on 127.0.0.1 and the app's own server process (the built site and the
 * API, not the Playwright config's webServer) on a free port and a fresh temporary database, with
 * SMTP_URL pointing at that SMTP server and the admin account configured; `env` adds or overrides
 * variables (QUOTE_DASHBOARD_PASSWORD, say).
 */
export async function startServerWithSmtp(
  options: { env?: Record<string, string> } = {},
): Promise<ServerWithSmtp> {
  const smtp = await startSmtpTestServer();
  const directory = mkdtempSync(join(tmpdir(), 'cleanquote-delivery-'));
  let smtpStopped = false;
  try {
    const server = await startServerProcess({
      startTimeoutMs: 45_000,
      env: {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATABASE_URL: `file:${join(directory, 'delivery.db')}`,
        SMTP_URL: smtp.url,
        BUSINESS_EMAIL: deliveryBusinessEmail,
        ADMIN_EMAIL: deliveryAdmin.email,
        ADMIN_PASSWORD: deliveryAdmin.password,
        ADMIN_FIRST_NAME: 'Sarah',
        ...options.env,
      },
    });
    return {
      url: server.url,
      received: smtp.received,
      server,
      async stopSmtp() {
        if (smtpStopped) return;
        smtpStopped = true;
        await smtp.close();
      },
      async close() {
        await server.stop();
        if (!smtpStopped) await smtp.close();
        rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await smtp.close();
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
}

/** Signs in through POST /api/login and returns the session's Cookie header value. */
export async function signInAsAdmin(base: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify(deliveryAdmin),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  const pair = (response.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
  if (!pair.includes('=')) throw new Error('sign-in set no session cookie');
  return pair;
}
