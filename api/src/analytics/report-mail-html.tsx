/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { MailFooter, renderMailHtml } from '../mail/mail-html.tsx';

/** One section of the daily report: its heading, its rows (or what it says when it has none), a link. */
export interface ReportSection {
  heading: string;
  rows: [string, string][];
  empty: string;
  note?: { text: string; href: string } | undefined;
}

function Section({ heading, rows, empty, note }: ReportSection) {
  return (
    <>
      <h2 style="font-size:1.1em">{heading}</h2>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <table cellpadding="4" style="border-collapse:collapse">
          {rows.map(([label, value]) => (
            <tr>
              <th align="left" style="vertical-align:top">
                {label}
              </th>
              <td>{value}</td>
            </tr>
          ))}
        </table>
      )}
      {note && (
        <p>
          {note.text} <a href={note.href}>{note.href}</a>
        </p>
      )}
    </>
  );
}

/** The HTML of the daily report: its title, each section, and the footer. */
export function dailyReportHtml({
  title,
  sections,
  footer,
}: {
  title: string;
  sections: readonly ReportSection[];
  footer: string;
}): string {
  return renderMailHtml(
    <>
      <h1 style="font-size:1.3em">{title}</h1>
      {sections.map((section) => (
        <Section {...section} />
      ))}
      <MailFooter text={footer} />
    </>,
  );
}
