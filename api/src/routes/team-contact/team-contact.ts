import { teamContact } from '@cleanquote/quote-core/staff';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env.ts';
import { jsonBody } from '../../lib/json-body.ts';
import { invalidBody } from '../../lib/read-json.ts';
import { submissionSource } from '../../partners/partner-keys.ts';
import {
  resolveRecipient,
  sendTeamContactMessage,
  unknownRecipientField,
} from '../../team-contact/team-contact-messages.ts';

/**
 * POST /api/team-contact: a contact-dialog message to a known team member. Stored, and mailed through
 * the outbox in the same transaction (with a copy to BUSINESS_EMAIL when that is another address).
 * 201 { id, recipient } on success; 400 naming each bad field, including an unknown recipient.
 */
export const teamContactRoutes = new Hono<AppEnv>().post('/', jsonBody(teamContact), async (c) => {
  const message = c.req.valid('json');
  const recipient = resolveRecipient(message);
  if (!recipient) return invalidBody(c, { [unknownRecipientField(message)]: 'Unknown recipient' });
  const source = submissionSource(c);
  const id = await sendTeamContactMessage(c.var.database, c.var.environment, { message, recipient, source });
  c.var.logger.info({ teamContactId: id, recipientId: recipient.id }, 'team contact message queued');
  return c.json({ id, recipient: { id: recipient.id, name: recipient.name } }, 201);
});
