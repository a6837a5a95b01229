import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Answer, answer, staffApi } from '../lib/staff-api.ts';

/** The dashboard's live System Status, as GET /api/admin/status answers it. */
export type SystemStatus = Answer<typeof staffApi.admin.status.$get>;

/** The daily analytics email's job, and how many addresses receive it. */
export type DailyReportStatus = NonNullable<SystemStatus['dailyReport']>;

/** The Backups line: the newest good snapshot, or that the database server keeps the backups. */
export type BackupStatus = SystemStatus['backups'];

/** How often the panel measures again while the dashboard is open and visible. */
export const STATUS_REFRESH_MS = 15_000;

/**
 * The System Status, measured by the server (its key names the path: screens that queue mail refresh
 * it without importing the dashboard). Read again every {@link STATUS_REFRESH_MS} while the page is
 * visible; a hidden tab asks nothing.
 */
export const systemStatusQuery = queryOptions({
  queryKey: ['admin', 'status'],
  queryFn: () => answer(staffApi.admin.status.$get()),
  refetchInterval: STATUS_REFRESH_MS,
  staleTime: 0,
  meta: { errorTitle: 'Status Unavailable', errorFallback: 'The system status could not be read.' },
});

/** The Xero connection as GET /api/xero/status answers it; the Xero screen reads the same key. */
export type XeroStatus = Answer<typeof staffApi.xero.status.$get>;

/**
 * The Xero connection, under the key the Xero screen uses too, so its connect and disconnect
 * refresh the dashboard's notice. No toast when it fails: the Xero screen is where that is reported.
 */
export const xeroStatusQuery = queryOptions({
  queryKey: ['xero', 'status'],
  queryFn: () => answer(staffApi.xero.status.$get()),
});

/**
 * 'Back up now': takes a snapshot (POST /api/admin/backups), then reads the status again so the
 * Backups line shows it. A failure is a toast with the server's reason.
 */
export function useTakeBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => answer(staffApi.admin.backups.$post()),
    onSettled: () => client.invalidateQueries({ queryKey: systemStatusQuery.queryKey }),
    meta: { errorTitle: 'Backup Failed', errorFallback: 'The backup could not be taken.' },
  });
}
