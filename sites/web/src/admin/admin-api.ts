import type { MailProvider, SmtpSecurity } from '@cleanquote/content';

/*
 * The one client of the admin APIs: every admin screen calls the server through these functions,
 * never with a fetch of its own. Every call sends the session cookie; a non-success answer throws
 * {@link AdminApiError} carrying the status, the server's message and its per-field messages.
 */

/** GET /api/admin/status: the dashboard's live System Status. */
export interface SystemStatus {
  authentication: 'active';
  database: { ok: boolean; latencyMs: number };
  mail: {
    mode: 'smtp' | 'capture';
    queued: number;
    dead: number;
    lastSentAt: string | null;
    lastError: string | null;
  };
  quotes: { new: number; overdue: number };
  /** The daily analytics email's schedule and last run (issue 15). */
  dailyReport?: DailyReportStatus | null;
}

/** The daily report's job, and how many addresses receive it (0: none set, its runs are skipped). */
export interface DailyReportStatus extends JobStatus {
  recipients: number;
}

/** Where a mail is in the outbox. 'captured': kept, never sent (no SMTP configured). */
export const MAIL_STATUSES = ['captured', 'queued', 'sending', 'sent', 'dead'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** One mail of GET /api/admin/outbox. Times are ISO strings. */
export interface OutboxMail {
  id: string;
  kind: string;
  messageId: string;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
  /** The mail's plain text, as it was (or would be) sent. */
  text: string | null;
}

/** One page of the mail log, and the cursor of the next page (`null` on the last). */
export interface OutboxPage {
  mails: OutboxMail[];
  nextBefore: string | null;
}

/** POST /api/send-direct-email (spec §7, plus the SMTP server for 'custom'). */
export interface DirectEmail {
  fromEmail: string;
  fromPassword: string;
  toEmail: string;
  provider: MailProvider;
  subject: string;
  message: string;
  smtpHost?: string;
  smtpPort?: number;
  smtpSecurity?: SmtpSecurity;
}

/** POST /api/test-client-email (spec §7); `service` is a serviceType id. */
export interface ClientTestEmail {
  name: string;
  email: string;
  phone: string;
  address: string;
  service: string;
  message: string;
}

/** A non-success answer of an admin API. */
export class AdminApiError extends Error {
  constructor(
    /** The HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    message: string,
    /** Per-field messages of a 400, keyed by the request's field names. */
    readonly fields: Readonly<Record<string, string>> = {},
    /** True when the quote dashboard must be unlocked first (403 {locked: true}). */
    readonly locked = false,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

async function call<T>(
  path: string,
  init?: { method: 'POST' | 'PATCH' | 'DELETE'; body?: unknown },
): Promise<{ body: T; response: Response }> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init?.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(init?.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(init?.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  } catch {
    throw new AdminApiError(0, 'The server could not be reached. Check the connection and try again.');
  }
  const body = (await response.json().catch(() => null)) as
    | (T & { error?: unknown; fields?: unknown; locked?: unknown })
    | null;
  if (!response.ok) {
    const message =
      typeof body?.error === 'string' ? body.error : `${response.status}: ${response.statusText}`;
    const fields =
      body && typeof body.fields === 'object' && body.fields !== null
        ? (body.fields as Record<string, string>)
        : {};
    throw new AdminApiError(response.status, message, fields, body?.locked === true);
  }
  return { body: body as T, response };
}

/** The live System Status, measured by the server now. */
export async function fetchSystemStatus(): Promise<SystemStatus> {
  return (await call<SystemStatus>('/api/admin/status')).body;
}

/** One page of the mail log, newest first; `before` is the previous page's `nextBefore`. */
export async function fetchOutbox(
  options: { status?: MailStatus; before?: string; limit?: number } = {},
): Promise<OutboxPage> {
  const query = new URLSearchParams();
  if (options.status) query.set('status', options.status);
  if (options.before) query.set('before', options.before);
  if (options.limit) query.set('limit', String(options.limit));
  const search = query.size > 0 ? `?${query}` : '';
  const { body, response } = await call<OutboxMail[]>(`/api/admin/outbox${search}`);
  return { mails: body, nextBefore: nextCursor(response) };
}

/** Queues a dead-lettered mail again. */
export async function retryMail(id: string): Promise<void> {
  await call(`/api/admin/outbox/${encodeURIComponent(id)}/retry`, { method: 'POST' });
}

/** Unlocks the quote dashboard for this session (403 {locked} answers stop after this). */
export async function unlockQuoteDashboard(password: string): Promise<void> {
  await call('/api/admin/unlock', { method: 'POST', body: { password } });
}

/** Sends one mail from the sender's own mailbox; the password is used for that connection only. */
export async function sendDirectEmail(email: DirectEmail): Promise<{ recipient: string; message: string }> {
  return (
    await call<{ recipient: string; message: string }>('/api/send-direct-email', {
      method: 'POST',
      body: email,
    })
  ).body;
}

/** Queues the client auto-response, filled from these fields, to `email`. */
export async function sendClientTestEmail(
  fields: ClientTestEmail,
): Promise<{ recipient: string; id: string }> {
  return (
    await call<{ recipient: string; id: string }>('/api/test-client-email', { method: 'POST', body: fields })
  ).body;
}

// ---------------------------------------------------------------------------------------------
// The quote inbox (issue 13)

/** Where a quote request is in the pipeline. */
export const QUOTE_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** One row of GET /api/contact. Times are ISO strings. */
export interface QuoteListItem {
  id: string;
  reference: string;
  name: string;
  phone: string;
  email: string;
  address: string;
  /** The serviceType id. */
  service: string;
  message?: string;
  createdAt: string;
  status: QuoteStatus;
  /** 'main-site' or the partner key the wizard was embedded with. */
  source: string;
  replyDueAt: string;
  firstResponseAt: string | null;
  statusChangedAt: string;
  /** An earlier quote has the same email or phone digits. */
  returning: boolean;
  /** The suburb of the address, when the server recognises one. */
  suburb?: string | null;
}

/** One entry of a quote's history, oldest first. */
export type QuoteHistoryEntry = {
  id: string;
  at: string;
  actor: { name: string; email: string } | null;
} & (
  | { kind: 'created' }
  | { kind: 'system'; text: string }
  | { kind: 'status'; from: QuoteStatus; to: QuoteStatus; reason?: string | null }
  | { kind: 'note'; text: string }
  | { kind: 'reply'; subject: string; text: string; mailId: string }
);

/** GET /api/contact/:id: the quote with its answers in words, history and related quotes. */
export interface QuoteDetail extends QuoteListItem {
  details: Record<string, unknown>;
  summary: { label: string; value: string }[];
  termsVersion: string | null;
  consentedAt: string | null;
  history: QuoteHistoryEntry[];
  returningQuotes: {
    id: string;
    reference: string;
    createdAt: string;
    service: string;
    status: QuoteStatus;
  }[];
  replyDraft: { subject: string; message: string };
}

/** The list's filters, as GET /api/contact (and the page's URL) name them. */
export interface QuoteFilters {
  q?: string;
  status?: string;
  service?: string;
  source?: string;
  from?: string;
  to?: string;
  returning?: string;
  sort?: string;
}

/** The query string of a filter, without empty values. */
export function quoteFilterQuery(
  filters: QuoteFilters,
  extra: Record<string, string | undefined> = {},
): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, ...extra })) {
    if (value !== undefined && value !== '') query.set(name, value);
  }
  return query;
}

/** One page of the quote list, and the cursor of the next (`null` on the last). */
export interface QuotePage {
  quotes: QuoteListItem[];
  nextBefore: string | null;
}

function nextCursor(response: Response): string | null {
  const next = /<([^>]+)>;\s*rel="?next"?/.exec(response.headers.get('Link') ?? '')?.[1];
  return next ? new URL(next, window.location.href).searchParams.get('before') : null;
}

/** One page of quote requests matching `filters`; `before` is the previous page's `nextBefore`. */
export async function fetchQuotes(filters: QuoteFilters, before?: string, limit = 50): Promise<QuotePage> {
  const query = quoteFilterQuery(filters, { before, limit: String(limit) });
  const { body, response } = await call<QuoteListItem[]>(`/api/contact?${query}`);
  return { quotes: body, nextBefore: nextCursor(response) };
}

/** The CSV export of the quotes matching `filters` (a download link's href). */
export function quotesCsvUrl(filters: QuoteFilters): string {
  const query = quoteFilterQuery(filters);
  return `/api/contact.csv${query.size > 0 ? `?${query}` : ''}`;
}

/** One quote request with its history. */
export async function fetchQuote(id: string): Promise<QuoteDetail> {
  return (await call<QuoteDetail>(`/api/contact/${encodeURIComponent(id)}`)).body;
}

/** Moves a quote to `status` ('lost' needs a reason); answers the updated quote. */
export async function changeQuoteStatus(
  id: string,
  status: QuoteStatus,
  reason?: string,
): Promise<QuoteDetail> {
  return (
    await call<QuoteDetail>(`/api/contact/${encodeURIComponent(id)}/status`, {
      method: 'POST',
      body: reason === undefined ? { status } : { status, reason },
    })
  ).body;
}

/** Adds a note to a quote's history. */
export async function addQuoteNote(id: string, text: string): Promise<QuoteHistoryEntry> {
  return (
    await call<QuoteHistoryEntry>(`/api/contact/${encodeURIComponent(id)}/notes`, {
      method: 'POST',
      body: { text },
    })
  ).body;
}

/** Queues a reply to the customer, threaded under their auto-response. */
export async function sendQuoteReply(
  id: string,
  reply: { subject: string; message: string },
): Promise<{ mailId: string; entry: QuoteHistoryEntry }> {
  return (
    await call<{ mailId: string; entry: QuoteHistoryEntry }>(`/api/contact/${encodeURIComponent(id)}/reply`, {
      method: 'POST',
      body: reply,
    })
  ).body;
}

// ---------------------------------------------------------------------------------------------
// Partner sites (issue 14)

/** A partner site that embeds the wizard, as GET /api/partners lists it. */
export interface PartnerSite {
  key: string;
  name: string;
  origins: string[];
  enabled: boolean;
  quoteCount: number;
}

/** The embed script partners load: its exact-version URL and Subresource Integrity hash. */
export interface EmbedScript {
  version: string;
  url: string;
  integrity: string;
}

/**
 * Every partner, and the embed script to put in their snippet (null when it is not built). Only the
 * inbox's partner names still read it here; /partners reads through the typed client.
 */
export async function fetchPartners(): Promise<{ partners: PartnerSite[]; embed: EmbedScript | null }> {
  const { body } = await call<{ partners: PartnerSite[]; embed?: EmbedScript | null }>('/api/partners');
  return { partners: body.partners, embed: body.embed ?? null };
}

// ---------------------------------------------------------------------------------------------
// Analytics and scheduled jobs (issue 15)

/** One scheduled job of GET /api/admin/jobs; times are Melbourne time with their offset. */
export interface JobStatus {
  name: string;
  schedule: string;
  timezone: string;
  nextRunAt: string | null;
  lastRun: {
    /** The day (or week) the run was for. */
    period: string;
    /** 'skipped': there was nothing the job could do for the period (`error` says why). */
    status: 'running' | 'succeeded' | 'failed' | 'skipped';
    startedAt: string;
    finishedAt: string | null;
    error: string | null;
  } | null;
}

/** A quote request of the reported day. */
export interface ReportedQuoteRequest {
  id: string;
  reference: string;
  name: string;
  phone: string;
  email: string;
  address: string;
  /** The serviceType id. */
  service: string;
  message?: string;
  source: string;
  createdAt: string;
}

/** GET /api/analytics/report: one Melbourne day. */
export interface AnalyticsReport {
  date: string;
  totalViews: number;
  weeklyComparison: {
    views: number;
    weekEarlierDate: string;
    weekEarlierViews: number;
    changePercent: number | null;
  };
  pageBreakdown: { page: string; count: number }[];
  /** The day's newest quote requests (at most 50), newest first. */
  contactRequests: ReportedQuoteRequest[];
  /** How many quote requests the day had in all. */
  contactRequestCount: number;
  /** The quote inbox filtered to the day (an absolute PUBLIC_URL address). */
  inboxUrl: string;
  uniqueVisitors: number;
  referrers: { host: string; count: number }[];
  funnel: { step: string; reached: number; dropOff: number }[];
  failedSubmissions: number;
  daily: { date: string; views: number; quoteRequests: number }[];
}

/** The analytics report of a Melbourne day ('YYYY-MM-DD'; yesterday when omitted). */
export async function fetchAnalyticsReport(date?: string): Promise<AnalyticsReport> {
  const query = date ? `?date=${encodeURIComponent(date)}` : '';
  return (await call<AnalyticsReport>(`/api/analytics/report${query}`)).body;
}

/** Queues the daily report email of `date` (yesterday when omitted) to the admin and the business. */
export async function sendAnalyticsReport(date?: string): Promise<{ date: string; recipients: string[] }> {
  const query = date ? `?date=${encodeURIComponent(date)}` : '';
  return (
    await call<{ date: string; recipients: string[] }>(`/api/analytics/send-report${query}`, {
      method: 'POST',
    })
  ).body;
}

/** Every scheduled job: schedule, next run and last run. */
export async function fetchScheduledJobs(): Promise<JobStatus[]> {
  return (await call<JobStatus[]>('/api/admin/jobs')).body;
}

// ---------------------------------------------------------------------------------------------
// Xero: only what the dashboard's reconnect notice still reads here (the /xero screen reads through
// the typed client, admin/xero/xero-queries.ts).

/** A connected (or once connected) Xero organisation. */
export interface XeroTenant {
  tenantId: string;
  tenantName: string;
  connected: boolean;
  /** When its connection was last updated (ISO), if known. */
  lastUpdated: string | null;
  /** Its refresh failed for good: staff must connect it again. */
  reconnectNeeded: boolean;
}

/** GET /api/xero/status. `configured` is false when the server has no Xero app credentials. */
export interface XeroStatus {
  configured: boolean;
  connected: boolean;
  tenants: XeroTenant[];
}

/** The Xero connection: whether it is configured, and each organisation. */
export async function fetchXeroStatus(): Promise<XeroStatus> {
  return (await call<XeroStatus>('/api/xero/status')).body;
}
