import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { visits } from '../db/schema.ts';
import { type Actor, appendHistory } from '../quote-requests/history.ts';
import { visitChanged } from '../webhooks/quote-events.ts';
import { findVisit, type Visit, type VisitOutcome, windowOf, withdrawReminder } from './visits.ts';
import { bookedWindowText } from './window-labels.ts';

/** Marks a booked visit done (staff): no mail to the customer, a line in the history. */
export function completeVisit(
  database: Database,
  { visitId, actor, now }: { visitId: string; actor: Actor; now: Date },
): Promise<VisitOutcome> {
  return database.writes.run(async (tx) => {
    const previous = await findVisit(tx, visitId);
    if (previous?.status !== 'booked') return { ok: false, refused: 'not-booked' };
    await withdrawReminder(tx, previous);
    await tx
      .update(visits)
      .set({ status: 'completed', completedAt: now, reminderMailId: null, updatedAt: now })
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
    return { ok: true, visit };
  });
}
