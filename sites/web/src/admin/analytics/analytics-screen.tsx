import './analytics.css';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { showToast } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import { serviceLabel } from '../lib/quote-labels.ts';
import {
  acceptanceLabel,
  appPath,
  changeLabel,
  countLabel,
  dayLabel,
  funnelLabel,
  hoursToQuoteLabel,
  melbourneDayFromToday,
} from './analytics-labels.ts';
import { type AnalyticsReport, analyticsReportQuery, useSendAnalyticsReport } from './analytics-queries.ts';
import { DailyChart } from './daily-chart.tsx';

/** What an emptied Date field says when the report is sent. */
const NO_DAY = 'Choose the day to report on.';

/**
 * /analytics: one Melbourne day's report — totals and the weekly comparison, 30 days of views and
 * quote requests, pages, referrers, the wizard funnel and the day's newest quote requests with a link
 * to all of them in the inbox — a 'Date' field, and 'Send Daily Report'. The report lists quote
 * requests, so a locked quote dashboard asks for its password first.
 */
export function AnalyticsScreen() {
  const dateId = useId();
  const dateErrorId = useId();
  const dateField = useRef<HTMLInputElement>(null);
  // Today, as it grows: the daily report mail is the one that reports on yesterday.
  const [date, setDate] = useState(() => melbourneDayFromToday(0));
  const [dateError, setDateError] = useState<string | null>(null);
  const sendReport = useSendAnalyticsReport();

  const send = () => {
    if (sendReport.isPending) return;
    if (!date) {
      setDateError(NO_DAY);
      dateField.current?.focus();
      return;
    }
    sendReport.mutate(date, {
      onSuccess: (sent) =>
        showToast({
          title: 'Daily analytics report sent',
          description: `The report for ${dayLabel(sent.date)} is on its way to ${sent.recipients.join(' and ')}.`,
        }),
    });
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
            ref={dateField}
            id={dateId}
            type="date"
            value={date}
            max={melbourneDayFromToday(0)}
            required
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? dateErrorId : undefined}
            onChange={(event) => {
              setDate(event.target.value);
              setDateError(null);
            }}
          />
          {dateError ? (
            <p id={dateErrorId} className="field-error">
              {dateError}
            </p>
          ) : null}
        </div>
        <button type="button" className="button" onClick={send}>
          {sendReport.isPending ? 'Sending...' : 'Send Daily Report'}
        </button>
      </div>
      <DayReport date={date} />
    </>
  );
}

/** The report of `date`, or what stands in for it while it loads or when it could not be read. */
function DayReport({ date }: { date: string }) {
  const report = useQuery(analyticsReportQuery(date));
  if (report.data) return <Report report={report.data} />;
  if (report.isError) {
    return (
      <section className="card" role="alert">
        <p>Failed to fetch analytics report</p>
        <button type="button" className="button button--outline" onClick={() => void report.refetch()}>
          Try again
        </button>
      </section>
    );
  }
  return <p role="status">Loading the report…</p>;
}

function Report({ report }: { report: AnalyticsReport }) {
  const { weeklyComparison: week } = report;
  const visited = !dayWithoutVisits(report);
  return (
    <div className="analytics-report">
      <h2 className="visually-hidden">Report for {dayLabel(report.date)}</h2>
      {visited ? null : <p className="card analytics-empty-day">No visits recorded on this day</p>}
      {visited ? (
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
      ) : null}

      <section className="card" aria-labelledby="analytics-daily">
        <h2 id="analytics-daily">The last 30 days</h2>
        <DailyChart daily={report.daily} />
      </section>

      {visited ? (
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
      ) : null}

      {visited ? <Funnel report={report} /> : null}

      <section aria-labelledby="analytics-priced-quotes">
        <h2 id="analytics-priced-quotes">Priced quotes</h2>
        <dl className="analytics-totals">
          <div className="card">
            <dt>Quotes sent</dt>
            <dd className="analytics-totals__value">{countLabel(report.quotesSent)}</dd>
          </div>
          <div className="card">
            <dt>Quotes accepted</dt>
            <dd className="analytics-totals__value">{countLabel(report.quotesAccepted)}</dd>
          </div>
          <div className="card">
            <dt>Acceptance rate</dt>
            <dd className={totalClass(report.acceptancePercent)}>
              {acceptanceLabel(report.acceptancePercent)}
            </dd>
          </div>
          <div className="card">
            <dt>Median time from request to quote</dt>
            <dd className={totalClass(report.medianHoursToQuote)}>
              {hoursToQuoteLabel(report.medianHoursToQuote)}
            </dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="analytics-visits">
        <h2 id="analytics-visits">Visits</h2>
        <dl className="analytics-totals">
          <div className="card">
            <dt>Visits booked</dt>
            <dd className="analytics-totals__value">{countLabel(report.visitsBooked)}</dd>
          </div>
          <div className="card">
            <dt>Visits the day after</dt>
            <dd className="analytics-totals__value">{countLabel(report.visitsFollowingDay)}</dd>
          </div>
        </dl>
      </section>

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

/**
 * A day nobody visited and nothing was asked for: its totals, pages, referrers and funnel would be a
 * row of zeros, so one sentence says it instead.
 */
export function dayWithoutVisits(
  report: Pick<AnalyticsReport, 'totalViews' | 'contactRequestCount'>,
): boolean {
  return report.totalViews === 0 && report.contactRequestCount === 0;
}

/** A total's figure, or the muted words standing in for one, in the same line box so the cards line up. */
function totalClass(value: number | null): string {
  return value === null
    ? 'analytics-totals__value analytics-totals__value--none muted'
    : 'analytics-totals__value';
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
