import { estimateDurationMinutes } from '@cleanquote/quote-core/staff';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { pricedQuotes, quoteRequests } from '../db/schema.ts';
import type { Environment } from '../env.ts';
import { quoteMailThread } from '../priced-quotes/customer-quote.ts';
import { readPriceList } from '../priced-quotes/price-list-store.ts';
import type { Actor } from '../quote-requests/history.ts';
import type { NotOfferedReason } from './offered-windows.ts';
import { readScheduleSettings } from './schedule-settings-store.ts';
import type { VisitChangeContext, VisitRefusal } from './visits.ts';

/** A quote request as staff book its visit: what the mails and the schedule name. */
export interface BookableRequest {
  id: string;
  reference: string;
  serviceType: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  details: unknown;
}

/** The quote request by id, or undefined. */
export async function findBookableRequest(db: Db, id: string): Promise<BookableRequest | undefined> {
  const [request] = await db
    .select({
      id: quoteRequests.id,
      reference: quoteRequests.reference,
      serviceType: quoteRequests.serviceType,
      name: quoteRequests.name,
      email: quoteRequests.email,
      phone: quoteRequests.phone,
      address: quoteRequests.address,
      details: quoteRequests.details,
    })
    .from(quoteRequests)
    .where(eq(quoteRequests.id, id));
  return request;
}

/** The request's latest priced quote version: its duration, and whether it was sent (and by which mail). */
async function latestVersion(db: Db, requestId: string) {
  const [version] = await db
    .select({
      id: pricedQuotes.id,
      status: pricedQuotes.status,
      durationMinutes: pricedQuotes.durationMinutes,
    })
    .from(pricedQuotes)
    .where(eq(pricedQuotes.quoteId, requestId))
    .orderBy(desc(pricedQuotes.version))
    .limit(1);
  return version;
}

/**
 * How long the request's clean takes: its latest quote's figure, else the price list's estimate for
 * its answers.
 */
export async function requestDurationMinutes(db: Db, request: BookableRequest): Promise<number> {
  const version = await latestVersion(db, request.id);
  if (version?.durationMinutes) return version.durationMinutes;
  return estimateDurationMinutes(
    request.details as Parameters<typeof estimateDurationMinutes>[0],
    await readPriceList(db),
  );
}

/** The accepted quote version a staff booking belongs to, if the request has one. */
export async function acceptedVersionId(db: Db, requestId: string): Promise<string | null> {
  const [version] = await db
    .select({ id: pricedQuotes.id })
    .from(pricedQuotes)
    .where(and(eq(pricedQuotes.quoteId, requestId), eq(pricedQuotes.status, 'accepted')))
    .orderBy(desc(pricedQuotes.version))
    .limit(1);
  return version?.id ?? null;
}

/**
 * What a staff booking, move or cancellation needs: the staff member, the customer's mails threaded
 * under the latest quote mail they were sent (without a link to their page: staff do not hold it).
 */
export async function staffVisitChange(
  db: Db,
  request: BookableRequest,
  {
    actor,
    environment,
    now,
    override,
  }: { actor: Actor; environment: Environment; now: Date; override: boolean },
): Promise<VisitChangeContext> {
  const [sent] = await db
    .select({ mailId: pricedQuotes.mailId })
    .from(pricedQuotes)
    .where(and(eq(pricedQuotes.quoteId, request.id), isNotNull(pricedQuotes.mailId)))
    .orderBy(desc(pricedQuotes.version))
    .limit(1);
  const settings = await readScheduleSettings(db);
  return {
    actor,
    by: 'staff',
    override,
    request,
    mail: {
      environment,
      thread: await quoteMailThread(db, sent?.mailId ?? null),
      changeCutoffHours: settings.changeCutoffHours,
    },
    now,
  };
}

const NOT_OFFERED: Readonly<Record<NotOfferedReason, string>> = {
  taken: 'No team is free at that time.',
  notice: 'That time is inside the minimum notice, or already past.',
  closed: 'The business is closed that day.',
  'outside-hours': 'That time is outside the working hours.',
  'not-aligned': 'That time is not the start of an arrival window.',
  'beyond-horizon': 'That time is further ahead than bookings are offered.',
};

/** The 409 (or 404) a staff request gets when the visit did not change: the reason in words. */
export function refusalAnswer(refusal: VisitRefusal): {
  status: 404 | 409;
  error: string;
  reason: string;
} {
  switch (refusal.refused) {
    case 'not-offered':
      return {
        status: 409,
        error: `${NOT_OFFERED[refusal.reason]} Send override: true to place it anyway.`,
        reason: refusal.reason,
      };
    case 'already-booked':
      return {
        status: 409,
        error: 'This request already has a visit booked: move it instead.',
        reason: 'already-booked',
      };
    case 'not-booked':
      return { status: 409, error: 'This visit is cancelled or completed.', reason: 'not-booked' };
    case 'unknown-team':
      return { status: 409, error: 'There is no team with that id.', reason: 'unknown-team' };
    case 'cut-off':
      return { status: 409, error: 'The visit is inside its change cut-off.', reason: 'cut-off' };
  }
}
