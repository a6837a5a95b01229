/**
 * @cleanquote/quote-wizard/no-script-form — the wizard's no-script form protocol, for a host whose
 * server answers the wizard's posts (`formAction`) and renders it again with `formState`.
 *
 * ```ts
 * import { decideQuoteForm, readQuoteForm } from '@cleanquote/quote-wizard/no-script-form';
 *
 * const outcome = decideQuoteForm(readQuoteForm(new URLSearchParams(body)));
 * ```
 *
 * A separate entry because only the host's server runs it: the browser entry stays within the
 * wizard's weight budget.
 *
 * @packageDocumentation
 */
export {
  decideQuoteForm,
  type FormFields,
  type PostedQuoteForm,
  parseQuoteFormState,
  QUOTE_FORM_FIELDS,
  type QuoteFormAction,
  type QuoteFormOutcome,
  type QuoteFormState,
  serializeQuoteFormState,
} from '@cleanquote/quote-core';
export { readQuoteForm } from '@cleanquote/quote-core/server';
