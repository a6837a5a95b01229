import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { verifyNothing, verifyPassword } from './password.ts';

/** The member of staff a sign-in names, as the session and the answer need them. */
export interface SignedInStaff {
  id: string;
  email: string;
  firstName: string | null;
}

/**
 * The member of staff whose address and password these are, or null. An unknown address costs the
 * same hashing as a wrong password, so the answer's time tells nobody which addresses exist.
 * @throws PasswordChecksBusy when too many password checks are already running.
 */
export async function checkCredentials(
  database: Database,
  { email, password }: { email: string; password: string },
): Promise<SignedInStaff | null> {
  // Addresses are stored lower-case.
  const [user] = await database.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  if (!user) {
    await verifyNothing(password);
    return null;
  }
  if (!(await verifyPassword(user.passwordHash, password))) return null;
  return { id: user.id, email: user.email, firstName: user.firstName };
}
