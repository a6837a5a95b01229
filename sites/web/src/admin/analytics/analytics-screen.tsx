import './analytics.css';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { showToast } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import { type AnalyticsReport, fetchAnalyticsReport, sendAnalyticsReport } from '../admin-api.ts';
import { isLockedError, reportAdminError } from '../admin-errors.ts';
import { serviceLabel } from '../inbox/quote-labels.ts';
import { UnlockForm } from '../unlock-form.tsx';
import {
  appPath,
  changeLabel,
  countLabel,
  dayLabel,
  funnelLabel,
  melbourneDayFromToday,
} from './analytics-labels.ts';
import { DailyChart } from './daily-chart.tsx';

type Load =
  | { state: 'loading' }
  | { state: 'loaded'; report: AnalyticsReport }
  | { state: 'locked' }
  | { state: 'failed' };

/**
 * /analytics (spec §2, §3, §8; issue 15): one Melbourne day's report — totals and the weekly
 * comparison, 30 days of views and quote requests, pages, referrers, the wizard funnel and the day's
 * newest quote requests with a link to all of them in the inbox — a 'Date' field, and 'Send Daily
 * Report'. The report lists quote requests, so a
 * locked quote dashboard asks for its password first.
 */
export function AnalyticsScreen() {
  const dateId = useId();
  const [date, setDate] = useState(() => melbourneDayFromToday(-1));
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [sending, setSending] = useState(false);

  // Only the answer for the date asked last is shown: an earlier, slower one is dropped.
  const latest = useRef(0);
  const refresh = useCallback(async (day: string) => {
    const asked = ++latest.current;
    setLoad((shown) => (shown.state === 'loaded' ? shown : { state: 'loading' }));
    try {
      const report = await fetchAnalyticsReport(day);
      if (asked === latest.current) setLoad({ state: 'loaded', report });
    } catch (error) {
      if (asked !== latest.current) return;
      if (isLockedError(error)) {
        setLoad({ state: 'locked' });
        return;
      }
      setLoad({ state: 'failed' });
      reportAdminError(error, 'Failed to fetch analytics report', 'The report could not be loaded.');
    }
  }, []);

  useEffect(() => {
    if (date) void refresh(date);
  }, [date, refresh]);

  const send = async () => {
    setSending(true);
    try {
      const sent = await sendAnalyticsReport(date);
      showToast({
        title: 'Daily analytics report sent',
        description: `The report for ${dayLabel(sent.date)} is on its way to ${sent.recipients.join(' and ')}.`,
      });
    } catch (error) {
      if (isLockedError(error)) setLoad({ state: 'locked' });
      else reportAdminError(error, 'Failed to send analytics report', 'Failed to send analytics report');
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <div className="page-header">
        <h1>Website Analytics</h1>
      </div>
      <p className="muted">
        Counted on this site without cookies: visitors with Do Not Track or Global Privacy Control, bots and
        signed-in staff are left out. The daily report is emailed at 9:00 AM Melbourne time.
      </p>
      <div className="analytics-controls">
        <div className="field analytics-controls__date">
          <label htmlFor={dateId}>Date</label>
          <input
            id={dateId}
            type="date"
            value={date}
            max={melbourneDayFromToday(0)}
            required
            onChange={(event) => setDate(event.target.value)}
          />
        </div>
        <button type="button" className="button" onClick={() => void send()} disabled={sending || !date}>
          {sending ? 'Sending...' : 'Send Daily Report'}
        </button>
      </div>
      {load.state === 'loading' ? (
        <p role="status">Loading the report…</p>
      ) : load.state === 'locked' ? (
        <UnlockForm opens="the analytics report" onUnlocked={() => void refresh(date)} />
      ) : load.state === 'failed' ? (
        <section className="card" role="alert">
          <p>Failed to fetch analytics report</p>
          <button type="button" className="button button--outline" onClick={() => void refresh(date)}>
            Try again
          </button>
        </section>
      ) : (
        <Report report={load.report} />
      )}
    </>
  );
}

function Report({ report }: { report: AnalyticsReport }) {
  const { weeklyComparison: week } = report;
  return (
    <div className="analytics-report">
      <h2 className="visually-hidden">Report for {dayLabel(report.date)}</h2>
      <dl className="analytics-totals">
        <div className="card">
          <dt>Page views</dt>
          <dd className="analytics-totals__value">{report.totalViews}</dd>
          <dd className="muted">
            {changeLabel(week.changePercent)} against {week.weekEarlierViews} on{' '}
            {dayLabel(week.weekEarlierDate)}
          </dd>
        </div>
        <div className="card">
          <dt>Unique visitors</dt>
          <dd className="analytics-totals__value">{report.uniqueVisitors}</dd>
        </div>
        <div className="card">
          <dt>Quote requests</dt>
          <dd className="analytics-totals__value">{countLabel(report.contactRequestCount)}</dd>
        </div>
      </dl>

      <section className="card" aria-labelledby="analytics-daily">
        <h2 id="analytics-daily">The last 30 days</h2>
        <DailyChart daily={report.daily} />
      </section>

      <div className="admin-columns">
        <CountTable
          id="analytics-pages"
          title="Pages"
          column="Page"
          rows={report.pageBreakdown.map((row) => [row.page, row.count])}
          empty="No page views that day."
        />
        <CountTable
          id="analytics-referrers"
          title="Referrers"
          column="Site"
          rows={report.referrers.map((row) => [row.host, row.count])}
          empty="No visits from other sites that day."
        />
      </div>

      <Funnel report={report} />

      <section className="card" aria-labelledby="analytics-quotes">
        <h2 id="analytics-quotes">Quote requests</h2>
        {report.contactRequests.length === 0 ? (
          <p>No quote requests that day.</p>
        ) : (
          <div className="analytics-table-wrap">
            <table className="analytics-table">
              <thead>
                <tr>
                  <th scope="col">Received</th>
                  <th scope="col">Name</th>
                  <th scope="col">Service</th>
                  <th scope="col">Phone</th>
                  <th scope="col">Email</th>
                </tr>
              </thead>
              <tbody>
                {report.contactRequests.map((quote) => (
                  <tr key={quote.id}>
                    <td>{formatMelbourneTime(quote.createdAt)}</td>
                    <th scope="row">{quote.name}</th>
                    <td>{serviceLabel(quote.service)}</td>
                    <td>
                      <a href={`tel:${quote.phone.replace(/[^\d+]/g, '')}`}>{quote.phone}</a>
                    </td>
                    <td>
                      <a href={`mailto:${quote.email}`}>{quote.email}</a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <InboxLink report={report} />
      </section>
    </div>
  );
}

/** Under the day's newest quote requests: how many are shown, and the way to all of them in the inbox. */
function InboxLink({ report }: { report: AnalyticsReport }) {
  const shown = report.contactRequests.length;
  const total = report.contactRequestCount;
  if (total === 0) return null;
  const href = appPath(report.inboxUrl);
  if (shown >= total) {
    return (
      <p>
        <Link href={href}>See them in the inbox</Link>
      </p>
    );
  }
  return (
    <p>
      {countLabel(shown)} newest shown. <Link href={href}>See all {countLabel(total)} in the inbox</Link>
    </p>
  );
}

function CountTable({
  id,
  title,
  column,
  rows,
  empty,
}: {
  id: string;
  title: string;
  column: string;
  rows: [string, number][];
  empty: string;
}) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <div className="analytics-table-wrap">
          <table className="analytics-table">
            <thead>
              <tr>
                <th scope="col">{column}</th>
                <th scope="col">Views</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([label, count]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The wizard funnel as bars: how many visits reached each point, and how many left there. */
function Funnel({ report }: { report: AnalyticsReport }) {
  const most = Math.max(1, ...report.funnel.map((row) => row.reached));
  return (
    <section className="card" aria-labelledby="analytics-funnel">
      <h2 id="analytics-funnel">Quote wizard funnel</h2>
      <ol className="analytics-funnel">
        {report.funnel.map((row) => (
          <li key={row.step}>
            <span className="analytics-funnel__label">{funnelLabel(row.step)}</span>
            <span className="analytics-funnel__track" aria-hidden="true">
              <span className="analytics-funnel__bar" style={{ width: `${(row.reached / most) * 100}%` }} />
            </span>
            <span className="analytics-funnel__numbers">
              {row.reached} reached
              {row.dropOff > 0 ? `, ${row.dropOff} left here` : ''}
            </span>
          </li>
        ))}
      </ol>
      {report.failedSubmissions > 0 ? (
        <p className="muted">
          {report.failedSubmissions} submission {report.failedSubmissions === 1 ? 'attempt' : 'attempts'}{' '}
          failed and {report.failedSubmissions === 1 ? 'was' : 'were'} offered a retry.
        </p>
      ) : null}
    </section>
  );
}
