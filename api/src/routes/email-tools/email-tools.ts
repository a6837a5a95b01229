import { clientTestEmail, directEmail } from '@cleanquote/quote-core/staff';
import { Hono } from 'hono';
import { type AuthEnv, requireAdmin } from '../../auth/middleware.ts';
import { jsonBody } from '../../lib/json-body.ts';
import { directEmailServer, queueClientTestEmail, sendDirectEmail } from '../../mail/email-tools.ts';

/*
 * The admin email tools — the direct email sender and the client auto-response email test — both
 * behind the admin session and the origin check every admin mutation has.
 */

/**
 * POST /api/send-direct-email {fromEmail, fromPassword, toEmail, provider, subject, message, and for
 * 'custom' smtpHost, smtpPort, smtpSecurity}: sends one mail from the sender's own mailbox, over one
 * SMTP connection made for it. The password is used for that connection only: never stored,
 * logged, queued in the outbox or echoed back. 200 {recipient, message}; 400 naming the
 * missing fields; 502 {error} with the SMTP server's own words when it refuses.
 */
export const directEmailRoutes = new Hono<AuthEnv>()
  .use(requireAdmin)
  .post('/', jsonBody(directEmail), async (c) => {
    const email = c.req.valid('json');
    const server = directEmailServer(email);
    const refusal = await sendDirectEmail(email, server, c.var.environment);
    if (refusal !== null) {
      c.var.logger.warn(
        { provider: email.provider, host: server.host, reason: refusal },
        'direct email failed',
      );
      return c.json({ error: refusal, requestId: c.var.requestId }, 502);
    }
    c.var.logger.info({ provider: email.provider, host: server.host }, 'direct email sent');
    return c.json({ recipient: email.toEmail, message: `Test email sent to ${email.toEmail}` });
  });

/**
 * POST /api/test-client-email {name, email, phone, address, service, message}: queues the real client
 * auto-response, written by the quote mail template from these fields, to `email` through the outbox.
 * 202 {recipient, id}.
 */
export const clientEmailTestRoutes = new Hono<AuthEnv>()
  .use(requireAdmin)
  .post('/', jsonBody(clientTestEmail), async (c) => {
    const email = c.req.valid('json');
    const id = await queueClientTestEmail(c.var.database, c.var.environment, email);
    return c.json({ recipient: email.email, id }, 202);
  });
