import {
  centsToDollarsText,
  type QuoteDraft,
  type QuoteFrequency,
  type QuoteLine,
  type QuoteTotals,
  quoteDraft,
  quoteTotals,
} from '@cleanquote/quote-core/staff';
import { type FieldErrors, type Resolver, set } from 'react-hook-form';
import { centsOfTypedDollars, typedCount } from '../lib/typed-dollars.ts';

/** One line of the quote editor, as typed: the unit price in dollars ('120.00'). */
export interface QuoteLineFields {
  description: string;
  quantity: string;
  unitPrice: string;
}

/** The quote editor's values. */
export interface QuoteDraftForm {
  lines: QuoteLineFields[];
  note: string;
  /** The visit's estimated time as typed, in minutes ('240'). */
  durationMinutes: string;
  /** How often the clean is done: 'once', or a series with the price list's discount. */
  frequency: QuoteFrequency;
}

/**
 * The editor's values for lines in cents (a quote's, or the ones its answers price), the visit's
 * length in minutes (the quote's, or the price list's estimate; '' when there is none to start
 * from) and how often it is done (the quote's; a new quote is a one-off until staff say otherwise).
 */
export function quoteDraftFormValues(
  lines: readonly QuoteLine[],
  note = '',
  durationMinutes?: number,
  frequency: QuoteFrequency = 'once',
): QuoteDraftForm {
  return {
    lines: lines.map((line) => ({
      description: line.description,
      quantity: String(line.quantity),
      unitPrice: centsToDollarsText(line.unitPriceCents),
    })),
    note,
    durationMinutes: durationMinutes === undefined ? '' : String(durationMinutes),
    frequency,
  };
}

/** A new line: one of something, its price to type. */
export const EMPTY_LINE: QuoteLineFields = { description: '', quantity: '1', unitPrice: '' };

/** The request body the editor's values stand for, each amount read from dollars into cents. */
function draftOf(form: QuoteDraftForm) {
  return {
    lines: form.lines.map((line) => ({
      description: line.description,
      quantity: typedCount(line.quantity),
      unitPriceCents: centsOfTypedDollars(line.unitPrice),
    })),
    note: form.note,
    durationMinutes: typedCount(form.durationMinutes),
    frequency: form.frequency,
  };
}

/**
 * The editor's field a server path names: the server's `unitPriceCents` is the editor's `unitPrice`
 * (typed in dollars); every other name is the same ('lines.2.quantity', 'note').
 */
export function editorFieldOf(path: string): string {
  return path.replace(/\.unitPriceCents$/, '.unitPrice');
}

/** The server's path of an editor's field: the other way from {@link editorFieldOf}. */
export function serverPathOf(field: string): string {
  return field.replace(/\.unitPrice$/, '.unitPriceCents');
}

/**
 * The editor's check: the lines read into the body POST/PUT …/quote takes (quantities as numbers,
 * unit prices from dollars into cents, the estimated time as minutes — always sent, so the quote
 * keeps what staff see), judged by the server's own schema (quoteDraft), so each field
 * shows the server's message for it ('Line 2: the quantity is a whole number from 1 to 999') before
 * any request. Valid, it gives the body to send.
 */
export const quoteDraftResolver: Resolver<QuoteDraftForm, unknown, QuoteDraft> = async (values) => {
  const result = quoteDraft.safeParse(draftOf(values));
  if (result.success) return { values: result.data, errors: {} };
  const errors: FieldErrors<QuoteDraftForm> = {};
  const named = new Set<string>();
  for (const issue of result.error.issues) {
    const field = editorFieldOf(issue.path.join('.'));
    if (named.has(field)) continue;
    named.add(field);
    // A message about the list itself ('Add at least one line') is the list's root message.
    set(errors, field === 'lines' ? 'lines.root' : field, { type: 'validate', message: issue.message });
  }
  return { values: {}, errors };
};

/** The live sums of the editor: each line's total (null while it can't be read) and the quote's. */
export interface EditorTotals {
  lineTotals: (number | null)[];
  totals: QuoteTotals;
}

/**
 * The totals as staff type: a line counts once its quantity and unit price are amounts the server
 * would take; the quote's subtotal, discount (`discountPercent` of it, 0 for a one-off), total per
 * visit and GST are those of the lines that count, summed as the server sums them.
 */
export function editorTotals(
  lines: readonly QuoteLineFields[],
  gstRegistered: boolean,
  discountPercent = 0,
): EditorTotals {
  const readable = lines.map((line): QuoteLine | null => {
    const quantity = typedCount(line.quantity);
    const unitPriceCents = centsOfTypedDollars(line.unitPrice);
    const ok =
      Number.isInteger(quantity) && quantity >= 1 && Number.isInteger(unitPriceCents) && unitPriceCents >= 0;
    return ok ? { description: line.description, quantity, unitPriceCents } : null;
  });
  return {
    lineTotals: readable.map((line) => (line ? line.quantity * line.unitPriceCents : null)),
    totals: quoteTotals(
      readable.filter((line): line is QuoteLine => line !== null),
      gstRegistered,
      discountPercent,
    ),
  };
}
