import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { newRowId } from '../db/row-id.ts';
import { sessions, users } from '../db/schema.ts';
import { hashPassword, verifyPassword } from './password.ts';

export interface AdminAccount {
  email: string;
  password: string;
  firstName?: string | undefined;
}

/**
 * Creates the admin from ADMIN_EMAIL / ADMIN_PASSWORD, or brings it up to date: a changed password is
 * re-hashed and ends the admin's existing sessions. Run at start-up.
 * @returns what happened, for the start-up log.
 */
export async function ensureAdminAccount(
  database: Database,
  { email, password, firstName }: AdminAccount,
): Promise<'created' | 'updated' | 'unchanged'> {
  const address = email.trim().toLowerCase();
  const name = firstName?.trim() || null;
  const [existing] = await database.db.select().from(users).where(eq(users.email, address));
  if (!existing) {
    const passwordHash = await hashPassword(password);
    await database.writes.run((tx) =>
      tx.insert(users).values({ id: newRowId(), email: address, firstName: name, passwordHash }),
    );
    return 'created';
  }
  const samePassword = await verifyPassword(existing.passwordHash, password);
  if (samePassword && existing.firstName === name) return 'unchanged';
  const passwordHash = samePassword ? existing.passwordHash : await hashPassword(password);
  await database.writes.run(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, firstName: name, updatedAt: new Date() })
      .where(eq(users.id, existing.id));
    // Whoever knew the old password must not stay signed in with it.
    if (!samePassword) await tx.delete(sessions).where(eq(sessions.userId, existing.id));
  });
  return 'updated';
}
