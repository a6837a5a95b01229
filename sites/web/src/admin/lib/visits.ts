import type { VisitStatus } from '@cleanquote/quote-core/staff';

/**
 * What the schedule screen and a quote request's Visit section share: the visit statuses in words
 * and the inbox's and the schedule's query keys (a visit booked on a request's page shows on the week at once).
 */

/** Each visit status as staff read it. */
export const VISIT_STATUS_LABELS: Readonly<Record<VisitStatus, string>> = {
  booked: 'Booked',
  'needs-time': 'Needs a time',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

/** A visit's status in words; a status the site does not know shows as it is. */
export function visitStatusLabel(status: string): string {
  return VISIT_STATUS_LABELS[status as VisitStatus] ?? status;
}

/**
 * Every inbox query starts with this key, so one invalidation refreshes list and pages alike (a
 * visit changed on the schedule shows on its request's page).
 */
export const quotesKey = ['quotes'] as const;

/** Every schedule query starts with this key, so a booked, moved or cancelled visit refreshes them all. */
export const scheduleKey = ['schedule'] as const;
