import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import {
  type BackupStatus,
  type DailyReportStatus,
  STATUS_REFRESH_MS,
  type SystemStatus,
  systemStatusQuery,
  useTakeBackup,
} from './system-status-queries.ts';

type Tone = 'ok' | 'warning' | 'failing';

/** The Email Service line: Active, Capturing (no SMTP configured) or Failing. */
function emailService(mail: SystemStatus['mail']): { text: string; tone: Tone } {
  if (mail.mode === 'capture') return { text: 'Capturing (no SMTP configured)', tone: 'warning' };
  if (mail.lastError !== null) return { text: 'Failing', tone: 'failing' };
  return { text: 'Active', tone: 'ok' };
}

/** '1 quote', '2 quotes'. */
function quoteCount(count: number): string {
  return `${count} ${count === 1 ? 'quote' : 'quotes'}`;
}

/**
 * The Daily report line: that nobody receives it (its runs are skipped until ADMIN_EMAIL is set), or
 * how its last run went, and when the next one is.
 */
function dailyReport(job: DailyReportStatus): { text: string; tone: Tone; detail: string | null } {
  if (job.recipients === 0) return { text: 'no recipient (set ADMIN_EMAIL)', tone: 'warning', detail: null };
  const next = job.nextRunAt ? `Next ${formatMelbourneTime(job.nextRunAt)}` : null;
  const last = job.lastRun;
  if (!last) return { text: 'Not sent yet', tone: 'warning', detail: next };
  const day = last.period.split('-').reverse().join('/');
  if (last.status === 'failed') {
    return { text: `Failed (report for ${day})`, tone: 'failing', detail: last.error ?? next };
  }
  // Skipped while nobody was set to receive it; someone is now, so the next run sends.
  if (last.status === 'skipped')
    return { text: `Not sent (report for ${day})`, tone: 'warning', detail: next };
  if (last.status === 'running') return { text: `Sending (report for ${day})`, tone: 'ok', detail: next };
  const sentAt = formatMelbourneTime(last.finishedAt ?? last.startedAt);
  return { text: `Sent ${sentAt} (report for ${day})`, tone: 'ok', detail: next };
}

/**
 * The Backups line: when the newest good snapshot was taken, failing once it is older than two
 * hours or the newest attempt failed; a warning when the snapshots share the database's disk, which
 * a lost disk would take with it.
 */
function backups(status: BackupStatus): { text: string; tone: Tone; details: string[] } {
  if (status.kind === 'server') return { text: 'by the database server', tone: 'ok', details: [] };
  const details = [
    ...(status.lastFailed ? ['The newest backup failed'] : []),
    ...(status.sameDisk ? ["Backups are on the database's own disk"] : []),
  ];
  const calm: Tone = status.sameDisk ? 'warning' : 'ok';
  if (status.lastGoodAt === null) {
    return { text: 'None yet', tone: status.failing ? 'failing' : 'warning', details };
  }
  return {
    text: `last ${formatMelbourneTime(status.lastGoodAt)}`,
    tone: status.failing ? 'failing' : calm,
    details,
  };
}

/**
 * The System Status panel: measured by the server (GET /api/admin/status) when the dashboard opens,
 * every {@link STATUS_REFRESH_MS} while it is visible, and on 'Refresh status'.
 */
export function SystemStatusPanel() {
  const measured = useQuery(systemStatusQuery);
  const status = measured.data ?? null;
  // The server did not answer the last time: the database cannot be vouched for either.
  const failed = measured.isError;
  const checking = measured.isFetching;

  const email = status ? emailService(status.mail) : null;
  const databaseOk = status !== null && !failed && status.database.ok;
  return (
    <section className="card system-status" aria-labelledby="system-status-heading" aria-busy={checking}>
      <h2 id="system-status-heading">System Status</h2>
      {status === null && !failed ? (
        <p role="status">Checking…</p>
      ) : (
        <dl className="status-list">
          <div>
            <dt>Authentication:</dt>{' '}
            <dd>
              <StatusValue tone="ok">Active</StatusValue>
            </dd>
          </div>
          <div>
            <dt>Database:</dt>{' '}
            <dd>
              {databaseOk ? (
                <>
                  <StatusValue tone="ok">Connected</StatusValue>{' '}
                  <span className="muted">({status.database.latencyMs} ms)</span>
                </>
              ) : (
                <StatusValue tone="failing">Unavailable</StatusValue>
              )}
            </dd>
          </div>
          {status && !failed && email ? (
            <>
              <div>
                <dt>Email Service:</dt>{' '}
                <dd>
                  <StatusValue tone={email.tone}>{email.text}</StatusValue>
                  {status.mail.lastError ? <p className="status-detail">{status.mail.lastError}</p> : null}
                  {status.mail.lastSentAt ? (
                    <p className="status-detail muted">
                      Last sent {formatMelbourneTime(status.mail.lastSentAt)}
                    </p>
                  ) : null}
                </dd>
              </div>
              <div>
                <dt>Mail waiting to send:</dt>{' '}
                <dd>
                  <Link href="/email-test?status=queued#mail-log">{status.mail.queued}</Link>
                </dd>
              </div>
              <div>
                <dt>Dead letters:</dt>{' '}
                <dd>
                  <Link href="/email-test?status=dead#mail-log">{status.mail.dead}</Link>
                </dd>
              </div>
              <div>
                <dt>New quote requests:</dt>{' '}
                <dd>
                  <Link href="/admin">{status.quotes.new}</Link>
                </dd>
              </div>
              <div>
                <dt>Quotes awaiting an answer:</dt>{' '}
                <dd>
                  <Link href="/admin?awaiting=customer">{status.quotesAwaitingAnswer}</Link>
                </dd>
              </div>
              <div>
                <dt>Visits today:</dt>{' '}
                <dd>
                  <Link href="/schedule">{status.visits.today}</Link>
                </dd>
              </div>
              <div>
                <dt>Visits this week:</dt>{' '}
                <dd>
                  <Link href="/schedule">{status.visits.thisWeek}</Link>
                </dd>
              </div>
              <div>
                <dt>Accepted, not booked:</dt>{' '}
                <dd>
                  <Link href="/admin?awaiting=booking">{status.visits.acceptedNotBooked}</Link>
                </dd>
              </div>
              <div>
                <dt>Needs a time:</dt>{' '}
                <dd>
                  <Link href="/schedule">{status.visits.needsTime}</Link>
                </dd>
              </div>
              <div>
                <dt>Re-clean requests:</dt>{' '}
                <dd>
                  <StatusValue tone={status.recleanRequests > 0 ? 'warning' : 'ok'}>
                    {String(status.recleanRequests)}
                  </StatusValue>
                </dd>
              </div>
              {status.dailyReport ? <DailyReportLine job={status.dailyReport} /> : null}
              <BackupsLine status={status.backups} />
              {/* Only when something failed: a business not using Xero has nothing to read here. */}
              {status.xeroSyncFailed > 0 ? (
                <div>
                  <dt>Xero sync failed:</dt>{' '}
                  <dd>
                    <StatusValue tone="warning">{quoteCount(status.xeroSyncFailed)}</StatusValue>
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>Past the 24-hour reply:</dt>{' '}
                <dd>
                  <StatusValue tone={status.quotes.overdue > 0 ? 'failing' : 'ok'}>
                    {String(status.quotes.overdue)}
                  </StatusValue>
                </dd>
              </div>
            </>
          ) : null}
        </dl>
      )}
      <button
        type="button"
        className="button button--outline"
        onClick={() => {
          if (!checking) void measured.refetch();
        }}
      >
        Refresh status
      </button>
    </section>
  );
}

function StatusValue({ tone, children }: { tone: Tone; children: string }) {
  return <strong className={`status-value status-value--${tone}`}>{children}</strong>;
}

function DailyReportLine({ job }: { job: DailyReportStatus }) {
  const line = dailyReport(job);
  return (
    <div>
      <dt>Daily report:</dt>{' '}
      <dd>
        <StatusValue tone={line.tone}>{line.text}</StatusValue>
        {line.detail ? <p className="status-detail muted">{line.detail}</p> : null}
      </dd>
    </div>
  );
}

function BackupsLine({ status }: { status: BackupStatus }) {
  const line = backups(status);
  return (
    <div>
      <dt>Backups:</dt>{' '}
      <dd>
        <StatusValue tone={line.tone}>{line.text}</StatusValue>
        {line.details.map((detail) => (
          <p key={detail} className="status-detail">
            {detail}
          </p>
        ))}
        {/* A database server keeps its own backups: there is nothing for staff to take. */}
        {status.kind === 'server' ? null : <BackUpNow />}
      </dd>
    </div>
  );
}

/** Takes a snapshot now; says so while it runs and once it is taken. */
function BackUpNow() {
  const take = useTakeBackup();
  return (
    <p className="status-detail">
      <button
        type="button"
        className="button button--outline"
        aria-disabled={take.isPending}
        onClick={() => {
          if (!take.isPending) take.mutate();
        }}
      >
        Back up now
      </button>{' '}
      <span role="status">
        {take.isPending
          ? 'Backing up…'
          : take.isSuccess
            ? `Backed up ${formatMelbourneTime(take.data.createdAt)}`
            : ''}
      </span>
    </p>
  );
}
