import { and, eq, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../db/database.ts';
import { outbox } from '../db/schema.ts';
import type { Environment } from '../env.ts';
import type { Backoff, Claim, DurableQueue, QueueRow, QueueWorker } from '../lib/durable-queue.ts';
import type { Logger } from '../lib/logger.ts';
import { PollingLoop } from '../lib/polling-loop.ts';
import { calendarInviteParts } from '../schedule/visit-invite.ts';
import { mailBodies } from './mail-bodies.ts';
import { outboxQueue, secretSentPlaceholder, setOutboxCapture } from './outbox.ts';

/** A claimed mail as read from the outbox, and the columns whose stored bytes were not UTF-8. */
type ClaimedMail = QueueRow<typeof outboxQueue>;

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
  /** Backoff after the first failure; doubles per attempt up to `retryMaxMs` ({@link mailBackoff}). */
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
 * The wait before the next attempt: `retryBaseMs`, doubling per attempt up to `retryMaxMs`, each
 * drawn from its upper half ("equal jitter") so retries from many mails spread out.
 */
export function mailBackoff(retryBaseMs: number, retryMaxMs: number): Backoff {
  return { baseMs: retryBaseMs, factor: 2, maxMs: retryMaxMs, jitter: [0.5, 1] };
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
 * Delivers the outbox, a durable queue (lib/durable-queue.ts): claims due mail one at a time, sends
 * it with nodemailer, and records the outcome. A failure is retried after a wait that doubles per
 * attempt (with jitter, up to `retryMaxMs`); after `maxAttempts`, or on a permanent 5xx refusal, the
 * mail is dead-lettered for staff to see. Woken on every enqueue and polling every `pollIntervalMs`.
 * Without SMTP_URL, queued mail is only marked 'captured'.
 */
export class MailDeliveryWorker {
  readonly #database: Database;
  readonly #logger: Logger;
  readonly #options: Required<Omit<MailDeliveryOptions, 'smtpUrl' | 'leaseMs' | 'random'>>;
  readonly #transport: ReturnType<typeof nodemailer.createTransport> | undefined;
  readonly #queue: DurableQueue<typeof outbox, ClaimedMail>;
  /** Sends: the queue's worker. Captures: a loop that marks queued mail as captured. */
  readonly #worker: QueueWorker<typeof outbox, ClaimedMail> | undefined;
  readonly #capture: PollingLoop | undefined;
  #unsubscribe: (() => void) | undefined;
  #started = false;
  #stopped = false;

  constructor(database: Database, logger: Logger, options: MailDeliveryOptions) {
    this.#database = database;
    this.#logger = logger.child({ component: 'mail-delivery' });
    this.#options = options;
    this.#queue = outboxQueue.connect(database, {
      backoff: mailBackoff(options.retryBaseMs, options.retryMaxMs),
      maxAttempts: options.maxAttempts,
      // Long enough for one full SMTP conversation that hits every timeout, so only a crashed
      // worker's mail is ever taken over.
      leaseMs:
        options.leaseMs ??
        Math.max(
          60_000,
          2 * (options.connectionTimeoutMs + options.greetingTimeoutMs + options.socketTimeoutMs),
        ),
      random: options.random,
    });
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
    const onError = (error: unknown) => this.#logger.error({ err: error }, 'mail delivery pass failed');
    if (this.#transport) {
      this.#worker = this.#queue.worker({
        pollIntervalMs: options.pollIntervalMs,
        process: (claim) => this.#deliver(claim),
        onError,
      });
    } else {
      this.#capture = new PollingLoop(
        async () => {
          await this.#captureQueued();
        },
        options.pollIntervalMs,
        onError,
      );
    }
  }

  /** True when mail is sent; false when it is only captured (no SMTP_URL). */
  get sends(): boolean {
    return this.#transport !== undefined;
  }

  /** Starts listening for enqueued mail and polling. */
  start(): this {
    if (this.#started) return this;
    this.#started = true;
    setOutboxCapture(this.sends ? 'send' : 'capture', 1);
    this.#logger.info(
      { mode: this.sends ? 'smtp' : 'capture' },
      this.sends ? 'mail delivery started' : 'no SMTP_URL: mail is captured in the outbox',
    );
    if (this.#capture) {
      this.#unsubscribe = outboxQueue.onAnnounce(() => this.wake());
      this.#capture.start();
    }
    this.#worker?.start();
    return this;
  }

  /** Looks for due mail now (called on enqueue). */
  wake(): void {
    this.#worker?.wake();
    this.#capture?.wake();
  }

  /**
   * Stops taking new mail and waits for the delivery in progress, at most `graceMs`. A mail still
   * being sent after that keeps its lease and is retried, with the same Message-ID, after a restart.
   */
  async stop(graceMs = 5_000): Promise<void> {
    if (this.#started && !this.#stopped) setOutboxCapture(this.sends ? 'send' : 'capture', -1);
    this.#stopped = true;
    this.#unsubscribe?.();
    await Promise.all([this.#worker?.stop(graceMs), this.#capture?.stop(graceMs)]);
    this.#transport?.close();
  }

  /**
   * One pass: without SMTP, marks queued mail as captured; with SMTP, tries every due mail.
   * @returns how many mails were captured, or tried.
   */
  async deliverDue(): Promise<number> {
    return this.#worker ? this.#worker.runDue() : this.#captureQueued();
  }

  async #captureQueued(): Promise<number> {
    const captured = await this.#database.writes.run((tx) =>
      tx
        .update(outbox)
        .set({ status: 'captured', updatedAt: new Date() })
        // A scheduled mail (a reminder) is captured when it is due, as it would be sent then.
        .where(and(eq(outbox.status, 'queued'), lte(outbox.nextAttemptAt, new Date())))
        .returning({ id: outbox.id }),
    );
    return captured.length;
  }

  /**
   * Sends one claimed mail and records the outcome. 'pause' when the server is down or silent: the
   * other mails wait for the next poll instead of each spending a timeout (and an attempt) now.
   */
  async #deliver(claim: Claim<ClaimedMail>): Promise<'pause' | undefined> {
    const { row: mail, malformed } = claim.row;
    const log = this.#logger.child({ outboxId: mail.id, kind: mail.kind, attempt: claim.attempts });
    try {
      if (malformed.length > 0) {
        throw new UnsendableMail(`stored text is not valid UTF-8 (${malformed.join(', ')})`);
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
        // A scheduled mail is dated when it was due, not when it was queued days before.
        date: mail.sendAfter ?? mail.createdAt,
        from: mail.fromAddress ?? this.#options.from,
        to: { name: mail.toName ?? '', address: mail.toAddress },
        ...(mail.replyToAddress
          ? { replyTo: { name: mail.replyToName ?? '', address: mail.replyToAddress } }
          : {}),
        subject: mail.subject,
        text: body.text,
        ...(body.html === undefined ? {} : { html: body.html }),
        headers: mail.headers ?? {},
        ...(mail.calendarInvite ? calendarInviteParts(mail.calendarInvite) : {}),
        // Bodies hold user input: never let nodemailer read files or URLs on their behalf.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      await this.#queue.complete(claim, {
        set: {
          sentAt: new Date(),
          // The stored copy keeps a secret link only until its reader has it (List-Unsubscribe too).
          ...(mail.secretUntilSent
            ? {
                textBody: sql`replace(${outbox.textBody}, ${mail.secretUntilSent}, ${secretSentPlaceholder(mail.kind)})`,
                htmlBody: sql`replace(${outbox.htmlBody}, ${mail.secretUntilSent}, ${secretSentPlaceholder(mail.kind)})`,
                headers: sql`replace(${outbox.headers}, ${mail.secretUntilSent}, ${secretSentPlaceholder(mail.kind)})`,
                secretUntilSent: null,
              }
            : {}),
        },
      });
      log.info({ response: info?.response }, 'mail sent');
      return undefined;
    } catch (error) {
      const reason = describe(error);
      const outcome = await this.#queue.fail(claim, { error: reason, dead: isPermanent(error as SmtpError) });
      if (outcome?.dead) log.error({ reason }, 'mail dead-lettered');
      else if (outcome?.sendAfter) {
        log.warn(
          { reason, retryInMs: outcome.sendAfter.getTime() - Date.now() },
          'mail delivery failed; will retry',
        );
      }
      // No SMTP reply code at all means no conversation: connection refused, timeout, TLS, DNS.
      return (error as SmtpError).responseCode === undefined ? 'pause' : undefined;
    }
  }
}

/** Creates and starts the worker for this environment (server.ts stops it on shutdown). */
export function startMailDelivery(environment: Environment, database: Database, logger: Logger) {
  return new MailDeliveryWorker(database, logger, mailDeliveryOptions(environment)).start();
}
