import { business, DEFAULT_TEST_SUBJECT, PROVIDER_PRESETS, type SmtpServer } from '@cleanquote/content';
import type { QuoteRequest } from '@cleanquote/quote-core';
import type { ClientTestEmail, DirectEmail } from '@cleanquote/quote-core/staff';
import nodemailer from 'nodemailer';
import type { Database } from '../db/database.ts';
import { newRowId } from '../db/row-id.ts';
import type { Environment } from '../env.ts';
import { enqueueMail } from './outbox.ts';
import { quoteMailBody } from './quote-mails.ts';

/** One line from an SMTP failure: the server's own words, never the password. */
function failureMessage(error: unknown, password: string): string {
  const { message, response } = (error ?? {}) as { message?: unknown; response?: unknown };
  const text = String(response ?? message ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return 'Please check your email credentials and try again.';
  return text.split(password).join('•••').slice(0, 300);
}

/** The SMTP server a direct email goes through: the provider's, or the one a 'custom' sender named. */
export function directEmailServer(email: DirectEmail): SmtpServer {
  return email.provider === 'custom'
    ? {
        host: email.smtpHost as string,
        port: email.smtpPort as number,
        security: email.smtpSecurity ?? 'starttls',
      }
    : PROVIDER_PRESETS[email.provider];
}

/**
 * Sends one mail from the sender's own mailbox over one SMTP connection made for it. The password is
 * used for that connection only: never stored, logged, queued in the outbox or echoed back.
 * @returns null when the server took the mail, else the server's own words (the password masked).
 */
export async function sendDirectEmail(
  email: DirectEmail,
  server: SmtpServer,
  environment: Environment,
): Promise<string | null> {
  const transport = nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.security === 'tls',
    requireTLS: server.security === 'starttls',
    ignoreTLS: server.security === 'none',
    auth: { user: email.fromEmail, pass: email.fromPassword },
    connectionTimeout: environment.SMTP_CONNECTION_TIMEOUT_MS,
    greetingTimeout: environment.SMTP_GREETING_TIMEOUT_MS,
    socketTimeout: environment.SMTP_SOCKET_TIMEOUT_MS,
    dnsTimeout: environment.SMTP_CONNECTION_TIMEOUT_MS,
    logger: false,
    debug: false,
  });
  try {
    await transport.sendMail({
      from: email.fromEmail,
      to: email.toEmail,
      subject: email.subject ?? DEFAULT_TEST_SUBJECT,
      text: email.message ?? `This is a test email sent from the ${business.name} admin area.`,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    return null;
  } catch (error) {
    return failureMessage(error, email.fromPassword);
  } finally {
    transport.close();
  }
}

/**
 * Queues the real client auto-response, written by the quote mail template from the test form's
 * fields, to the address given, through the outbox. Returns the outbox id.
 */
export async function queueClientTestEmail(
  database: Database,
  environment: Environment,
  email: ClientTestEmail,
): Promise<string> {
  const reference = 'TEST';
  // The quote template reads a whole request; the test fills what the form has.
  const request = {
    serviceType: email.service,
    name: email.name,
    email: email.email,
    phone: email.phone ?? '',
    address: email.address ?? '',
    specialRequests: email.message,
    termsAccepted: true,
  } as QuoteRequest;
  const mail = quoteMailBody(
    'quote-auto-response',
    // The first auto-response of a day, the one that repeats the answers: staff test what clients see.
    { id: newRowId(), reference, source: 'client-email-test', request, autoResponse: 'with-answers' },
    environment.PUBLIC_URL,
  );
  return database.writes.run((tx) =>
    enqueueMail(tx, {
      kind: 'client-email-test',
      from: environment.MAIL_FROM,
      to: { name: email.name, address: email.email },
      replyTo: environment.BUSINESS_EMAIL ?? business.email,
      subject: `We received your quote request (${reference})`,
      text: mail.text,
      html: mail.html,
    }),
  );
}
