import { perVisitText, QUOTE_FREQUENCY_LABELS, type QuoteFrequency } from '@cleanquote/quote-core/staff';

/** 'One-off', 'Weekly', 'Fortnightly', 'Every 4 weeks'. */
export function frequencyLabel(frequency: QuoteFrequency): string {
  return QUOTE_FREQUENCY_LABELS[frequency];
}

/** 'per visit, weekly', 'per visit, fortnightly', 'per visit, every 4 weeks': beside a recurring total. */
export { perVisitText };
