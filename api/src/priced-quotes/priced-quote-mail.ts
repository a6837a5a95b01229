import { business } from '@cleanquote/content';
import { SERVICE_LABELS, type ServiceType } from '@cleanquote/quote-core';
import {
  discountAmountText,
  discountLineLabel,
  formatAud,
  perVisitText,
  type QuoteFrequency,
  type QuoteTotals,
} from '@cleanquote/quote-core/staff';
import { pricedQuoteMailHtml } from './priced-quote-mail-html.tsx';
import { formatQuoteDay } from './quote-dates.ts';
import { quoteTerms } from './quote-terms.ts';

/** The outbox kind of the mail that carries a priced quote to the customer. */
export const PRICED_QUOTE_MAIL_KIND = 'priced-quote';

/** The words of the link to the customer's quote page. */
export const VIEW_QUOTE_LINK_TEXT = 'View and accept your quote';

/** What a priced quote's mail is written from. */
export interface PricedQuoteMailInput {
  /** The customer's name as the request gave it; the mail greets their first name. */
  name: string;
  reference: string;
  service: ServiceType;
  version: number;
  /** How often the clean is done: a recurring quote shows its discount and its total per visit. */
  frequency: QuoteFrequency;
  totals: QuoteTotals;
  /** Whether the business charges GST (GST_REGISTERED): the total then says it includes GST, and how much. */
  gstRegistered: boolean;
  /** The Melbourne day through which the quote can be accepted, 'yyyy-MM-dd'. */
  validUntil: string;
  /** The note to the customer; '' for none. */
  note: string;
  /** The customer's own link to the quote's page (a secret until the mail is sent). */
  link: string;
  publicUrl: string;
}

/** One sum of the mail: its words and amount; the total also says what it is for ('per visit, weekly'). */
export interface MailSum {
  label: string;
  amount: string;
  /** The quote's total (shown in bold). */
  total?: boolean;
  /** What a recurring quote's total is for: 'per visit, weekly'. */
  per?: string;
}

/**
 * The quote's sums in the order the mail shows them: for a recurring quote the subtotal and the
 * discount ('Weekly discount (15%)', '−$25.50') first; then the total (per visit, for a recurring
 * quote), then the GST it includes.
 */
export function totalRows({ totals, gstRegistered, frequency }: PricedQuoteMailInput): MailSum[] {
  const sums: MailSum[] = [];
  if (frequency !== 'once') {
    sums.push(
      { label: 'Subtotal', amount: formatAud(totals.subtotalCents) },
      {
        label: discountLineLabel(frequency, totals.discountPercent),
        amount: discountAmountText(totals.discountCents),
      },
    );
  }
  sums.push({
    label: gstRegistered ? 'Total (incl. GST)' : 'Total',
    amount: formatAud(totals.totalCents),
    total: true,
    ...(frequency === 'once' ? {} : { per: perVisitText(frequency) }),
  });
  if (gstRegistered) sums.push({ label: 'GST included', amount: formatAud(totals.gstCents) });
  return sums;
}

/**
 * The mail that sends a priced quote: a plain-text part and an HTML part with the same content —
 * the greeting, each line (description, quantity, unit price, line total), the total (with the GST it
 * includes when the business is registered for GST), the valid-until date, the note, the terms that
 * apply to the service, and the link to the page where the customer accepts, asks for changes or
 * declines. The HTML is a hono/jsx component, which escapes every text staff or the customer typed;
 * every amount is formatted from whole cents.
 */
export function pricedQuoteMail(input: PricedQuoteMailInput): {
  subject: string;
  text: string;
  html: string;
} {
  const { name, reference, service, version, totals, validUntil, note, link, publicUrl } = input;
  const firstName = name.trim().split(/\s+/)[0] || name;
  const subject = `Your ${version > 1 ? 'updated ' : ''}quote from ${business.name} (${reference})`;
  const intro = [
    `Hi ${firstName},`,
    version > 1
      ? `Here is your updated quote for ${SERVICE_LABELS[service]} (reference ${reference}). It replaces the quote we sent before.`
      : `Thank you for your request. Here is your quote for ${SERVICE_LABELS[service]} (reference ${reference}).`,
  ];
  const sums = totalRows(input);
  const valid = `Valid until ${formatQuoteDay(validUntil)}`;
  const conditions = quoteTerms(service);
  const termsUrl = `${publicUrl.replace(/\/+$/, '')}/terms`;
  const questions = `Questions? Call us on ${business.phone} or reply to this email.`;
  const footer = `${business.name} · ${publicUrl} · ${business.phone}`;

  const text = [
    intro.join('\n\n'),
    totals.lines
      .map(
        (line) =>
          `- ${line.description}: ${line.quantity} × ${formatAud(line.unitPriceCents)} = ${formatAud(line.lineTotalCents)}`,
      )
      .join('\n'),
    sums.map(({ label, amount, per }) => `${label}: ${amount}${per ? ` ${per}` : ''}`).join('\n'),
    valid,
    ...(note ? [note] : []),
    `Terms:\n${conditions.join('\n\n')}`,
    `Our full terms: ${termsUrl}`,
    `${VIEW_QUOTE_LINK_TEXT}: ${link}`,
    questions,
    footer,
  ].join('\n\n');

  // The link (an https origin and a base64url token) has no character HTML escapes, so the HTML holds
  // it exactly as the outbox's secretUntilSent names it, and its stored copy loses it too.
  const html = pricedQuoteMailHtml({
    intro,
    lines: totals.lines,
    sums,
    valid,
    note,
    conditions,
    termsUrl,
    link,
    linkText: VIEW_QUOTE_LINK_TEXT,
    questions,
    footer,
  });
  return { subject, text, html };
}
