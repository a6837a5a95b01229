/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { business } from '@cleanquote/content';
import { renderMailHtml } from '../mail/mail-html.tsx';
import type { Line } from './report-mail.ts';

/** One report as the mail prints it: its heading, the titles under it, and its lines. */
export interface PrintedReport {
  heading: string;
  subtitles: readonly string[];
  lines: readonly Line[];
  /** How many columns its table has. */
  columns: number;
}

const NEGATIVE_STYLE = 'color:#a1141b;font-weight:600';
const CELL = 'padding:3px 8px;vertical-align:top';

function ReportLine({ line, columns }: { line: Line; columns: number }) {
  const indent = `padding-left:${8 + line.depth * 16}px`;
  if (line.kind === 'title') {
    return (
      <tr>
        <th
          colspan={columns}
          scope="colgroup"
          align="left"
          style={`${CELL};${indent};padding-top:14px;border-bottom:1px solid #c9d1dc;font-size:1.05em`}
        >
          {line.cells[0]?.text ?? ''}
        </th>
      </tr>
    );
  }
  const padded = [
    ...line.cells,
    ...Array.from({ length: columns - line.cells.length }, () => ({ text: '', negative: false })),
  ];
  if (line.kind === 'header') {
    return (
      <tr>
        {padded.map((cell, index) =>
          // An empty corner cell is no heading: a <td>, so that no header is announced as blank.
          index === 0 && !cell.text.trim() ? (
            <td style={`${CELL};border-bottom:2px solid #1a2433`}></td>
          ) : (
            <th
              scope="col"
              align={index === 0 ? 'left' : 'right'}
              style={`${CELL};border-bottom:2px solid #1a2433;white-space:nowrap`}
            >
              {cell.text}
            </th>
          ),
        )}
      </tr>
    );
  }
  const total = line.kind === 'total';
  const rowStyle = total ? ';font-weight:700;border-top:1px solid #1a2433' : '';
  const [label, ...figures] = padded;
  return (
    <tr>
      <th scope="row" align="left" style={`${CELL};${indent};font-weight:${total ? 700 : 400}${rowStyle}`}>
        {label?.text ?? ''}
      </th>
      {figures.map((cell) => (
        <td align="right" style={`${CELL};white-space:nowrap${rowStyle}`}>
          {
            // The minus sign stays in the text; the colour is an extra marker, never the only one.
            cell.negative ? (
              <span class="negative" style={NEGATIVE_STYLE}>
                {cell.text}
              </span>
            ) : (
              cell.text
            )
          }
        </td>
      ))}
    </tr>
  );
}

function Report({ report }: { report: PrintedReport }) {
  const { heading, subtitles, lines, columns } = report;
  const headerLines = lines.filter((line) => line.kind === 'header');
  const bodyLines = lines.filter((line) => line.kind !== 'header');
  return (
    <>
      <h2 style="font-size:1.2em;margin:28px 0 4px">{heading}</h2>
      {subtitles.length > 0 && (
        <p style="margin:0 0 12px;color:#3d4a5c">
          {subtitles.map((subtitle, index) => (index === 0 ? subtitle : [<br />, subtitle]))}
        </p>
      )}
      {lines.length === 0 ? (
        <p>Xero sent this report without any rows.</p>
      ) : (
        <table
          cellpadding="0"
          cellspacing="0"
          style="border-collapse:collapse;width:100%;max-width:720px;font-size:14px"
        >
          {headerLines.length > 0 && (
            <thead>
              {headerLines.map((line) => (
                <ReportLine line={line} columns={columns} />
              ))}
            </thead>
          )}
          <tbody>
            {bodyLines.map((line) => (
              <ReportLine line={line} columns={columns} />
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** The HTML of the financial report mail: the heading, the intro, each report, and the footer. */
export function financialReportHtml({
  heading,
  intro,
  reports,
  empty,
  footer,
  xeroPage,
}: {
  heading: string;
  intro: string;
  reports: readonly PrintedReport[];
  /** What the mail says when no report was selected. */
  empty: string;
  footer: string;
  /** The /xero page, linked after the footer. */
  xeroPage: string;
}): string {
  return renderMailHtml(
    <div style="font-family:Arial,Helvetica,sans-serif;color:#1a2433;line-height:1.4">
      <h1 style="font-size:1.4em;margin:0 0 8px">{heading}</h1>
      <p style="margin:0">{intro}</p>
      {reports.length === 0 ? <p>{empty}</p> : reports.map((report) => <Report report={report} />)}
      <p style="margin-top:28px;color:#3d4a5c">
        {footer} <a href={xeroPage}>{xeroPage}</a>
        <br />
        {business.name}
      </p>
    </div>,
  );
}
