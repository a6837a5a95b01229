/**
 * @cleanquote/quote-core — the quote request contract (plain TypeScript rules, plus a zod/mini
 * wrapper for the server), the step plan per service and the XState quote wizard machine. No React,
 * no DOM, no fetch: hosts inject submission and draft storage.
 *
 * This entry is what the widget's bundle needs: no zod, and nothing that only reads what other
 * senders post. Servers parse request bodies and posted forms with `parseQuoteRequest` and
 * `readQuoteForm` from `@cleanquote/quote-core/server`, and validate with `quoteRequestSchema` from
 * `@cleanquote/quote-core/schema`, a zod/mini wrapper around the same rules.
 *
 * @packageDocumentation
 */

export { parseQuoteDraft, QUOTE_DRAFT_VERSION, type QuoteDraft, sanitizeAnswers } from './draft.ts';
export { createIdempotencyKey } from './idempotency-key.ts';
export {
  PARTNER_REF_MAX_LENGTH,
  type PartnerRefResult,
  readPartnerRef,
} from './partner-reference.ts';
export {
  ADDRESS_REGION,
  prefillAnswers,
  type QuotePrefill,
  serviceFromSlug,
  suburbToAddress,
} from './prefill.ts';
export {
  emptyAnswers,
  normalizeAnswers,
  QUOTE_FIELDS,
  type QuoteAnswers,
  type QuoteField,
} from './quote-answers.ts';
export {
  adoptionEvents,
  answersFromForm,
  decideQuoteForm,
  type FormFields,
  formActionValue,
  hiddenAnswerFields,
  type PostedQuoteForm,
  parseQuoteFormState,
  QUOTE_FORM_FIELDS,
  type QuoteFormAction,
  type QuoteFormOutcome,
  type QuoteFormState,
  roomCountField,
  serializeQuoteFormState,
} from './quote-form.ts';
export * from './quote-options.ts';
export {
  ALWAYS_REQUIRED_FIELDS,
  type IssueList,
  type QuoteRequest,
  type QuoteRequestInput,
  type QuoteRequestResult,
  type RequestIssue,
  requestFromAnswers,
  toFieldErrors,
} from './quote-request-rules.ts';
export {
  checkStep,
  type FieldErrors,
  type FieldRule,
  type FieldRules,
  fieldsInPlan,
  firstFailingStepIndex,
  isBlank,
  quoteFieldRules,
  REQUIRED_MESSAGES,
  type RuleIssue,
  type RuleResult,
  reconcileAnswers,
  type StepField,
  stepFields,
  stepPasses,
  toSubmission,
} from './quote-rules.ts';
export { type QuoteSummaryLine, summarizeQuoteRequest } from './quote-summary.ts';
export {
  currentStep,
  draftOf,
  parseWindowPanels,
  type QuoteWizardContext,
  type QuoteWizardEmitted,
  type QuoteWizardEvent,
  type QuoteWizardInput,
  type QuoteWizardMachine,
  type QuoteWizardSnapshot,
  quoteWizardMachine,
  type SetAnswerEvent,
  type SettableField,
  SUBMISSION_ACTOR_ID,
  SUBMISSION_FALLBACK_ERROR,
  type SubmissionEvent,
  type SubmitQuoteInput,
  type SubmitQuoteOutput,
  selectCurrentStep,
  selectIsLastStep,
  selectProgress,
  selectStepErrors,
  selectStepNumber,
  selectSubmission,
  type ToggleExtraEvent,
} from './quote-wizard-machine.ts';
export { progressOf, STEP_IDS, type StepId, stepsFor, TAIL_STEPS } from './step-plan.ts';
export {
  CONTROL_CHARACTER_MESSAGE,
  hasVisibleText,
  INVALID_CHARACTER_MESSAGE,
  isWellFormedText,
  type TextOptions,
  textProblem,
  trimText,
} from './text-rules.ts';
