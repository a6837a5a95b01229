import { business, customerService, findRecipient, type Recipient, team } from '@cleanquote/content';
import type { TeamContact } from '@cleanquote/quote-core/staff';
import type { Database } from '../db/database.ts';
import { newRowId } from '../db/row-id.ts';
import { teamContactMessages } from '../db/schema.ts';
import type { Environment } from '../env.ts';
import { enqueueMail } from '../mail/outbox.ts';

const knownRecipients: readonly Recipient[] = [...team, customerService];

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Finds the team member or customer-service inbox the visitor meant, by id or else by the name and
 * email the dialog showed. Whatever the browser sent, the address mailed comes from packages/content:
 * a browser never chooses where a message goes, so anything that does not name one known recipient
 * consistently is refused.
 */
export function resolveRecipient(
  message: Pick<TeamContact, 'recipientId' | 'recipientName' | 'recipientEmail'>,
): Recipient | undefined {
  const { recipientId, recipientName, recipientEmail } = message;
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

/** Which of the message's recipient fields to name when it names no known recipient. */
export function unknownRecipientField(
  message: TeamContact,
): 'recipientId' | 'recipientEmail' | 'recipientName' {
  return message.recipientId ? 'recipientId' : message.recipientEmail ? 'recipientEmail' : 'recipientName';
}

function messageText(message: TeamContact, recipient: Recipient, source: string): string {
  return [
    `New message for ${recipient.name} from the ${business.name} website.`,
    '',
    `From:    ${message.senderName}`,
    `Email:   ${message.senderEmail}`,
    `Phone:   ${message.senderPhone ?? '(not given)'}`,
    `Subject: ${message.subject ?? '(none)'}`,
    `Source:  ${source}`,
    '',
    message.message,
    '',
    '—',
    'Reply to this email to answer the sender directly.',
  ].join('\n');
}

/**
 * Stores a contact-dialog message to a known recipient and queues its mail through the outbox in the
 * same transaction, with a copy to BUSINESS_EMAIL when that is another address. Returns its id.
 * @param source - where it was sent from ('main-site' or 'partner:<key>').
 */
export async function sendTeamContactMessage(
  database: Database,
  environment: Environment,
  { message, recipient, source }: { message: TeamContact; recipient: Recipient; source: string },
): Promise<string> {
  const id = newRowId();
  const subject = `Website message${message.subject ? `: ${message.subject}` : ''} (from ${message.senderName})`;
  const text = messageText(message, recipient, source);
  const replyTo = { name: message.senderName, address: message.senderEmail };
  await database.writes.run(async (tx) => {
    const outboxId = await enqueueMail(tx, {
      kind: 'team-contact',
      from: environment.MAIL_FROM,
      to: { name: recipient.name, address: recipient.email },
      replyTo,
      subject,
      text,
    });
    const businessEmail = environment.BUSINESS_EMAIL;
    if (businessEmail && !same(businessEmail, recipient.email)) {
      await enqueueMail(tx, {
        kind: 'team-contact-copy',
        from: environment.MAIL_FROM,
        to: businessEmail,
        replyTo,
        subject: `[Copy for ${recipient.name}] ${subject}`,
        text,
      });
    }
    await tx.insert(teamContactMessages).values({
      id,
      recipientId: recipient.id,
      recipientName: recipient.name,
      recipientEmail: recipient.email,
      senderName: message.senderName,
      senderEmail: message.senderEmail,
      senderPhone: message.senderPhone ?? null,
      subject: message.subject ?? null,
      message: message.message,
      source,
      outboxId,
    });
  });
  return id;
}
