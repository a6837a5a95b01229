import { business } from '@cleanquote/content';
import type { Context } from 'hono';
import type { AuthEnv } from '../auth/middleware.ts';
import { newRowId } from '../db/row-id.ts';
import { quoteHistory } from '../db/schema.ts';
import type { Environment } from '../env.ts';
import type { WriteTransaction } from '../mail/outbox.ts';
import { type HistoryEntry, toHistoryEntry } from './quote-view.ts';

/**
 * Who is acting: the signed-in staff member (requireAdmin has checked the session), or the customer
 * answering their quote online (no user id: their name and email as the request gave them).
 */
export interface Actor {
  userId: string | null;
  /** Their first name, else their email (as the dashboard greets them). */
  name: string;
  email: string;
}

/** Who a job's history entries name: the business itself. */
export function businessActor(environment: Pick<Environment, 'BUSINESS_EMAIL'>): Actor {
  return { userId: null, name: business.name, email: environment.BUSINESS_EMAIL ?? business.email };
}

export function actorOf(c: Context<AuthEnv>): Actor {
  const user = c.var.user;
  if (!user) throw new Error('no signed-in user behind requireAdmin');
  return { userId: user.id, name: user.firstName?.trim() || user.email, email: user.email };
}

/** What an entry says, by kind (the history row's own columns). */
export type NewHistoryEntry =
  | { kind: 'status'; fromStatus: string; toStatus: string; reason?: string | undefined }
  | { kind: 'note'; text: string }
  | { kind: 'quote'; text: string }
  | { kind: 'visit'; text: string }
  | { kind: 'reply'; subject: string; text: string; mailId: string };

/** Appends one entry to a quote's history in the caller's write transaction; returns it as the API shows it. */
export async function appendHistory(
  tx: WriteTransaction,
  quoteId: string,
  actor: Actor,
  at: Date,
  entry: NewHistoryEntry,
): Promise<HistoryEntry> {
  const row = {
    id: newRowId(),
    quoteId,
    at,
    actorUserId: actor.userId,
    actorName: actor.name,
    actorEmail: actor.email,
    fromStatus: null,
    toStatus: null,
    reason: null,
    text: null,
    subject: null,
    mailId: null,
    ...entry,
  };
  await tx.insert(quoteHistory).values(row);
  return toHistoryEntry({ ...row, reason: row.reason ?? null });
}
