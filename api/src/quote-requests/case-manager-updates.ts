import { business } from '@cleanquote/content';
import type { QuoteRequest } from '@cleanquote/quote-core';
import type { QuoteStatus } from '@cleanquote/quote-core/staff';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { quoteRequests } from '../db/schema.ts';
import type { Environment } from '../env.ts';
import { enqueueMail, type WriteTransaction } from '../mail/outbox.ts';
import type { QuoteStatusChangeEvent } from '../webhooks/quote-events.ts';
import { caseManagerUpdateHtml } from './case-manager-update-html.tsx';

/** Outbox kind of the update mail to a case manager. */
export const CASE_MANAGER_UPDATE_KIND = 'case-manager-update';

/** First path segment of a request's unsubscribe page: /case-manager-updates/<token>. */
export const CASE_MANAGER_UPDATES_PATH = '/case-manager-updates';

/**
 * The news each status is worth to a case manager, in words. Only these moves are mailed: 'new' and
 * 'contacted' are the business's own steps, and a case manager waits for the quote, the customer's
 * answer or the end of the request. The booked visit is news of its own (schedule/visits.ts).
 */
export const CASE_MANAGER_NEWS: Readonly<Partial<Record<QuoteStatus, string>>> = {
  quoted: 'We have sent the quote',
  won: 'The customer accepted the quote',
  lost: 'The request is closed',
};

/** Where a case manager's update links to and who a reply reaches. */
export interface CaseManagerMailSettings {
  /** PUBLIC_URL: the origin of the unsubscribe link. */
  publicUrl: string;
  /** The business's address: a case manager's reply to an update reaches the team. */
  replyTo: string;
}

/** The settings from the environment: PUBLIC_URL, and BUSINESS_EMAIL or the business's address. */
export function caseManagerMailSettings(
  environment: Pick<Environment, 'PUBLIC_URL' | 'BUSINESS_EMAIL'>,
): CaseManagerMailSettings {
  return { publicUrl: environment.PUBLIC_URL, replyTo: environment.BUSINESS_EMAIL ?? business.email };
}

/** The page that stops a request's updates; its one-click POST is the List-Unsubscribe URL (RFC 8058). */
export function caseManagerUpdatesUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${CASE_MANAGER_UPDATES_PATH}/${encodeURIComponent(token)}`;
}

/** The headers that let a mail client offer a one-click 'unsubscribe' (RFC 2369, RFC 8058). */
export function caseManagerUpdateHeaders(publicUrl: string, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${caseManagerUpdatesUrl(publicUrl, token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/**
 * The update mail: the reference and the news, nothing else — no price, nothing about the client,
 * and no text anyone typed into the request (the address came from a form: whoever typed it must not
 * be able to send their own words through us). Who sends it and how to stop it close every mail.
 */
export function caseManagerUpdateMail(reference: string, news: string, stopUrl: string) {
  const lines = [
    'Hello,',
    '',
    `Request ${reference}: ${news}.`,
    '',
    `You asked ${business.name} to email you when this request moves on. Questions? Reply to this email or call us on ${business.phone}.`,
  ];
  const footer = [
    `${business.name} · ABN ${business.abn} · ${business.city} ${business.region}`,
    `Stop these emails about request ${reference}: ${stopUrl}`,
  ];
  return {
    // 'Request CQ-1: we have sent the quote'; a day's name keeps its capital.
    subject: `Request ${reference}: ${news.charAt(0).toLowerCase()}${news.slice(1)}`,
    text: [...lines, '', '—', ...footer].join('\n'),
    html: caseManagerUpdateHtml({
      paragraphs: lines.filter((line) => line !== ''),
      sender: footer[0] ?? '',
      stopUrl,
      stopText: `Stop these emails about request ${reference}`,
    }),
  };
}

/**
 * Queues the short update mail to a case manager who asked for one ('Email me when this request
 * moves on') when the request becomes Quoted, Won or Lost, in the write transaction that changed it:
 * one mail per such move, while the request has its updates token and the case manager has not
 * stopped them. It goes to the case manager's email as the request gave it, from MAIL_FROM, and does
 * not count toward the per-recipient limits: staff moves send it, not a visitor, and a case manager
 * with many clients may rightly get several a day.
 */
export async function notifyCaseManager(
  tx: WriteTransaction,
  change: QuoteStatusChangeEvent,
  settings: CaseManagerMailSettings,
): Promise<void> {
  const news = CASE_MANAGER_NEWS[change.to as QuoteStatus];
  if (news === undefined) return;
  await tellCaseManager(tx, change.quoteId, news, settings);
}

/**
 * Queues one update with `news` ('The clean is booked for …') to the request's case manager, when
 * they asked for updates and have not stopped them, in the caller's write transaction.
 */
export async function tellCaseManager(
  tx: WriteTransaction,
  quoteId: string,
  news: string,
  settings: CaseManagerMailSettings,
): Promise<void> {
  const [request] = await tx
    .select({
      reference: quoteRequests.reference,
      details: quoteRequests.details,
      token: quoteRequests.caseManagerUpdatesToken,
    })
    .from(quoteRequests)
    .where(and(eq(quoteRequests.id, quoteId), isNull(quoteRequests.caseManagerUpdatesStoppedAt)));
  const to = (request?.details as QuoteRequest | undefined)?.caseManagerEmail;
  if (!request?.token || !to) return;
  const stopUrl = caseManagerUpdatesUrl(settings.publicUrl, request.token);
  const mail = caseManagerUpdateMail(request.reference, news, stopUrl);
  await enqueueMail(tx, {
    kind: CASE_MANAGER_UPDATE_KIND,
    to,
    replyTo: settings.replyTo,
    ...mail,
    headers: caseManagerUpdateHeaders(settings.publicUrl, request.token),
    // Anyone who reads the outbox could stop the updates with it: once sent, the stored copy loses it.
    secretUntilSent: stopUrl,
  });
}

/** A request's updates as its unsubscribe link sees them; undefined for a token no request has. */
export interface CaseManagerUpdatesStanding {
  reference: string;
  stopped: boolean;
}

/** Tokens are randomToken()s (32 characters); anything far longer is no token of ours. */
const MAX_TOKEN_LENGTH = 100;

/** The request behind an unsubscribe link, and whether its updates are already stopped. */
export async function findCaseManagerUpdates(
  database: Database,
  token: string,
): Promise<CaseManagerUpdatesStanding | undefined> {
  if (token.length > MAX_TOKEN_LENGTH) return undefined;
  const [row] = await database.db
    .select({ reference: quoteRequests.reference, stoppedAt: quoteRequests.caseManagerUpdatesStoppedAt })
    .from(quoteRequests)
    .where(eq(quoteRequests.caseManagerUpdatesToken, token));
  return row ? { reference: row.reference, stopped: row.stoppedAt !== null } : undefined;
}

/**
 * Stops a request's updates for good (the first stop's time is kept). Returns the request's
 * reference, or undefined for a token no request has.
 */
export async function stopCaseManagerUpdates(
  database: Database,
  token: string,
  at: Date,
): Promise<string | undefined> {
  if (token.length > MAX_TOKEN_LENGTH) return undefined;
  return database.writes.run(async (tx) => {
    const [row] = await tx
      .select({ id: quoteRequests.id, reference: quoteRequests.reference })
      .from(quoteRequests)
      .where(eq(quoteRequests.caseManagerUpdatesToken, token));
    if (!row) return undefined;
    await tx
      .update(quoteRequests)
      .set({ caseManagerUpdatesStoppedAt: at })
      .where(and(eq(quoteRequests.id, row.id), isNull(quoteRequests.caseManagerUpdatesStoppedAt)));
    return row.reference;
  });
}
