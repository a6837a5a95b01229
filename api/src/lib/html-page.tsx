/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { raw } from 'hono/html';
import type { Child } from 'hono/jsx';
import type { JSX } from 'hono/jsx/jsx-runtime';

/*
 * The pages the API renders itself are hono/jsx components: every text and attribute value is
 * escaped by the renderer, so what a customer or a member of staff typed can only ever show as
 * text. `raw()` is kept for markup that is this code's own constant (the doctype, the style sheets).
 */

/** The HTML of a page: page components are synchronous, so it is ready at once. */
export function renderPage(page: JSX.Element): string {
  const html: unknown = page.toString();
  if (typeof html !== 'string') throw new Error('A page component must render synchronously.');
  return html;
}

const flatten = (child: Child): Child[] => (Array.isArray(child) ? child.flatMap(flatten) : [child]);

/**
 * Its children one to a line, as hand-written HTML has them: the text of one block never runs into
 * the next in the page's text content (what screen reader tools, reader modes and tests read).
 */
export function Lines({ children }: { children?: Child }) {
  const shown = flatten(children).filter(
    (child) => child !== null && child !== undefined && typeof child !== 'boolean' && child !== '',
  );
  return <>{shown.map((child, index) => (index === 0 ? child : ['\n', child]))}</>;
}

/**
 * A whole document in the business's language, never indexed: the head every server page has, the
 * page's own style sheet (a constant of the page's module), and its body.
 */
export function HtmlDocument({
  title,
  styles,
  noReferrer = false,
  children,
}: {
  title: string;
  styles: string;
  /** The page's address is its only key: browsers send it to no other site. */
  noReferrer?: boolean;
  children?: Child;
}) {
  return (
    <>
      {raw('<!doctype html>\n')}
      <html lang="en-AU">
        <Lines>
          <head>
            <Lines>
              <meta charset="utf-8" />
              <meta name="viewport" content="width=device-width, initial-scale=1" />
              <meta name="robots" content="noindex" />
              {noReferrer && <meta name="referrer" content="no-referrer" />}
              <title>{title}</title>
              <style>{raw(styles)}</style>
            </Lines>
          </head>
          <body>
            <Lines>{children}</Lines>
          </body>
        </Lines>
      </html>
    </>
  );
}

const SMALL_PAGE_STYLES = `
  body { font: 1rem/1.5 system-ui, sans-serif; margin: 0; background: #f4f7fb; color: #1a2433; }
  main { max-width: 26rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: 0.75rem;
    box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); }
  h1 { font-size: 1.5rem; margin-top: 0; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { display: block; width: 100%; box-sizing: border-box; margin-top: 0.25rem; padding: 0.6rem;
    font: inherit; border: 1px solid #5b6b80; border-radius: 0.4rem; }
  input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #1f6feb; outline-offset: 2px; }
  button { margin-top: 1.5rem; width: 100%; padding: 0.7rem; font: inherit; font-weight: 600; color: #fff;
    background: #0b5cad; border: 0; border-radius: 0.4rem; cursor: pointer; }
  .error { color: #a1141b; background: #fdecec; border: 1px solid #a1141b; padding: 0.6rem; border-radius: 0.4rem; }
  a { color: #0b5cad; }
`;

/**
 * A small, complete, accessible page for the few screens the API serves itself besides the
 * customer's quote (sign-in, newsletter links, a case manager's stop page, Xero's popup). No
 * script unless the page adds its own file; styles in one <style> element.
 */
export function SmallPage({ title, children }: { title: string; children?: Child }) {
  return (
    <HtmlDocument title={title} styles={SMALL_PAGE_STYLES}>
      <main>
        <Lines>{children}</Lines>
      </main>
    </HtmlDocument>
  );
}

/** A page that says one thing: its heading, a sentence, and the way back to the website. */
export function MessagePage({
  title,
  heading,
  text,
  back,
}: {
  /** The document's title; the heading when not given. */
  title?: string;
  heading: string;
  text: string;
  back: { href: string; label: string };
}) {
  return (
    <SmallPage title={title ?? heading}>
      <h1>{heading}</h1>
      <p>{text}</p>
      <p>
        <a href={back.href}>{back.label}</a>
      </p>
    </SmallPage>
  );
}
