import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { analyticsSalts } from '../db/schema.ts';

/** A day's salt is deleted this long after it was made (Plausible's scheme). */
export const SALT_LIFETIME_MS = 48 * 60 * 60 * 1000;

/**
 * The salts of the unique-visitor hashes: one random salt per Melbourne day, kept in the database so
 * every process (and a restart) hashes a visitor alike, rotated at Melbourne midnight simply because
 * the next day asks for its own, and deleted after 48 hours — after which a stored hash can no longer
 * be tied to any IP address and browser (docs/decisions/0017-first-party-analytics.md).
 */
export class VisitorSalts {
  readonly #cache = new Map<string, Promise<string>>();

  constructor(private readonly database: Database) {}

  /** The salt of Melbourne day `day`, made on its first use. */
  saltFor(day: string, now: Date): Promise<string> {
    let salt = this.#cache.get(day);
    if (!salt) {
      salt = this.#load(day, now);
      // Only today's and yesterday's are ever asked for; forget older ones.
      for (const key of this.#cache.keys()) if (key < day && this.#cache.size > 1) this.#cache.delete(key);
      this.#cache.set(day, salt);
      salt.catch(() => this.#cache.delete(day));
    }
    return salt;
  }

  async #load(day: string, now: Date): Promise<string> {
    const created = randomBytes(32).toString('base64url');
    await this.database.writes.run(async (tx) => {
      await tx.insert(analyticsSalts).values({ day, salt: created, createdAt: now }).onConflictDoNothing();
      await deleteOldSalts(tx, now);
    });
    // Another process may have made the day's salt first: theirs is the one.
    const [row] = await this.database.db
      .select({ salt: analyticsSalts.salt })
      .from(analyticsSalts)
      .where(eq(analyticsSalts.day, day));
    return row?.salt ?? created;
  }
}

/** Deletes the salts older than 48 hours. */
export function deleteOldSalts(tx: Pick<Database['db'], 'delete'>, now: Date): Promise<unknown> {
  return tx
    .delete(analyticsSalts)
    .where(lt(analyticsSalts.createdAt, new Date(now.getTime() - SALT_LIFETIME_MS)));
}

/** The day's anonymous visitor id: SHA-256 of (salt, IP address, user agent, host), shortened. */
export function visitorHash(salt: string, ip: string, userAgent: string, host: string): string {
  return createHash('sha256').update(`${salt}\n${ip}\n${userAgent}\n${host}`).digest('hex').slice(0, 32);
}
