import { type Signal, signal } from '@preact/signals-react';
import { type AdminUser, fetchCurrentUser } from '../admin/admin-api.ts';

/*
 * The signed-in admin (DESIGN.md, 'The stack': the site's shared UI state lives in state/). Read by
 * the admin shell only, so it loads with the admin chunk; public pages never import it.
 */

/** Where the session check stands: checking first, then signed in or out (or the check failed). */
export type AdminSession =
  | { state: 'checking' }
  | { state: 'signed-out' }
  | { state: 'signed-in'; user: AdminUser }
  | { state: 'unavailable'; message: string };

/** The admin session as the browser last learnt it from GET /api/auth/user. */
export const adminSession: Signal<AdminSession> = signal({ state: 'checking' });

/** Asks the server who is signed in (once per page load, and again on 'Try again'). */
export async function checkAdminSession(): Promise<void> {
  adminSession.value = { state: 'checking' };
  try {
    const user = await fetchCurrentUser();
    adminSession.value = user ? { state: 'signed-in', user } : { state: 'signed-out' };
  } catch (error) {
    adminSession.value = {
      state: 'unavailable',
      message: error instanceof Error ? error.message : 'The session could not be checked.',
    };
  }
}

/** The session ended on the server (an admin call answered 401): show the sign-in card. */
export function markSignedOut(): void {
  adminSession.value = { state: 'signed-out' };
}

/** How the dashboard greets the admin: first name, else email, else 'Admin' (spec §2). */
export function greetingName(user: AdminUser): string {
  return user.firstName?.trim() || user.email.trim() || 'Admin';
}
