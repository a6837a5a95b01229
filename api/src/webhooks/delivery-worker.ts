import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_TEST_EVENT } from '@cleanquote/quote-core/staff';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Database } from '../db/database.ts';
import { partnerWebhooks, webhookDeliveries } from '../db/schema.ts';
import type { Environment } from '../env.ts';
import { type Clock, systemClock } from '../jobs/clock.ts';
import type { Backoff, Claim, DurableQueue, QueueWorker } from '../lib/durable-queue.ts';
import type { Logger } from '../lib/logger.ts';
import { webhookQueue } from './webhook-deliveries.ts';
import { WebhookSecrets } from './webhook-secrets.ts';
import { checkWebhookUrl, type ResolvedAddress, type ResolveHost, resolveHost } from './webhook-url.ts';

/** The longest wait between two attempts. */
export const WEBHOOK_RETRY_MAX_MS = 3 * 60 * 60 * 1000;
/** How long after its event a delivery is still tried; the last attempt is made then. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How long a receiver has to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** How the worker delivers; `webhookDeliveryOptions()` builds it from the environment. */
export interface WebhookDeliveryOptions {
  /** The first retry's wait; the n-th waits `retryBaseMs` × 4^(n−1). */
  retryBaseMs: number;
  retryMaxMs?: number | undefined;
  /** How long after its event a delivery is tried before it is dead. */
  retryWindowMs?: number | undefined;
  /** How long a receiver has to answer (connecting included). */
  timeoutMs?: number | undefined;
  /** The worker also looks for due deliveries this often, besides being woken on enqueue. */
  pollIntervalMs?: number | undefined;
  /** How long a claimed delivery stays with this worker before another may send it (crash recovery). */
  leaseMs?: number | undefined;
  /** Deliveries sent at once, to different partners (one partner's slow receiver delays no other). */
  concurrency?: number | undefined;
  /** Origins whose URLs may use plain http and a loopback address (WEBHOOK_ALLOWED_HTTP_ORIGINS). */
  allowedHttpOrigins: readonly string[];
  /** Opens the partners' secrets; undefined without SECRETS_KEY (deliveries then fail and are retried). */
  secrets: WebhookSecrets | undefined;
  /** Where "now" is read: due times, the 24-hour window, the signature's timestamp. */
  clock?: Clock | undefined;
  /** Random source for the jitter, in [0, 1). */
  random?: (() => number) | undefined;
  /** Resolves a URL's host name (default: the system resolver). */
  resolve?: ResolveHost | undefined;
}

/** The delivery settings from the environment (README.md documents each variable). */
export function webhookDeliveryOptions(environment: Environment): WebhookDeliveryOptions {
  return {
    retryBaseMs: environment.WEBHOOK_RETRY_BASE_MS,
    allowedHttpOrigins: environment.WEBHOOK_ALLOWED_HTTP_ORIGINS,
    secrets: WebhookSecrets.from(environment),
  };
}

/**
 * The wait before the next attempt: `baseMs`, then 4 times longer per attempt, capped at `maxMs`,
 * then ±20% at random so many failed deliveries don't all come back at once.
 */
export function webhookBackoff(baseMs: number, maxMs = WEBHOOK_RETRY_MAX_MS): Backoff {
  return { baseMs, factor: 4, maxMs, jitter: [0.8, 1.2] };
}

type Delivery = typeof webhookDeliveries.$inferSelect;

/** What one attempt came to. */
type Attempt =
  | { outcome: 'delivered'; statusCode: number }
  | { outcome: 'gone'; statusCode: number }
  | { outcome: 'failed'; statusCode: number | null; error: string };

/** Connects to the address that was checked, whatever the name resolves to by now (DNS rebinding). */
function pinnedLookup({ address, family }: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

function describeError(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return `${typeof code === 'string' ? `[${code}] ` : ''}${String(message ?? error)}`
    .replace(/\s+/g, ' ')
    .slice(0, 500);
}

/**
 * Delivers partners' webhooks from the `webhook_deliveries` table, a durable queue
 * (lib/durable-queue.ts): claims due deliveries with a lease (a crashed worker's claim runs out and
 * the delivery is sent again — with the same webhook-id, so a receiver that dedupes sees it once),
 * signs each attempt per Standard Webhooks with the partner's secret (and, for 24 hours after a
 * rotation, the previous one too), and records the outcome. 2xx: delivered. 410 Gone: dead, and the
 * webhook is switched off. Anything else — a redirect, an error, no answer in 10 s, an address that
 * now resolves inside our network — is retried after `retryBaseMs` × 4^(n−1), until 24 hours after
 * the event; then it is dead. One delivery at a time per partner, several partners at once. Woken on
 * every enqueue, and polling.
 */
export class WebhookDeliveryWorker {
  readonly #database: Database;
  readonly #logger: Logger;
  readonly #options: Required<
    Omit<WebhookDeliveryOptions, 'secrets' | 'retryBaseMs' | 'retryMaxMs' | 'retryWindowMs' | 'leaseMs'>
  > & { secrets: WebhookSecrets | undefined };
  readonly #queue: DurableQueue<typeof webhookDeliveries, Delivery>;
  readonly #worker: QueueWorker<typeof webhookDeliveries, Delivery>;

  constructor(database: Database, logger: Logger, options: WebhookDeliveryOptions) {
    this.#database = database;
    this.#logger = logger.child({ component: 'webhook-delivery' });
    const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    this.#options = {
      timeoutMs,
      pollIntervalMs: options.pollIntervalMs ?? 1_000,
      concurrency: options.concurrency ?? 4,
      allowedHttpOrigins: options.allowedHttpOrigins,
      secrets: options.secrets,
      clock: options.clock ?? systemClock,
      random: options.random ?? Math.random,
      resolve: options.resolve ?? resolveHost,
    };
    this.#queue = webhookQueue.connect(database, {
      backoff: webhookBackoff(options.retryBaseMs, options.retryMaxMs),
      deadline: { afterMs: options.retryWindowMs ?? WEBHOOK_RETRY_WINDOW_MS, from: 'created' },
      // Longer than one attempt can last, so only a crashed worker's delivery is ever taken over.
      leaseMs: options.leaseMs ?? timeoutMs + 5_000,
      clock: this.#options.clock,
      random: this.#options.random,
    });
    this.#worker = this.#queue.worker({
      pollIntervalMs: this.#options.pollIntervalMs,
      concurrency: this.#options.concurrency,
      // One partner's slow receiver delays no other partner's deliveries.
      oneAtATime: { column: webhookDeliveries.partnerKey, of: (delivery) => delivery.partnerKey },
      process: (claim) => this.#deliver(claim),
      // A delivery whose outcome could not be recorded: its lease runs out and it is sent again.
      onError: (error) => this.#logger.error({ err: error }, 'webhook delivery failed'),
    });
  }

  /** Starts listening for queued deliveries and polling. */
  start(): this {
    this.#worker.start();
    return this;
  }

  /** Looks for due deliveries now. */
  wake(): void {
    this.#worker.wake();
  }

  /**
   * Stops taking deliveries and waits for those being sent, at most `graceMs`. One still being sent
   * after that keeps its lease and is sent again, with the same webhook-id, after a restart.
   */
  async stop(graceMs = 5_000): Promise<void> {
    await this.#worker.stop(graceMs);
  }

  async #deliver(claim: Claim<Delivery>): Promise<void> {
    const delivery = claim.row;
    const log = this.#logger.child({
      deliveryId: delivery.id,
      partnerKey: delivery.partnerKey,
      type: delivery.type,
      attempt: claim.attempts,
    });
    const [webhook] = await this.#database.db
      .select({
        url: partnerWebhooks.url,
        enabled: partnerWebhooks.enabled,
        secretSealed: partnerWebhooks.secretSealed,
        previousSecretSealed: partnerWebhooks.previousSecretSealed,
        previousSecretUntil: partnerWebhooks.previousSecretUntil,
      })
      .from(partnerWebhooks)
      .where(eq(partnerWebhooks.partnerKey, delivery.partnerKey));
    // A webhook that is gone, or disabled (test events aside): dead, and nothing was attempted.
    if (!webhook || (!webhook.enabled && delivery.type !== WEBHOOK_TEST_EVENT)) {
      await this.#queue.deadLetter(
        claim,
        webhook
          ? 'The webhook was disabled before this was sent.'
          : 'The partner’s webhook was removed before this was sent.',
        { set: { attempts: claim.attempts - 1 } },
      );
      return;
    }
    const attempt = await this.#attempt({ delivery, ...webhook });
    const now = this.#options.clock.now();
    if (attempt.outcome === 'delivered') {
      await this.#queue.complete(claim, { set: { deliveredAt: now, lastStatusCode: attempt.statusCode } });
      log.info({ statusCode: attempt.statusCode }, 'webhook delivered');
      return;
    }
    if (attempt.outcome === 'gone') {
      const reason = `The receiver answered 410 Gone on ${now.toISOString()}: the webhook was switched off.`;
      await this.#database.writes.run(async (tx) => {
        await this.#queue.deadLetter(claim, 'The receiver answered 410 Gone.', {
          tx,
          set: { lastStatusCode: 410 },
        });
        await tx
          .update(partnerWebhooks)
          .set({ enabled: false, disabledReason: reason, updatedAt: now })
          .where(eq(partnerWebhooks.partnerKey, delivery.partnerKey));
      });
      log.warn('webhook receiver answered 410 Gone: webhook disabled');
      return;
    }
    const outcome = await this.#queue.fail(claim, {
      error: attempt.error,
      set: { lastStatusCode: attempt.statusCode },
    });
    if (outcome?.dead)
      log.error({ reason: attempt.error }, 'webhook delivery dead after 24 hours of retries');
    else if (outcome?.sendAfter) {
      log.warn(
        { reason: attempt.error, retryInMs: outcome.sendAfter.getTime() - now.getTime() },
        'webhook delivery failed; will retry',
      );
    }
  }

  /** Checks the URL again, signs and sends one attempt. */
  async #attempt(claimed: {
    delivery: Delivery;
    url: string;
    secretSealed: string;
    previousSecretSealed: string | null;
    previousSecretUntil: Date | null;
  }): Promise<Attempt> {
    const { delivery } = claimed;
    const secrets = this.#options.secrets;
    if (!secrets) {
      return {
        outcome: 'failed',
        statusCode: null,
        error: 'SECRETS_KEY is not set: the webhook can’t be signed.',
      };
    }
    const now = this.#options.clock.now();
    let signers: Webhook[];
    try {
      const keys = [secrets.open(delivery.partnerKey, claimed.secretSealed)];
      if (claimed.previousSecretSealed && claimed.previousSecretUntil && claimed.previousSecretUntil > now) {
        keys.push(secrets.open(delivery.partnerKey, claimed.previousSecretSealed));
      }
      signers = keys.map((key) => new Webhook(key));
    } catch (error) {
      return {
        outcome: 'failed',
        statusCode: null,
        error: `The signing secret can’t be opened: ${describeError(error)}`,
      };
    }
    // After DNS, at every attempt: a name may point inside our network by now.
    const target = await checkWebhookUrl(claimed.url, {
      allowedHttpOrigins: this.#options.allowedHttpOrigins,
      resolve: this.#options.resolve,
    });
    if (!target.ok) return { outcome: 'failed', statusCode: null, error: target.reason };
    const body = JSON.stringify(delivery.payload);
    // Standard Webhooks: one signature per secret, space-separated; the receiver accepts any that verifies.
    const signature = signers.map((signer) => signer.sign(delivery.id, now, body)).join(' ');
    return this.#post(target.url, target.address, body, {
      'content-type': 'application/json',
      'user-agent': 'CleanQuote-Webhooks/1',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
    });
  }

  /** One POST to the checked address, redirects not followed, within the timeout. */
  #post(url: URL, address: ResolvedAddress, body: string, headers: Record<string, string>): Promise<Attempt> {
    const timeoutMs = this.#options.timeoutMs;
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Attempt>((resolve) => {
      let settled = false;
      const finish = (attempt: Attempt) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(attempt);
      };
      const outgoing = send(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          lookup: pinnedLookup(address),
          // A connection of its own: a pooled socket could be one opened to an address checked earlier.
          agent: false,
        },
        (incoming) => {
          const statusCode = incoming.statusCode ?? 0;
          // The answer's body is not used; read it away so the connection closes cleanly.
          incoming.resume();
          incoming.on('error', () => {});
          if (statusCode >= 200 && statusCode < 300) finish({ outcome: 'delivered', statusCode });
          else if (statusCode === 410) finish({ outcome: 'gone', statusCode });
          else if (statusCode >= 300 && statusCode < 400) {
            const location = incoming.headers.location;
            finish({
              outcome: 'failed',
              statusCode,
              error: `The receiver redirected (HTTP ${statusCode}${location ? ` to ${location.slice(0, 200)}` : ''}): redirects are not followed.`,
            });
          } else
            finish({ outcome: 'failed', statusCode, error: `The receiver answered HTTP ${statusCode}.` });
        },
      );
      const timer = setTimeout(() => {
        finish({ outcome: 'failed', statusCode: null, error: `No answer within ${timeoutMs / 1000} s.` });
        outgoing.destroy();
      }, timeoutMs);
      outgoing.on('error', (error) =>
        finish({ outcome: 'failed', statusCode: null, error: describeError(error) }),
      );
      outgoing.end(body);
    });
  }
}

/** Creates and starts the worker for this environment (server.ts stops it on shutdown). */
export function startWebhookDelivery(environment: Environment, database: Database, logger: Logger) {
  return new WebhookDeliveryWorker(database, logger, webhookDeliveryOptions(environment)).start();
}
