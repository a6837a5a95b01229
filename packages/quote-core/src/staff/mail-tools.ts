import { MAIL_PROVIDERS, SMTP_SECURITY } from '@cleanquote/content';
import { z } from 'zod';
import { SERVICE_TYPES } from '../quote-options.ts';
import { emailAddress, optionalText, requiredText } from './text-fields.ts';

/**
 * Where a mail is in the outbox: queued, being sent, sent, given up on (dead), captured in tests, or
 * scheduled (a queued mail that may not go before its time, such as a visit's reminder).
 */
export const MAIL_STATUSES = ['queued', 'scheduled', 'sending', 'sent', 'dead', 'captured'] as const;
/** One state of a mail in the outbox. */
export type MailStatus = (typeof MAIL_STATUSES)[number];
/** The states an outbox row stores: 'scheduled' is a queued mail whose time is still to come. */
export type StoredMailStatus = Exclude<MailStatus, 'scheduled'>;

/** GET /api/admin/outbox: mails with this status (dead letters with 'dead'), a page at a time. */
export const mailListQuery = z.object({
  status: z.enum(MAIL_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** The id of the oldest mail already shown (the Link rel="next" header gives it). */
  before: z.string().min(1).max(200).optional(),
});
/** The outbox query as a client sends it. */
export type MailListQueryInput = z.input<typeof mailListQuery>;
/** The outbox query as the API reads it. */
export type MailListQuery = z.output<typeof mailListQuery>;

const MISSING = 'Please fill in all required fields';

/**
 * POST /api/send-direct-email: one mail from the sender's own mailbox. A 'custom' provider names its
 * own SMTP host and port. The password is for that one connection and never kept.
 */
export const directEmail = z
  .object({
    fromEmail: emailAddress,
    // Any characters (a password).
    fromPassword: z.string({ error: MISSING }).min(1, MISSING).max(1_000),
    toEmail: emailAddress,
    provider: z.enum(MAIL_PROVIDERS).default('gmail'),
    subject: optionalText(200, { label: 'The subject' }),
    message: optionalText(10_000, { label: 'The message', multiline: true }),
    smtpHost: optionalText(253, { label: 'The SMTP host' }),
    smtpPort: z.coerce.number().int().min(1).max(65_535).optional(),
    smtpSecurity: z.enum(SMTP_SECURITY).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.provider !== 'custom') return;
    if (!body.smtpHost) ctx.addIssue({ code: 'custom', path: ['smtpHost'], message: 'Enter the SMTP host' });
    if (body.smtpPort === undefined) {
      ctx.addIssue({ code: 'custom', path: ['smtpPort'], message: 'Enter the SMTP port' });
    }
  });
/** A direct email as a form or client sends it. */
export type DirectEmailInput = z.input<typeof directEmail>;
/** A direct email as the API reads it. */
export type DirectEmail = z.output<typeof directEmail>;

/** POST /api/test-client-email: the details the client auto-response is written from, and where it goes. */
export const clientTestEmail = z.object({
  name: requiredText(200, 'Please enter a name', { label: 'The name' }),
  email: emailAddress,
  phone: optionalText(40, { label: 'The phone number' }),
  address: optionalText(300, { label: 'The address' }),
  service: z.enum(SERVICE_TYPES, { error: 'Choose one of the services' }),
  message: optionalText(5_000, { label: 'The message', multiline: true }),
});
/** A client test email as a form or client sends it. */
export type ClientTestEmailInput = z.input<typeof clientTestEmail>;
/** A client test email as the API reads it. */
export type ClientTestEmail = z.output<typeof clientTestEmail>;
