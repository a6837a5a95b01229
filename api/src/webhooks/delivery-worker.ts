import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_TEST_EVENT } from '@cleanquote/quote-core/staff';
import { and, asc, eq, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Database } from '../db/database.ts';
import { partnerWebhooks, webhookDeliveries } from '../db/schema.ts';
import type { Environment } from '../env.ts';
import { type Clock, systemClock } from '../jobs/clock.ts';
import type { Logger } from '../lib/logger.ts';
import { PollingLoop } from '../lib/polling-loop.ts';
import { webhookSignal } from './webhook-deliveries.ts';
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
 * The wait before the next attempt after `attempts` failed ones: `baseMs` × 4^(attempts−1), capped
 * at `maxMs`, then ±20% at random so many failed deliveries don't all come back at once.
 */
export function webhookRetryDelayMs(attempts: number, baseMs: number, maxMs: number, random: () => number) {
  const planned = Math.min(maxMs, baseMs * 4 ** Math.max(0, attempts - 1));
  return Math.round(planned * (0.8 + 0.4 * random()));
}

type Delivery = typeof webhookDeliveries.$inferSelect;
interface ClaimedDelivery {
  delivery: Delivery;
  url: string;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretUntil: Date | null;
}

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
 * Delivers partners' webhooks from the `webhook_deliveries` table, as the mail worker delivers the
 * outbox: claims due deliveries through the write queue with a lease (a crashed worker's claim runs
 * out and the delivery is sent again — with the same webhook-id, so a receiver that dedupes sees it
 * once), signs each attempt per Standard Webhooks with the partner's secret (and, for 24 hours after
 * a rotation, the previous one too), and records the outcome. 2xx: delivered. 410 Gone: dead, and
 * the webhook is switched off. Anything else — a redirect, an error, no answer in 10 s, an address
 * that now resolves inside our network — is retried after `retryBaseMs` × 4^(n−1), until 24 hours
 * after the event; then it is dead. Woken on every enqueue, and polling.
 */
export class WebhookDeliveryWorker {
  readonly #database: Database;
  readonly #logger: Logger;
  readonly #options: Required<Omit<WebhookDeliveryOptions, 'secrets'>> & {
    secrets: WebhookSecrets | undefined;
  };
  readonly #inFlight = new Map<string, Promise<void>>();
  readonly #loop: PollingLoop;
  readonly #onEnqueued = () => this.wake();

  constructor(database: Database, logger: Logger, options: WebhookDeliveryOptions) {
    this.#database = database;
    this.#logger = logger.child({ component: 'webhook-delivery' });
    const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    this.#options = {
      retryBaseMs: options.retryBaseMs,
      retryMaxMs: options.retryMaxMs ?? WEBHOOK_RETRY_MAX_MS,
      retryWindowMs: options.retryWindowMs ?? WEBHOOK_RETRY_WINDOW_MS,
      timeoutMs,
      pollIntervalMs: options.pollIntervalMs ?? 1_000,
      // Longer than one attempt can last, so only a crashed worker's delivery is ever taken over.
      leaseMs: options.leaseMs ?? timeoutMs + 5_000,
      concurrency: options.concurrency ?? 4,
      allowedHttpOrigins: options.allowedHttpOrigins,
      secrets: options.secrets,
      clock: options.clock ?? systemClock,
      random: options.random ?? Math.random,
      resolve: options.resolve ?? resolveHost,
    };
    this.#loop = new PollingLoop(
      () => this.#claimDue(),
      this.#options.pollIntervalMs,
      (error) => this.#logger.error({ err: error }, 'webhook delivery pass failed'),
    );
  }

  /** Starts listening for queued deliveries and polling. */
  start(): this {
    webhookSignal.on('enqueued', this.#onEnqueued);
    this.#loop.start();
    return this;
  }

  /** Looks for due deliveries now (called on enqueue and when a send finishes). */
  wake(): void {
    this.#loop.wake();
  }

  /**
   * Stops taking deliveries and waits for those being sent, at most `graceMs`. One still being sent
   * after that keeps its lease and is sent again, with the same webhook-id, after a restart.
   */
  async stop(graceMs = 5_000): Promise<void> {
    webhookSignal.off('enqueued', this.#onEnqueued);
    await this.#loop.stop(graceMs, [...this.#inFlight.values()]);
  }

  /** Due deliveries of partners not being sent to now: pending, due, and not leased to a live worker. */
  #dueWhere(busyPartners: readonly string[], now: Date) {
    return and(
      eq(webhookDeliveries.status, 'pending'),
      lte(webhookDeliveries.nextAttemptAt, now),
      or(isNull(webhookDeliveries.leaseUntil), lt(webhookDeliveries.leaseUntil, now)),
      busyPartners.length > 0 ? notInArray(webhookDeliveries.partnerKey, [...busyPartners]) : undefined,
    );
  }

  /** Claims due deliveries while there is room, one partner at a time, and starts sending each. */
  async #claimDue(): Promise<void> {
    while (!this.#loop.stopped && this.#inFlight.size < this.#options.concurrency) {
      const busyPartners = [...this.#inFlight.keys()];
      // A read first: an idle poll never takes a turn in the write queue.
      const [due] = await this.#database.db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(this.#dueWhere(busyPartners, this.#options.clock.now()))
        .limit(1);
      if (!due) return;
      const claimed = await this.#claimNext(busyPartners);
      if (!claimed) return;
      const partnerKey = claimed.delivery.partnerKey;
      const sending = this.#deliver(claimed)
        .catch((error: unknown) => {
          // Its lease runs out and it is sent again: nothing is lost.
          this.#logger.error(
            { err: error, deliveryId: claimed.delivery.id },
            'webhook delivery failed to record',
          );
        })
        .finally(() => {
          this.#inFlight.delete(partnerKey);
          this.wake();
        });
      this.#inFlight.set(partnerKey, sending);
    }
  }

  /**
   * Takes the oldest due delivery of a partner not being sent to (or one whose worker's lease ran
   * out) and leases it. A delivery whose webhook is gone, or disabled (test events aside), is dead
   * without an attempt.
   */
  async #claimNext(busyPartners: readonly string[]): Promise<ClaimedDelivery | undefined> {
    return this.#database.writes.run(async (tx) => {
      for (;;) {
        const now = this.#options.clock.now();
        const [due] = await tx
          .select({
            id: webhookDeliveries.id,
            type: webhookDeliveries.type,
            url: partnerWebhooks.url,
            enabled: partnerWebhooks.enabled,
            secretSealed: partnerWebhooks.secretSealed,
            previousSecretSealed: partnerWebhooks.previousSecretSealed,
            previousSecretUntil: partnerWebhooks.previousSecretUntil,
          })
          .from(webhookDeliveries)
          .leftJoin(partnerWebhooks, eq(partnerWebhooks.partnerKey, webhookDeliveries.partnerKey))
          .where(this.#dueWhere(busyPartners, now))
          .orderBy(asc(webhookDeliveries.nextAttemptAt))
          .limit(1);
        if (!due) return undefined;
        if (!due.url || !due.secretSealed || (!due.enabled && due.type !== WEBHOOK_TEST_EVENT)) {
          await tx
            .update(webhookDeliveries)
            .set({
              status: 'dead',
              leaseUntil: null,
              lastError: due.url
                ? 'The webhook was disabled before this was sent.'
                : 'The partner’s webhook was removed before this was sent.',
            })
            .where(eq(webhookDeliveries.id, due.id));
          continue;
        }
        const [delivery] = await tx
          .update(webhookDeliveries)
          .set({
            attempts: sql`${webhookDeliveries.attempts} + 1`,
            leaseUntil: new Date(now.getTime() + this.#options.leaseMs),
          })
          .where(eq(webhookDeliveries.id, due.id))
          .returning();
        if (!delivery) return undefined;
        return {
          delivery,
          url: due.url,
          secretSealed: due.secretSealed,
          previousSecretSealed: due.previousSecretSealed,
          previousSecretUntil: due.previousSecretUntil,
        };
      }
    });
  }

  async #deliver(claimed: ClaimedDelivery): Promise<void> {
    const { delivery } = claimed;
    const log = this.#logger.child({
      deliveryId: delivery.id,
      partnerKey: delivery.partnerKey,
      type: delivery.type,
      attempt: delivery.attempts,
    });
    const attempt = await this.#attempt(claimed);
    const now = this.#options.clock.now();
    // Only the worker holding this attempt writes its outcome: a takeover after a lost lease counted one more.
    const ours = and(
      eq(webhookDeliveries.id, delivery.id),
      eq(webhookDeliveries.status, 'pending'),
      eq(webhookDeliveries.attempts, delivery.attempts),
    );
    if (attempt.outcome === 'delivered') {
      await this.#database.writes.run((tx) =>
        tx
          .update(webhookDeliveries)
          .set({
            status: 'delivered',
            deliveredAt: now,
            lastStatusCode: attempt.statusCode,
            lastError: null,
            leaseUntil: null,
          })
          .where(ours),
      );
      log.info({ statusCode: attempt.statusCode }, 'webhook delivered');
      return;
    }
    if (attempt.outcome === 'gone') {
      const reason = `The receiver answered 410 Gone on ${now.toISOString()}: the webhook was switched off.`;
      await this.#database.writes.run(async (tx) => {
        await tx
          .update(webhookDeliveries)
          .set({
            status: 'dead',
            lastStatusCode: 410,
            lastError: 'The receiver answered 410 Gone.',
            leaseUntil: null,
          })
          .where(ours);
        await tx
          .update(partnerWebhooks)
          .set({ enabled: false, disabledReason: reason, updatedAt: now })
          .where(eq(partnerWebhooks.partnerKey, delivery.partnerKey));
      });
      log.warn('webhook receiver answered 410 Gone: webhook disabled');
      return;
    }
    const deadline = delivery.createdAt.getTime() + this.#options.retryWindowMs;
    const dead = now.getTime() >= deadline;
    const delay = webhookRetryDelayMs(
      delivery.attempts,
      this.#options.retryBaseMs,
      this.#options.retryMaxMs,
      this.#options.random,
    );
    // The last attempt falls on the window's end, however the backoff lands.
    const nextAttemptAt = new Date(Math.min(now.getTime() + delay, deadline));
    await this.#database.writes.run((tx) =>
      tx
        .update(webhookDeliveries)
        .set({
          status: dead ? 'dead' : 'pending',
          lastStatusCode: attempt.statusCode,
          lastError: attempt.error,
          leaseUntil: null,
          ...(dead ? {} : { nextAttemptAt }),
        })
        .where(ours),
    );
    if (dead) log.error({ reason: attempt.error }, 'webhook delivery dead after 24 hours of retries');
    else
      log.warn(
        { reason: attempt.error, retryInMs: nextAttemptAt.getTime() - now.getTime() },
        'webhook delivery failed; will retry',
      );
  }

  /** Checks the URL again, signs and sends one attempt. */
  async #attempt(claimed: ClaimedDelivery): Promise<Attempt> {
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
