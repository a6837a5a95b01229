import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { sessions, users } from '../db/schema.ts';
import { hashToken, randomToken } from '../lib/tokens.ts';

/**
 * Sessions in Lucia's current scheme (lucia-auth.com, "Basic session implementation"): the token is
 * `<id>.<secret>`, both random; only SHA-256(secret) is stored and compared in constant time, so
 * neither a database leak nor timing reveals a usable token.
 */

/** A session ends after this long without use (sliding expiry)… */
export const SESSION_IDLE_TIMEOUT_MS = 24 * 60 * 60 * 1000;
/** …and in any case this long after sign-in (absolute limit). */
export const SESSION_MAX_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
/** Last use is written back at most this often, not on every request. */
export const SESSION_ACTIVITY_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
}

export interface Session {
  id: string;
  userId: string;
  createdAt: Date;
  lastVerifiedAt: Date;
  /** When this session entered the quote dashboard password; null while it is locked. */
  dashboardUnlockedAt: Date | null;
}

/** When the session's cookie should expire: the earlier of the idle and the absolute limit. */
export function sessionExpiresAt(session: Session): Date {
  return new Date(
    Math.min(
      session.lastVerifiedAt.getTime() + SESSION_IDLE_TIMEOUT_MS,
      session.createdAt.getTime() + SESSION_MAX_LIFETIME_MS,
    ),
  );
}

/** Starts a session for the user; the returned token goes into the cookie and is never stored. */
export async function createSession(
  database: Database,
  userId: string,
  now = new Date(),
): Promise<{ token: string; session: Session }> {
  const id = randomToken();
  const secret = randomToken();
  const session: Session = { id, userId, createdAt: now, lastVerifiedAt: now, dashboardUnlockedAt: null };
  await database.writes.run((tx) =>
    tx.insert(sessions).values({ ...session, secretHash: Buffer.from(hashToken(secret)) }),
  );
  return { token: `${id}.${secret}`, session };
}

const tokenShape = /^[a-z2-7]{32}\.[a-z2-7]{32}$/;

/**
 * Checks a session token. Returns the session and its user, or null when the token is malformed,
 * unknown, wrong or expired (an expired session is deleted). `refreshed` says the sliding expiry
 * moved, so the caller should send the cookie again.
 */
export async function validateSessionToken(
  database: Database,
  token: string,
  now = new Date(),
): Promise<{ session: Session; user: SessionUser; refreshed: boolean } | null> {
  if (!tokenShape.test(token)) return null;
  const [id, secret] = token.split('.') as [string, string];
  const [row] = await database.db
    .select({ session: sessions, user: { id: users.id, email: users.email, firstName: users.firstName } })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  if (!row) return null;
  const { secretHash, ...stored } = row.session;
  const session: Session = stored;
  const time = now.getTime();
  if (
    time - session.createdAt.getTime() >= SESSION_MAX_LIFETIME_MS ||
    time - session.lastVerifiedAt.getTime() >= SESSION_IDLE_TIMEOUT_MS
  ) {
    await invalidateSession(database, id);
    return null;
  }
  if (!constantTimeEqual(hashToken(secret), new Uint8Array(secretHash))) return null;
  let refreshed = false;
  if (time - session.lastVerifiedAt.getTime() >= SESSION_ACTIVITY_CHECK_INTERVAL_MS) {
    session.lastVerifiedAt = now;
    refreshed = true;
    await database.writes.run((tx) =>
      tx.update(sessions).set({ lastVerifiedAt: now }).where(eq(sessions.id, id)),
    );
  }
  return { session, user: row.user, refreshed };
}

/** Ends one session (sign-out). */
export async function invalidateSession(database: Database, sessionId: string): Promise<void> {
  await database.writes.run((tx) => tx.delete(sessions).where(eq(sessions.id, sessionId)));
}

/** Marks the session as having entered the quote dashboard password. */
export async function unlockQuoteDashboard(database: Database, sessionId: string, now = new Date()) {
  await database.writes.run((tx) =>
    tx.update(sessions).set({ dashboardUnlockedAt: now }).where(eq(sessions.id, sessionId)),
  );
}
