import {
  DEFAULT_TEST_SUBJECT,
  type MailProvider,
  PROVIDER_PRESETS,
  type SmtpSecurity,
} from '@cleanquote/content';
import type { DirectEmailInput } from '@cleanquote/quote-core/staff';

/*
 * The direct email sender's form as plain data: the texts of its choices, what it starts with, and
 * when a refusal is 'Missing Information' rather than a value to correct. What is valid is the
 * server's own schema (directEmail), checked in the browser with the same words.
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

/** What the form holds, as typed: the request the server validates, the port still text. */
export type DirectEmailForm = DirectEmailInput;

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
    smtpSecurity: 'starttls',
  };
}

/**
 * True when a field the send cannot do without is empty — from, password and to; a custom server's
 * host and port — which the screen reports as 'Missing Information'. A password is taken as typed
 * (spaces may be part of it); every other field trimmed.
 */
export function missesRequiredField(form: DirectEmailForm): boolean {
  const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';
  if (blank(form.fromEmail) || form.fromPassword === '' || blank(form.toEmail)) return true;
  return form.provider === 'custom' && (blank(form.smtpHost) || blank(form.smtpPort));
}
