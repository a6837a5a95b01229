import { business, DEFAULT_TEST_SUBJECT, PROVIDER_PRESETS, type SmtpServer } from '@cleanquote/content';
import type { QuoteRequest } from '@cleanquote/quote-core';
import { clientTestEmail, directEmail } from '@cleanquote/quote-core/staff';
import { Hono } from 'hono';
import nodemailer from 'nodemailer';
import { type AuthEnv, requireAdmin } from '../../auth/middleware.ts';
import { newRowId } from '../../db/row-id.ts';
import { jsonBody } from '../../lib/json-body.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { quoteMailBody } from '../../mail/quote-mails.ts';

/** One line from an SMTP failure: the server's own words, never the password. */
function failureMessage(error: unknown, password: string): string {
  const { message, response } = (error ?? {}) as { message?: unknown; response?: unknown };
  const text = String(response ?? message ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return 'Please check your email credentials and try again.';
  return text.split(password).join('•••').slice(0, 300);
}

/*
 * The admin email tools (spec §2 "direct email sender" and "client auto-response email test"), both
 * behind the admin session and the origin check every admin mutation has.
 */

/**
 * POST /api/send-direct-email {fromEmail, fromPassword, toEmail, provider, subject, message, and for
 * 'custom' smtpHost, smtpPort, smtpSecurity}: sends one mail from the sender's own mailbox, over one
 * SMTP connection made for it. The password is used for that connection only (DESIGN.md item 7):
 * never stored, logged, queued in the outbox or echoed back. 200 {recipient, message}; 400 naming the
 * missing fields; 502 {error} with the SMTP server's own words when it refuses.
 */
export const directEmailRoutes = new Hono<AuthEnv>()
  .use(requireAdmin)
  .post('/', jsonBody(directEmail), async (c) => {
    const body = c.req.valid('json');
    const server: SmtpServer =
      body.provider === 'custom'
        ? {
            host: body.smtpHost as string,
            port: body.smtpPort as number,
            security: body.smtpSecurity ?? 'starttls',
          }
        : PROVIDER_PRESETS[body.provider];
    const { environment } = c.var;
    const transport = nodemailer.createTransport({
      host: server.host,
      port: server.port,
      secure: server.security === 'tls',
      requireTLS: server.security === 'starttls',
      ignoreTLS: server.security === 'none',
      auth: { user: body.fromEmail, pass: body.fromPassword },
      connectionTimeout: environment.SMTP_CONNECTION_TIMEOUT_MS,
      greetingTimeout: environment.SMTP_GREETING_TIMEOUT_MS,
      socketTimeout: environment.SMTP_SOCKET_TIMEOUT_MS,
      dnsTimeout: environment.SMTP_CONNECTION_TIMEOUT_MS,
      logger: false,
      debug: false,
    });
    try {
      await transport.sendMail({
        from: body.fromEmail,
        to: body.toEmail,
        subject: body.subject ?? DEFAULT_TEST_SUBJECT,
        text: body.message ?? `This is a test email sent from the ${business.name} admin area.`,
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    } catch (error) {
      const reason = failureMessage(error, body.fromPassword);
      c.var.logger.warn({ provider: body.provider, host: server.host, reason }, 'direct email failed');
      return c.json({ error: reason, requestId: c.var.requestId }, 502);
    } finally {
      transport.close();
    }
    c.var.logger.info({ provider: body.provider, host: server.host }, 'direct email sent');
    return c.json({ recipient: body.toEmail, message: `Test email sent to ${body.toEmail}` });
  });

/**
 * POST /api/test-client-email {name, email, phone, address, service, message}: queues the real client
 * auto-response, written by the quote mail template from these fields, to `email` through the outbox.
 * 202 {recipient, id}.
 */
export const clientEmailTestRoutes = new Hono<AuthEnv>()
  .use(requireAdmin)
  .post('/', jsonBody(clientTestEmail), async (c) => {
    const body = c.req.valid('json');
    const reference = 'TEST';
    // The quote template reads a whole request; the test fills what the form has.
    const request = {
      serviceType: body.service,
      name: body.name,
      email: body.email,
      phone: body.phone ?? '',
      address: body.address ?? '',
      specialRequests: body.message,
      termsAccepted: true,
    } as QuoteRequest;
    const mail = quoteMailBody(
      'quote-auto-response',
      // The first auto-response of a day, the one that repeats the answers: staff test what clients see.
      { id: newRowId(), reference, source: 'client-email-test', request, autoResponse: 'with-answers' },
      c.var.environment.PUBLIC_URL,
    );
    const { environment, database } = c.var;
    const id = await database.writes.run((tx) =>
      enqueueMail(tx, {
        kind: 'client-email-test',
        from: environment.MAIL_FROM,
        to: { name: body.name, address: body.email },
        replyTo: environment.BUSINESS_EMAIL ?? business.email,
        subject: `We received your quote request (${reference})`,
        text: mail.text,
        html: mail.html,
      }),
    );
    return c.json({ recipient: body.email, id }, 202);
  });
