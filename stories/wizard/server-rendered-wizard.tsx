/**
 * The quote wizard as the site's server sends it (docs/decisions/0008, 0009): markup rendered with
 * `renderToString`, exactly the props /service-form renders it with, shown without any script —
 * what a visitor sees with JavaScript off, and before the page's script has run. The server's
 * decision on a posted form comes from the same function the server uses (`decideQuoteForm`).
 */
import { createMemoryDraftStorage, QuoteWizard } from '@cleanquote/quote-wizard';
import '@cleanquote/quote-wizard/style.css';
import { decideQuoteForm, type QuoteFormState, readQuoteForm } from '@cleanquote/quote-wizard/no-script-form';
import { type FormEvent, useLayoutEffect, useRef } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

/** Where the wizard's form posts on the site. */
const FORM_ACTION = '/service-form';

/** The wizard with the props /service-form gives it (its heading is the page's h1). */
function siteWizard(formState: QuoteFormState | undefined, service?: string) {
  return (
    <QuoteWizard
      headingLevel={1}
      service={service}
      formAction={FORM_ACTION}
      formState={formState}
      storage={createMemoryDraftStorage()}
    />
  );
}

/**
 * The state the server renders after a post of `fields` (the form's own field names), decided by
 * quote-core's `decideQuoteForm` as the server does. A post that completes the quote is not a state
 * these stories show.
 */
export function serverAnswerTo(fields: Record<string, string | readonly string[]>): QuoteFormState {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of typeof value === 'string' ? [value] : value) body.append(name, item);
  }
  const outcome = decideQuoteForm(readQuoteForm(body));
  if (outcome.kind !== 'show') throw new Error('the post completes the quote: no form to show');
  return outcome.state;
}

/** Props of {@link ServerRenderedWizard}. */
export interface ServerRenderedWizardProps {
  /** The state the server decided for a posted form; none for the page as first served. */
  readonly formState?: QuoteFormState;
  /** The `?service=` pre-fill of the page's address. */
  readonly service?: string;
}

// The page's script, once a story lets it run (see hydrate).
let hydrated: Root | undefined;

/** Unmounts a wizard a story hydrated (the meta's `beforeEach` cleanup). */
export function forgetHydratedWizard(): void {
  hydrated?.unmount();
  hydrated = undefined;
}

/**
 * The server's markup, inert: no script has run on it. Its form would post to the site's server,
 * which Storybook is not, so a post is stopped here (with the site, the server answers it).
 */
export function ServerRenderedWizard({ formState, service }: ServerRenderedWizardProps) {
  const page = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    // A node of its own, outside this story's React tree, as the page's #root is for the site.
    const root = document.createElement('div');
    root.className = 'server-rendered';
    root.innerHTML = renderToString(siteWizard(formState, service));
    page.current?.replaceChildren(root);
    return () => root.remove();
  }, [formState, service]);
  return <div ref={page} onSubmit={(event: FormEvent) => event.preventDefault()} />;
}

/**
 * The page's script arrives: React hydrates the server's markup with the same props, keeping what
 * the visitor did to it meanwhile.
 */
export function hydrate(canvasElement: HTMLElement, { formState, service }: ServerRenderedWizardProps): void {
  const container = canvasElement.querySelector<HTMLElement>('.server-rendered');
  if (!container) throw new Error('no server-rendered wizard in the story');
  forgetHydratedWizard();
  hydrated = hydrateRoot(container, siteWizard(formState, service));
}
