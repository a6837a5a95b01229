/** The reasons offered when a quote is marked lost; 'Other' takes the reason as text. */
export const LOST_REASONS = [
  'Price too high',
  'Chose another company',
  'No reply from the customer',
  'No longer needed',
  'Outside our service area',
] as const;
