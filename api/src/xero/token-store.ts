import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { newRowId } from '../db/row-id.ts';
import { xeroConnections, xeroGrants } from '../db/schema.ts';
import type { Environment } from '../env.ts';
import type { Clock } from '../jobs/clock.ts';
import type { Logger } from '../lib/logger.ts';
import { enqueueMail, type WriteTransaction } from '../mail/outbox.ts';
import { SecretBox } from '../security/secret-box.ts';
import { announceSyncJobs, resumeSyncJobs } from './sync-queue.ts';
import {
  type XeroAdapter,
  type XeroConnection,
  XeroGrantRefusedError,
  type XeroTokenSet,
  XeroUnauthorizedError,
} from './xero-adapter.ts';

/** Refresh this long before the access token's expiry, so no call starts on a token about to lapse. */
const REFRESH_MARGIN_MS = 2 * 60_000;
/** How long one process may hold a grant's refresh before another may take it over. */
const REFRESH_LEASE_MS = 60_000;
/** How often a process waiting for another's refresh looks again. */
const REFRESH_POLL_MS = 100;

/** The outbox kind of the 'reconnect Xero' mail to the admin. */
export const XERO_RECONNECT_MAIL_KIND = 'xero-reconnect-needed';

/** The organisation's consent is gone at Xero: staff must connect again (shown as 'Reconnect needed'). */
export class XeroReconnectNeededError extends Error {
  override name = 'XeroReconnectNeededError';
}

/** The organisation is not (or no longer) connected. */
export class XeroNotConnectedError extends Error {
  override name = 'XeroNotConnectedError';
}

/** The box sealing Xero's tokens: SECRETS_KEY seals, every key in SECRETS_KEY_PREVIOUS still opens. */
export function secretBoxFor(environment: Environment): SecretBox {
  if (!environment.SECRETS_KEY) throw new Error('SECRETS_KEY is required to store Xero tokens.');
  return new SecretBox({ current: environment.SECRETS_KEY, previous: environment.SECRETS_KEY_PREVIOUS });
}

interface StoredTokens {
  accessToken: string;
  refreshToken: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// One refresh at a time per grant within a process; across processes the version column decides.
const refreshesInFlight = new WeakMap<Database, Map<string, Promise<string>>>();

/**
 * Xero's tokens at rest and in use (docs/decisions/0019-xero.md): sealed with
 * SECRETS_KEY (context = the grant id, so a sealed value can't be moved to another grant), refreshed
 * before they expire and after a 401, one refresh at a time per grant even across processes — a
 * process claims the refresh by moving `version` on (compare-and-swap), calls Xero, and persists the
 * new token set before anyone uses it, since Xero's refresh tokens rotate.
 */
export class XeroTokenStore {
  readonly #box: SecretBox;

  constructor(
    private readonly database: Database,
    private readonly environment: Environment,
    private readonly adapter: XeroAdapter,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.#box = secretBoxFor(environment);
  }

  #seal(grantId: string, tokens: StoredTokens): string {
    return this.#box.seal(JSON.stringify(tokens), `xero-grant:${grantId}`);
  }

  #open(grantId: string, sealed: string): StoredTokens {
    return JSON.parse(this.#box.open(sealed, `xero-grant:${grantId}`)) as StoredTokens;
  }

  /**
   * Stores a new consent: its token set and the organisations it covers. An organisation connected
   * before moves to the new grant (its schedules stay); a grant left with no organisation is removed.
   * @returns the grant id.
   */
  async saveGrant(tokens: XeroTokenSet, connections: readonly XeroConnection[]): Promise<string> {
    const id = newRowId();
    const now = this.clock.now();
    await this.database.writes.run(async (tx) => {
      await tx.insert(xeroGrants).values({
        id,
        sealedTokens: this.#seal(id, tokens),
        accessExpiresAt: tokens.accessExpiresAt,
        scopes: tokens.scopes,
        createdAt: now,
        updatedAt: now,
      });
      const tenantIds = connections.map((connection) => connection.tenantId);
      const before = tenantIds.length
        ? await tx
            .select({ grantId: xeroConnections.grantId })
            .from(xeroConnections)
            .where(inArray(xeroConnections.tenantId, tenantIds))
        : [];
      for (const connection of connections) {
        const values = {
          connectionId: connection.id,
          grantId: id,
          tenantName: connection.tenantName,
          tenantType: connection.tenantType,
          updatedAt: connection.updatedDateUtc ? new Date(connection.updatedDateUtc) : now,
        };
        await tx
          .insert(xeroConnections)
          .values({ tenantId: connection.tenantId, connectedAt: now, ...values })
          .onConflictDoUpdate({ target: xeroConnections.tenantId, set: values });
      }
      await deleteEmptyGrants(
        tx,
        before.map((row) => row.grantId),
      );
      // Writes that waited for this consent (a lost grant, missing scopes) are tried again now.
      await resumeSyncJobs(tx, tenantIds, now);
    });
    announceSyncJobs();
    return id;
  }

  /** The grant behind an organisation. */
  async grantOf(tenantId: string): Promise<typeof xeroGrants.$inferSelect> {
    const [row] = await this.database.db
      .select({ grant: xeroGrants })
      .from(xeroConnections)
      .innerJoin(xeroGrants, eq(xeroGrants.id, xeroConnections.grantId))
      .where(eq(xeroConnections.tenantId, tenantId));
    if (!row) throw new XeroNotConnectedError('That organisation is not connected to Xero.');
    return row.grant;
  }

  /** The grant's refresh token (to revoke it). */
  async refreshTokenOf(grantId: string): Promise<string | null> {
    const [row] = await this.database.db.select().from(xeroGrants).where(eq(xeroGrants.id, grantId));
    return row ? this.#open(grantId, row.sealedTokens).refreshToken : null;
  }

  /**
   * Runs `work` with a working access token for the organisation: refreshed first when it expires
   * within two minutes, and refreshed once more when Xero answers 401 anyway.
   */
  async withAccess<T>(tenantId: string, work: (accessToken: string) => Promise<T>): Promise<T> {
    const grant = await this.grantOf(tenantId);
    const accessToken = await this.accessToken(grant.id);
    try {
      return await work(accessToken);
    } catch (error) {
      if (!(error instanceof XeroUnauthorizedError)) throw error;
      this.logger.info({ grant: grant.id }, 'Xero answered 401: refreshing the access token');
      return work(await this.accessToken(grant.id, accessToken));
    }
  }

  /**
   * A usable access token of the grant. `rejected`: the token Xero just refused — refresh unless
   * another caller already replaced it.
   */
  async accessToken(grantId: string, rejected?: string): Promise<string> {
    let inFlight = refreshesInFlight.get(this.database);
    if (!inFlight) {
      inFlight = new Map();
      refreshesInFlight.set(this.database, inFlight);
    }
    for (let running = inFlight.get(grantId); running; running = inFlight.get(grantId)) {
      const token = await running.catch(() => undefined);
      if (token && token !== rejected) return token;
      // It failed, or gave the very token Xero refused: look (and maybe refresh) ourselves.
      if (inFlight.get(grantId) === running) break;
    }
    const started = this.#currentAccessToken(grantId, rejected);
    inFlight.set(grantId, started);
    try {
      return await started;
    } finally {
      if (inFlight.get(grantId) === started) inFlight.delete(grantId);
    }
  }

  async #currentAccessToken(grantId: string, rejected?: string): Promise<string> {
    const deadline = this.clock.now().getTime() + REFRESH_LEASE_MS * 2;
    for (;;) {
      const [grant] = await this.database.db.select().from(xeroGrants).where(eq(xeroGrants.id, grantId));
      if (!grant) throw new XeroNotConnectedError('That organisation is no longer connected to Xero.');
      if (grant.status === 'reconnect-needed') {
        throw new XeroReconnectNeededError('Xero needs to be connected again for this organisation.');
      }
      const tokens = this.#open(grantId, grant.sealedTokens);
      const now = this.clock.now();
      const fresh = grant.accessExpiresAt.getTime() - now.getTime() > REFRESH_MARGIN_MS;
      if (fresh && tokens.accessToken !== rejected) return tokens.accessToken;
      if (grant.refreshingUntil && grant.refreshingUntil > now) {
        // Another process is refreshing: its new token set will be in the row.
        if (now.getTime() > deadline) throw new Error('Timed out waiting for a Xero token refresh.');
        await sleep(REFRESH_POLL_MS);
        continue;
      }
      const claimed = await this.database.writes.run((tx) =>
        tx
          .update(xeroGrants)
          .set({
            refreshingUntil: new Date(now.getTime() + REFRESH_LEASE_MS),
            version: grant.version + 1,
          })
          .where(and(eq(xeroGrants.id, grantId), eq(xeroGrants.version, grant.version)))
          .returning({ version: xeroGrants.version }),
      );
      // Someone else moved the version on first: read their result.
      if (claimed.length === 0) continue;
      return this.#refresh(grantId, grant.version + 1, tokens.refreshToken);
    }
  }

  async #refresh(grantId: string, version: number, refreshToken: string): Promise<string> {
    let tokens: XeroTokenSet;
    try {
      tokens = await this.adapter.refresh(refreshToken);
    } catch (error) {
      if (error instanceof XeroGrantRefusedError) {
        await this.#markReconnectNeeded(grantId, version);
        throw new XeroReconnectNeededError('Xero needs to be connected again for this organisation.');
      }
      await this.database.writes.run((tx) =>
        tx
          .update(xeroGrants)
          .set({ refreshingUntil: null })
          .where(and(eq(xeroGrants.id, grantId), eq(xeroGrants.version, version))),
      );
      throw error;
    }
    // Persisted before use: the old refresh token is spent.
    const saved = await this.database.writes.run((tx) =>
      tx
        .update(xeroGrants)
        .set({
          sealedTokens: this.#seal(grantId, tokens),
          accessExpiresAt: tokens.accessExpiresAt,
          // A refresh keeps the consent's scopes; Xero repeats them, and an answer without them changes nothing.
          ...(tokens.scopes ? { scopes: tokens.scopes } : {}),
          refreshingUntil: null,
          version: version + 1,
          updatedAt: this.clock.now(),
        })
        .where(and(eq(xeroGrants.id, grantId), eq(xeroGrants.version, version)))
        .returning({ id: xeroGrants.id }),
    );
    if (saved.length === 0) throw new Error('The Xero grant changed while its tokens were refreshed.');
    this.logger.info({ grant: grantId }, 'Xero tokens refreshed');
    return tokens.accessToken;
  }

  /** Xero refused the refresh token: 'Reconnect needed', and one mail to the admin about it. */
  async #markReconnectNeeded(grantId: string, version: number): Promise<void> {
    const now = this.clock.now();
    await this.database.writes.run(async (tx) => {
      const [grant] = await tx
        .update(xeroGrants)
        .set({ status: 'reconnect-needed', refreshingUntil: null, version: version + 1, updatedAt: now })
        .where(eq(xeroGrants.id, grantId))
        .returning();
      if (!grant || grant.reconnectMailedAt) return;
      const names = await tx
        .select({ name: xeroConnections.tenantName })
        .from(xeroConnections)
        .where(eq(xeroConnections.grantId, grantId));
      const to = this.environment.ADMIN_EMAIL ?? this.environment.BUSINESS_EMAIL;
      if (to) {
        const organisations = names.map((row) => row.name).join(', ') || 'your organisation';
        const link = `${this.environment.PUBLIC_URL.replace(/\/+$/, '')}/xero`;
        await enqueueMail(tx, {
          kind: XERO_RECONNECT_MAIL_KIND,
          from: this.environment.MAIL_FROM,
          to,
          subject: `Xero needs to be connected again: ${organisations}`,
          text: `Xero no longer accepts CleanQuote's access to ${organisations} (the connection was removed or expired).\n\nWeekly reports for it stop until you connect again at ${link} (Connect to Xero).\n`,
        });
      }
      await tx.update(xeroGrants).set({ reconnectMailedAt: now }).where(eq(xeroGrants.id, grantId));
    });
    this.logger.warn({ grant: grantId }, 'Xero refused the refresh token: reconnect needed');
  }
}

/** Removes grants that no longer cover any organisation (after a reconnect or a disconnect). */
export async function deleteEmptyGrants(
  tx: WriteTransaction,
  grantIds: readonly string[],
): Promise<string[]> {
  const deleted: string[] = [];
  for (const grantId of new Set(grantIds)) {
    const [left] = await tx
      .select({ tenantId: xeroConnections.tenantId })
      .from(xeroConnections)
      .where(eq(xeroConnections.grantId, grantId))
      .limit(1);
    if (left) continue;
    await tx.delete(xeroGrants).where(eq(xeroGrants.id, grantId));
    deleted.push(grantId);
  }
  return deleted;
}
