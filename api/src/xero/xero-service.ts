import { createHash } from 'node:crypto';
import { scopesAllowWriting } from '@cleanquote/quote-core/staff';
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { newRowId } from '../db/row-id.ts';
import { scheduledJobs, xeroConnections, xeroConsents, xeroGrants, xeroSchedules } from '../db/schema.ts';
import type { Environment } from '../env.ts';
import { systemClock } from '../jobs/clock.ts';
import { announceJobsChanged, nextFireTime } from '../jobs/job-runner.ts';
import type { Logger } from '../lib/logger.ts';
import { melbourneDay, melbourneIsoString } from '../lib/melbourne-time.ts';
import { randomToken } from '../lib/tokens.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { financialReportMail } from './report-mail.ts';
import { deleteEmptyGrants, secretBoxFor, XeroReconnectNeededError, XeroTokenStore } from './token-store.ts';
import { type WeeklyReportSender, weekBefore, weeklyCron, weeklyJobName } from './weekly-reports.ts';
import {
  createXeroAdapter,
  pkcePair,
  type ReportPeriod,
  type XeroAdapter,
  XeroForbiddenError,
  XeroGrantRefusedError,
  XeroUnauthorizedError,
  XeroUnavailableError,
} from './xero-adapter.ts';
import type { XeroReport, XeroReportType } from './xero-report.ts';

/** How long a started consent stays usable. */
const CONSENT_MS = 10 * 60_000;

/** Outbox kinds of the report mails. */
export const XERO_TEST_REPORT_KIND = 'xero-test-report';
export const XERO_WEEKLY_REPORT_KIND = 'xero-weekly-report';

/** Xero is configured when the app's client id and secret are set. */
export function xeroConfigured(environment: Environment): boolean {
  return Boolean(environment.XERO_CLIENT_ID && environment.XERO_CLIENT_SECRET);
}

/** A consent that cannot complete; `message` is shown on the callback page as it is. */
export class XeroConsentError extends Error {
  override name = 'XeroConsentError';
}

/** One organisation of GET /api/xero/status. */
export interface XeroTenantStatus {
  tenantId: string;
  tenantName: string;
  connected: boolean;
  lastUpdated: string | null;
  reconnectNeeded: boolean;
  /** Whether Xero granted the scopes to write quotes and invoices to it (else: reconnect to allow them). */
  canWrite: boolean;
}

/** A schedule as the API shows it. */
export interface XeroScheduleView {
  id: string;
  tenantId: string;
  tenantName: string;
  dayOfWeek: string;
  hour: string;
  emailRecipients: string[];
  reportTypes: XeroReportType[];
  jobName: string;
  nextRunAt: string | null;
}

function stateHash(state: string): string {
  return createHash('sha256').update(state).digest('base64url');
}

const dayMonthYear = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** '16–22 November 2026', or '28 December 2026 – 3 January 2027' across months. */
export function periodInWords({ fromDate, toDate }: ReportPeriod): string {
  const from = dayMonthYear.formatToParts(new Date(`${fromDate}T12:00:00Z`));
  const to = dayMonthYear.format(new Date(`${toDate}T12:00:00Z`));
  const part = (type: string) => from.find((p) => p.type === type)?.value ?? '';
  if (fromDate.slice(0, 7) === toDate.slice(0, 7)) return `${part('day')}–${to}`;
  return `${dayMonthYear.format(new Date(`${fromDate}T12:00:00Z`))} – ${to}`;
}

/** The reports a mail carries, in the order the report types are listed everywhere: profit and loss, balance sheet, bank summary, trial balance. */
const REPORT_ORDER: readonly XeroReportType[] = [
  'profit_loss',
  'balance_sheet',
  'bank_summary',
  'trial_balance',
];

/**
 * Xero for the routes and the weekly job: status, the consent, reports, disconnect and schedules
 * (docs/decisions/0019-xero.md). Only usable when {@link xeroConfigured}.
 */
export class XeroService {
  readonly tokens: XeroTokenStore;

  constructor(
    private readonly database: Database,
    private readonly environment: Environment,
    private readonly logger: Logger,
    readonly adapter: XeroAdapter = createXeroAdapter(environment),
  ) {
    // Token expiry is Xero's real time, whatever clock the schedules are read from.
    this.tokens = new XeroTokenStore(database, environment, adapter, systemClock, logger);
  }

  /** Every connected organisation with its state. */
  async tenants(): Promise<XeroTenantStatus[]> {
    const rows = await this.database.db
      .select({ connection: xeroConnections, status: xeroGrants.status, scopes: xeroGrants.scopes })
      .from(xeroConnections)
      .innerJoin(xeroGrants, eq(xeroGrants.id, xeroConnections.grantId))
      .orderBy(xeroConnections.tenantName);
    return rows.map(({ connection, status, scopes }) => ({
      tenantId: connection.tenantId,
      tenantName: connection.tenantName,
      connected: status === 'active',
      lastUpdated: connection.updatedAt.toISOString(),
      reconnectNeeded: status === 'reconnect-needed',
      canWrite: scopesAllowWriting(scopes),
    }));
  }

  /** Starts a consent for this session: Xero's authorization URL (state and PKCE bound to it). */
  async beginConsent(sessionId: string): Promise<string> {
    const state = randomToken();
    const { verifier, challenge } = pkcePair();
    const hash = stateHash(state);
    const now = new Date();
    const box = secretBoxFor(this.environment);
    await this.database.writes.run(async (tx) => {
      await tx.delete(xeroConsents).where(lt(xeroConsents.expiresAt, now));
      await tx.insert(xeroConsents).values({
        stateHash: hash,
        sessionId,
        sealedVerifier: box.seal(verifier, `xero-consent:${hash}`),
        expiresAt: new Date(now.getTime() + CONSENT_MS),
      });
    });
    return this.adapter.authorizationUrl({ state, codeChallenge: challenge });
  }

  /**
   * Completes a consent from Xero's redirect: the state must be this session's, unused and under 10
   * minutes old (it is spent either way); then the code is exchanged and the organisations stored.
   * @throws XeroConsentError with the reason to show; nothing is stored then.
   */
  async completeConsent(
    sessionId: string,
    answer: { state?: string | undefined; code?: string | undefined; error?: string | undefined },
  ): Promise<XeroTenantStatus[]> {
    const startAgain = 'Please start again from Connect to Xero.';
    if (!answer.state)
      throw new XeroConsentError(`Xero's answer did not carry this sign-in's state. ${startAgain}`);
    const hash = stateHash(answer.state);
    const [consent] = await this.database.writes.run((tx) =>
      tx.delete(xeroConsents).where(eq(xeroConsents.stateHash, hash)).returning(),
    );
    if (!consent || consent.sessionId !== sessionId || consent.expiresAt <= new Date()) {
      throw new XeroConsentError(`This Xero sign-in has expired or was already used. ${startAgain}`);
    }
    if (answer.error) {
      throw new XeroConsentError(
        answer.error === 'access_denied'
          ? 'Access was not allowed in Xero, so nothing was connected.'
          : `Xero did not complete the sign-in (${answer.error.slice(0, 80)}). ${startAgain}`,
      );
    }
    if (!answer.code)
      throw new XeroConsentError(`Xero's answer carried no authorisation code. ${startAgain}`);
    const verifier = secretBoxFor(this.environment).open(consent.sealedVerifier, `xero-consent:${hash}`);
    try {
      const tokens = await this.adapter.exchangeCode({ code: answer.code, codeVerifier: verifier });
      const connections = await this.adapter.connections(tokens.accessToken);
      if (connections.length === 0) {
        throw new XeroConsentError('No organisation was chosen in Xero, so nothing was connected.');
      }
      await this.tokens.saveGrant(tokens, connections);
      const connected = new Set(connections.map((connection) => connection.tenantId));
      this.logger.info({ organisations: connected.size }, 'Xero connected');
      return (await this.tenants()).filter((tenant) => connected.has(tenant.tenantId));
    } catch (error) {
      if (error instanceof XeroConsentError) throw error;
      if (error instanceof XeroGrantRefusedError) {
        throw new XeroConsentError(
          `Xero did not accept this sign-in (it may have taken too long). ${startAgain}`,
        );
      }
      if (error instanceof XeroUnavailableError) throw new XeroConsentError(error.message);
      this.logger.error({ err: error }, 'Xero consent failed');
      throw new XeroConsentError(`Xero could not be connected. ${startAgain}`);
    }
  }

  /** The selected reports for the period, always in REPORT_ORDER, with one working token. */
  async reports(
    tenantId: string,
    types: readonly XeroReportType[],
    period: ReportPeriod,
  ): Promise<XeroReport[]> {
    const ordered = REPORT_ORDER.filter((type) => types.includes(type));
    return this.tokens.withAccess(tenantId, async (accessToken) => {
      const reports: XeroReport[] = [];
      for (const type of ordered)
        reports.push(await this.adapter.report(accessToken, tenantId, type, period));
      return reports;
    });
  }

  async #tenantName(tenantId: string): Promise<string | null> {
    const [row] = await this.database.db
      .select({ name: xeroConnections.tenantName })
      .from(xeroConnections)
      .where(eq(xeroConnections.tenantId, tenantId));
    return row?.name ?? null;
  }

  /** The test report: last week's profit and loss and balance sheet, mailed to `email`. */
  async sendTestReport(tenantId: string, email: string, now: Date): Promise<void> {
    const period = weekBefore(melbourneDay(now));
    const reports = await this.reports(tenantId, ['profit_loss', 'balance_sheet'], period);
    const organisation = (await this.#tenantName(tenantId)) ?? 'Xero organisation';
    const mail = financialReportMail({
      organisation,
      reports,
      kind: 'test',
      periodLabel: periodInWords(period),
      publicUrl: this.environment.PUBLIC_URL,
    });
    await this.database.writes.run((tx) =>
      enqueueMail(tx, { kind: XERO_TEST_REPORT_KIND, from: this.environment.MAIL_FROM, to: email, ...mail }),
    );
  }

  /** A schedule's weekly run: its reports for the week before, one mail to each recipient. */
  readonly sendWeeklyReport: WeeklyReportSender = async ({ scheduleId, period }, { complete, logger }) => {
    const [row] = await this.database.db
      .select({ schedule: xeroSchedules, organisation: xeroConnections.tenantName })
      .from(xeroSchedules)
      .innerJoin(xeroConnections, eq(xeroConnections.tenantId, xeroSchedules.tenantId))
      .where(eq(xeroSchedules.id, scheduleId));
    // Cancelled since the timer was set: nothing to send.
    if (!row) return;
    const reports = await this.reports(row.schedule.tenantId, row.schedule.reportTypes, period);
    const mail = financialReportMail({
      organisation: row.organisation,
      reports,
      kind: 'weekly',
      periodLabel: periodInWords(period),
      publicUrl: this.environment.PUBLIC_URL,
    });
    await complete(async (tx) => {
      for (const to of row.schedule.emailRecipients) {
        await enqueueMail(tx, {
          kind: XERO_WEEKLY_REPORT_KIND,
          from: this.environment.MAIL_FROM,
          to,
          ...mail,
        });
      }
    });
    logger.info(
      { recipients: row.schedule.emailRecipients.length, reports: reports.length },
      'Xero weekly report queued',
    );
  };

  /**
   * Disconnects an organisation: removes the connection at Xero, then its tokens and
   * schedules here; the refresh token is revoked when its grant covers no organisation any more.
   * Xero unreachable: nothing changes here (the admin tries again).
   * @returns false when the organisation is not connected.
   */
  async disconnect(tenantId: string): Promise<boolean> {
    const [connection] = await this.database.db
      .select()
      .from(xeroConnections)
      .where(eq(xeroConnections.tenantId, tenantId));
    if (!connection) return false;
    const grant = await this.tokens.grantOf(tenantId);
    if (grant.status === 'active') {
      try {
        await this.tokens.withAccess(tenantId, (accessToken) =>
          this.adapter.deleteConnection(accessToken, connection.connectionId),
        );
      } catch (error) {
        // Xero no longer accepts the grant: the connection is gone there already.
        const goneAtXero =
          error instanceof XeroForbiddenError ||
          error instanceof XeroUnauthorizedError ||
          error instanceof XeroReconnectNeededError;
        if (!goneAtXero) throw error;
      }
    }
    const refreshToken = await this.tokens.refreshTokenOf(grant.id);
    const emptied = await this.database.writes.run(async (tx) => {
      const schedules = await tx
        .delete(xeroSchedules)
        .where(eq(xeroSchedules.tenantId, tenantId))
        .returning({ id: xeroSchedules.id });
      for (const schedule of schedules) {
        await tx.delete(scheduledJobs).where(eq(scheduledJobs.name, weeklyJobName(schedule.id)));
      }
      await tx.delete(xeroConnections).where(eq(xeroConnections.tenantId, tenantId));
      return deleteEmptyGrants(tx, [grant.id]);
    });
    announceJobsChanged();
    if (emptied.length > 0 && refreshToken && grant.status === 'active') {
      // The last organisation of the consent: the refresh token is no use to anyone now.
      await this.adapter.revoke(refreshToken).catch((error: unknown) => {
        this.logger.warn({ err: error }, 'Xero refresh token could not be revoked');
      });
    }
    this.logger.info({ tenantId }, 'Xero organisation disconnected');
    return true;
  }

  /** Every schedule, with its job name and next run in Melbourne time. */
  async schedules(now: Date): Promise<XeroScheduleView[]> {
    const rows = await this.database.db
      .select({ schedule: xeroSchedules, tenantName: xeroConnections.tenantName })
      .from(xeroSchedules)
      .innerJoin(xeroConnections, eq(xeroConnections.tenantId, xeroSchedules.tenantId))
      .orderBy(xeroSchedules.createdAt, xeroSchedules.id);
    return rows.map(({ schedule, tenantName }) => scheduleView(schedule, tenantName, now));
  }

  /**
   * Schedules weekly reports; the same organisation, day and hour replaces its recipients and reports.
   * @returns the schedule and whether it is new; null when the organisation is not connected.
   */
  async saveSchedule(
    input: {
      tenantId: string;
      dayOfWeek: number;
      hour: number;
      emailRecipients: string[];
      reportTypes: XeroReportType[];
    },
    now: Date,
  ): Promise<{ schedule: XeroScheduleView; created: boolean } | null> {
    const tenantName = await this.#tenantName(input.tenantId);
    if (tenantName === null) return null;
    const result = await this.database.writes.run(async (tx) => {
      const [existing] = await tx
        .select({ id: xeroSchedules.id })
        .from(xeroSchedules)
        .where(
          and(
            eq(xeroSchedules.tenantId, input.tenantId),
            eq(xeroSchedules.dayOfWeek, input.dayOfWeek),
            eq(xeroSchedules.hour, input.hour),
          ),
        );
      if (existing) {
        const [row] = await tx
          .update(xeroSchedules)
          .set({ emailRecipients: input.emailRecipients, reportTypes: input.reportTypes, updatedAt: now })
          .where(eq(xeroSchedules.id, existing.id))
          .returning();
        return { row, created: false };
      }
      const [row] = await tx
        .insert(xeroSchedules)
        .values({ id: newRowId(), ...input, createdAt: now, updatedAt: now })
        .returning();
      return { row, created: true };
    });
    if (!result.row) throw new Error('The schedule was not saved.');
    announceJobsChanged();
    return { schedule: scheduleView(result.row, tenantName, now), created: result.created };
  }

  /** Cancels one schedule. @returns false when there is no such schedule. */
  async cancelSchedule(scheduleId: string): Promise<boolean> {
    const deleted = await this.database.writes.run(async (tx) => {
      const rows = await tx.delete(xeroSchedules).where(eq(xeroSchedules.id, scheduleId)).returning();
      if (rows.length > 0)
        await tx.delete(scheduledJobs).where(eq(scheduledJobs.name, weeklyJobName(scheduleId)));
      return rows.length > 0;
    });
    if (deleted) announceJobsChanged();
    return deleted;
  }
}

function scheduleView(
  schedule: typeof xeroSchedules.$inferSelect,
  tenantName: string,
  now: Date,
): XeroScheduleView {
  const next = nextFireTime(weeklyCron(schedule.dayOfWeek, schedule.hour), now);
  return {
    id: schedule.id,
    tenantId: schedule.tenantId,
    tenantName,
    dayOfWeek: String(schedule.dayOfWeek),
    hour: String(schedule.hour),
    emailRecipients: schedule.emailRecipients,
    reportTypes: schedule.reportTypes,
    jobName: weeklyJobName(schedule.id),
    nextRunAt: next ? melbourneIsoString(next) : null,
  };
}
