import { and, asc, eq, lt, lte, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../db/database.ts';
import { outbox } from '../db/schema.ts';
import { storedTextReader } from '../db/stored-text.ts';
import type { Environment } from '../env.ts';
import type { Logger } from '../lib/logger.ts';
import { PollingLoop } from '../lib/polling-loop.ts';
import { mailBodies } from './mail-bodies.ts';
import { outboxSignal, SECRET_SENT_PLACEHOLDER, setOutboxCapture } from './outbox.ts';

const outboxReader = storedTextReader(outbox);
/** A leased mail, and the columns whose stored bytes were not UTF-8 (then it is not sent). */
type ClaimedMail = typeof outbox.$inferSelect & { malformed: string[] };

/** How the worker delivers; `mailDeliveryOptions()` builds it from the environment. */
export interface MailDeliveryOptions {
  /** smtp:// or smtps:// URL; absent: queued mail is marked 'captured' and never sent. */
  smtpUrl?: string | undefined;
  /** Sender of mail queued without its own `from`. */
  from: string;
  /** The site's public URL, for bodies written at delivery (a quote's auto-response names it). */
  publicUrl: string;
  /** Attempts before a mail is dead-lettered. */
  maxAttempts: number;
  /** Backoff after the first failure; doubles per attempt up to `retryMaxMs`, with jitter. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** The worker also looks for due mail this often, besides being woken on enqueue. */
  pollIntervalMs: number;
  connectionTimeoutMs: number;
  greetingTimeoutMs: number;
  socketTimeoutMs: number;
  /** How long a claimed mail stays with this worker before another may retry it (crash recovery). */
  leaseMs?: number | undefined;
  /** Random source for the jitter, in [0, 1). */
  random?: (() => number) | undefined;
}

/** The delivery settings from the environment (README.md documents each variable). */
export function mailDeliveryOptions(environment: Environment): MailDeliveryOptions {
  return {
    smtpUrl: environment.SMTP_URL,
    from: environment.MAIL_FROM,
    publicUrl: environment.PUBLIC_URL,
    maxAttempts: environment.MAIL_MAX_ATTEMPTS,
    retryBaseMs: environment.MAIL_RETRY_BASE_MS,
    retryMaxMs: environment.MAIL_RETRY_MAX_MS,
    pollIntervalMs: environment.MAIL_POLL_INTERVAL_MS,
    connectionTimeoutMs: environment.SMTP_CONNECTION_TIMEOUT_MS,
    greetingTimeoutMs: environment.SMTP_GREETING_TIMEOUT_MS,
    socketTimeoutMs: environment.SMTP_SOCKET_TIMEOUT_MS,
  };
}

/**
 * Delay before attempt `attempt + 1` after `attempt` failures: exponential from `baseMs`, capped at
 * `maxMs`, with "equal jitter" (half fixed, half random) so retries from many mails spread out.
 */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

interface SmtpError {
  code?: unknown;
  responseCode?: unknown;
  message?: unknown;
}

/** A mail that can never be sent as stored: it is dead-lettered at once, with this reason. */
class UnsendableMail extends Error {}

/** A 5xx reply is the server's final word (unknown mailbox, policy): retrying cannot help. */
function isPermanent(error: SmtpError): boolean {
  if (error instanceof UnsendableMail) return true;
  return typeof error.responseCode === 'number' && error.responseCode >= 500 && error.responseCode < 600;
}

/** One line for the outbox and the logs: the error code and message, never credentials. */
function describe(error: unknown): string {
  const { code, responseCode, message } = (error ?? {}) as SmtpError;
  const parts = [code, responseCode].filter((part) => part !== undefined).map(String);
  return `${parts.length > 0 ? `[${parts.join(' ')}] ` : ''}${String(message ?? error)}`
    .replace(/\s+/g, ' ')
    .slice(0, 500);
}

/**
 * Delivers the outbox: claims due mail one at a time through the write queue (so it never races the
 * transaction that queued it), sends it with nodemailer, and records the outcome. A failure schedules
 * a retry with exponential backoff and jitter; after `maxAttempts`, or on a permanent 5xx refusal, the
 * mail is dead-lettered for staff to see. Woken on every enqueue and polling every `pollIntervalMs`.
 */
export class MailDeliveryWorker {
  readonly #database: Database;
  readonly #logger: Logger;
  readonly #options: Required<Omit<MailDeliveryOptions, 'smtpUrl'>> & { smtpUrl?: string | undefined };
  readonly #transport: ReturnType<typeof nodemailer.createTransport> | undefined;
  readonly #loop: PollingLoop;
  #started = false;
  readonly #onEnqueued = () => this.wake();

  constructor(database: Database, logger: Logger, options: MailDeliveryOptions) {
    this.#database = database;
    this.#logger = logger.child({ component: 'mail-delivery' });
    this.#options = {
      ...options,
      // Long enough for one full SMTP conversation that hits every timeout, so only a crashed
      // worker's mail is ever taken over.
      leaseMs:
        options.leaseMs ??
        Math.max(
          60_000,
          2 * (options.connectionTimeoutMs + options.greetingTimeoutMs + options.socketTimeoutMs),
        ),
      random: options.random ?? Math.random,
    };
    this.#transport = options.smtpUrl
      ? nodemailer.createTransport({
          // One connection kept open and reused while mail keeps coming, instead of one per mail.
          pool: true,
          maxConnections: 1,
          maxMessages: 100,
          // Retrying is the outbox's job (backoff, attempts, dead letters), not the pool's.
          maxRequeues: 0,
          url: options.smtpUrl,
          connectionTimeout: options.connectionTimeoutMs,
          greetingTimeout: options.greetingTimeoutMs,
          socketTimeout: options.socketTimeoutMs,
          dnsTimeout: options.connectionTimeoutMs,
          logger: false,
          debug: false,
        })
      : undefined;
    this.#loop = new PollingLoop(
      async () => {
        await this.deliverDue();
      },
      this.#options.pollIntervalMs,
      (error) => this.#logger.error({ err: error }, 'mail delivery pass failed'),
    );
  }

  /** True when mail is sent; false when it is only captured (no SMTP_URL). */
  get sends(): boolean {
    return this.#transport !== undefined;
  }

  /** Starts listening for enqueued mail and polling. */
  start(): this {
    if (this.#started) return this;
    this.#started = true;
    outboxSignal.on('enqueued', this.#onEnqueued);
    setOutboxCapture(this.sends ? 'send' : 'capture', 1);
    this.#logger.info(
      { mode: this.sends ? 'smtp' : 'capture' },
      this.sends ? 'mail delivery started' : 'no SMTP_URL: mail is captured in the outbox',
    );
    this.#loop.start();
    return this;
  }

  /** Looks for due mail now (called on enqueue). */
  wake(): void {
    this.#loop.wake();
  }

  /**
   * Stops taking new mail and waits for the delivery in progress, at most `graceMs`. A mail still
   * being sent after that keeps its lease and is retried, with the same Message-ID, after a restart.
   */
  async stop(graceMs = 5_000): Promise<void> {
    if (this.#started && !this.#loop.stopped) setOutboxCapture(this.sends ? 'send' : 'capture', -1);
    outboxSignal.off('enqueued', this.#onEnqueued);
    await this.#loop.stop(graceMs);
    this.#transport?.close();
  }

  /**
   * One pass: without SMTP, marks queued mail as captured; with SMTP, sends every due mail.
   * @returns how many mails were sent or captured.
   */
  async deliverDue(): Promise<number> {
    if (!this.#transport) {
      const captured = await this.#database.writes.run((tx) =>
        tx
          .update(outbox)
          .set({ status: 'captured', updatedAt: new Date() })
          .where(eq(outbox.status, 'queued'))
          .returning({ id: outbox.id }),
      );
      return captured.length;
    }
    let sent = 0;
    while (!this.#loop.stopped) {
      const mail = await this.#claimNext();
      if (!mail) break;
      const outcome = await this.#deliver(mail);
      if (outcome === 'sent') sent += 1;
      // The server is down or silent: leave the other mails for the next poll instead of spending
      // a timeout (and an attempt) on each of them now.
      if (outcome === 'unreachable') break;
    }
    return sent;
  }

  /** Takes the oldest due mail (or one whose worker's lease ran out) and leases it to this worker. */
  async #claimNext(): Promise<ClaimedMail | undefined> {
    return this.#database.writes.run(async (tx) => {
      const now = new Date();
      const [due] = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          or(
            and(eq(outbox.status, 'queued'), lte(outbox.nextAttemptAt, now)),
            and(eq(outbox.status, 'sending'), lt(outbox.leaseUntil, now)),
          ),
        )
        .orderBy(asc(outbox.nextAttemptAt))
        .limit(1);
      if (!due) return undefined;
      // Text is read as bytes (stored-text.ts): a value that is not UTF-8 fails this mail, not the process.
      const [claimed] = await tx
        .update(outbox)
        .set({
          status: 'sending',
          attempts: sql`${outbox.attempts} + 1`,
          leaseUntil: new Date(now.getTime() + this.#options.leaseMs),
          updatedAt: now,
        })
        .where(eq(outbox.id, due.id))
        .returning(outboxReader.selection);
      if (!claimed) return undefined;
      const { row, malformed } = outboxReader.decode(claimed);
      return { ...row, malformed };
    });
  }

  async #deliver(mail: ClaimedMail): Promise<'sent' | 'failed' | 'unreachable'> {
    const log = this.#logger.child({ outboxId: mail.id, kind: mail.kind, attempt: mail.attempts });
    try {
      if (mail.malformed.length > 0) {
        throw new UnsendableMail(`stored text is not valid UTF-8 (${mail.malformed.join(', ')})`);
      }
      // A quote's mails are written from the stored quote now (mail-bodies.ts); others carry their body.
      const body = (await mailBodies(this.#database.db, [mail], this.#options.publicUrl)).get(mail.id);
      if (!body) throw new Error(`the ${mail.kind} mail's record ${mail.recordId} is missing`);
      if (body.malformedRecord) {
        throw new UnsendableMail(
          `the stored ${mail.kind} record ${mail.recordId} has text that is not valid UTF-8`,
        );
      }
      const info = await this.#transport?.sendMail({
        messageId: mail.messageId,
        date: mail.createdAt,
        from: mail.fromAddress ?? this.#options.from,
        to: { name: mail.toName ?? '', address: mail.toAddress },
        ...(mail.replyToAddress
          ? { replyTo: { name: mail.replyToName ?? '', address: mail.replyToAddress } }
          : {}),
        subject: mail.subject,
        text: body.text,
        ...(body.html === undefined ? {} : { html: body.html }),
        headers: mail.headers ?? {},
        // Bodies hold user input: never let nodemailer read files or URLs on their behalf.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      await this.#database.writes.run((tx) =>
        tx
          .update(outbox)
          .set({
            status: 'sent',
            sentAt: new Date(),
            leaseUntil: null,
            lastError: null,
            updatedAt: new Date(),
            // The stored copy keeps a secret link only until the customer has it.
            ...(mail.secretUntilSent
              ? {
                  textBody: sql`replace(${outbox.textBody}, ${mail.secretUntilSent}, ${SECRET_SENT_PLACEHOLDER})`,
                  htmlBody: sql`replace(${outbox.htmlBody}, ${mail.secretUntilSent}, ${SECRET_SENT_PLACEHOLDER})`,
                  secretUntilSent: null,
                }
              : {}),
          })
          .where(and(eq(outbox.id, mail.id), eq(outbox.status, 'sending'))),
      );
      log.info({ response: info?.response }, 'mail sent');
      return 'sent';
    } catch (error) {
      const reason = describe(error);
      const dead = isPermanent(error as SmtpError) || mail.attempts >= this.#options.maxAttempts;
      const delay = retryDelayMs(
        mail.attempts,
        this.#options.retryBaseMs,
        this.#options.retryMaxMs,
        this.#options.random,
      );
      await this.#database.writes.run((tx) =>
        tx
          .update(outbox)
          .set({
            status: dead ? 'dead' : 'queued',
            nextAttemptAt: new Date(Date.now() + delay),
            leaseUntil: null,
            lastError: reason,
            updatedAt: new Date(),
          })
          .where(and(eq(outbox.id, mail.id), eq(outbox.status, 'sending'))),
      );
      if (dead) log.error({ reason }, 'mail dead-lettered');
      else log.warn({ reason, retryInMs: delay }, 'mail delivery failed; will retry');
      // No SMTP reply code at all means no conversation: connection refused, timeout, TLS, DNS.
      return (error as SmtpError).responseCode === undefined ? 'unreachable' : 'failed';
    }
  }
}

/** Creates and starts the worker for this environment (server.ts stops it on shutdown). */
export function startMailDelivery(environment: Environment, database: Database, logger: Logger) {
  return new MailDeliveryWorker(database, logger, mailDeliveryOptions(environment)).start();
}
