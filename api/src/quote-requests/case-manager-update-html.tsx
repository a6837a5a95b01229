/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { raw } from 'hono/html';
import { Paragraphs, renderMailHtml } from '../mail/mail-html.tsx';

/** The HTML of a case manager's update: its paragraphs, then who sends it and the link that stops them. */
export function caseManagerUpdateHtml({
  paragraphs,
  sender,
  stopUrl,
  stopText,
}: {
  paragraphs: readonly string[];
  sender: string;
  stopUrl: string;
  stopText: string;
}): string {
  return renderMailHtml(
    <>
      {/* Our own constant: the doctype, which JSX cannot write. */}
      {raw('<!doctype html>')}
      <html lang="en-AU">
        <body>
          <Paragraphs texts={paragraphs} />
          <hr />
          <p>
            {sender}
            <br />
            <a href={stopUrl}>{stopText}</a>
          </p>
        </body>
      </html>
    </>,
  );
}
