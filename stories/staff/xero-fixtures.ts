import type { XeroSyncSettingsInput } from '@cleanquote/quote-core/staff';
import { HttpResponse, http } from 'msw';
import type {
  XeroScheduleItem,
  XeroStatus,
  XeroSync,
  XeroTenant,
} from '../../sites/web/src/admin/xero/xero-queries.ts';

/*
 * The business's Xero organisations on /xero, as GET /api/xero/status, /api/xero/schedules and
 * /api/xero/sync answer: the cleaning company itself, its NDIS services arm, and a holding company
 * connected for its reports only.
 */

/** The cleaning business's own books, connected. */
export const sparkleClean = {
  tenantId: '3f6b2d1e-9a4c-4b7e-8f21-5c0d7e9a1b34',
  tenantName: 'Sparkle Clean Melbourne Pty Ltd',
  connected: true,
  lastUpdated: '2026-03-11T22:05:00.000Z',
  reconnectNeeded: false,
  canWrite: true,
} as const satisfies XeroTenant;

/** The NDIS services arm, whose connection Xero no longer accepts. */
export const sparkleCare = {
  tenantId: '8c1e4a7b-2d9f-4e36-a5b0-7f3c9d2e6a18',
  tenantName: 'Sparkle Care Services',
  connected: true,
  lastUpdated: '2026-01-28T23:40:00.000Z',
  reconnectNeeded: true,
  canWrite: true,
} as const satisfies XeroTenant;

/**
 * The owners' holding company, connected before quotes went to Xero: Xero granted it reports only,
 * so it must be connected again before quotes and invoices can go there.
 */
export const sparkleHoldings = {
  tenantId: '5b2e8d41-7c3a-4f19-9e60-2a8d4c1f7b95',
  tenantName: 'Sparkle Holdings Pty Ltd',
  connected: true,
  lastUpdated: '2026-02-20T01:15:00.000Z',
  reconnectNeeded: false,
  canWrite: false,
} as const satisfies XeroTenant;

/** GET /api/xero/status answering `status`. */
export const xeroStatusAnswer = (status: XeroStatus) =>
  http.get('/api/xero/status', () => HttpResponse.json(status));

/** Xero's app keys are not set on this server. */
export const notConfigured = xeroStatusAnswer({ configured: false, connected: false, tenants: [] });

/** Configured, and no organisation connected yet. */
export const nothingConnected = xeroStatusAnswer({ configured: true, connected: false, tenants: [] });

/** Connected organisations. */
export const connected = (...tenants: XeroTenant[]) =>
  xeroStatusAnswer({ configured: true, connected: tenants.some((tenant) => tenant.connected), tenants });

/** The Monday 8 AM schedule of the business's books: profit and loss, balance sheet, to two people. */
export const mondaySchedule = {
  id: 'sched-monday-8',
  tenantId: sparkleClean.tenantId,
  tenantName: sparkleClean.tenantName,
  dayOfWeek: '1',
  hour: '8',
  emailRecipients: ['kate@sparkleclean.example', 'accounts@sparkleclean.example'],
  reportTypes: ['profit_loss', 'balance_sheet'],
  jobName: 'xero-weekly:sched-monday-8',
  nextRunAt: '2026-03-16T08:00:00+11:00',
} as const satisfies XeroScheduleItem;

/** GET /api/xero/schedules answering `schedules`. */
export const schedulesAnswer = (...schedules: XeroScheduleItem[]) =>
  http.get('/api/xero/schedules', () => HttpResponse.json({ schedules }));

/** Where quotes and invoices go when none is chosen: Xero's Sales account and GST on income. */
export const noneChosen = {
  tenantId: null,
  tenantName: null,
  accountCode: '200',
  taxType: 'OUTPUT',
  canWrite: true,
} as const satisfies XeroSync;

/** Quotes and invoices go to the business's own books, on its cleaning income account. */
export const toSparkleClean = {
  tenantId: sparkleClean.tenantId,
  tenantName: sparkleClean.tenantName,
  accountCode: '200',
  taxType: 'OUTPUT',
  canWrite: true,
} as const satisfies XeroSync;

/** GET /api/xero/sync answering `sync` (none chosen by default). */
export const syncAnswer = (sync: XeroSync = noneChosen) =>
  http.get('/api/xero/sync', () => HttpResponse.json(sync));

/**
 * GET and PUT /api/xero/sync as the server keeps them, starting from `first`: a PUT is stored and
 * answered; a refused one (`refuse` returns its 4xx answer) changes nothing. `reset` starts again.
 */
export function syncWorld(
  first: XeroSync,
  tenants: readonly XeroTenant[],
  refuse: (body: XeroSyncSettingsInput) => Response | undefined = () => undefined,
) {
  let sync: XeroSync = first;
  return {
    reset: () => {
      sync = first;
    },
    handlers: [
      http.get('/api/xero/sync', () => HttpResponse.json(sync)),
      http.put('/api/xero/sync', async ({ request }) => {
        const body = (await request.json()) as XeroSyncSettingsInput;
        const refused = refuse(body);
        if (refused) return refused;
        const tenant = tenants.find((each) => each.tenantId === body.tenantId);
        sync = {
          tenantId: tenant?.tenantId ?? null,
          tenantName: tenant?.tenantName ?? null,
          accountCode: body.accountCode?.trim() || sync.accountCode,
          taxType: body.taxType ?? sync.taxType,
          canWrite: true,
        };
        return HttpResponse.json(sync);
      }),
    ],
  };
}
