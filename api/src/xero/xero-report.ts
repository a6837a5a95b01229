import type { XeroReportType } from '@cleanquote/content';

// The report types are the business's words, shared with the /xero screen.
export { XERO_REPORT_TYPES, type XeroReportType } from '@cleanquote/content';

export interface XeroReportCell {
  value?: string;
}

export interface XeroReportRow {
  rowType: 'Header' | 'Section' | 'Row' | 'SummaryRow';
  title?: string;
  cells?: XeroReportCell[];
  rows?: XeroReportRow[];
}

/** One report as the mail renderer gets it (camelCase, as xero-node deserialises Xero's JSON). */
export interface XeroReport {
  type: XeroReportType;
  /** 'Profit and Loss' */
  reportName: string;
  /** ['Profit and Loss', 'Sparkle Clean Pty Ltd', '16 November 2026 to 22 November 2026'] */
  reportTitles: string[];
  /** '23 November 2026' */
  reportDate?: string;
  rows: XeroReportRow[];
}

const ROW_TYPES: readonly XeroReportRow['rowType'][] = ['Header', 'Section', 'Row', 'SummaryRow'];

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Xero's PascalCase field, or the camelCase one xero-node hands over. */
function field(source: Loose, pascal: string): unknown {
  return source[pascal] ?? source[pascal.charAt(0).toLowerCase() + pascal.slice(1)];
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function rowFrom(raw: unknown): XeroReportRow | undefined {
  if (!isObject(raw)) return undefined;
  const rawType = text(field(raw, 'RowType'));
  // An unknown row type still carries figures someone may need, so it is shown as a plain row.
  const rowType = ROW_TYPES.find((known) => known.toLowerCase() === rawType?.toLowerCase()) ?? 'Row';
  const row: XeroReportRow = { rowType };
  const title = text(field(raw, 'Title'));
  if (title !== undefined) row.title = title;
  const cells = field(raw, 'Cells');
  if (Array.isArray(cells)) {
    row.cells = cells.map((cell) => {
      const value = isObject(cell) ? text(field(cell, 'Value')) : undefined;
      return value === undefined ? {} : { value };
    });
  }
  const rows = field(raw, 'Rows');
  if (Array.isArray(rows)) row.rows = rowsFrom(rows);
  return row;
}

function rowsFrom(raw: unknown[]): XeroReportRow[] {
  return raw.map(rowFrom).filter((row): row is XeroReportRow => row !== undefined);
}

/**
 * One report of Xero's JSON (`Reports[0]` of a Reports answer, PascalCase; the whole answer and
 * xero-node's camelCase objects are accepted too) as a {@link XeroReport}.
 * @throws Error when `raw` holds no report.
 */
export function reportFromXeroJson(type: XeroReportType, raw: unknown): XeroReport {
  let report = raw;
  if (isObject(report)) {
    const reports = field(report, 'Reports');
    if (Array.isArray(reports)) report = reports[0];
  }
  if (!isObject(report)) throw new Error(`Xero answered without a report (${type})`);
  const rows = field(report, 'Rows');
  const titles = field(report, 'ReportTitles');
  const reportName = text(field(report, 'ReportName'));
  const reportDate = text(field(report, 'ReportDate'));
  return {
    type,
    reportName: reportName ?? type,
    reportTitles: Array.isArray(titles)
      ? titles.map(text).filter((title): title is string => title !== undefined)
      : [],
    ...(reportDate === undefined ? {} : { reportDate }),
    rows: Array.isArray(rows) ? rowsFrom(rows) : [],
  };
}
