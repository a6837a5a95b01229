import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { deletedPartnerKeys, partners } from '../db/schema-partners.ts';
import type { Environment } from '../env.ts';
import { type Clock, systemClock } from '../jobs/clock.ts';

/** One partner as the security checks and the admin screen see it. */
export interface Partner {
  key: string;
  name: string;
  origins: readonly string[];
  enabled: boolean;
}

/** The partners at one moment: by key, and which origins may send public submissions. */
export interface PartnerSnapshot {
  byKey: ReadonlyMap<string, Partner>;
  /**
   * The origins admitted (CORS and the origin check) on the public POSTs: every enabled partner's
   * origins, and the PARTNER_ORIGINS entries without a key that no disabled partner lists. Nothing
   * of a disabled partner's.
   */
  corsOrigins: ReadonlySet<string>;
  /**
   * Origins listed only by disabled partners: their public POSTs are refused with a message that
   * tells the visitor to call instead.
   */
  switchedOffOrigins: ReadonlySet<string>;
}

/**
 * How old the in-memory copy may grow before a request reads the table again. A change made through
 * this process's /api/partners applies at once (it reloads); one made by another process on the same
 * database applies within this time.
 */
export const PARTNER_REFRESH_MS = 2_000;

/**
 * The partners, read from the database into memory, so the per-request checks (CORS, the origin
 * check, the partner key) cost no query. The copy is read again after every change staff make here,
 * and by the first request once it is older than {@link PARTNER_REFRESH_MS} (the table is small), so
 * another process's enable or disable is seen within seconds. The first read seeds the table from
 * PARTNER_ORIGINS: a keyed entry missing from the table is added (named after its key) unless staff
 * deleted that partner, and origins the configuration adds to a stored partner are added to it;
 * nothing staff changed (a name, a disabled or deleted partner) is overwritten.
 */
export class PartnerRegistry {
  #seeded: Promise<void> | undefined;
  #current: Promise<PartnerSnapshot> | undefined;
  #readStartedAt = 0;
  #readsIssued = 0;
  #readApplied = 0;
  #latest: PartnerSnapshot = { byKey: new Map(), corsOrigins: new Set(), switchedOffOrigins: new Set() };
  /** PARTNER_ORIGINS entries without a key: admitted by CORS only, never seeded into the table. */
  readonly #configuredWithoutKey: readonly string[];

  constructor(
    private readonly database: Database,
    private readonly environment: Pick<Environment, 'PARTNER_ORIGINS' | 'PARTNER_KEYS'>,
    private readonly clock: Clock = systemClock,
  ) {
    const keyed = new Set([...environment.PARTNER_KEYS.values()].flat());
    this.#configuredWithoutKey = environment.PARTNER_ORIGINS.filter((origin) => !keyed.has(origin));
  }

  /** The partners now: seeded and read on first use, read again once the copy is too old. */
  snapshot(): Promise<PartnerSnapshot> {
    const age = this.clock.now().getTime() - this.#readStartedAt;
    if (this.#current && age >= 0 && age < PARTNER_REFRESH_MS) return this.#current;
    return this.#read();
  }

  /** The snapshot the last completed read gave (synchronous, for callbacks after `snapshot()`). */
  get latest(): PartnerSnapshot {
    return this.#latest;
  }

  /** Reads the table again; call after every change to it. */
  reload(): Promise<PartnerSnapshot> {
    return this.#read();
  }

  #seed(): Promise<void> {
    if (!this.#seeded) {
      const seeding = this.#seedTable();
      // A failed seed is retried by the next request rather than cached.
      seeding.catch(() => {
        if (this.#seeded === seeding) this.#seeded = undefined;
      });
      this.#seeded = seeding;
    }
    return this.#seeded;
  }

  #read(): Promise<PartnerSnapshot> {
    // A later read sees a later table (a reload right after a change): should an earlier read finish
    // after it (a remote database may answer in any order), its older rows are not applied.
    const sequence = ++this.#readsIssued;
    this.#readStartedAt = this.clock.now().getTime();
    const loading = this.#seed()
      .then(() => this.database.db.select().from(partners))
      .then((rows) => {
        if (sequence > this.#readApplied) {
          this.#readApplied = sequence;
          this.#latest = this.#snapshotOf(rows);
        }
        return this.#latest;
      });
    // A failed read is retried by the next request rather than cached.
    loading.catch(() => {
      if (this.#current === loading) this.#current = undefined;
    });
    this.#current = loading;
    return loading;
  }

  #snapshotOf(rows: readonly (typeof partners.$inferSelect)[]): PartnerSnapshot {
    const byKey = new Map<string, Partner>(
      rows.map((row) => [
        row.key,
        { key: row.key, name: row.name, origins: row.origins, enabled: row.enabled },
      ]),
    );
    const enabledOrigins = new Set<string>();
    const disabledOrigins = new Set<string>();
    for (const partner of byKey.values()) {
      for (const origin of partner.origins) (partner.enabled ? enabledOrigins : disabledOrigins).add(origin);
    }
    const corsOrigins = new Set(enabledOrigins);
    for (const origin of this.#configuredWithoutKey) {
      if (!disabledOrigins.has(origin)) corsOrigins.add(origin);
    }
    const switchedOffOrigins = new Set([...disabledOrigins].filter((origin) => !enabledOrigins.has(origin)));
    return { byKey, corsOrigins, switchedOffOrigins };
  }

  async #seedTable(): Promise<void> {
    const configured = this.environment.PARTNER_KEYS;
    if (configured.size === 0) return;
    const [stored, deleted] = await Promise.all([
      this.database.db.select().from(partners),
      this.database.db.select({ key: deletedPartnerKeys.key }).from(deletedPartnerKeys),
    ]);
    const byKey = new Map(stored.map((row) => [row.key, row]));
    const deletedKeys = new Set(deleted.map((row) => row.key));
    await this.database.writes.run(async (tx) => {
      for (const [key, origins] of configured) {
        const row = byKey.get(key);
        if (!row && deletedKeys.has(key)) continue;
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
}
