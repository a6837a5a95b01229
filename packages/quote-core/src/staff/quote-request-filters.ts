import { z } from 'zod';
import { SERVICE_TYPES } from '../quote-options.ts';
import { QUOTE_STATUSES } from './quote-pipeline.ts';
import { optionalText } from './text-fields.ts';

/** Most quotes on one page of the inbox list (and the page size when none is asked for). */
export const INBOX_PAGE_LIMIT = 500;

/** True for a real calendar day written 'YYYY-MM-DD' (no 31 April, no 29 February outside leap years). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10) === value;
}

const calendarDay = z.string().refine(isCalendarDay, 'Use a date as yyyy-MM-dd').optional();

/**
 * The inbox's query, shared by GET /api/contact and GET /api/contact.csv: filters (status, service,
 * source, search, Melbourne days from–to inclusive, returning customers), the order and the page.
 * Unknown parameters are ignored; a bad value is a 400 naming its parameter.
 */
export const quoteListQuery = z
  .object({
    status: z.enum(QUOTE_STATUSES, { error: `Use one of ${QUOTE_STATUSES.join(', ')}` }).optional(),
    service: z.enum(SERVICE_TYPES, { error: `Use one of ${SERVICE_TYPES.join(', ')}` }).optional(),
    /** 'main-site', a partner key, or 'partner:<key>' as the quote stores it. */
    source: z
      .string()
      .regex(/^[A-Za-z0-9:._-]{1,120}$/, "Use 'main-site' or a partner key")
      .optional(),
    q: optionalText(200, { label: 'The search' }),
    from: calendarDay,
    to: calendarDay,
    /** Only quotes from a customer who asked before ('1' or 'true'). */
    returning: z.enum(['1', '0', 'true', 'false'], { error: 'Use 1 or 0' }).optional(),
    /**
     * 'customer': only requests whose latest sent quote waits for the customer's answer; 'booking':
     * only requests with an accepted quote and no visit booked or done.
     */
    awaiting: z.enum(['customer', 'booking'], { error: 'Use customer or booking' }).optional(),
    sort: z.enum(['newest', 'reply-due'], { error: 'Use newest or reply-due' }).default('newest'),
    /** Keyset cursor: the last quote already shown (the Link rel="next" header carries it). */
    before: z.string().min(1).max(200).optional(),
    limit: z.coerce
      .number({ error: `Use a number from 1 to ${INBOX_PAGE_LIMIT}` })
      .int(`Use a number from 1 to ${INBOX_PAGE_LIMIT}`)
      .min(1, `Use a number from 1 to ${INBOX_PAGE_LIMIT}`)
      .max(INBOX_PAGE_LIMIT, `Use a number from 1 to ${INBOX_PAGE_LIMIT}`)
      .default(INBOX_PAGE_LIMIT),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'Use a date on or after from',
  });
/** The inbox query as a client sends it (query-string values). */
export type QuoteListQueryInput = z.input<typeof quoteListQuery>;
/** The inbox query as the API reads it (defaults applied). */
export type QuoteListQuery = z.output<typeof quoteListQuery>;
