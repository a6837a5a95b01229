import { z } from 'zod';
import { optionalText, requiredText } from './text-fields.ts';

/** The pipeline a quote request moves through; any status may be reopened. */
export const QUOTE_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;
/** One step of the quote pipeline. */
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** The reasons offered when a quote is marked lost; 'Other' takes the reason as text. */
export const LOST_REASONS = [
  'Price too high',
  'Chose another company',
  'No reply from the customer',
  'No longer needed',
  'Outside our service area',
] as const;
/** One of the offered reasons a quote was lost. */
export type LostReason = (typeof LOST_REASONS)[number];

/**
 * POST /api/contact/:id/status: the status to move the quote to, and why when it is 'lost' (a quote
 * marked lost always says why, so the reasons can be counted).
 */
export const quoteStatusChange = z
  .object({
    status: z.enum(QUOTE_STATUSES, { error: `Choose one of ${QUOTE_STATUSES.join(', ')}` }),
    reason: optionalText(500, { label: 'The reason', multiline: true }),
  })
  .superRefine((change, ctx) => {
    if (change.status === 'lost' && !change.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Please give a reason the quote was lost' });
    }
  });
/** A status change as a form or client sends it. */
export type QuoteStatusChangeInput = z.input<typeof quoteStatusChange>;
/** A status change as the API reads it: the reason trimmed, or undefined. */
export type QuoteStatusChange = z.output<typeof quoteStatusChange>;

/** POST /api/contact/:id/notes: a staff note on the quote's history. */
export const quoteNote = z.object({
  text: requiredText(5_000, 'Please write a note', { label: 'The note', multiline: true }),
});
/** A note as a form or client sends it. */
export type QuoteNoteInput = z.input<typeof quoteNote>;
/** A note as the API reads it (trimmed). */
export type QuoteNote = z.output<typeof quoteNote>;

/** POST /api/contact/:id/reply: the email to the customer, sent from the inbox. */
export const quoteReply = z.object({
  subject: requiredText(300, 'Please enter a subject', { label: 'The subject' }),
  message: requiredText(10_000, 'Please write a message', { label: 'The message', multiline: true }),
});
/** A reply as a form or client sends it. */
export type QuoteReplyInput = z.input<typeof quoteReply>;
/** A reply as the API reads it (trimmed). */
export type QuoteReply = z.output<typeof quoteReply>;
