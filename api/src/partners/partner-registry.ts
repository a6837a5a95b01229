import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { partners } from '../db/schema-partners.ts';
import type { Environment } from '../env.ts';

/** One partner as the security checks and the admin screen see it. */
export interface Partner {
  key: string;
  name: string;
  origins: readonly string[];
  enabled: boolean;
}

/** The partners at one moment: by key, and every origin CORS admits on the submission routes. */
export interface PartnerSnapshot {
  byKey: ReadonlyMap<string, Partner>;
  /**
   * PARTNER_ORIGINS (keyed or not) and every stored partner's origins, disabled ones included: a
   * disabled partner's page must be able to read the refusal, to tell the visitor to call instead.
   */
  corsOrigins: ReadonlySet<string>;
}

/**
 * The partners, read from the database into memory once and again after every change staff make,
 * so the per-request checks (CORS, the partner key) cost no query. The first read seeds the table
 * from PARTNER_ORIGINS: a keyed entry missing from the table is added (named after its key), and
 * origins the configuration adds to a stored partner are added to it; nothing staff changed (a
 * name, a disabled partner) is overwritten.
 *
 * One process owns the database (decision 0001), so the in-memory copy cannot go stale behind it.
 */
export class PartnerRegistry {
  #current: Promise<PartnerSnapshot> | undefined;
  #latest: PartnerSnapshot = { byKey: new Map(), corsOrigins: new Set() };

  constructor(
    private readonly database: Database,
    private readonly environment: Pick<Environment, 'PARTNER_ORIGINS' | 'PARTNER_KEYS'>,
  ) {}

  /** The partners now (read and seeded on first use). */
  snapshot(): Promise<PartnerSnapshot> {
    if (!this.#current) {
      const loading = this.#seed().then(() => this.#read());
      // A failed read is retried by the next request rather than cached.
      loading.catch(() => {
        if (this.#current === loading) this.#current = undefined;
      });
      this.#current = loading;
    }
    return this.#current;
  }

  /** The snapshot the last completed read gave (synchronous, for callbacks after `snapshot()`). */
  get latest(): PartnerSnapshot {
    return this.#latest;
  }

  /** Reads the table again; call after every change to it. */
  async reload(): Promise<PartnerSnapshot> {
    await this.snapshot(); // seeds the table on first use
    const loading = this.#read();
    this.#current = loading;
    return loading;
  }

  async #seed(): Promise<void> {
    const configured = this.environment.PARTNER_KEYS;
    if (configured.size === 0) return;
    const stored = await this.database.db.select().from(partners);
    const byKey = new Map(stored.map((row) => [row.key, row]));
    await this.database.writes.run(async (tx) => {
      for (const [key, origins] of configured) {
        const row = byKey.get(key);
        if (!row) {
          await tx
            .insert(partners)
            .values({ key, name: key, origins: [...origins] })
            .onConflictDoNothing();
          continue;
        }
        const added = origins.filter((origin) => !row.origins.includes(origin));
        if (added.length > 0) {
          await tx
            .update(partners)
            .set({ origins: [...row.origins, ...added], updatedAt: new Date() })
            .where(eq(partners.key, key));
        }
      }
    });
  }

  async #read(): Promise<PartnerSnapshot> {
    const rows = await this.database.db.select().from(partners);
    const byKey = new Map<string, Partner>(
      rows.map((row) => [
        row.key,
        { key: row.key, name: row.name, origins: row.origins, enabled: row.enabled },
      ]),
    );
    const corsOrigins = new Set(this.environment.PARTNER_ORIGINS);
    for (const partner of byKey.values()) for (const origin of partner.origins) corsOrigins.add(origin);
    this.#latest = { byKey, corsOrigins };
    return this.#latest;
  }
}
