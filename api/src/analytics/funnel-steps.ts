import { STEP_IDS } from '@cleanquote/quote-core';

/** The wizard funnel's points, in order: opened, each step by its id, acknowledged by the server. */
export const FUNNEL_STEPS = ['started', ...STEP_IDS, 'submitted'] as const;

/** What the site may report to the funnel: its points and a failed submission attempt. */
export const FUNNEL_EVENTS = [...FUNNEL_STEPS, 'submission-failed'] as const;
