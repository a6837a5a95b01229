import { signal } from '@preact/signals-react';
import { MutationCache, type Query, QueryCache, QueryClient } from '@tanstack/react-query';
import { showToast } from '../../state/site-state.ts';
import { StaffApiError } from './staff-api.ts';

/** What a query or mutation tells the one error handler: the toast's title and its fallback text. */
export interface StaffCallMeta extends Record<string, unknown> {
  /** The toast's title when the call fails ('Quotes Unavailable'); no toast when absent. */
  errorTitle?: string;
  /** The toast's text when the server gave no message. */
  errorFallback?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: StaffCallMeta;
    mutationMeta: StaffCallMeta;
  }
}

/** The query key of the signed-in admin (GET /api/auth/user); `null` data means signed out. */
export const sessionKey = ['session'] as const;

/**
 * True once any call answered 403 {locked: true}: the quote dashboard password must be entered for
 * this session. Screens showing quote data render the unlock form while it is true.
 */
export const quoteDataLocked = signal(false);

/**
 * The one place a failed staff call is handled: a 401 (the session ended) shows the sign-in card, a
 * 403 {locked} shows the unlock form, anything else a toast titled by the call's meta.
 */
export function handleStaffError(error: unknown, meta: StaffCallMeta | undefined, client: QueryClient): void {
  if (error instanceof StaffApiError && error.status === 401) {
    client.setQueryData(sessionKey, null);
    return;
  }
  if (error instanceof StaffApiError && error.locked) {
    quoteDataLocked.value = true;
    return;
  }
  if (!meta?.errorTitle) return;
  const description = error instanceof Error && error.message ? error.message : meta.errorFallback;
  showToast({
    title: meta.errorTitle,
    description: description ?? 'Please try again.',
    variant: 'destructive',
  });
}

/**
 * A form's failure that is not about one of its fields, as a toast — except a 401 or a locked
 * dashboard, which the query client's one handler already turned into the sign-in or unlock form.
 */
export function reportFormFailure(error: unknown, title: string, fallback: string): void {
  if (error instanceof StaffApiError && (error.status === 401 || error.locked)) return;
  showToast({
    title,
    description: error instanceof Error && error.message ? error.message : fallback,
    variant: 'destructive',
  });
}

/** Retries a failed read twice, unless the server answered (a 4xx won't change by asking again). */
function retryRead(failures: number, error: unknown): boolean {
  if (error instanceof StaffApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 2;
}

/** The admin's query client: one per page load, with the one error handler for every call. */
export function createStaffQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query: Query<unknown, unknown, unknown>) =>
        handleStaffError(error, query.meta, client),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => handleStaffError(error, mutation.meta, client),
    }),
    defaultOptions: {
      queries: { retry: retryRead, refetchOnWindowFocus: false, staleTime: 15_000 },
      mutations: { retry: false },
    },
  });
  return client;
}

/** After the password was accepted: show the locked screens again and read their data anew. */
export async function quoteDataUnlocked(client: QueryClient): Promise<void> {
  quoteDataLocked.value = false;
  await client.invalidateQueries();
}

let pageClient: QueryClient | undefined;

/** The page's one query client (created on first use, in the browser). */
export function staffQueryClient(): QueryClient {
  pageClient ??= createStaffQueryClient();
  return pageClient;
}
