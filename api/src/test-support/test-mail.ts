import type { Database } from '../db/database.ts';
import { createLogger } from '../lib/logger.ts';
import { type MailDeliveryOptions, MailDeliveryWorker } from '../mail/delivery.ts';

/** Delivery settings for tests: retries within milliseconds, timeouts short enough for a silent server. */
export function testDeliveryOptions(overrides: Partial<MailDeliveryOptions> = {}): MailDeliveryOptions {
  return {
    from: 'Sparkle Clean <quotes@sparkleclean.example>',
    // The test apps' PUBLIC_URL (test-app.ts).
    publicUrl: 'https://clean.example',
    maxAttempts: 5,
    retryBaseMs: 40,
    retryMaxMs: 200,
    pollIntervalMs: 50,
    connectionTimeoutMs: 1_000,
    greetingTimeoutMs: 1_000,
    socketTimeoutMs: 2_000,
    ...overrides,
  };
}

/** Starts a delivery worker on a test database; stop it before closing the SMTP server and database. */
export function startTestMailDelivery(database: Database, overrides: Partial<MailDeliveryOptions> = {}) {
  return new MailDeliveryWorker(database, createLogger('silent'), testDeliveryOptions(overrides)).start();
}
