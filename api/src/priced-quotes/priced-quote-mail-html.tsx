/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { formatAud, type QuoteTotals } from '@cleanquote/quote-core/staff';
import { MailFooter, Paragraph, Paragraphs, renderMailHtml } from '../mail/mail-html.tsx';
import type { MailSum } from './priced-quote-mail.ts';

const CELL_RULE = 'border-bottom:1px solid #d0d7e2';
const BUTTON =
  'display:inline-block;padding:0.6em 1.2em;background:#0b5cad;color:#fff;border-radius:0.4em;text-decoration:none;font-weight:600';

/** What the HTML of a priced quote's mail shows, in its order; the texts as the plain-text part has them. */
export interface PricedQuoteMailHtml {
  intro: readonly string[];
  lines: QuoteTotals['lines'];
  /**
   * A recurring quote's subtotal and discount, then the total (in bold, with what it is for: 'per
   * visit, weekly'), then the GST it includes.
   */
  sums: readonly MailSum[];
  valid: string;
  /** The note to the customer; '' for none. */
  note: string;
  conditions: readonly string[];
  termsUrl: string;
  link: string;
  linkText: string;
  questions: string;
  footer: string;
}

/**
 * The HTML of a priced quote's mail: the greeting, the lines with their sums, the valid-until date,
 * the note, the terms, and the button to the customer's quote page.
 */
export function pricedQuoteMailHtml(mail: PricedQuoteMailHtml): string {
  return renderMailHtml(
    <>
      <Paragraphs texts={mail.intro} />
      <table cellpadding="4" style="border-collapse:collapse">
        <thead>
          <tr>
            <th align="left" style={CELL_RULE}>
              Description
            </th>
            <th align="right" style={CELL_RULE}>
              Quantity
            </th>
            <th align="right" style={CELL_RULE}>
              Unit price
            </th>
            <th align="right" style={CELL_RULE}>
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {mail.lines.map((line) => (
            <tr>
              <td>{line.description}</td>
              <td align="right">{line.quantity}</td>
              <td align="right">{formatAud(line.unitPriceCents)}</td>
              <td align="right">{formatAud(line.lineTotalCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {mail.sums.map(({ label, amount, total, per }) => (
            <tr>
              <th align="left" colspan={3}>
                {label}
              </th>
              <td align="right">
                {total ? <strong>{amount}</strong> : amount}
                {per ? (
                  <>
                    <br />
                    {per}
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tfoot>
      </table>
      <p>
        <strong>{mail.valid}</strong>
      </p>
      {mail.note && <Paragraph text={mail.note} />}
      <h2 style="font-size:1.1em">Terms</h2>
      <Paragraphs texts={mail.conditions} />
      <p>
        Our full terms: <a href={mail.termsUrl}>{mail.termsUrl}</a>
      </p>
      <p>
        <a href={mail.link} style={BUTTON}>
          {mail.linkText}
        </a>
      </p>
      <Paragraph text={mail.questions} />
      <MailFooter text={mail.footer} />
    </>,
  );
}
