import { queryOptions } from '@tanstack/react-query';
import { sessionKey } from './query-client.ts';
import { type Answer, answer, StaffApiError, staffApi } from './staff-api.ts';

/** The signed-in admin, as GET /api/auth/user answers. */
export type AdminUser = Answer<typeof staffApi.auth.user.$get>;

/** Who is signed in: the admin, or `null` when signed out (401). Asked once per page load. */
export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: async (): Promise<AdminUser | null> => {
    try {
      return await answer(staffApi.auth.user.$get());
    } catch (error) {
      if (error instanceof StaffApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
});

/** How the dashboard greets the admin: first name, else email, else 'Admin'. */
export function greetingName(user: AdminUser): string {
  return user.firstName?.trim() || user.email.trim() || 'Admin';
}
