import { describe, expect, it } from 'vitest';
import { fakeXeroReport, type RawXeroRow } from '../../../tests/support/fake-xero-reports.ts';
import { financialReportMail, formatAud } from './report-mail.ts';
import {
  reportFromXeroJson,
  XERO_REPORT_TYPES,
  type XeroReport,
  type XeroReportType,
} from './xero-report.ts';

// The mail is read by the owner, so the tests read it too: the HTML as text a mail client shows,
// and the plain-text part as it is.

const ORGANISATION = 'Sparkle Clean Pty Ltd';
const QUERY = { fromDate: '2026-11-16', toDate: '2026-11-22', date: '2026-11-22' };

function rawReport(type: XeroReportType, organisation = ORGANISATION) {
  return fakeXeroReport(type, organisation, QUERY, new Date('2026-11-22T22:00:00Z'));
}

function report(type: XeroReportType, organisation = ORGANISATION): XeroReport {
  return reportFromXeroJson(type, { Reports: [rawReport(type, organisation)] });
}

function mail(
  reports: readonly XeroReport[],
  overrides: Partial<Parameters<typeof financialReportMail>[0]> = {},
) {
  return financialReportMail({
    organisation: ORGANISATION,
    reports,
    kind: 'weekly',
    periodLabel: '16–22 November 2026',
    publicUrl: 'https://sparkleclean.example',
    ...overrides,
  });
}

/** What a mail client shows of the HTML: the text, entities decoded, one space between cells. */
function readable(html: string): string {
  return html
    .replace(/<br>|<\/(?:p|h1|h2|tr|th|td)>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** Every Row and SummaryRow of Xero's raw rows, and every non-empty section title. */
function rawLines(rows: readonly RawXeroRow[]): { label: string; figures: string[] }[] {
  return rows.flatMap((row) => [
    ...(row.RowType === 'Row' || row.RowType === 'SummaryRow'
      ? [
          {
            label: row.Cells?.[0]?.Value ?? '',
            figures: (row.Cells ?? []).slice(1).map((cell) => cell.Value),
          },
        ]
      : []),
    ...rawLines(row.Rows ?? []),
  ]);
}

function sectionTitles(rows: readonly RawXeroRow[]): string[] {
  return rows.flatMap((row) => (row.RowType === 'Section' && row.Title ? [row.Title] : []));
}

const numeric = (value: string) => /^-?\d+(\.\d+)?$/.test(value);

describe('formatAud', () => {
  it('groups thousands and keeps two decimals, and leaves other text alone', () => {
    expect(formatAud('12345.67')).toBe('12,345.67');
    expect(formatAud('-50')).toBe('-50.00');
    expect(formatAud('-1234.5')).toBe('-1,234.50');
    expect(formatAud('1000000')).toBe('1,000,000.00');
    expect(formatAud('0.00')).toBe('0.00');
    expect(formatAud('-0.001')).toBe('0.00');
    expect(formatAud('')).toBe('');
    expect(formatAud(undefined)).toBe('');
    expect(formatAud('22 Nov 2026')).toBe('22 Nov 2026');
    expect(formatAud('Total Income')).toBe('Total Income');
  });
});

describe('financialReportMail', () => {
  const all = XERO_REPORT_TYPES.map((type) => report(type));
  const weekly = mail(all);
  const html = readable(weekly.html);

  it('names the organisation and the period in the subject', () => {
    expect(weekly.subject).toBe('Weekly financial report: Sparkle Clean Pty Ltd, 16–22 November 2026');
    expect(mail(all, { kind: 'test' }).subject).toBe(
      'Test financial report: Sparkle Clean Pty Ltd, 16–22 November 2026',
    );
  });

  it('shows every account and every figure of every report, grouped, in both parts', () => {
    for (const type of XERO_REPORT_TYPES) {
      const lines = rawLines(rawReport(type).Rows);
      expect(lines.length).toBeGreaterThan(3);
      for (const { label, figures } of lines) {
        expect(html, `${type}: ${label}`).toContain(label);
        expect(weekly.text, `${type}: ${label}`).toContain(label);
        for (const figure of figures.filter(numeric)) {
          const shown = formatAud(figure);
          expect(html, `${type}: ${label} ${figure}`).toContain(shown);
          expect(weekly.text, `${type}: ${label} ${figure}`).toContain(shown);
        }
      }
    }
    expect(weekly.text).toContain('9,842.50');
    expect(weekly.text).not.toContain('9842.50');
    expect(weekly.html).not.toContain('9842.50');
  });

  it('shows the section titles, column headings and report titles in the order Xero gives', () => {
    for (const type of XERO_REPORT_TYPES) {
      const raw = rawReport(type);
      const titles = sectionTitles(raw.Rows);
      // Only the bank summary has no titled section (Xero gives its accounts an untitled one).
      expect(titles.length > 0 || type === 'bank_summary', type).toBe(true);
      let from = html.indexOf(raw.ReportTitles[0] ?? '');
      for (const title of titles) {
        const at = html.indexOf(title, from);
        expect(at, `${type}: ${title}`).toBeGreaterThan(from);
        from = at;
      }
      for (const title of raw.ReportTitles) expect(weekly.text).toContain(title);
    }
    expect(weekly.html).toMatch(/<th scope="col"[^>]*>22 Nov 2026<\/th>/);
    expect(weekly.html).toMatch(/<th scope="col"[^>]*>YTD Credit<\/th>/);
    expect(weekly.html).toMatch(/<th colspan="2" scope="colgroup"[^>]*>Less Operating Expenses<\/th>/);
    expect(weekly.text).toContain(
      'Profit and Loss\n===============\nSparkle Clean Pty Ltd\n16 November 2026 to 22 November 2026',
    );
  });

  it('keeps the reports in the order given', () => {
    const reversed = readable(mail([...all].reverse()).html);
    const at = (name: string) => reversed.indexOf(name);
    expect(at('Trial Balance')).toBeLessThan(at('Bank Summary'));
    expect(at('Bank Summary')).toBeLessThan(at('Balance Sheet'));
    expect(at('Balance Sheet')).toBeLessThan(at('Profit and Loss'));
  });

  it('marks negative figures with the minus sign and a marker beside colour in HTML, and a minus in text', () => {
    const negatives = XERO_REPORT_TYPES.flatMap((type) =>
      rawLines(rawReport(type).Rows).flatMap(({ figures }) =>
        figures.filter((value) => numeric(value) && value.startsWith('-')),
      ),
    );
    // The refund, the credit card, accumulated depreciation, drawings and the GST refund due.
    expect(negatives).toEqual(expect.arrayContaining(['-180.00', '-836.20', '-412.36', '-58000.00']));
    const marked = [
      ...weekly.html.matchAll(/<span class="negative" style="[^"]*color:[^"]*">([^<]*)<\/span>/g),
    ].map((match) => match[1]);
    expect(marked).toEqual(negatives.map(formatAud));
    for (const value of negatives) expect(weekly.text).toContain(formatAud(value));
    expect(weekly.text).toContain('-58,000.00');
    expect(weekly.html).not.toMatch(/<span class="negative"[^>]*>[^-]/);
  });

  it('sets totals in bold and plain account rows in normal weight', () => {
    expect(weekly.html).toMatch(/<th scope="row"[^>]*font-weight:700[^>]*>Total Income<\/th>/);
    expect(weekly.html).toMatch(/<th scope="row"[^>]*font-weight:700[^>]*>Net Profit<\/th>/);
    expect(weekly.html).toMatch(/<th scope="row"[^>]*font-weight:700[^>]*>Gross Profit<\/th>/);
    expect(weekly.html).toMatch(/<th scope="row"[^>]*font-weight:400[^>]*>Cleaning services<\/th>/);
  });

  it('lines the figures up in the plain-text part', () => {
    const profit = weekly.text.slice(
      weekly.text.indexOf('Profit and Loss\n'),
      weekly.text.indexOf('Balance Sheet\n'),
    );
    const figureLines = profit.split('\n').filter((line) => /\d\.\d\d$/.test(line));
    expect(figureLines.length).toBeGreaterThan(10);
    expect(new Set(figureLines.map((line) => line.length)).size).toBe(1);
    const cleaning = figureLines.find((line) => line.includes('Cleaning services')) ?? '';
    expect(cleaning).toMatch(/^ {2}Cleaning services {2,}9,842\.50$/);
    expect(profit).toMatch(/\nIncome\n/);
  });

  it('links to the Xero page and keeps an organisation name as text', () => {
    expect(weekly.html).toContain('href="https://sparkleclean.example/xero"');
    expect(weekly.text).toContain('https://sparkleclean.example/xero');
    const odd = mail([report('profit_loss', '<b>&Co')], { organisation: '<b>&Co', kind: 'test' });
    expect(odd.html).not.toContain('<b>');
    expect(odd.html).toContain('&#60;b&#62;&#38;Co');
    expect(readable(odd.html)).toContain('<b>&Co');
    expect(odd.subject).toBe('Test financial report: <b>&Co, 16–22 November 2026');
    expect(odd.text).toContain('<b>&Co');
    // Telephone & internet is escaped as well.
    expect(weekly.html).toContain('Telephone &#38; internet');
  });

  it('keeps the subject on one line', () => {
    expect(mail(all, { organisation: 'Sparkle\r\nBcc: someone@example.com' }).subject).toBe(
      'Weekly financial report: Sparkle Bcc: someone@example.com, 16–22 November 2026',
    );
  });

  it('reads xero-node camelCase reports the same as Xero JSON', () => {
    const raw = rawReport('balance_sheet');
    const camel = JSON.parse(
      JSON.stringify(raw).replace(
        /"([A-Z][A-Za-z]*)":/g,
        (_, name: string) => `"${name[0]?.toLowerCase()}${name.slice(1)}":`,
      ),
    );
    expect(reportFromXeroJson('balance_sheet', camel)).toEqual(report('balance_sheet'));
  });
});
