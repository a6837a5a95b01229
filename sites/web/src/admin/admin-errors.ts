import { showToast } from '../state/site-state.ts';
import { AdminApiError } from './admin-api.ts';
import { handleStaffError, staffQueryClient } from './lib/query-client.ts';
import { StaffApiError } from './lib/staff-api.ts';

/**
 * Reports a failed admin call: a session that ended (401) shows the sign-in card again; anything else
 * a destructive toast titled `title` with the server's message, or `fallback` when it gave none.
 */
export function reportAdminError(error: unknown, title: string, fallback: string): void {
  if ((error instanceof AdminApiError || error instanceof StaffApiError) && error.status === 401) {
    handleStaffError(new StaffApiError(401, error.message), undefined, staffQueryClient());
    return;
  }
  const message = error instanceof Error && error.message ? error.message : fallback;
  showToast({ title, description: message, variant: 'destructive' });
}

/** True when the call needs the quote dashboard unlocked first (403 {locked: true}). */
export function isLockedError(error: unknown): boolean {
  return (error instanceof AdminApiError || error instanceof StaffApiError) && error.locked;
}
