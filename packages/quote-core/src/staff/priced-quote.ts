import { z } from 'zod';
import {
  OVEN_CONDITION_OPTIONS,
  OVEN_EXTRA_OPTIONS,
  OVEN_TYPE_OPTIONS,
  ROOM_KINDS,
  ROOM_LABELS,
  SERVICE_LABELS,
  URGENCY_OPTIONS,
  WINDOW_CLEANING_TYPE_OPTIONS,
  WINDOW_CLEANING_TYPES,
  WINDOW_EXTRA_OPTIONS,
  type WindowCleaningType,
} from '../quote-options.ts';
import type { QuoteRequest } from '../quote-request-rules.ts';
import { gstIncluded, MAX_AMOUNT_CENTS } from './money.ts';
import type { PriceList } from './price-list.ts';
import { frequencyDiscountCents, QUOTE_FREQUENCY_LABELS } from './quote-frequency.ts';
import { optionalText, requiredText } from './text-fields.ts';
import { MAX_VISIT_MINUTES, MIN_VISIT_MINUTES, roomCount } from './visit-duration.ts';
import { QUOTE_FREQUENCIES } from './visits.ts';

/** Most lines one quote may have. */
export const MAX_QUOTE_LINES = 50;
/** Largest quantity of one line. */
export const MAX_LINE_QUANTITY = 999;
/** Longest line description, in characters. */
export const MAX_LINE_DESCRIPTION = 200;
/** Longest note to the customer. */
export const MAX_QUOTE_NOTE = 2000;

/** One line of a priced quote as staff write it. */
export interface QuoteLine {
  description: string;
  quantity: number;
  /** GST inclusive, whole cents. */
  unitPriceCents: number;
}

/** A line with its total (quantity × unit price). */
export interface PricedLine extends QuoteLine {
  lineTotalCents: number;
}

/**
 * A quote's sums: the total is what the customer pays for one visit; GST is the part of it that is
 * tax. A recurring quote takes its frequency's discount off the lines' sum.
 */
export interface QuoteTotals {
  lines: PricedLine[];
  /** The sum of the lines, GST inclusive. */
  subtotalCents: number;
  /** The discount in whole percent (0 for a one-off). */
  discountPercent: number;
  /** What the discount takes off the subtotal, rounded once to the cent (positive; 0 without one). */
  discountCents: number;
  /** What one visit costs: subtotal − discount, GST inclusive. */
  totalCents: number;
  /** total ÷ 11 rounded once on the total; 0 when the business is not registered for GST. */
  gstCents: number;
  /** totalCents − gstCents. */
  exGstCents: number;
}

/**
 * The sums of `lines`: every line's total, their subtotal, the discount of `discountPercent` on it
 * and the total per visit, all in integer cents (no float in any sum). The discount is rounded once,
 * on the subtotal; GST is computed once on the total after the discount, and only when the business
 * is registered for it.
 */
export function quoteTotals(
  lines: readonly QuoteLine[],
  gstRegistered: boolean,
  discountPercent = 0,
): QuoteTotals {
  const priced = lines.map((line) => ({ ...line, lineTotalCents: line.quantity * line.unitPriceCents }));
  const subtotalCents = priced.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const discountCents = frequencyDiscountCents(subtotalCents, discountPercent);
  const totalCents = subtotalCents - discountCents;
  const gstCents = gstRegistered ? gstIncluded(totalCents) : 0;
  return {
    lines: priced,
    subtotalCents,
    discountPercent,
    discountCents,
    totalCents,
    gstCents,
    exGstCents: totalCents - gstCents,
  };
}

const optionLabel = (options: readonly { id: string; label: string }[], id: string | undefined) =>
  options.find((option) => option.id === id)?.label ?? String(id);

/**
 * The lines a quote for `request` starts from: one per priced answer, at the price list's prices —
 * the service's base price × 1, 'Bedrooms' × the count, 'Bathrooms' × the count, each carpet room
 * kind × its count, window panels × the count, the oven at its size and condition × 1, each chosen
 * extra × 1, and the urgency surcharge × 1 for 'today/tomorrow'. Answers the service does not ask are
 * ignored. Staff edit, add and remove lines from here.
 */
export function quoteLinesFor(request: QuoteRequest, prices: PriceList): QuoteLine[] {
  const { serviceType } = request;
  const lines: QuoteLine[] = [];
  const add = (description: string, quantity: number, unitPriceCents: number) => {
    if (quantity > 0) lines.push({ description, quantity, unitPriceCents });
  };
  const service = prices.services[serviceType];
  add(SERVICE_LABELS[serviceType], 1, service.baseCents);
  if (serviceType === 'regular-clean' || serviceType === 'deep-clean' || serviceType === 'end-of-lease') {
    const rooms = prices.services[serviceType];
    add('Bedrooms', roomCount(request.bedrooms), rooms.bedroomCents);
    add('Bathrooms', roomCount(request.bathrooms), rooms.bathroomCents);
  }
  const carpet =
    serviceType === 'carpet-clean' || (serviceType === 'end-of-lease' && request.carpetNeeded === 'yes')
      ? prices.services[serviceType].carpetRoomCents
      : undefined;
  if (carpet) {
    for (const room of ROOM_KINDS)
      add(`Carpet steam cleaning: ${ROOM_LABELS[room]}`, request.carpetRoomCounts?.[room] ?? 0, carpet[room]);
  }
  if (serviceType === 'window-clean') {
    const windows = prices.services['window-clean'];
    const type = request.propertyType as WindowCleaningType | undefined;
    if (type && (WINDOW_CLEANING_TYPES as readonly string[]).includes(type))
      add(
        `Window panels (${optionLabel(WINDOW_CLEANING_TYPE_OPTIONS, type)})`,
        request.windowPanels ?? 0,
        windows.windowPanelCents[type],
      );
    for (const extra of request.windowScope ?? [])
      add(optionLabel(WINDOW_EXTRA_OPTIONS, extra), 1, windows.extraCents[extra]);
  }
  if (serviceType === 'oven-clean') {
    const ovens = prices.services['oven-clean'];
    if (request.ovenType && request.ovenCondition)
      add(
        `${optionLabel(OVEN_TYPE_OPTIONS, request.ovenType)}, ${optionLabel(OVEN_CONDITION_OPTIONS, request.ovenCondition).toLowerCase()}`,
        1,
        ovens.ovenCents[request.ovenType][request.ovenCondition],
      );
    for (const extra of request.cleaningFocus ?? [])
      add(optionLabel(OVEN_EXTRA_OPTIONS, extra), 1, ovens.extraCents[extra]);
  }
  if (request.urgency === 'urgent-today') {
    const urgent = URGENCY_OPTIONS.find((option) => option.id === 'urgent-today');
    add(`${urgent?.label} (${urgent?.description}) surcharge`, 1, prices.urgentSurchargeCents);
  }
  return lines;
}

// One line's rules; the messages are completed with the line's number by `quoteLines` below.
const lineSchema = z.object({
  description: requiredText(MAX_LINE_DESCRIPTION, 'enter a description', { label: 'the description' }),
  quantity: z
    .number({ error: `the quantity is a whole number from 1 to ${MAX_LINE_QUANTITY}` })
    .int(`the quantity is a whole number from 1 to ${MAX_LINE_QUANTITY}`)
    .min(1, `the quantity is a whole number from 1 to ${MAX_LINE_QUANTITY}`)
    .max(MAX_LINE_QUANTITY, `the quantity is a whole number from 1 to ${MAX_LINE_QUANTITY}`),
  unitPriceCents: z
    .number({ error: 'the unit price is an amount from $0.00 to $100,000.00' })
    .int('the unit price is in whole cents (no fraction of a cent)')
    .min(0, 'the unit price can’t be negative')
    .max(MAX_AMOUNT_CENTS, 'the unit price is at most $100,000.00'),
});

/**
 * A quote's lines: 1 to 50, each checked; an issue's path names the line and field
 * (`lines.2.quantity`) and its message names the line ('Line 3: the quantity is a whole number from
 * 1 to 999').
 */
export const quoteLines = z
  .array(z.unknown(), { error: 'Add the quote’s lines' })
  .min(1, 'Add at least one line')
  .max(MAX_QUOTE_LINES, `At most ${MAX_QUOTE_LINES} lines`)
  .transform((lines, ctx): QuoteLine[] => {
    const checked: QuoteLine[] = [];
    lines.forEach((line, index) => {
      const result = lineSchema.safeParse(line);
      if (result.success) {
        checked.push(result.data);
        return;
      }
      for (const issue of result.error.issues) {
        const message = issue.message.charAt(0).toLowerCase() + issue.message.slice(1);
        ctx.issues.push({
          code: 'custom',
          message: `Line ${index + 1}: ${message}`,
          path: [index, ...issue.path.map((step) => (typeof step === 'symbol' ? String(step) : step))],
          input: line,
        });
      }
    });
    return ctx.issues.length > 0 ? z.NEVER : checked;
  });

/** What a visit's length may be, in the words the editor and a 400 use. */
export const DURATION_MINUTES_MESSAGE = `The estimated time is a whole number of minutes from ${MIN_VISIT_MINUTES} to ${MAX_VISIT_MINUTES}`;

/** What `frequency` may be, in the words the editor and a 400 use. */
export const FREQUENCY_MESSAGE = `Choose how often: ${Object.values(QUOTE_FREQUENCY_LABELS)
  .join(', ')
  .replace(/, ([^,]*)$/, ' or $1')}`;

/**
 * POST and PUT /api/contact/:id/quote: the quote's lines, an optional note to the customer (shown
 * in the mail and on the customer's page), how long the visit takes (`durationMinutes`, optional:
 * without it the price list's estimate for the request's answers is stored) and how often the clean
 * is done (`frequency`: 'once' when left out; a series takes the price list's discount for it).
 */
export const quoteDraft = z.object({
  lines: quoteLines,
  note: optionalText(MAX_QUOTE_NOTE, { multiline: true, label: 'The note' }).transform((note) => note ?? ''),
  durationMinutes: z
    .number({ error: DURATION_MINUTES_MESSAGE })
    .int(DURATION_MINUTES_MESSAGE)
    .min(MIN_VISIT_MINUTES, DURATION_MINUTES_MESSAGE)
    .max(MAX_VISIT_MINUTES, DURATION_MINUTES_MESSAGE)
    .optional(),
  frequency: z.enum(QUOTE_FREQUENCIES, { error: FREQUENCY_MESSAGE }).default('once'),
});
/** A quote draft as a form or client sends it. */
export type QuoteDraftInput = z.input<typeof quoteDraft>;
/** A quote draft as the API reads it (texts trimmed, note '' when none). */
export type QuoteDraft = z.output<typeof quoteDraft>;

/**
 * Where one version of a priced quote stands:
 * - draft: being prepared, not sent; sent: mailed, not opened; viewed: the customer opened its page;
 * - accepted / changes-requested / declined: the customer's answer;
 * - expired: its valid-until date passed unanswered; superseded: a later version was sent.
 */
export const PRICED_QUOTE_STATUSES = [
  'draft',
  'sent',
  'viewed',
  'accepted',
  'changes-requested',
  'declined',
  'expired',
  'superseded',
] as const;
/** Where one version of a priced quote stands. */
export type PricedQuoteStatus = (typeof PRICED_QUOTE_STATUSES)[number];

/** The states in words, as staff see them on a request's page. */
export const PRICED_QUOTE_STATUS_LABELS: Readonly<Record<PricedQuoteStatus, string>> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  accepted: 'Accepted',
  'changes-requested': 'Changes requested',
  declined: 'Declined',
  expired: 'Expired',
  superseded: 'Superseded',
};

/** States in which the customer still has to answer: the inbox's 'Awaiting customer'. */
export const AWAITING_CUSTOMER_STATUSES = ['sent', 'viewed'] as const satisfies readonly PricedQuoteStatus[];

/** How long a sent quote stays valid: 30 days from the Melbourne date it was sent. */
export const QUOTE_VALID_DAYS = 30;
/** How many days before the valid-until date an unanswered quote reminds the customer. */
export const QUOTE_REMINDER_DAYS_BEFORE = 3;

/** The customer's request for changes on the quote's page: 1–2,000 characters. */
export const MAX_CHANGE_REQUEST = 2000;
