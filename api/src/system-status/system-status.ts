import { and, count, desc, eq, gt, inArray, isNull, lt, lte, max, or } from 'drizzle-orm';
import { reportRecipients } from '../analytics/report-mail.ts';
import type { Database } from '../db/database.ts';
import { outbox, quoteRequests } from '../db/schema.ts';
import type { Environment } from '../env.ts';
import { dailyReportJob } from '../jobs/scheduled-jobs.ts';
import { countAwaitingAnswer } from '../priced-quotes/latest-version.ts';
import { type VisitCounts, visitCounts } from '../schedule/booking-counts.ts';
import { countRecleanRequests } from '../schedule/problem-reports.ts';
import { countFailedSyncs } from '../xero/sync-queue.ts';
import { type BackupStatus, backupStatus } from './backup-status.ts';
import { type JobStatus, jobStatuses } from './job-statuses.ts';

/** What GET /api/admin/status answers: the dashboard's System Status, measured now. */
export interface SystemStatus {
  authentication: 'active';
  database: { ok: boolean; latencyMs: number };
  mail: {
    /** 'capture' on the embedded default (no SMTP_URL): mail is kept in the outbox, never sent. */
    mode: 'smtp' | 'capture';
    /** Waiting to be sent (queued or being sent). */
    queued: number;
    dead: number;
    lastSentAt: string | null;
    /** The error of the last delivery attempt when it failed; null when it succeeded or none was tried. */
    lastError: string | null;
  };
  quotes: { new: number; overdue: number };
  /** Quote requests whose latest priced quote was sent and waits for the customer's answer (sent or viewed). */
  quotesAwaitingAnswer: number;
  /** The daily analytics email: its next run and last run (GET /api/admin/jobs has every job). */
  dailyReport: DailyReportStatus | null;
  /** The database snapshots: the newest good one, or that the database server keeps them. */
  backups: BackupStatus;
  /** Quote requests with a write to Xero (quote, answer or invoice) that failed and is not done yet. */
  xeroSyncFailed: number;
  /** Visits booked or done today and this week (Monday to Sunday), and accepted quotes with no visit. */
  visits: VisitCounts;
  /**
   * Problems customers reported within 24 hours of a clean whose re-clean is not done yet: none
   * booked yet, or one booked (or needing a time); a re-clean completed or cancelled settles it.
   */
  recleanRequests: number;
}

/** The daily report's job, and whether anyone receives it. */
export interface DailyReportStatus extends JobStatus {
  /**
   * How many addresses the report goes to (ADMIN_EMAIL and BUSINESS_EMAIL); 0 when neither is set,
   * and then its runs are skipped.
   */
  recipients: number;
}

// An SMTP refusal can quote a customer's address; the status is shown before the quote dashboard
// is unlocked, so addresses are masked.
const ADDRESS = /[^\s<>"',;:]+@[^\s<>"',;:]+/g;

/**
 * The System Status (GET /api/admin/status), measured now: whether the database answers a query
 * (with its latency), the outbox's backlog and dead letters, how the last delivery went, how many
 * quote requests are new and how many of those are past the 24-hour reply promise, how many priced
 * quotes wait for the customer's answer, the daily report's job, and when the last good backup was
 * taken. Counts only: no quote, mail or customer data, so it needs no dashboard unlock.
 */
export async function systemStatus(database: Database, environment: Environment): Promise<SystemStatus> {
  const started = performance.now();
  let ok = true;
  try {
    await database.client.execute('SELECT 1');
  } catch {
    ok = false;
  }
  const latencyMs = Math.round((performance.now() - started) * 10) / 10;
  const mode = environment.SMTP_URL ? 'smtp' : 'capture';
  if (!ok) {
    return {
      authentication: 'active',
      database: { ok, latencyMs },
      mail: { mode, queued: 0, dead: 0, lastSentAt: null, lastError: null },
      quotes: { new: 0, overdue: 0 },
      quotesAwaitingAnswer: 0,
      dailyReport: null,
      backups: await backupStatus(database, environment, new Date()),
      xeroSyncFailed: 0,
      visits: { today: 0, thisWeek: 0, acceptedNotBooked: 0, needsTime: 0 },
      recleanRequests: 0,
    };
  }
  const db = database.db;
  const now = Date.now();
  const [
    byStatus,
    [sent],
    [lastAttempt],
    [quotes],
    [overdue],
    awaitingAnswer,
    [dailyReport],
    xeroSyncFailed,
    visits,
    recleanRequests,
  ] = await Promise.all([
    db
      .select({ status: outbox.status, count: count() })
      .from(outbox)
      // A reminder waiting for its day is scheduled, not backlog.
      .where(
        and(
          inArray(outbox.status, ['queued', 'sending', 'dead']),
          or(isNull(outbox.sendAfter), lte(outbox.sendAfter, new Date(now))),
        ),
      )
      .groupBy(outbox.status),
    db.select({ at: max(outbox.sentAt) }).from(outbox),
    db
      .select({ status: outbox.status, lastError: outbox.lastError })
      .from(outbox)
      .where(and(gt(outbox.attempts, 0), inArray(outbox.status, ['sent', 'queued', 'dead'])))
      .orderBy(desc(outbox.updatedAt))
      .limit(1),
    db.select({ count: count() }).from(quoteRequests).where(eq(quoteRequests.status, 'new')),
    db
      .select({ count: count() })
      .from(quoteRequests)
      .where(
        // reply_due_at is created_at + 24 h (REPLY_PROMISE_MS); the status index finds the new quotes.
        and(eq(quoteRequests.status, 'new'), lt(quoteRequests.replyDueAt, new Date(now))),
      ),
    countAwaitingAnswer(db),
    jobStatuses(database, new Date(now), [dailyReportJob]),
    countFailedSyncs(db),
    visitCounts(db, new Date(now)),
    countRecleanRequests(db),
  ]);
  const backups = await backupStatus(database, environment, new Date(now));
  const tally = (statuses: string[]) =>
    byStatus.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + row.count, 0);
  const failed = lastAttempt && lastAttempt.status !== 'sent' ? lastAttempt.lastError : null;
  return {
    authentication: 'active',
    database: { ok, latencyMs },
    mail: {
      mode,
      queued: tally(['queued', 'sending']),
      dead: tally(['dead']),
      lastSentAt: sent?.at ? new Date(sent.at).toISOString() : null,
      lastError: mode === 'smtp' && failed ? failed.replace(ADDRESS, '<address>') : null,
    },
    quotes: { new: quotes?.count ?? 0, overdue: overdue?.count ?? 0 },
    quotesAwaitingAnswer: awaitingAnswer,
    dailyReport: dailyReport ? { ...dailyReport, recipients: reportRecipients(environment).length } : null,
    backups,
    xeroSyncFailed,
    visits,
    recleanRequests,
  };
}
