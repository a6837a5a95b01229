import { z } from 'zod';
import { isWellFormedText } from '../text-rules.ts';

/** POST /api/admin/unlock: the quote dashboard password, which unlocks quote data for this session. */
export const dashboardUnlock = z.object({
  password: z.string().max(1_000).refine(isWellFormedText, 'Enter the password again'),
});
/** The unlock form as sent. */
export type DashboardUnlockInput = z.input<typeof dashboardUnlock>;
/** The unlock form as the API reads it. */
export type DashboardUnlock = z.output<typeof dashboardUnlock>;
