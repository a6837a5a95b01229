import { weeklySlotInWords } from '@cleanquote/content';
import {
  xeroSchedule,
  xeroScheduleSummary,
  xeroSyncSettings,
  xeroTestReport,
  xeroTestReportSummary,
} from '@cleanquote/quote-core/staff';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { type AuthEnv, requireAdmin } from '../../auth/middleware.ts';
import { type Clock, systemClock } from '../../jobs/clock.ts';
import { jsonBody } from '../../lib/json-body.ts';
import { pathParams } from '../../lib/request-validators.ts';
import { SecretBoxError } from '../../security/secret-box.ts';
import { readSyncSettings, saveSyncSettings } from '../../xero/sync-queue.ts';
import { XeroNotConnectedError, XeroReconnectNeededError } from '../../xero/token-store.ts';
import { XeroForbiddenError, XeroUnauthorizedError, XeroUnavailableError } from '../../xero/xero-adapter.ts';
import type { XeroService } from '../../xero/xero-service.ts';

/** What Xero's failures tell the admin, with the status the route answers. */
function xeroFailure(c: Context<AuthEnv>, error: unknown) {
  const requestId = c.var.requestId;
  if (error instanceof XeroNotConnectedError) return c.json({ error: error.message, requestId }, 404);
  if (error instanceof XeroReconnectNeededError || error instanceof XeroForbiddenError) {
    return c.json(
      {
        error:
          'Xero no longer allows access to this organisation. Please use Connect to Xero to connect it again.',
        reconnectNeeded: true,
        requestId,
      },
      409,
    );
  }
  if (error instanceof XeroUnavailableError) return c.json({ error: error.message, requestId }, error.status);
  if (error instanceof SecretBoxError) {
    return c.json(
      {
        error:
          "Xero's stored tokens cannot be opened with SECRETS_KEY: was the key changed without moving the old one to SECRETS_KEY_PREVIOUS? Restore it, or connect to Xero again.",
        requestId,
      },
      500,
    );
  }
  if (error instanceof XeroUnauthorizedError) {
    return c.json(
      { error: 'Xero refused the access token even after a refresh. Please try again.', requestId },
      502,
    );
  }
  throw error;
}

/**
 * The admin's Xero API: status, test report, weekly schedules, disconnect, and the organisation
 * that receives quotes and invoices. Admin
 * session (401 signed out), CSRF by the baseline's Origin check; Xero's books are not quote data, so
 * open before the quote-dashboard unlock (auth/middleware.ts).
 */
export function xeroRoutes(xero: XeroService | null, clock: Clock = systemClock) {
  const notConfigured = (c: Context<AuthEnv>) =>
    c.json(
      {
        error: 'Xero is not configured on this server (XERO_CLIENT_ID and XERO_CLIENT_SECRET).',
        requestId: c.var.requestId,
      },
      503,
    );
  return (
    new Hono<AuthEnv>()
      .use(requireAdmin)
      .get('/status', async (c) => {
        if (!xero) return c.json({ configured: false, connected: false, tenants: [] });
        const tenants = await xero.tenants();
        return c.json({ configured: true, connected: tenants.some((tenant) => tenant.connected), tenants });
      })
      // Either one missing: the form's own words.
      .post('/test-reports', jsonBody(xeroTestReport, xeroTestReportSummary), async (c) => {
        const report = c.req.valid('json');
        if (!xero) return notConfigured(c);
        try {
          await xero.sendTestReport(report.tenantId, report.email, clock.now());
        } catch (error) {
          return xeroFailure(c, error);
        }
        return c.json({ success: true, message: `Test report sent to ${report.email}` });
      })
      .post('/schedule', jsonBody(xeroSchedule, xeroScheduleSummary), async (c) => {
        const schedule = c.req.valid('json');
        if (!xero) return notConfigured(c);
        const saved = await xero.saveSchedule(schedule, clock.now());
        if (!saved) {
          return c.json(
            {
              error: 'That organisation is not connected to Xero.',
              fields: { tenantId: 'That organisation is not connected to Xero.' },
              requestId: c.var.requestId,
            },
            404,
          );
        }
        const { dayOfWeek, hour } = schedule;
        return c.json(
          {
            success: true,
            message: `Weekly reports scheduled for ${weeklySlotInWords(dayOfWeek, hour)}`,
            schedule: saved.schedule,
          },
          saved.created ? 201 : 200,
        );
      })
      // Where quotes and invoices go: GET the choice, PUT {tenantId, accountCode, taxType} or {tenantId: null}.
      .get('/sync', async (c) =>
        c.json(await readSyncSettings(c.var.database.db, c.var.environment.GST_REGISTERED)),
      )
      .put('/sync', jsonBody(xeroSyncSettings), async (c) => {
        const settings = c.req.valid('json');
        if (!xero && settings.tenantId !== null) return notConfigured(c);
        const saved = await saveSyncSettings(c.var.database, settings, c.var.environment.GST_REGISTERED);
        if (saved === 'not-connected') {
          const message = 'That organisation is not connected to Xero.';
          return c.json({ error: message, fields: { tenantId: message }, requestId: c.var.requestId }, 404);
        }
        if (saved === 'cannot-write') {
          const message = 'Reconnect to allow quotes and invoices';
          return c.json(
            {
              error: message,
              fields: { tenantId: message },
              reconnectNeeded: true,
              requestId: c.var.requestId,
            },
            409,
          );
        }
        return c.json(saved);
      })
      .get('/schedules', async (c) => c.json({ schedules: xero ? await xero.schedules(clock.now()) : [] }))
      .delete('/schedules/:scheduleId', pathParams('scheduleId'), async (c) => {
        if (!xero || !(await xero.cancelSchedule(c.req.valid('param').scheduleId))) {
          return c.json({ error: 'There is no such schedule.', requestId: c.var.requestId }, 404);
        }
        return c.json({ success: true, message: 'Weekly reports cancelled' });
      })
      .delete('/disconnect/:tenantId', pathParams('tenantId'), async (c) => {
        if (!xero) return notConfigured(c);
        try {
          if (!(await xero.disconnect(c.req.valid('param').tenantId))) {
            return c.json(
              { error: 'That organisation is not connected to Xero.', requestId: c.var.requestId },
              404,
            );
          }
        } catch (error) {
          if (error instanceof XeroUnavailableError) {
            return c.json(
              { error: `${error.message} Nothing was disconnected.`, requestId: c.var.requestId },
              error.status,
            );
          }
          return xeroFailure(c, error);
        }
        return c.json({ success: true, message: 'Xero disconnected successfully' });
      })
  );
}
