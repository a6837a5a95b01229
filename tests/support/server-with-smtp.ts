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
  /** Every message the SMTP server has received so far (across a stop and start). */
  readonly received: ReceivedMail[];
  readonly server: ServerProcess;
  /** The server's SQLite file (DATABASE_URL without `file:`), to read what it stored. */
  readonly databaseFile: string;
  /** Stops the SMTP server only (an outage): deliveries fail until {@link startSmtp} or the end. */
  stopSmtp(): Promise<void>;
  /** Starts the SMTP server again on the same port (the outage is over). */
  startSmtp(): Promise<void>;
  /**
   * Stops the server process with `signal` (SIGKILL: a crash, nothing flushed or drained) and starts
   * it again on the same port and database; `server` is then the new process.
   */
  restart(signal?: NodeJS.Signals): Promise<void>;
  close(): Promise<void>;
}

/** Options of {@link startServerWithSmtp}. */
export interface ServerWithSmtpOptions {
  /** Environment on top of the defaults below (e.g. MAIL_MAX_ATTEMPTS, QUOTE_DASHBOARD_PASSWORD). */
  env?: Record<string, string>;
  /** Keep the server's log lines (stdout) and stderr: `server.output()`. */
  keepOutput?: boolean;
}

/**
 * Starts a real SMTP server on 127.0.0.1 and the app's own server process (the built site and the
 * API, not the Playwright config's webServer) on a free port and a fresh temporary database, with
 * SMTP_URL pointing at that SMTP server and the admin account configured; `env` adds or overrides
 * variables (QUOTE_DASHBOARD_PASSWORD, say).
 */
export async function startServerWithSmtp(options: ServerWithSmtpOptions = {}): Promise<ServerWithSmtp> {
  let smtp: Awaited<ReturnType<typeof startSmtpTestServer>> | undefined = await startSmtpTestServer();
  const port = smtp.port;
  // What a stopped SMTP server received, so `received` spans a stop and start.
  const earlier: ReceivedMail[] = [];
  const directory = mkdtempSync(join(tmpdir(), 'cleanquote-delivery-'));
  const databaseFile = join(directory, 'delivery.db');
  try {
    const smtpUrl = smtp.url;
    const start = (serverPort?: number) =>
      startServerProcess({
        startTimeoutMs: 45_000,
        keepOutput: options.keepOutput ?? false,
        env: {
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
          DATABASE_URL: `file:${databaseFile}`,
          SMTP_URL: smtpUrl,
          BUSINESS_EMAIL: deliveryBusinessEmail,
          ADMIN_EMAIL: deliveryAdmin.email,
          ADMIN_PASSWORD: deliveryAdmin.password,
          ADMIN_FIRST_NAME: 'Sarah',
          ...options.env,
          ...(serverPort === undefined ? {} : { PORT: String(serverPort) }),
        },
      });
    let server = await start();
    return {
      url: server.url,
      get server() {
        return server;
      },
      get received() {
        return [...earlier, ...(smtp?.received ?? [])];
      },
      databaseFile,
      async stopSmtp() {
        const stopping = smtp;
        smtp = undefined;
        if (!stopping) return;
        earlier.push(...stopping.received);
        await stopping.close();
      },
      async startSmtp() {
        smtp ??= await startSmtpTestServer({ port });
      },
      async restart(signal = 'SIGKILL') {
        await server.stop(signal);
        server = await start(server.port);
      },
      async close() {
        await server.stop();
        await smtp?.close();
        rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await smtp?.close();
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
