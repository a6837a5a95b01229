import { business } from '@cleanquote/content';
import type { Environment } from '../env.ts';
import { enqueueMail, type WriteTransaction } from '../mail/outbox.ts';

/** Outbox kind of the double opt-in mail; it counts toward the per-recipient mail limits. */
export const CONFIRMATION_KIND = 'newsletter-confirmation';

/** The one-click unsubscribe URL of a subscriber (RFC 8058); GET and POST both work. */
export function unsubscribeUrl(publicUrl: string, unsubscribeToken: string): string {
  return `${publicUrl}/api/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`;
}

/**
 * Headers every newsletter mail carries: List-Unsubscribe with the HTTPS one-click link and
 * List-Unsubscribe-Post, so mail clients offer an unsubscribe button that works with one POST.
 */
export function newsletterHeaders(publicUrl: string, unsubscribeToken: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(publicUrl, unsubscribeToken)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/**
 * The footer every newsletter mail ends with: who sends it (Spam Act 2003: sender identification)
 * and the unsubscribe link.
 */
export function newsletterFooter(publicUrl: string, unsubscribeToken: string): string {
  return [
    '—',
    `${business.name} · ABN ${business.abn} · ${business.city} ${business.region}`,
    `${business.email} · ${business.phone} · ${publicUrl}`,
    `Unsubscribe at any time with one click: ${unsubscribeUrl(publicUrl, unsubscribeToken)}`,
  ].join('\n');
}

/** Queues the double opt-in mail with its confirmation link, in the transaction that records the consent. */
export async function queueConfirmation(
  tx: WriteTransaction,
  environment: Pick<Environment, 'PUBLIC_URL' | 'MAIL_FROM'>,
  {
    email,
    confirmToken,
    unsubscribeToken,
  }: { email: string; confirmToken: string; unsubscribeToken: string },
) {
  const publicUrl = environment.PUBLIC_URL;
  const confirmUrl = `${publicUrl}/api/newsletter/confirm?token=${encodeURIComponent(confirmToken)}`;
  await enqueueMail(tx, {
    kind: CONFIRMATION_KIND,
    from: environment.MAIL_FROM,
    to: email,
    recipientFromRequest: true,
    subject: `Please confirm your subscription to ${business.name} news`,
    text: [
      'Hello,',
      '',
      `Someone (we hope you) asked to receive cleaning tips and offers from ${business.name} at this address.`,
      'Please confirm by opening this link:',
      '',
      confirmUrl,
      '',
      `The link works for 7 days. If you did not ask for this, ignore this email: you will not hear from us again.`,
      '',
      newsletterFooter(publicUrl, unsubscribeToken),
    ].join('\n'),
    headers: newsletterHeaders(publicUrl, unsubscribeToken),
  });
}
