import type { QuoteRequest } from '../quote-request-rules.ts';
import type { PriceList } from './price-list.ts';

/** The shortest visit a quote can plan, in minutes. */
export const MIN_VISIT_MINUTES = 15;
/** The longest visit a quote can plan, in minutes: a full 12-hour day. */
export const MAX_VISIT_MINUTES = 720;
/** Estimates are whole quarter hours, as staff plan a day. */
export const VISIT_MINUTES_STEP = 15;

/** The rooms an answer counts: '5+' counts 5, '4+' counts 4, none counts 0. */
export function roomCount(choice: string | undefined): number {
  return Number.parseInt(choice ?? '0', 10) || 0;
}

/** The answers a visit's length depends on: the service and, where it prices rooms, their counts. */
export type DurationAnswers = Pick<QuoteRequest, 'serviceType' | 'bedrooms' | 'bathrooms'>;

/**
 * How long the clean a request asks for takes, by the price list's times: the service's base time,
 * plus its time per bedroom and per bathroom × their counts for the services priced by rooms —
 * rounded to the nearest quarter hour and kept within 15 minutes to 12 hours.
 */
export function estimateDurationMinutes(request: DurationAnswers, list: PriceList): number {
  const times = list.durations[request.serviceType];
  let minutes = times.baseMinutes;
  if ('bedroomMinutes' in times) {
    minutes +=
      times.bedroomMinutes * roomCount(request.bedrooms) +
      times.bathroomMinutes * roomCount(request.bathrooms);
  }
  const rounded = Math.round(minutes / VISIT_MINUTES_STEP) * VISIT_MINUTES_STEP;
  return Math.min(MAX_VISIT_MINUTES, Math.max(MIN_VISIT_MINUTES, rounded));
}

/** A length of time as people say it: '4 h', '3 h 45 min', '45 min'. */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
