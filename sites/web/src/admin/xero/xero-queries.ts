import type {
  XeroScheduleInput,
  XeroSyncSettingsInput,
  XeroTestReportInput,
} from '@cleanquote/quote-core/staff';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, answer, staffApi } from '../lib/staff-api.ts';

/** The Xero connection as GET /api/xero/status answers: configured or not, and each organisation. */
export type XeroStatus = Answer<typeof staffApi.xero.status.$get>;
/** A connected (or once connected) Xero organisation. */
export type XeroTenant = XeroStatus['tenants'][number];
/** One weekly report schedule of GET /api/xero/schedules. */
export type XeroScheduleItem = Answer<typeof staffApi.xero.schedules.$get>['schedules'][number];
/** Where quotes and invoices go, as GET /api/xero/sync answers: the organisation, account and tax type. */
export type XeroSync = Answer<typeof staffApi.xero.sync.$get>;

/**
 * The query keys of the Xero screen. `status` is shared: the dashboard's reconnect notice reads the
 * same key, so a change here shows there at once.
 */
export const xeroKeys = {
  all: ['xero'] as const,
  status: ['xero', 'status'] as const,
  schedules: ['xero', 'schedules'] as const,
  sync: ['xero', 'sync'] as const,
};

/** The scheduled jobs' key (GET /api/admin/jobs): a weekly schedule is one of them. */
const jobsKey = ['jobs'] as const;

/** The Xero connection and its organisations. The screen says itself when it fails. */
export const xeroStatusQuery = queryOptions({
  queryKey: xeroKeys.status,
  queryFn: () => answer(staffApi.xero.status.$get()),
});

/** The weekly report schedules. The screen says itself when they fail. */
export const xeroSchedulesQuery = queryOptions({
  queryKey: xeroKeys.schedules,
  queryFn: async () => (await answer(staffApi.xero.schedules.$get())).schedules,
});

/**
 * The organisation that receives quotes and invoices. Under the screen's key, so connecting or
 * disconnecting reads it again (a disconnected choice loses its name). The list says when it fails.
 */
export const xeroSyncQuery = queryOptions({
  queryKey: xeroKeys.sync,
  queryFn: () => answer(staffApi.xero.sync.$get()),
});

/**
 * Chooses where quotes and invoices go (PUT /api/xero/sync), or stops sending them
 * (`tenantId: null`); the answer is the new choice. A 409 means Xero granted that organisation no
 * write access, and a 404 that it is gone: the status is read again, so the list shows why.
 */
export function useSaveXeroSync() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: XeroSyncSettingsInput) => answer(staffApi.xero.sync.$put({ json: settings })),
    onSuccess: (saved) => client.setQueryData(xeroKeys.sync, saved),
    onError: (error) => {
      if ('status' in error && (error.status === 409 || error.status === 404))
        void client.invalidateQueries({ queryKey: xeroKeys.all });
    },
    meta: {
      errorTitle: 'Xero settings not saved',
      errorFallback: 'Where quotes and invoices go could not be saved. Please try again.',
    },
  });
}

/**
 * Sends a test report now. A 409 means Xero no longer accepts the organisation's connection: the
 * status is read again, so it shows 'Reconnect needed'.
 */
export function useSendTestReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: XeroTestReportInput) =>
      (await answer(staffApi.xero['test-reports'].$post({ json: request }))).message,
    onError: (error) => {
      if ('status' in error && error.status === 409)
        void client.invalidateQueries({ queryKey: xeroKeys.status });
    },
    meta: { errorTitle: 'Failed to send test report', errorFallback: 'Failed to send test report' },
  });
}

/** Sets up (or replaces) a weekly schedule; the schedules and the jobs list are read again. */
export function useScheduleReports() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: XeroScheduleInput) =>
      (await answer(staffApi.xero.schedule.$post({ json: request }))).message,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: xeroKeys.schedules }),
        client.invalidateQueries({ queryKey: jobsKey }),
      ]),
    meta: {
      errorTitle: 'Failed to schedule weekly reports',
      errorFallback: 'Failed to schedule weekly reports',
    },
  });
}

/** Cancels a weekly schedule; the schedules and the jobs list are read again before it settles. */
export function useCancelSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (scheduleId: string) =>
      answer(staffApi.xero.schedules[':scheduleId'].$delete({ param: { scheduleId } })),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: xeroKeys.schedules }),
        client.invalidateQueries({ queryKey: jobsKey }),
      ]),
    meta: {
      errorTitle: 'Failed to cancel weekly reports',
      errorFallback: 'Failed to cancel weekly reports',
    },
  });
}

/**
 * Disconnects an organisation (at Xero, its tokens and its schedules): the status, the schedules
 * and the jobs list are read again before it settles.
 */
export function useDisconnectXero() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tenantId: string) =>
      answer(staffApi.xero.disconnect[':tenantId'].$delete({ param: { tenantId } })),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: xeroKeys.all }),
        client.invalidateQueries({ queryKey: jobsKey }),
      ]),
    meta: { errorTitle: 'Failed to disconnect Xero', errorFallback: 'Failed to disconnect Xero' },
  });
}
