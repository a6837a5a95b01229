/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import type { QuoteSummaryLine } from '@cleanquote/quote-core';
import { MailFooter, Paragraphs, renderMailHtml, TextLines } from './mail-html.tsx';

/** The request's answers, one row each: the label, and the answer with its line breaks. */
function AnswersTable({ answers }: { answers: readonly QuoteSummaryLine[] }) {
  return (
    <table cellpadding="4" style="border-collapse:collapse">
      {answers.map((line) => (
        <tr>
          <th align="left" style="vertical-align:top">
            {line.label}
          </th>
          <td>
            <TextLines text={line.value} />
          </td>
        </tr>
      ))}
    </table>
  );
}

/** The business's notification of a new quote request: where it came from, then every answer. */
export function quoteNotificationHtml({
  reference,
  origin,
  partnerRef,
  answers,
}: {
  reference: string;
  /** 'the main site' or 'the partner <name>'. */
  origin: string;
  /** The partner's own reference for the request, when it sent one. */
  partnerRef?: string | undefined;
  answers: readonly QuoteSummaryLine[];
}): string {
  return renderMailHtml(
    <>
      <p>
        New quote request <strong>{reference}</strong> from {origin}.
      </p>
      {partnerRef && (
        <p>
          Partner's reference: <strong>{partnerRef}</strong>
        </p>
      )}
      <AnswersTable answers={answers} />
    </>,
  );
}

/** The customer's auto-response: its paragraphs, the answers when it repeats them, and the footer. */
export function autoResponseHtml({
  paragraphs,
  answers,
  footer,
}: {
  paragraphs: readonly string[];
  /** Only in the first auto-response of a day to an address; undefined in the others. */
  answers?: readonly QuoteSummaryLine[] | undefined;
  footer: string;
}): string {
  return renderMailHtml(
    <>
      <Paragraphs texts={paragraphs} />
      {answers && (
        <>
          <h2>Your answers</h2>
          <AnswersTable answers={answers} />
        </>
      )}
      <MailFooter text={footer} />
    </>,
  );
}
