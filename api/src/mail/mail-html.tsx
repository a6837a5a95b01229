/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import type { JSX } from 'hono/jsx/jsx-runtime';

/*
 * The HTML part of every mail is a hono/jsx component: the renderer escapes every text and attribute
 * value, so what a customer or a member of staff typed can only ever show as text. Mail components
 * are synchronous and take everything they show as props.
 */

/** The character references the renderer writes, as the numeric ones mails have always carried. */
const NUMERIC_REFERENCE: Readonly<Record<string, string>> = {
  amp: '&#38;',
  lt: '&#60;',
  gt: '&#62;',
  quot: '&#34;',
};

/**
 * The HTML of a mail component. The renderer writes `&lt;`, `&amp;`…; each is rewritten as the numeric
 * reference for the same character (`&#60;`, `&#38;`), as mails wrote them before their templates, so
 * a mail's markup and its stored outbox copy read as they always did. The rewrite changes how a
 * character is written, never which character, so it cannot make markup.
 */
export function renderMailHtml(mail: JSX.Element): string {
  const html: unknown = mail.toString();
  if (typeof html !== 'string') throw new Error('A mail component must render synchronously.');
  return html.replace(
    /&(amp|lt|gt|quot);/g,
    (reference, name: string) => NUMERIC_REFERENCE[name] ?? reference,
  );
}

/** Text whose line breaks show as line breaks (`<br>`), as the plain-text part has them. */
export function TextLines({ text }: { text: string }) {
  return <>{text.split('\n').map((line, index) => (index === 0 ? line : [<br />, line]))}</>;
}

/** One paragraph of text, its line breaks kept. */
export function Paragraph({ text }: { text: string }) {
  return (
    <p>
      <TextLines text={text} />
    </p>
  );
}

/** Paragraphs of text, one `<p>` each. */
export function Paragraphs({ texts }: { texts: readonly string[] }) {
  return (
    <>
      {texts.map((text) => (
        <Paragraph text={text} />
      ))}
    </>
  );
}

/** The greyed line that closes a mail: who sends it. */
export function MailFooter({ text }: { text: string }) {
  return <p style="color:#555">{text}</p>;
}

/** The HTML of a mail that is paragraphs of text only, each with its line breaks. */
export function paragraphsMailHtml(texts: readonly string[]): string {
  return renderMailHtml(<Paragraphs texts={texts} />);
}
