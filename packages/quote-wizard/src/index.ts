/**
 * @cleanquote/quote-wizard — the CleanQuote quote wizard as a React component.
 *
 * ```tsx
 * import { QuoteWizard } from '@cleanquote/quote-wizard';
 * import '@cleanquote/quote-wizard/style.css';
 *
 * <QuoteWizard service="oven-clean" suburb="box-hill" onSubmitted={({ reference }) => …} />
 * ```
 *
 * @packageDocumentation
 */

export type {
  QuoteRequest,
  QuoteRequestInput,
  ServiceType,
  StepId,
  SubmitQuoteInput,
  SubmitQuoteOutput,
} from '@cleanquote/quote-core';
// The no-script form protocol (docs/decisions/0009), for a host whose server answers the wizard's
// posts (`formAction`) and renders it again with `formState`.
export {
  decideQuoteForm,
  type FormFields,
  type PostedQuoteForm,
  parseQuoteFormState,
  QUOTE_FORM_FIELDS,
  type QuoteFormAction,
  type QuoteFormOutcome,
  type QuoteFormState,
  readQuoteForm,
  serializeQuoteFormState,
} from '@cleanquote/quote-core';
export {
  browserDraftStorage,
  createDraftWriter,
  createMemoryDraftStorage,
  DRAFT_SAVE_DELAY_MS,
  type DraftStorage,
  type DraftWriter,
  draftStorageKey,
  readStoredDraft,
} from './draft-storage.ts';
export {
  QuoteWizard,
  type QuoteWizardProps,
  type QuoteWizardStepChange,
  type QuoteWizardTheme,
} from './quote-wizard.tsx';
export {
  createFetchSubmitQuote,
  type FetchSubmitQuoteOptions,
  messageForResponse,
  type QuoteSubmission,
  SUBMIT_MESSAGES,
  SUBMIT_TIMEOUT_MS,
  type SubmitQuoteFunction,
} from './submit-quote.ts';
export { WIZARD_SUBTITLE, WIZARD_TITLE } from './wizard-copy.ts';
