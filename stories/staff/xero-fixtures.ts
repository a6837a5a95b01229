import { HttpResponse, http } from 'msw';
import type {
  XeroScheduleItem,
  XeroStatus,
  XeroTenant,
} from '../../sites/web/src/admin/xero/xero-queries.ts';

/*
 * The business's Xero organisations on /xero, as GET /api/xero/status and /api/xero/schedules
 * answer: the cleaning company itself and its NDIS services arm.
 */

/** The cleaning business's own books, connected. */
export const sparkleClean = {
  tenantId: '3f6b2d1e-9a4c-4b7e-8f21-5c0d7e9a1b34',
  tenantName: 'Sparkle Clean Melbourne Pty Ltd',
  connected: true,
  lastUpdated: '2026-03-11T22:05:00.000Z',
  reconnectNeeded: false,
} as const satisfies XeroTenant;

/** The NDIS services arm, whose connection Xero no longer accepts. */
export const sparkleCare = {
  tenantId: '8c1e4a7b-2d9f-4e36-a5b0-7f3c9d2e6a18',
  tenantName: 'Sparkle Care Services',
  connected: true,
  lastUpdated: '2026-01-28T23:40:00.000Z',
  reconnectNeeded: true,
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
