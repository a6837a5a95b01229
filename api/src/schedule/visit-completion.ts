import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { pricedQuotes, visits } from '../db/schema.ts';
import { enqueueMail, type WriteTransaction } from '../mail/outbox.ts';
import { issueQuoteLink } from '../priced-quotes/customer-quote.ts';
import { appendHistory } from '../quote-requests/history.ts';
import { visitChanged } from '../webhooks/quote-events.ts';
import { queueVisitInvoice } from '../xero/sync-queue.ts';
import { completionMail } from './completion-mail.ts';
import {
  findVisit,
  type Visit,
  type VisitChangeContext,
  type VisitOutcome,
  windowOf,
  withdrawReminder,
} from './visits.ts';
import { bookedWindowText } from './window-labels.ts';

/** A completion time staff gave that cannot be: in the future, or before the visit started. */
export type CompletedAtRefusal = { ok: false; refused: 'completed-at'; problem: string };

/** The visit completed, or why not. */
export type CompletionOutcome = VisitOutcome | CompletedAtRefusal;

/** The priced version a visit is paid by: its own, else the request's accepted one. */
async function versionOf(tx: WriteTransaction, visit: Visit) {
  const columns = {
    id: pricedQuotes.id,
    version: pricedQuotes.version,
    totalCents: pricedQuotes.totalCents,
    frequency: pricedQuotes.frequency,
  };
  if (visit.pricedQuoteId) {
    const [own] = await tx.select(columns).from(pricedQuotes).where(eq(pricedQuotes.id, visit.pricedQuoteId));
    if (own) return own;
  }
  const [accepted] = await tx
    .select(columns)
    .from(pricedQuotes)
    .where(and(eq(pricedQuotes.quoteId, visit.quoteRequestId), eq(pricedQuotes.status, 'accepted')))
    .orderBy(desc(pricedQuotes.version))
    .limit(1);
  return accepted;
}

/** Why `completedAt` cannot be the visit's completion time, or undefined when it can. */
export function completedAtProblem(
  visit: Pick<Visit, 'start'>,
  completedAt: Date,
  now: Date,
): string | undefined {
  if (completedAt.getTime() > now.getTime()) return 'Use a time that has passed, not one in the future';
  if (completedAt.getTime() < visit.start.getTime()) return 'Use a time after the visit started';
  return undefined;
}

/**
 * Marks a booked visit done (staff), at `completedAt` (default now), in ONE write transaction: its
 * reminder withdrawn, a line in the history, the `visit.completed` webhook, the customer's one mail
 * (the clean is done, what is due and how to pay, the re-clean guarantee) and, when quotes go to
 * Xero, its invoice queued — completing never waits on Xero. A free re-clean asks no payment and
 * queues no invoice.
 */
export function completeVisit(
  database: Database,
  {
    visitId,
    completedAt,
    gstRegistered,
    ...change
  }: VisitChangeContext & { visitId: string; completedAt?: Date | undefined; gstRegistered: boolean },
): Promise<CompletionOutcome> {
  const { now, actor } = change;
  return database.writes.run(async (tx): Promise<CompletionOutcome> => {
    const previous = await findVisit(tx, visitId);
    if (previous?.status !== 'booked') return { ok: false, refused: 'not-booked' };
    const finished = completedAt ?? now;
    const problem = completedAtProblem(previous, finished, now);
    if (problem) return { ok: false, refused: 'completed-at', problem };
    await withdrawReminder(tx, previous);
    await tx
      .update(visits)
      .set({ status: 'completed', completedAt: finished, reminderMailId: null, updatedAt: now })
      .where(eq(visits.id, visitId));
    const visit = (await findVisit(tx, visitId)) as Visit;
    await appendHistory(tx, previous.quoteRequestId, actor, now, {
      kind: 'visit',
      text: `Visit completed: ${bookedWindowText(windowOf(visit))}`,
    });
    await visitChanged(tx, {
      quoteId: previous.quoteRequestId,
      type: 'visit.completed',
      ...windowOf(visit),
      at: now,
    });
    const version = visit.kind === 're-clean' ? undefined : await versionOf(tx, visit);
    // Staff never hold the customer's link: the mail gets a link of its own to the same page, where
    // 'Report a problem' is.
    const pageUrl =
      change.mail.pageUrl ??
      (version
        ? await issueQuoteLink(tx, {
            pricedQuoteId: version.id,
            purpose: 'visit-completed',
            at: now,
            publicUrl: change.mail.environment.PUBLIC_URL,
          })
        : undefined);
    await enqueueMail(
      tx,
      completionMail({
        visit,
        request: change.request,
        price: version ? { totalCents: version.totalCents, frequency: version.frequency } : null,
        environment: { ...change.mail.environment, GST_REGISTERED: gstRegistered },
        thread: change.mail.thread,
        pageUrl,
      }),
    );
    if (version) {
      await queueVisitInvoice(
        tx,
        { quoteId: visit.quoteRequestId, version: version.version, visitId: visit.id },
        now,
      );
    }
    return { ok: true, visit };
  });
}
