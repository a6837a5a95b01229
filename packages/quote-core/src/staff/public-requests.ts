import { z } from 'zod';
import { STEP_IDS } from '../step-plan.ts';
import { isWellFormedText, textProblem, trimText } from '../text-rules.ts';
import { PARTNER_KEY_PATTERN } from './partners.ts';
import { emailAddress, optionalText, requiredText } from './text-fields.ts';

/**
 * The requests the public site sends to the API that are not a quote request: a message to a team
 * member, a newsletter sign-up, a page view or funnel beacon, and staff sign-in. The API validates
 * with these schemas and the site's typed client and forms are typed by them.
 */

/** POST /api/team-contact: the contact dialog's fields, plus whom the visitor meant to write to. */
export const teamContact = z.object({
  senderName: requiredText(200, 'Please enter your name', { label: 'Your name' }),
  senderEmail: emailAddress,
  senderPhone: optionalText(50, { label: 'The phone number' }),
  subject: optionalText(200, { label: 'The subject' }),
  message: requiredText(10_000, 'Please enter a message', { label: 'The message', multiline: true }),
  recipientId: optionalText(100, { label: 'The recipient' }),
  recipientName: optionalText(200, { label: 'The recipient' }),
  recipientEmail: optionalText(254, { label: 'The recipient' }),
});
/** A contact-dialog message as the site sends it. */
export type TeamContactInput = z.input<typeof teamContact>;
/** A contact-dialog message as the API reads it. */
export type TeamContact = z.output<typeof teamContact>;

/** POST /api/newsletter: the address to confirm, and where on the site the visitor subscribed. */
export const newsletterSignup = z.object({
  email: emailAddress,
  /** Where on the site the visitor subscribed (e.g. 'home-newsletter'); recorded with the consent. */
  source: z
    .string()
    .trim()
    .max(100)
    .regex(/^[\w .:/-]*$/, 'Letters, digits and - _ . : / only')
    .optional(),
});
/** A newsletter sign-up as the site sends it. */
export type NewsletterSignupInput = z.input<typeof newsletterSignup>;
/** A newsletter sign-up as the API reads it. */
export type NewsletterSignup = z.output<typeof newsletterSignup>;

/** The wizard funnel's points, in order: opened, each step by its id, acknowledged by the server. */
export const FUNNEL_STEPS = ['started', ...STEP_IDS, 'submitted'] as const;

/** What the site may report to the funnel: its points and a failed submission attempt. */
export const FUNNEL_EVENTS = [...FUNNEL_STEPS, 'submission-failed'] as const;
/** One event the wizard reports to the funnel. */
export type FunnelEvent = (typeof FUNNEL_EVENTS)[number];

/** POST /api/collect: one page view or one funnel event, sent as a beacon. */
export const collectEvent = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('view'),
    /** The page's URL (location.href): its path and UTM parameters are kept, nothing else. */
    url: z.string().max(2_000),
    referrer: z.string().max(2_000).optional(),
    /** The viewport width in CSS pixels, for the device class. */
    width: z.number().int().min(0).max(100_000).optional(),
    partner: z.string().regex(PARTNER_KEY_PATTERN).optional(),
  }),
  z.object({
    kind: z.literal('funnel'),
    /** The visit's anonymous id, kept in the page's memory only. */
    visit: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    step: z.enum(FUNNEL_EVENTS),
  }),
]);
/** A beacon as the site sends it. */
export type CollectEventInput = z.input<typeof collectEvent>;
/** A beacon as the API reads it. */
export type CollectEvent = z.output<typeof collectEvent>;

/**
 * GET /api/partner-status: the partner key the embed carries, if any (the page's origin is its
 * Origin header).
 */
export const partnerStatusQuery = z.object({ key: z.string().optional() });
/** The partner status query as the embed sends it. */
export type PartnerStatusQueryInput = z.input<typeof partnerStatusQuery>;

/** POST /api/login (a form or JSON): a member of staff's email address and password. */
export const signIn = z.object({
  email: z
    .string()
    .refine((value) => textProblem(value) === null)
    .transform(trimText)
    .pipe(z.string().min(1).max(254)),
  // Bounded so nobody makes argon2 hash megabytes; a lone surrogate has no bytes to hash.
  password: z.string().min(1).max(1_000).refine(isWellFormedText),
  /** Where to go after signing in (the form's hidden field); the API keeps it to a path on this site. */
  next: z.string().optional(),
});
/** Sign-in credentials as the sign-in form sends them. */
export type SignInInput = z.input<typeof signIn>;
/** Sign-in credentials as the API reads them. */
export type SignIn = z.output<typeof signIn>;
