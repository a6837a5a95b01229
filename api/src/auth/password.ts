import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2's defaults are argon2id with OWASP's minimum cost: 19 MiB, 2 passes, 1 lane.

/** Hashes a password with argon2id; returns the PHC string ($argon2id$v=19$m=19456,t=2,p=1$…). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Checks a password against an argon2 PHC hash; false for a wrong password or a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification when there is no account to check, so a sign-in attempt for an
 * unknown email takes as long as one for a known email with a wrong password.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hash('not the password of anyone');
  await verifyPassword(await dummyHash, password);
  return false;
}
