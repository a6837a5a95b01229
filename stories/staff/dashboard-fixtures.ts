import { HttpResponse, http } from 'msw';
import type {
  DailyReportStatus,
  SystemStatus,
  XeroStatus,
} from '../../sites/web/src/admin/dashboard/system-status-queries.ts';

/*
 * The dashboard's answers as GET /api/admin/status and GET /api/xero/status give them, typed by the
 * API's own answers: a changed contract fails the stories' type check.
 */

/** The daily analytics email, sent this morning to the owner and the business inbox. */
export const dailyReportSent: DailyReportStatus = {
  name: 'daily-report',
  schedule: '0 9 * * *',
  timezone: 'Australia/Melbourne',
  nextRunAt: '2026-03-18T09:00:00+11:00',
  lastRun: {
    period: '2026-03-16',
    status: 'succeeded',
    startedAt: '2026-03-17T09:00:00+11:00',
    finishedAt: '2026-03-17T09:00:04+11:00',
    error: null,
  },
  recipients: 2,
};

/** A quiet Tuesday: everything answers, mail goes out, backups are hourly on their own disk. */
export const allWell: SystemStatus = {
  authentication: 'active',
  database: { ok: true, latencyMs: 1.4 },
  mail: { mode: 'smtp', queued: 0, dead: 0, lastSentAt: '2026-03-17T01:42:00.000Z', lastError: null },
  quotes: { new: 3, overdue: 0 },
  quotesAwaitingAnswer: 2,
  dailyReport: dailyReportSent,
  backups: {
    kind: 'files',
    lastGoodAt: '2026-03-17T02:00:00.000Z',
    failing: false,
    lastFailed: false,
    sameDisk: false,
  },
  xeroSyncFailed: 0,
  visits: { today: 2, thisWeek: 9, acceptedNotBooked: 1, needsTime: 0 },
  recleanRequests: 0,
};

/** {@link allWell} with some parts changed. */
export function statusWith(changes: Partial<SystemStatus>): SystemStatus {
  return { ...allWell, ...changes };
}

/** The Xero connection with Sparkle Clean Pty Ltd connected and working. */
export const xeroConnected: XeroStatus = {
  configured: true,
  connected: true,
  tenants: [
    {
      tenantId: '6f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      tenantName: 'Sparkle Clean Pty Ltd',
      connected: true,
      lastUpdated: '2026-03-16T22:00:00.000Z',
      reconnectNeeded: false,
      canWrite: true,
    },
  ],
};

/** GET /api/admin/status answering `status`. */
export function statusAnswer(status: SystemStatus) {
  return http.get('/api/admin/status', () => HttpResponse.json(status));
}

/** GET /api/xero/status answering `status` (connected and working by default). */
export function xeroAnswer(status: XeroStatus = xeroConnected) {
  return http.get('/api/xero/status', () => HttpResponse.json(status));
}
