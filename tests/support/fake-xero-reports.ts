import { createHash } from 'node:crypto';
import type { XeroReportType } from '../../api/src/xero/xero-report.ts';

/**
 * The report rows the fake Xero serves: one week of a Melbourne cleaning business, in the shape of
 * Xero's Reports JSON (PascalCase; a Header row of cells, Sections with a Title, Rows and a
 * SummaryRow, figures as plain decimal strings). Every total is computed from its rows, so the
 * figures add up the way Xero's do.
 */

export interface RawXeroCell {
  Value: string;
  Attributes?: { Value: string; Id: string }[];
}

export interface RawXeroRow {
  RowType: 'Header' | 'Section' | 'Row' | 'SummaryRow';
  Title?: string;
  Cells?: RawXeroCell[];
  Rows?: RawXeroRow[];
}

export interface RawXeroReport {
  ReportID: string;
  ReportName: string;
  ReportType: string;
  ReportTitles: string[];
  ReportDate: string;
  UpdatedDateUTC: string;
  Fields: never[];
  Rows: RawXeroRow[];
}

/** The dates a Reports request names ('YYYY-MM-DD'); what is missing takes Xero's default. */
export interface FakeReportQuery {
  fromDate?: string;
  toDate?: string;
  date?: string;
}

/** The Reports endpoint of each report type. */
export const REPORT_ENDPOINTS: Record<XeroReportType, string> = {
  profit_loss: 'ProfitAndLoss',
  balance_sheet: 'BalanceSheet',
  bank_summary: 'BankSummary',
  trial_balance: 'TrialBalance',
};

const REPORT_NAMES: Record<XeroReportType, string> = {
  profit_loss: 'Profit and Loss',
  balance_sheet: 'Balance Sheet',
  bank_summary: 'Bank Summary',
  trial_balance: 'Trial Balance',
};

// Money in cents so that totals are exact; Xero writes '-1234.50', never a thousands separator.
function figure(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** A stable account uuid per account name, as Xero puts in each row's Attributes. */
function accountId(name: string): string {
  const hex = createHash('sha256').update(`fake-xero-account:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function accountCell(value: string, account: string): RawXeroCell {
  return { Value: value, Attributes: [{ Value: accountId(account), Id: 'account' }] };
}

function accountRow(name: string, values: readonly string[], label = name): RawXeroRow {
  return {
    RowType: 'Row',
    Cells: [accountCell(label, name), ...values.map((value) => accountCell(value, name))],
  };
}

function summaryRow(label: string, values: readonly string[]): RawXeroRow {
  return { RowType: 'SummaryRow', Cells: [{ Value: label }, ...values.map((value) => ({ Value: value }))] };
}

function header(values: readonly string[]): RawXeroRow {
  return { RowType: 'Header', Cells: values.map((value) => ({ Value: value })) };
}

function section(title: string, rows: RawXeroRow[]): RawXeroRow {
  return { RowType: 'Section', Title: title, Rows: rows };
}

// ---- Dates ---------------------------------------------------------------------------------------

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

interface Day {
  year: number;
  month: number;
  day: number;
}

/** A 'YYYY-MM-DD' date, or undefined when it is not a real calendar day. */
export function parseReportDate(value: string): Day | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return undefined;
  }
  return { year, month, day };
}

/** Today in Melbourne, where the business (and so its Xero organisation) keeps its books. */
function melbourneToday(now: Date): Day {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Melbourne',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** '16 November 2026' */
function longDay({ year, month, day }: Day): string {
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** '22 Nov 2026', as Xero heads a column. */
function shortDay({ year, month, day }: Day): string {
  return `${day} ${MONTHS[month - 1]?.slice(0, 3)} ${year}`;
}

function yearEarlier(date: Day): Day {
  // 29 February a year earlier is 28 February.
  const day = Math.min(date.day, new Date(Date.UTC(date.year - 1, date.month, 0)).getUTCDate());
  return { year: date.year - 1, month: date.month, day };
}

// ---- The books -----------------------------------------------------------------------------------

/** [name, cents this week] */
type Line = readonly [string, number];

// One week of trading, GST exclusive. The refund is a re-clean credited to an end-of-lease client.
const INCOME: readonly Line[] = [
  ['Cleaning services', 984250],
  ['End of lease cleaning', 436500],
  ['NDIS cleaning', 213680],
  ['Refunds and credits', -18000],
];
const COST_OF_SALES: readonly Line[] = [
  ['Subcontractor cleaners', 242000],
  ['Carpet machine hire', 28500],
];
const OPERATING_EXPENSES: readonly Line[] = [
  ['Wages and salaries', 691200],
  ['Superannuation', 82944],
  ['Cleaning supplies', 61245],
  ['Motor vehicle expenses', 48630],
  ['Insurance', 21400],
  ['Advertising', 15000],
  ['Telephone & internet', 8995],
  ['Bank fees', 1850],
];

const ACCOUNT_CODES: Record<string, string> = {
  'Cleaning services': '200',
  'End of lease cleaning': '201',
  'NDIS cleaning': '202',
  'Refunds and credits': '209',
  'Subcontractor cleaners': '310',
  'Carpet machine hire': '311',
  Advertising: '400',
  'Bank fees': '404',
  'Cleaning supplies': '412',
  Insurance: '433',
  'Motor vehicle expenses': '449',
  'Wages and salaries': '477',
  Superannuation: '478',
  'Telephone & internet': '489',
  'Business Account': '090',
  'Savings Account': '091',
  'Business Visa': '092',
  'Accounts Receivable': '610',
  Prepayments: '620',
  'Motor Vehicles': '720',
  'Less Accumulated Depreciation on Motor Vehicles': '721',
  'Cleaning Equipment': '730',
  'Less Accumulated Depreciation on Cleaning Equipment': '731',
  'Accounts Payable': '800',
  GST: '820',
  'PAYG Withholdings Payable': '825',
  'Superannuation Payable': '826',
  'Wages Payable': '814',
  'Vehicle Loan': '900',
  'Owner A Funds Introduced': '960',
  'Owner A Drawings': '980',
  'Retained Earnings': '970',
};

// The financial year (from 1 July) so far is about twenty such weeks.
const WEEKS_THIS_YEAR = 20;
// And this month, about four.
const WEEKS_THIS_MONTH = 4;

/** [name, cents now, cents a year earlier] */
type BalanceLine = readonly [string, number, number];

// A credit card is a negative bank balance, and GST is a refund due (more GST paid on the new
// equipment than collected): the two negative figures a reader must not miss.
const BANK: readonly BalanceLine[] = [
  ['Business Account', 2846127, 1920455],
  ['Savings Account', 1500000, 1000000],
  ['Business Visa', -83620, -111235],
];
const CURRENT_ASSETS: readonly BalanceLine[] = [
  ['Accounts Receivable', 784260, 611000],
  ['Prepayments', 120000, 95000],
];
const FIXED_ASSETS: readonly BalanceLine[] = [
  ['Motor Vehicles', 4899000, 4899000],
  ['Less Accumulated Depreciation on Motor Vehicles', -1224750, -489900],
  ['Cleaning Equipment', 964000, 720000],
  ['Less Accumulated Depreciation on Cleaning Equipment', -321400, -144000],
];
const CURRENT_LIABILITIES: readonly BalanceLine[] = [
  ['Accounts Payable', 341520, 298000],
  ['GST', -41236, 183640],
  ['PAYG Withholdings Payable', 418800, 356000],
  ['Superannuation Payable', 331776, 264000],
  ['Wages Payable', 212000, 148000],
];
const NON_CURRENT_LIABILITIES: readonly BalanceLine[] = [['Vehicle Loan', 2460000, 3380000]];
const OWNER_FUNDS: BalanceLine = ['Owner A Funds Introduced', 2000000, 2000000];
const OWNER_DRAWINGS: BalanceLine = ['Owner A Drawings', -5800000, -4100000];
// Last year's profit for the same months, for the comparative column.
const CURRENT_YEAR_EARNINGS_A_YEAR_EARLIER = 6315870;

function netProfit(weeks: number): number {
  return (
    sum(INCOME.map(([, cents]) => cents * weeks)) -
    sum(COST_OF_SALES.map(([, cents]) => cents * weeks)) -
    sum(OPERATING_EXPENSES.map(([, cents]) => cents * weeks))
  );
}

interface BalanceSheetFigures {
  totalAssets: [number, number];
  totalLiabilities: [number, number];
  currentYearEarnings: [number, number];
  retainedEarnings: [number, number];
}

function totals(lines: readonly BalanceLine[]): [number, number] {
  return [sum(lines.map(([, now]) => now)), sum(lines.map(([, , before]) => before))];
}

function balanceSheetFigures(): BalanceSheetFigures {
  const assets = totals([...BANK, ...CURRENT_ASSETS, ...FIXED_ASSETS]);
  const liabilities = totals([...CURRENT_LIABILITIES, ...NON_CURRENT_LIABILITIES]);
  const currentYearEarnings: [number, number] = [
    netProfit(WEEKS_THIS_YEAR),
    CURRENT_YEAR_EARNINGS_A_YEAR_EARLIER,
  ];
  // Retained earnings are what makes equity equal net assets.
  const retainedEarnings = [0, 1].map(
    (column) =>
      (assets[column] ?? 0) -
      (liabilities[column] ?? 0) -
      (currentYearEarnings[column] ?? 0) -
      ([OWNER_FUNDS[1], OWNER_FUNDS[2]][column] ?? 0) -
      ([OWNER_DRAWINGS[1], OWNER_DRAWINGS[2]][column] ?? 0),
  ) as [number, number];
  return { totalAssets: assets, totalLiabilities: liabilities, currentYearEarnings, retainedEarnings };
}

// ---- The four reports ----------------------------------------------------------------------------

function profitAndLossRows(to: Day): RawXeroRow[] {
  const lines = (items: readonly Line[]) => items.map(([name, cents]) => accountRow(name, [figure(cents)]));
  const income = sum(INCOME.map(([, cents]) => cents));
  const costOfSales = sum(COST_OF_SALES.map(([, cents]) => cents));
  const expenses = sum(OPERATING_EXPENSES.map(([, cents]) => cents));
  return [
    header(['', shortDay(to)]),
    section('Income', [...lines(INCOME), summaryRow('Total Income', [figure(income)])]),
    section('Less Cost of Sales', [
      ...lines(COST_OF_SALES),
      summaryRow('Total Cost of Sales', [figure(costOfSales)]),
    ]),
    section('', [
      { RowType: 'Row', Cells: [{ Value: 'Gross Profit' }, { Value: figure(income - costOfSales) }] },
    ]),
    section('Less Operating Expenses', [
      ...lines(OPERATING_EXPENSES),
      summaryRow('Total Operating Expenses', [figure(expenses)]),
    ]),
    section('', [summaryRow('Net Profit', [figure(income - costOfSales - expenses)])]),
  ];
}

function balanceSheetRows(date: Day): RawXeroRow[] {
  const figures = balanceSheetFigures();
  const lines = (items: readonly BalanceLine[]) =>
    items.map(([name, now, before]) => accountRow(name, [figure(now), figure(before)]));
  const total = (label: string, items: readonly BalanceLine[]) =>
    summaryRow(label, totals(items).map(figure));
  const [assetsNow, assetsBefore] = figures.totalAssets;
  const [liabilitiesNow, liabilitiesBefore] = figures.totalLiabilities;
  const equity: BalanceLine[] = [
    ['Current Year Earnings', ...figures.currentYearEarnings],
    OWNER_DRAWINGS,
    OWNER_FUNDS,
    ['Retained Earnings', ...figures.retainedEarnings],
  ];
  return [
    header(['', shortDay(date), shortDay(yearEarlier(date))]),
    section('Assets', []),
    section('Bank', [...lines(BANK), total('Total Bank', BANK)]),
    section('Current Assets', [...lines(CURRENT_ASSETS), total('Total Current Assets', CURRENT_ASSETS)]),
    section('Fixed Assets', [...lines(FIXED_ASSETS), total('Total Fixed Assets', FIXED_ASSETS)]),
    section('', [summaryRow('Total Assets', [figure(assetsNow), figure(assetsBefore)])]),
    section('Liabilities', []),
    section('Current Liabilities', [
      ...lines(CURRENT_LIABILITIES),
      total('Total Current Liabilities', CURRENT_LIABILITIES),
    ]),
    section('Non-current Liabilities', [
      ...lines(NON_CURRENT_LIABILITIES),
      total('Total Non-current Liabilities', NON_CURRENT_LIABILITIES),
    ]),
    section('', [summaryRow('Total Liabilities', [figure(liabilitiesNow), figure(liabilitiesBefore)])]),
    section('', [
      summaryRow('Net Assets', [
        figure(assetsNow - liabilitiesNow),
        figure(assetsBefore - liabilitiesBefore),
      ]),
    ]),
    section('Equity', [...lines(equity), total('Total Equity', equity)]),
  ];
}

// [account, opening, received, spent] for the period; closing = opening + received - spent, which
// ends at the balance sheet's figure for each account.
const BANK_MOVEMENTS: readonly (readonly [string, number, number])[] = [
  ['Business Account', 1590640, 1156405],
  ['Savings Account', 0, 0],
  ['Business Visa', 124560, 96945],
];

function bankSummaryRows(): RawXeroRow[] {
  const rows = BANK_MOVEMENTS.map(([name, received, spent]) => {
    const closing = BANK.find(([account]) => account === name)?.[1] ?? 0;
    return { name, opening: closing - received + spent, received, spent, closing };
  });
  return [
    header(['Bank Accounts', 'Opening Balance', 'Cash Received', 'Cash Spent', 'Closing Balance']),
    section('', [
      ...rows.map(({ name, opening, received, spent, closing }) =>
        accountRow(name, [figure(opening), figure(received), figure(spent), figure(closing)]),
      ),
      summaryRow('Total', [
        figure(sum(rows.map((row) => row.opening))),
        figure(sum(rows.map((row) => row.received))),
        figure(sum(rows.map((row) => row.spent))),
        figure(sum(rows.map((row) => row.closing))),
      ]),
    ]),
  ];
}

/** [name, signed cents this month, signed cents year to date]; debit positive, credit negative. */
type TrialLine = [string, number, number];

function trialBalanceRows(): RawXeroRow[] {
  const figures = balanceSheetFigures();
  const profitAndLoss = (items: readonly Line[], sign: 1 | -1): TrialLine[] =>
    items.map(([name, cents]) => [name, sign * cents * WEEKS_THIS_MONTH, sign * cents * WEEKS_THIS_YEAR]);
  // This month's movement on the balance sheet accounts; the business account takes the rest.
  const monthMovement: Record<string, number> = {
    'Savings Account': 0,
    'Business Visa': 27615,
    'Accounts Receivable': 142000,
    Prepayments: -10000,
    'Motor Vehicles': 0,
    'Less Accumulated Depreciation on Motor Vehicles': -61250,
    'Cleaning Equipment': 244000,
    'Less Accumulated Depreciation on Cleaning Equipment': -14800,
    'Accounts Payable': -38600,
    GST: 224876,
    'PAYG Withholdings Payable': -52400,
    'Superannuation Payable': -33178,
    'Wages Payable': 8400,
    'Vehicle Loan': 76700,
    'Owner A Funds Introduced': 0,
    'Owner A Drawings': 400000,
    'Retained Earnings': 0,
  };
  const balance = (items: readonly BalanceLine[], sign: 1 | -1): TrialLine[] =>
    items.map(([name, now]) => [name, monthMovement[name] ?? 0, sign * now]);
  const revenue = profitAndLoss(INCOME, -1);
  const expenses = [...profitAndLoss(COST_OF_SALES, 1), ...profitAndLoss(OPERATING_EXPENSES, 1)];
  const assets = balance([...BANK, ...CURRENT_ASSETS, ...FIXED_ASSETS], 1);
  const liabilities = balance([...CURRENT_LIABILITIES, ...NON_CURRENT_LIABILITIES], -1);
  const equity = balance(
    [OWNER_DRAWINGS, OWNER_FUNDS, ['Retained Earnings', figures.retainedEarnings[0], 0]],
    -1,
  );
  const all = [...revenue, ...expenses, ...assets, ...liabilities, ...equity];
  const business = assets.find(([name]) => name === 'Business Account');
  if (business) business[1] = -sum(all.filter((line) => line !== business).map(([, month]) => month));
  const debit = (cents: number) => (cents > 0 ? figure(cents) : '');
  const credit = (cents: number) => (cents < 0 ? figure(-cents) : '');
  const lines = (items: readonly TrialLine[]) =>
    items.map(([name, month, ytd]) =>
      accountRow(
        name,
        [debit(month), credit(month), debit(ytd), credit(ytd)],
        `${name} (${ACCOUNT_CODES[name]})`,
      ),
    );
  const column = (pick: (line: TrialLine) => string) =>
    figure(sum(all.map((line) => Math.round(Number(pick(line) || '0') * 100))));
  return [
    header(['Account', 'Debit', 'Credit', 'YTD Debit', 'YTD Credit']),
    section('Revenue', lines(revenue)),
    section('Expenses', lines(expenses)),
    section('Assets', lines(assets)),
    section('Liabilities', lines(liabilities)),
    section('Equity', lines(equity)),
    section('', [
      summaryRow('Total', [
        column(([, month]) => debit(month)),
        column(([, month]) => credit(month)),
        column(([, , ytd]) => debit(ytd)),
        column(([, , ytd]) => credit(ytd)),
      ]),
    ]),
  ];
}

/** The dates a report covers, with Xero's defaults for what the query leaves out. */
function reportDays(type: XeroReportType, query: FakeReportQuery, now: Date): { from: Day; to: Day } {
  const today = melbourneToday(now);
  if (type === 'profit_loss' || type === 'bank_summary') {
    const to = (query.toDate && parseReportDate(query.toDate)) || today;
    const from = (query.fromDate && parseReportDate(query.fromDate)) || { ...to, day: 1 };
    return { from, to };
  }
  const date = (query.date && parseReportDate(query.date)) || today;
  return { from: date, to: date };
}

/**
 * The whole report the fake serves (one element of `Reports`) for an organisation and a query.
 * Figures are the same whatever the dates; the header and titles follow the dates asked for.
 */
export function fakeXeroReport(
  type: XeroReportType,
  organisation: string,
  query: FakeReportQuery = {},
  now: Date = new Date(),
): RawXeroReport {
  const { from, to } = reportDays(type, query, now);
  const period =
    type === 'profit_loss'
      ? `${longDay(from)} to ${longDay(to)}`
      : type === 'bank_summary'
        ? `From ${longDay(from)} to ${longDay(to)}`
        : `As at ${longDay(to)}`;
  const rows =
    type === 'profit_loss'
      ? profitAndLossRows(to)
      : type === 'balance_sheet'
        ? balanceSheetRows(to)
        : type === 'bank_summary'
          ? bankSummaryRows()
          : trialBalanceRows();
  return {
    ReportID: REPORT_ENDPOINTS[type],
    ReportName: REPORT_NAMES[type],
    ReportType: REPORT_ENDPOINTS[type],
    ReportTitles: [REPORT_NAMES[type], organisation, period],
    ReportDate: longDay(melbourneToday(now)),
    UpdatedDateUTC: `/Date(${now.getTime()})/`,
    Fields: [],
    Rows: rows,
  };
}
