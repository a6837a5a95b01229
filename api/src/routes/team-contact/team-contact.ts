import { business, customerService, findRecipient, type Recipient, team } from '@cleanquote/content';
import { emailAddress, optionalText, requiredText } from '@cleanquote/quote-core/staff';
import { Hono } from 'hono';
import { z } from 'zod';
import { newRowId } from '../../db/row-id.ts';
import { teamContactMessages } from '../../db/schema.ts';
import type { AppEnv } from '../../lib/app-env.ts';
import { jsonBody } from '../../lib/json-body.ts';
import { invalidBody } from '../../lib/read-json.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { submissionSource } from '../../partners/partner-keys.ts';

/** The contact dialog's fields, plus an optional recipient id. */
export const teamContactBody = z.object({
  senderName: requiredText(200, 'Please enter your name', { label: 'Your name' }),
  senderEmail: emailAddress,
  senderPhone: optionalText(50, { label: 'The phone number' }),
  subject: optionalText(200, { label: 'The subject' }),
  message: requiredText(10_000, 'Please enter a message', { label: 'The message', multiline: true }),
  recipientId: optionalText(100, { label: 'The recipient' }),
  recipientName: optionalText(200, { label: 'The recipient' }),
  recipientEmail: optionalText(254, { label: 'The recipient' }),
});

export type TeamContactBody = z.infer<typeof teamContactBody>;

const knownRecipients: readonly Recipient[] = [...team, customerService];

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Finds the team member or customer-service inbox the visitor meant, by id or else by the name and
 * email the dialog showed. Whatever the browser sent, the address mailed comes from packages/content;
 * anything that does not name one known recipient consistently is refused (DESIGN.md item 5).
 */
export function resolveRecipient(
  body: Pick<TeamContactBody, 'recipientId' | 'recipientName' | 'recipientEmail'>,
): Recipient | undefined {
  const { recipientId, recipientName, recipientEmail } = body;
  const byId = recipientId === undefined ? undefined : findRecipient(recipientId);
  if (recipientId !== undefined && !byId) return undefined;
  const byEmail =
    recipientEmail === undefined
      ? undefined
      : knownRecipients.find((known) => same(known.email, recipientEmail));
  if (recipientEmail !== undefined && !byEmail) return undefined;
  const byName =
    recipientName === undefined
      ? undefined
      : knownRecipients.find((known) => same(known.name, recipientName));
  const candidates = [byId, byEmail, byName].filter((found) => found !== undefined);
  const [first] = candidates;
  // A name that matches nobody is only a label when an id or email identifies the recipient.
  if (!first || candidates.some((found) => found.id !== first.id)) return undefined;
  return first;
}

function messageText(body: TeamContactBody, recipient: Recipient, source: string): string {
  return [
    `New message for ${recipient.name} from the ${business.name} website.`,
    '',
    `From:    ${body.senderName}`,
    `Email:   ${body.senderEmail}`,
    `Phone:   ${body.senderPhone ?? '(not given)'}`,
    `Subject: ${body.subject ?? '(none)'}`,
    `Source:  ${source}`,
    '',
    body.message,
    '',
    '—',
    'Reply to this email to answer the sender directly.',
  ].join('\n');
}

/**
 * POST /api/team-contact: a contact-dialog message to a known team member. Stored, and mailed through
 * the outbox in the same transaction (with a copy to BUSINESS_EMAIL when that is another address).
 * 201 { id, recipient } on success; 400 naming each bad field, including an unknown recipient.
 */
export const teamContactRoutes = new Hono<AppEnv>().post('/', jsonBody(teamContactBody), async (c) => {
  const body = c.req.valid('json');
  const recipient = resolveRecipient(body);
  if (!recipient) {
    const field = body.recipientId ? 'recipientId' : body.recipientEmail ? 'recipientEmail' : 'recipientName';
    return invalidBody(c, { [field]: 'Unknown recipient' });
  }
  const { environment, database } = c.var;
  const source = submissionSource(c);
  const id = newRowId();
  const subject = `Website message${body.subject ? `: ${body.subject}` : ''} (from ${body.senderName})`;
  const text = messageText(body, recipient, source);
  await database.writes.run(async (tx) => {
    const outboxId = await enqueueMail(tx, {
      kind: 'team-contact',
      from: environment.MAIL_FROM,
      to: { name: recipient.name, address: recipient.email },
      replyTo: { name: body.senderName, address: body.senderEmail },
      subject,
      text,
    });
    const businessEmail = environment.BUSINESS_EMAIL;
    if (businessEmail && !same(businessEmail, recipient.email)) {
      await enqueueMail(tx, {
        kind: 'team-contact-copy',
        from: environment.MAIL_FROM,
        to: businessEmail,
        replyTo: { name: body.senderName, address: body.senderEmail },
        subject: `[Copy for ${recipient.name}] ${subject}`,
        text,
      });
    }
    await tx.insert(teamContactMessages).values({
      id,
      recipientId: recipient.id,
      recipientName: recipient.name,
      recipientEmail: recipient.email,
      senderName: body.senderName,
      senderEmail: body.senderEmail,
      senderPhone: body.senderPhone ?? null,
      subject: body.subject ?? null,
      message: body.message,
      source,
      outboxId,
    });
  });
  c.var.logger.info({ teamContactId: id, recipientId: recipient.id }, 'team contact message queued');
  return c.json({ id, recipient: { id: recipient.id, name: recipient.name } }, 201);
});
