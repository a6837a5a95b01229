import { URGENCY_OPTIONS } from '@cleanquote/quote-core';

/** What the customer asked of the visit: when, and anything special. */
export interface RequestWishes {
  /** 'This week (within 7 days)'; undefined when the request did not say. */
  timing: string | undefined;
  /** What they typed as special requests; undefined for none. */
  specialRequests: string | undefined;
}

/**
 * The timing and special requests of a request's answers, worded as the business's mail about an
 * accepted quote words them, so staff pricing the quote read what the customer wants beside the lines.
 */
export function requestWishes(details: {
  urgency?: string | undefined;
  specialRequests?: string | undefined;
}) {
  const option = URGENCY_OPTIONS.find((each) => each.id === details.urgency);
  const special = details.specialRequests?.trim() ?? '';
  return {
    timing: option
      ? `${option.label}${option.description ? ` (${option.description})` : ''}`
      : details.urgency,
    specialRequests: special === '' ? undefined : special,
  } satisfies RequestWishes;
}
