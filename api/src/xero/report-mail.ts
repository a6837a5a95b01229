import { business } from '@cleanquote/content';
import { financialReportHtml, type PrintedReport } from './report-mail-html.tsx';
import type { XeroReport, XeroReportRow } from './xero-report.ts';

const aud = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
// Xero writes figures as plain decimals: '12345.67', '-1234.50'.
const FIGURE = /^-?\d+(?:\.\d+)?$/;

/** A report figure with AUD grouping and two decimals ('12345.67' → '12,345.67', '-50' → '-50.00'); other text as it is. */
export function formatAud(value: string | undefined): string {
  if (value === undefined) return '';
  const trimmed = value.trim();
  if (!FIGURE.test(trimmed)) return value;
  const amount = Number(trimmed);
  // '-0.004' would otherwise read '-0.00'.
  return aud.format(Math.abs(amount) < 0.005 ? 0 : amount);
}

interface Cell {
  text: string;
  negative: boolean;
}

/** One printed line of a report: a column heading, a section title, an account or a total. */
export interface Line {
  kind: 'header' | 'title' | 'row' | 'total';
  depth: number;
  cells: Cell[];
}

function figureCell(value: string | undefined): Cell {
  const text = formatAud(value);
  return { text, negative: FIGURE.test(value?.trim() ?? '') && text.startsWith('-') };
}

function linesOf(rows: readonly XeroReportRow[], depth: number, untitledSection: boolean): Line[] {
  return rows.flatMap((row): Line[] => {
    const cells = row.cells ?? [];
    switch (row.rowType) {
      case 'Header':
        return [
          {
            kind: 'header',
            depth,
            cells: cells.map((cell) => ({ text: cell.value ?? '', negative: false })),
          },
        ];
      case 'Section': {
        const title = row.title?.trim() ?? '';
        const titleLine: Line[] = title
          ? [{ kind: 'title', depth, cells: [{ text: title, negative: false }] }]
          : [];
        return [...titleLine, ...linesOf(row.rows ?? [], title ? depth + 1 : depth, !title)];
      }
      default: {
        const [label, ...figures] = cells;
        // Xero puts a standalone total (Gross Profit) as a plain row in a section with no title.
        const kind = row.rowType === 'SummaryRow' || untitledSection ? 'total' : 'row';
        const line: Line = {
          kind,
          depth,
          cells: [
            { text: label?.value ?? '', negative: false },
            ...figures.map((cell) => figureCell(cell.value)),
          ],
        };
        return [line, ...linesOf(row.rows ?? [], depth + 1, false)];
      }
    }
  });
}

function columnCount(lines: readonly Line[]): number {
  return Math.max(1, ...lines.filter((line) => line.kind !== 'title').map((line) => line.cells.length));
}

// ---- HTML ----------------------------------------------------------------------------------------

function printedReport(report: XeroReport): PrintedReport {
  const lines = linesOf(report.rows, 0, false);
  const [heading, ...subtitles] = report.reportTitles.length > 0 ? report.reportTitles : [report.reportName];
  return { heading: heading ?? report.reportName, subtitles, lines, columns: columnCount(lines) };
}

// ---- Plain text ----------------------------------------------------------------------------------

function textReport(report: XeroReport): string {
  const lines = linesOf(report.rows, 0, false);
  const columns = columnCount(lines);
  const label = (line: Line) => `${'  '.repeat(line.depth)}${line.cells[0]?.text ?? ''}`;
  const widths = Array.from({ length: columns }, (_, column) =>
    Math.max(
      0,
      ...lines
        .filter((line) => line.kind !== 'title')
        .map((line) => (column === 0 ? label(line).length : (line.cells[column]?.text.length ?? 0))),
    ),
  );
  const figuresWidth = widths.slice(1).reduce((total, width) => total + width + 2, 0);
  const row = (line: Line) =>
    [
      label(line).padEnd(widths[0] ?? 0),
      ...widths.slice(1).map((width, index) => (line.cells[index + 1]?.text ?? '').padStart(width)),
    ]
      .join('  ')
      .trimEnd();
  const rule = (character: string) =>
    `${' '.repeat((widths[0] ?? 0) + 2)}${character.repeat(Math.max(0, figuresWidth - 2))}`;
  const body = lines.flatMap((line) => {
    if (line.kind === 'title') return ['', label(line)];
    if (line.kind === 'header') return [row(line), rule('=')];
    if (line.kind === 'total' && columns > 1) return [rule('-'), row(line)];
    return [row(line)];
  });
  const [heading, ...subtitles] = report.reportTitles.length > 0 ? report.reportTitles : [report.reportName];
  const title = heading ?? report.reportName;
  return [
    title,
    '='.repeat(title.length),
    ...subtitles,
    '',
    ...(lines.length === 0 ? ['Xero sent this report without any rows.'] : body),
  ].join('\n');
}

// ---- The mail ------------------------------------------------------------------------------------

/** A header value on one line: an organisation name could carry a line break. */
function oneLine(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** One mail with every selected report: HTML with a plain-text part. */
export function financialReportMail(input: {
  /** The organisation's name in Xero (tenantName). */
  organisation: string;
  /** In the order given. */
  reports: readonly XeroReport[];
  kind: 'weekly' | 'test';
  /** The period in words, e.g. '16–22 November 2026' (the caller words it). */
  periodLabel: string;
  /** PUBLIC_URL, for a link to /xero in the footer. */
  publicUrl: string;
}): { subject: string; html: string; text: string } {
  const { organisation, reports, kind, periodLabel, publicUrl } = input;
  const heading = kind === 'weekly' ? 'Weekly financial report' : 'Test financial report';
  const subject = oneLine(`${heading}: ${organisation}, ${periodLabel}`);
  const xeroPage = `${publicUrl.replace(/\/+$/, '')}/xero`;
  const intro =
    kind === 'weekly'
      ? `Your weekly reports from Xero for ${organisation}, ${periodLabel}.`
      : `A test of the reports from Xero for ${organisation}, ${periodLabel}. Weekly reports look the same.`;
  const footer =
    kind === 'weekly'
      ? 'Change or cancel these weekly reports on the Xero page:'
      : 'Schedule weekly reports on the Xero page:';
  const empty = 'No reports were selected.';

  const html = financialReportHtml({
    heading,
    intro,
    reports: reports.map(printedReport),
    empty,
    footer,
    xeroPage,
  });

  const text = [
    heading,
    intro,
    ...(reports.length === 0 ? ['', empty] : reports.flatMap((report) => ['', '', textReport(report)])),
    '',
    '',
    `${footer} ${xeroPage}`,
    business.name,
    '',
  ].join('\n');
  return { subject, html, text };
}
