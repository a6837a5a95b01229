import type { XeroReportType } from '@cleanquote/content';

/*
 * The one client of the admin APIs: every admin screen calls the server through these functions,
 * never with a fetch of its own. Every call sends the session cookie; a non-success answer throws
 * {@link AdminApiError} carrying the status, the server's message and its per-field messages.
 */

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

/** Every partner, and the embed script to put in their snippet (null when it is not built). */
export async function fetchPartners(): Promise<{ partners: PartnerSite[]; embed: EmbedScript | null }> {
  const { body } = await call<{ partners: PartnerSite[]; embed?: EmbedScript | null }>('/api/partners');
  return { partners: body.partners, embed: body.embed ?? null };
}

/** Adds a partner; its key works from its origins at once. */
export async function addPartner(partner: {
  name: string;
  key: string;
  origins: string[];
}): Promise<PartnerSite> {
  return (await call<PartnerSite>('/api/partners', { method: 'POST', body: partner })).body;
}

/** Renames a partner, changes its origins, or disables / enables it. */
export async function changePartner(
  key: string,
  change: { name?: string; origins?: string[]; enabled?: boolean },
): Promise<PartnerSite> {
  return (
    await call<PartnerSite>(`/api/partners/${encodeURIComponent(key)}`, { method: 'PATCH', body: change })
  ).body;
}

// ---------------------------------------------------------------------------------------------
// Xero (issue 16)

export { XERO_REPORT_TYPES, type XeroReportType } from '@cleanquote/content';

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

/** One weekly report schedule of GET /api/xero/schedules. */
export interface XeroSchedule {
  id: string;
  tenantId: string;
  tenantName: string;
  /** '0' (Sunday) to '6'. */
  dayOfWeek: string;
  /** '0' to '23', Melbourne time. */
  hour: string;
  emailRecipients: string[];
  reportTypes: XeroReportType[];
  /** Its job in GET /api/admin/jobs: 'xero-weekly:<id>'. */
  jobName: string;
  /** The next run, Melbourne time with its offset. */
  nextRunAt: string | null;
}

/** A new weekly schedule (POST /api/xero/schedule); day and hour are strings as spec §3 has them. */
export interface XeroScheduleRequest {
  tenantId: string;
  dayOfWeek: string;
  hour: string;
  emailRecipients: string[];
  reportTypes: XeroReportType[];
}

/** The Xero connection: whether it is configured, and each organisation. */
export async function fetchXeroStatus(): Promise<XeroStatus> {
  return (await call<XeroStatus>('/api/xero/status')).body;
}

/** Mails the organisation's profit and loss and balance sheet to `email` now. */
export async function sendXeroTestReport(tenantId: string, email: string): Promise<{ message: string }> {
  return (
    await call<{ success: true; message: string }>('/api/xero/test-reports', {
      method: 'POST',
      body: { tenantId, email },
    })
  ).body;
}

/** Schedules (or replaces, for the same organisation, day and hour) a weekly report mail. */
export async function scheduleXeroReports(
  request: XeroScheduleRequest,
): Promise<{ message: string; schedule: XeroSchedule }> {
  return (
    await call<{ success: true; message: string; schedule: XeroSchedule }>('/api/xero/schedule', {
      method: 'POST',
      body: request,
    })
  ).body;
}

/** Every weekly report schedule. */
export async function fetchXeroSchedules(): Promise<XeroSchedule[]> {
  return (await call<{ schedules: XeroSchedule[] }>('/api/xero/schedules')).body.schedules;
}

/** Cancels a weekly report schedule (and its job). */
export async function cancelXeroSchedule(scheduleId: string): Promise<{ message: string }> {
  return (
    await call<{ success: true; message: string }>(`/api/xero/schedules/${encodeURIComponent(scheduleId)}`, {
      method: 'DELETE',
    })
  ).body;
}

/** Disconnects an organisation at Xero, deletes its tokens and cancels its schedules. */
export async function disconnectXero(tenantId: string): Promise<{ message: string }> {
  return (
    await call<{ success: true; message: string }>(`/api/xero/disconnect/${encodeURIComponent(tenantId)}`, {
      method: 'DELETE',
    })
  ).body;
}
