import { useId } from 'react';
import { dayLabel } from './analytics-labels.ts';
import type { AnalyticsReport } from './analytics-queries.ts';

const WIDTH = 600;
const HEIGHT = 180;
const BOTTOM = 20;

/**
 * The 30-day chart: page views (tall bars) and quote requests (dark bars in front), hand-made SVG
 * (no chart library: a few dozen rectangles). A summary sentence is its text alternative, and the
 * numbers are in a table anyone can open, screen readers included.
 */
export function DailyChart({ daily }: { daily: AnalyticsReport['daily'] }) {
  const titleId = useId();
  const summaryId = useId();
  const maxViews = Math.max(1, ...daily.map((day) => day.views));
  const maxQuotes = Math.max(1, ...daily.map((day) => day.quoteRequests));
  const slot = WIDTH / Math.max(1, daily.length);
  const plot = HEIGHT - BOTTOM;
  const totalViews = daily.reduce((sum, day) => sum + day.views, 0);
  const totalQuotes = daily.reduce((sum, day) => sum + day.quoteRequests, 0);
  const busiest = daily.reduce(
    (best, day) => (day.views > best.views ? day : best),
    daily[0] ?? { date: '', views: 0 },
  );
  const first = daily[0]?.date ?? '';
  const last = daily.at(-1)?.date ?? '';
  const summary = `${daily.length} days from ${dayLabel(first)} to ${dayLabel(last)}: ${totalViews} page views and ${totalQuotes} quote requests in total${
    busiest.views > 0 ? `; the busiest day was ${dayLabel(busiest.date)} with ${busiest.views} views` : ''
  }.`;
  return (
    <figure className="analytics-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${summaryId}`}>
        <title id={titleId}>Page views and quote requests per day</title>
        <desc id={summaryId}>{summary}</desc>
        <line x1="0" y1={plot} x2={WIDTH} y2={plot} className="analytics-chart__axis" />
        {daily.map((day, index) => {
          const viewsHeight = (day.views / maxViews) * (plot - 4);
          const quotesHeight = (day.quoteRequests / maxQuotes) * (plot - 4) * 0.6;
          const x = index * slot;
          return (
            <g key={day.date}>
              <rect
                className="analytics-chart__views"
                x={x + slot * 0.1}
                y={plot - viewsHeight}
                width={slot * 0.8}
                height={viewsHeight}
              />
              <rect
                className="analytics-chart__quotes"
                x={x + slot * 0.3}
                y={plot - quotesHeight}
                width={slot * 0.4}
                height={quotesHeight}
              />
            </g>
          );
        })}
        <text x="0" y={HEIGHT - 4} className="analytics-chart__label">
          {dayLabel(first)}
        </text>
        <text x={WIDTH} y={HEIGHT - 4} textAnchor="end" className="analytics-chart__label">
          {dayLabel(last)}
        </text>
      </svg>
      <figcaption>
        <span className="analytics-key analytics-key--views" aria-hidden="true" /> Page views (up to{' '}
        {maxViews}) <span className="analytics-key analytics-key--quotes" aria-hidden="true" /> Quote requests
        (up to {maxQuotes})
      </figcaption>
      <details className="analytics-chart__data">
        <summary>Show the numbers for each day</summary>
        <div className="analytics-table-wrap">
          <table className="analytics-table">
            <caption className="visually-hidden">Page views and quote requests per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Page views</th>
                <th scope="col">Quote requests</th>
              </tr>
            </thead>
            <tbody>
              {daily.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{dayLabel(day.date)}</th>
                  <td>{day.views}</td>
                  <td>{day.quoteRequests}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
