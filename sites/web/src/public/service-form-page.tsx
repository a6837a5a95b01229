import { business } from '@cleanquote/content';
import { QuoteWizard } from '@cleanquote/quote-wizard';
import {
  parseQuoteFormState,
  type QuoteFormState,
  serializeQuoteFormState,
} from '@cleanquote/quote-wizard/no-script-form';
import '@cleanquote/quote-wizard/style.css';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { recordFunnelStep } from './page-views.ts';

/** Where the wizard's form posts before (and without) the script: this page's own path. */
export const QUOTE_FORM_ACTION = '/service-form';

/** Id of the element that carries a posted form's state from the server's render to hydration. */
const FORM_STATE_ID = 'quote-form-state';

// The server's state belongs to the page as it loaded: once the wizard has shown it, a later visit
// within the app (client navigation) starts afresh.
let pageLoadState: QuoteFormState | undefined | null = null;
let pageLoadStateShown = false;

/** The state the server rendered the wizard in after a post, read from the loaded page. */
function readPageLoadState(): QuoteFormState | undefined {
  if (pageLoadStateShown || typeof document === 'undefined') return undefined;
  if (pageLoadState === null) {
    const text = document.getElementById(FORM_STATE_ID)?.textContent;
    try {
      pageLoadState = text ? parseQuoteFormState(JSON.parse(text)) : undefined;
    } catch {
      pageLoadState = undefined;
    }
  }
  return pageLoadState;
}

/** JSON safe inside a `<script>` element: no `</script>` or `<!--` can appear. */
function scriptJson(state: QuoteFormState): string {
  return serializeQuoteFormState(state).replace(/</g, '\\u003c');
}

/**
 * /service-form: the quote wizard as the page's main content, so its heading is the page's one h1.
 * `?service=` and `?suburb=` pre-fill it; the server render reads them from the request URL.
 * The visitor goes to /thank-you only once the server acknowledged the quote with its reference.
 *
 * Before and without the script, the wizard's form posts to this page's path and the server answers
 * with the next step (docs/decisions/0009): `formState` is that step's state on the server, and the
 * page carries it as JSON so hydration starts from exactly the same state.
 */
export function ServiceFormPage({ formState }: { formState?: QuoteFormState | undefined } = {}) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [state] = useState(() => formState ?? readPageLoadState());
  useEffect(() => {
    pageLoadStateShown = true;
  }, []);
  const query = new URLSearchParams(search);
  return (
    <div className="container section">
      {state ? (
        <script
          type="application/json"
          id={FORM_STATE_ID}
          // JSON data, never run; scriptJson escapes '<' so the element cannot be closed early.
          dangerouslySetInnerHTML={{ __html: scriptJson(state) }}
        />
      ) : null}
      <QuoteWizard
        headingLevel={1}
        service={query.get('service')}
        suburb={query.get('suburb')}
        formAction={QUOTE_FORM_ACTION}
        formState={state}
        // The funnel: each step reached, then 'submitted'; a failed attempt too.
        onStepChange={({ step }) => recordFunnelStep(step)}
        onError={() => recordFunnelStep('submission-failed')}
        onSubmitted={({ reference }) => {
          // Also here: the page may leave before the wizard reports its 'submitted' step.
          recordFunnelStep('submitted');
          navigate(`/thank-you?reference=${encodeURIComponent(reference)}`);
        }}
      />
      <p className="muted" style={{ textAlign: 'center' }}>
        Prefer to talk it through? Call us on <a href={business.phoneHref}>{business.phone}</a> for a free,
        no-obligation quote.
      </p>
    </div>
  );
}
