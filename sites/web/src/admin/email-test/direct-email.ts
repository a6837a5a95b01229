import {
  DEFAULT_TEST_SUBJECT,
  type MailProvider,
  PROVIDER_PRESETS,
  type SmtpSecurity,
} from '@cleanquote/content';
import type { DirectEmail } from '../admin-api.ts';

/*
 * The direct email sender's form, as plain data: what it starts with, what must be filled in before
 * anything is sent (spec §5), and the body it posts to POST /api/send-direct-email (spec §7).
 */

/** The provider select's option texts. */
export const PROVIDER_LABELS: Readonly<Record<MailProvider, string>> = {
  gmail: 'Gmail',
  outlook: 'Outlook',
  yahoo: 'Yahoo',
  custom: 'Custom SMTP server',
};

/** The TLS choice's option texts for a custom server. */
export const SECURITY_LABELS: Readonly<Record<SmtpSecurity, string>> = {
  none: 'None',
  starttls: 'STARTTLS',
  tls: 'TLS',
};

/** The hint under the provider select: which server a preset sends through. */
export function providerHint(provider: MailProvider): string {
  if (provider === 'custom') return "Enter your mail server's host, port and TLS below.";
  const { host, port, security } = PROVIDER_PRESETS[provider];
  return `Sends through ${host}, port ${port}, ${security === 'tls' ? 'over TLS' : 'with STARTTLS'}.`;
}

/** What the form holds, as typed (the port too: it is text until sent). */
export interface DirectEmailForm {
  fromEmail: string;
  fromPassword: string;
  toEmail: string;
  provider: MailProvider;
  subject: string;
  message: string;
  smtpHost: string;
  smtpPort: string;
  smtpSecurity: SmtpSecurity;
}

/** A field of the form; also the name the API uses for it in a 400's `fields`. */
export type DirectEmailField = keyof DirectEmailForm;

/** The fields in the order they appear, so focus can go to the first one that needs attention. */
export const DIRECT_EMAIL_FIELDS: readonly DirectEmailField[] = [
  'fromEmail',
  'fromPassword',
  'toEmail',
  'provider',
  'smtpHost',
  'smtpPort',
  'smtpSecurity',
  'subject',
  'message',
];

/** Messages shown by field. */
export type DirectEmailErrors = Partial<Record<DirectEmailField, string>>;

/** The form as a new screen shows it: Gmail, the test subject, nothing else filled in. */
export function initialDirectEmailForm(): DirectEmailForm {
  return {
    fromEmail: '',
    fromPassword: '',
    toEmail: '',
    provider: 'gmail',
    subject: DEFAULT_TEST_SUBJECT,
    message: '',
    smtpHost: '',
    smtpPort: '',
    smtpSecurity: 'starttls',
  };
}

const REQUIRED: Readonly<Partial<Record<DirectEmailField, string>>> = {
  fromEmail: 'Enter the address to send from',
  fromPassword: 'Enter the password of that mailbox',
  toEmail: 'Enter the address to send to',
};

const REQUIRED_FOR_CUSTOM: Readonly<Partial<Record<DirectEmailField, string>>> = {
  smtpHost: 'Enter the SMTP host',
  smtpPort: 'Enter the SMTP port',
};

/**
 * The check made before sending. `missing` is true when a required field is empty (from, password,
 * to; a custom server's host and port): spec §5's 'Missing Information'. `errors` names every field
 * to fix, a custom port outside 1–65535 included.
 */
export function checkDirectEmail(form: DirectEmailForm): { missing: boolean; errors: DirectEmailErrors } {
  const errors: DirectEmailErrors = {};
  const required = form.provider === 'custom' ? { ...REQUIRED, ...REQUIRED_FOR_CUSTOM } : REQUIRED;
  for (const [field, message] of Object.entries(required) as [DirectEmailField, string][]) {
    // A password is taken as typed (spaces may be part of it); every other field trimmed.
    const value = field === 'fromPassword' ? form.fromPassword : String(form[field]).trim();
    if (value === '') errors[field] = message;
  }
  const missing = Object.keys(errors).length > 0;
  if (form.provider === 'custom' && errors.smtpPort === undefined && parsePort(form.smtpPort) === null) {
    errors.smtpPort = 'Enter a port from 1 to 65535';
  }
  return { missing, errors };
}

function parsePort(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,5}$/.test(trimmed)) return null;
  const port = Number(trimmed);
  return port >= 1 && port <= 65_535 ? port : null;
}

/**
 * The body of POST /api/send-direct-email for a form that passed {@link checkDirectEmail}: spec §7's
 * payload, plus `smtpHost`, `smtpPort` and `smtpSecurity` for a custom server only. An emptied
 * subject is left to the server's default.
 */
export function directEmailRequest(form: DirectEmailForm): DirectEmail {
  const request: DirectEmail = {
    fromEmail: form.fromEmail.trim(),
    fromPassword: form.fromPassword,
    toEmail: form.toEmail.trim(),
    provider: form.provider,
    subject: form.subject.trim() || DEFAULT_TEST_SUBJECT,
    message: form.message,
  };
  if (form.provider !== 'custom') return request;
  const port = parsePort(form.smtpPort);
  return {
    ...request,
    smtpHost: form.smtpHost.trim(),
    ...(port === null ? {} : { smtpPort: port }),
    smtpSecurity: form.smtpSecurity,
  };
}

/** The field messages of a 400 that belong to this form (others are reported in the toast). */
export function directEmailErrorsFrom(fields: Readonly<Record<string, string>>): DirectEmailErrors {
  const errors: DirectEmailErrors = {};
  for (const field of DIRECT_EMAIL_FIELDS) {
    const message = fields[field];
    if (message) errors[field] = message;
  }
  return errors;
}

/** The first field, in screen order, that has a message. */
export function firstFieldWithError<Field extends string>(
  order: readonly Field[],
  errors: Partial<Record<Field, string>>,
): Field | undefined {
  return order.find((field) => errors[field] !== undefined);
}
