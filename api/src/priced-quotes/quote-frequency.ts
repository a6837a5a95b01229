import type { QuoteFrequency } from '@cleanquote/quote-core/staff';

/** How often the clean is done, as staff and customers read it. */
const FREQUENCY_LABELS: Readonly<Record<QuoteFrequency, string>> = {
  once: 'One-off',
  weekly: 'Weekly',
  fortnightly: 'Fortnightly',
  'four-weekly': 'Every 4 weeks',
};

/** 'One-off', 'Weekly', 'Fortnightly', 'Every 4 weeks'. */
export function frequencyLabel(frequency: QuoteFrequency): string {
  return FREQUENCY_LABELS[frequency];
}

/** 'per visit, weekly', 'per visit, fortnightly', 'per visit, every 4 weeks': beside a recurring total. */
export function perVisitText(frequency: Exclude<QuoteFrequency, 'once'>): string {
  return `per visit, ${FREQUENCY_LABELS[frequency].toLowerCase()}`;
}
