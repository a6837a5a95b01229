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

// The no-script form protocol (decideQuoteForm, readQuoteForm…) is the server's side of the form:
// it has its own entry, '@cleanquote/quote-wizard/no-script-form', so browsers never download it.
export type {
  QuoteFormState,
  QuoteRequest,
  QuoteRequestInput,
  ServiceType,
  StepId,
  SubmitQuoteInput,
  SubmitQuoteOutput,
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
