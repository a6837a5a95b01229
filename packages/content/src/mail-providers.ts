import { business } from './business.ts';

/** The direct email sender's providers; 'custom' names its own SMTP server. */
export const MAIL_PROVIDERS = ['gmail', 'outlook', 'yahoo', 'custom'] as const;
export type MailProvider = (typeof MAIL_PROVIDERS)[number];

/** How an SMTP connection is secured: none, upgraded with STARTTLS, or TLS from the start. */
export const SMTP_SECURITY = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

/** An SMTP server: host, port and how the connection is secured. */
export interface SmtpServer {
  host: string;
  port: number;
  security: SmtpSecurity;
}

/**
 * The SMTP server each named provider stands for: the API connects to it, the admin screen shows it
 * as the chosen provider's hint. One table for both.
 */
export const PROVIDER_PRESETS: Readonly<Record<Exclude<MailProvider, 'custom'>, SmtpServer>> = {
  gmail: { host: 'smtp.gmail.com', port: 465, security: 'tls' },
  outlook: { host: 'smtp.office365.com', port: 587, security: 'starttls' },
  yahoo: { host: 'smtp.mail.yahoo.com', port: 465, security: 'tls' },
};

/** The subject a test email has when none is given ("a test message"). */
export const DEFAULT_TEST_SUBJECT = `Test email from ${business.name}`;
