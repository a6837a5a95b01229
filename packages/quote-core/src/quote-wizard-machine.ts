/**
 * The quote wizard as an XState v5 machine. It owns every rule of the wizard; a UI
 * asks it (`snapshot.can(event)`, `snapshot.matches(state)`, the selectors below) and never re-derives
 * a rule.
 *
 * States: `editing` → `submitting` → `submitted` (final, output `{ reference }`), or `failed` (answers
 * kept, still on the final step, RETRY offered) → `submitting` again with the same idempotency key.
 *
 * Side effects are injected through `machine.provide()`: the `submitQuote` actor and the `saveDraft` /
 * `clearDraft` actions. Their defaults reject / do nothing, so a host that forgets them fails loudly
 * instead of pretending a quote was sent.
 *
 * Submission is spawned with `spawnChild` rather than `invoke` so that `xstate/graph`'s
 * `createTestModel` (which refuses invocations) can generate tests from this very machine.
 */
import {
  and,
  assertEvent,
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  emit,
  fromPromise,
  type SnapshotFrom,
  setup,
  spawnChild,
  stopChild,
} from 'xstate';
import { parseQuoteDraft, QUOTE_DRAFT_VERSION, type QuoteDraft } from './draft.ts';
import { createIdempotencyKey } from './idempotency-key.ts';
import { prefillAnswers, type QuotePrefill } from './prefill.ts';
import { emptyAnswers, normalizeAnswers, type QuoteAnswers, type QuoteField } from './quote-answers.ts';
import {
  type OvenExtra,
  ROOM_KINDS,
  ROOM_MAXIMUMS,
  type RoomKind,
  type ServiceType,
  type WindowExtra,
} from './quote-options.ts';
import { type QuoteRequest, requestFromAnswers } from './quote-request-rules.ts';
import {
  checkStep,
  type FieldErrors,
  firstFailingStepIndex,
  isBlank,
  reconcileAnswers,
  stepPasses,
  toSubmission,
} from './quote-rules.ts';
import { progressOf, type StepId, stepsFor } from './step-plan.ts';

// ---------------------------------------------------------------------------------------------------
// Public types

/** What the injected `submitQuote` actor receives. */
export interface SubmitQuoteInput {
  /** The parsed, valid request body for POST /api/service-form. */
  readonly request: QuoteRequest;
  /** Same for every attempt of this wizard (and across reloads, via the draft): send it as Idempotency-Key. */
  readonly idempotencyKey: string;
}

/** What the injected `submitQuote` actor resolves with once the server acknowledged the quote. */
export interface SubmitQuoteOutput {
  /** The server's quote reference, shown on the thank-you page. */
  readonly reference: string;
}

/** Input of {@link quoteWizardMachine}: query pre-fill, a restored draft, an idempotency key. */
export interface QuoteWizardInput extends QuotePrefill {
  /**
   * The stored draft (JSON-parsed), if any. Untrusted: it is sanitised, and its step index never
   * lands past a step that does not pass. Its answers win over the query pre-fill.
   */
  readonly draft?: QuoteDraft | null | undefined;
  /** Key for a fresh wizard; a draft's key wins (so a retry after a reload is still recognised). */
  readonly idempotencyKey?: string | undefined;
}

/** The machine's context. */
export interface QuoteWizardContext {
  /** Every answer so far, including ones the current plan does not submit. */
  readonly answers: QuoteAnswers;
  /** The current plan, recomputed on every answer. */
  readonly steps: readonly StepId[];
  /** Index into `steps`. */
  readonly stepIndex: number;
  /**
   * Generated once per wizard and reused by every attempt that sends the same request; a request
   * edited after a failure gets a new key, since the server refuses one key with two bodies.
   */
  readonly idempotencyKey: string;
  /** The request body (JSON) last sent with `idempotencyKey`; `null` before the first attempt. */
  readonly keyedRequest: string | null;
  /** How many times submission was started. */
  readonly submissionAttempts: number;
  /** The last submission failure, user-presentable; `null` otherwise. */
  readonly error: string | null;
  /** The server's quote reference once submitted. */
  readonly reference: string | null;
}

/** Answer fields set directly with SET_ANSWER (lists, counters and the service have their own events). */
export type SettableField = Exclude<
  QuoteField,
  'serviceType' | 'carpetAreas' | 'carpetRoomCounts' | 'cleaningFocus' | 'windowScope'
>;

/** Sets one answer field, e.g. `{ type: 'SET_ANSWER', field: 'bedrooms', value: '3' }`. */
export type SetAnswerEvent = {
  [K in SettableField]: { readonly type: 'SET_ANSWER'; readonly field: K; readonly value: QuoteAnswers[K] };
}[SettableField];

/** Selects an extra, or deselects it when already selected. */
export type ToggleExtraEvent =
  | { readonly type: 'TOGGLE_EXTRA'; readonly field: 'cleaningFocus'; readonly value: OvenExtra }
  | { readonly type: 'TOGGLE_EXTRA'; readonly field: 'windowScope'; readonly value: WindowExtra };

/** Everything a UI can send to the wizard. */
export type QuoteWizardEvent =
  | { readonly type: 'CHOOSE_SERVICE'; readonly serviceType: ServiceType }
  | SetAnswerEvent
  | ToggleExtraEvent
  | { readonly type: 'INCREMENT_ROOM'; readonly room: RoomKind }
  | { readonly type: 'DECREMENT_ROOM'; readonly room: RoomKind }
  /** The window panel input's raw text; anything that is not a number becomes 0. */
  | { readonly type: 'SET_WINDOW_PANELS_TEXT'; readonly text: string }
  | { readonly type: 'NEXT' }
  | { readonly type: 'BACK' }
  | { readonly type: 'RETRY' };

/** Id of the spawned submission actor; its done/error events are `xstate.done.actor.submission` etc. */
export const SUBMISSION_ACTOR_ID = 'submission';

/** The events the submission actor sends back to the wizard. */
export type SubmissionEvent =
  | DoneActorEvent<SubmitQuoteOutput, typeof SUBMISSION_ACTOR_ID>
  | ErrorActorEvent<unknown, typeof SUBMISSION_ACTOR_ID>;

/** Events the wizard emits for hosts (`actor.on('submitted', …)`), e.g. to notify an embedding page. */
export type QuoteWizardEmitted =
  | { readonly type: 'submitted'; readonly reference: string }
  | { readonly type: 'submissionFailed'; readonly message: string };

/** Shown when a submission fails without a usable message. */
export const SUBMISSION_FALLBACK_ERROR =
  'Sorry, we could not send your quote request. Please check your connection and try again.';

// ---------------------------------------------------------------------------------------------------
// Pure helpers

/** The step the wizard is on. */
export function currentStep(context: Pick<QuoteWizardContext, 'steps' | 'stepIndex'>): StepId {
  return context.steps[context.stepIndex] ?? 'service-type';
}

/** The draft `saveDraft` receives for this context. */
export function draftOf(context: QuoteWizardContext): QuoteDraft {
  return {
    version: QUOTE_DRAFT_VERSION,
    answers: context.answers,
    stepIndex: context.stepIndex,
    idempotencyKey: context.idempotencyKey,
  };
}

/**
 * Window panel text as a number: the leading integer, or 0 for anything that is not a
 * number. Limits are left to the step rule, which then explains them.
 */
export function parseWindowPanels(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isNaN(value) ? 0 : value;
}

/**
 * New answers into the context: plan recomputed; the visitor stays on the same step if it is still
 * in the plan, otherwise the index is clamped to the new plan.
 */
function withAnswers(context: QuoteWizardContext, next: QuoteAnswers): Partial<QuoteWizardContext> {
  const answers = normalizeAnswers(reconcileAnswers(next));
  const steps = stepsFor(answers);
  const kept = steps.indexOf(currentStep(context));
  const stepIndex = kept >= 0 ? kept : Math.min(context.stepIndex, steps.length - 1);
  return { answers, steps, stepIndex };
}

function withRoomCount(answers: QuoteAnswers, room: RoomKind, count: number): QuoteAnswers {
  const { [room]: _previous, ...others } = answers.carpetRoomCounts;
  const carpetRoomCounts: Partial<Record<RoomKind, number>> =
    count > 0 ? { ...others, [room]: count } : others;
  // carpetAreas follows the counters (0→1 adds the kind, 1→0 removes it), in display order.
  const carpetAreas = ROOM_KINDS.filter((kind) => (carpetRoomCounts[kind] ?? 0) > 0);
  return { ...answers, carpetRoomCounts, carpetAreas };
}

function toggled<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

function initialContext(input: QuoteWizardInput | undefined): QuoteWizardContext {
  const draft = parseQuoteDraft(input?.draft ?? undefined);
  const answers: QuoteAnswers = { ...emptyAnswers(), ...prefillAnswers(input ?? {}) };
  if (draft) {
    // The draft is what the visitor last did, so its answers win; blank ones leave the pre-fill.
    for (const [field, value] of Object.entries(draft.answers)) {
      if (!isBlank(value)) Object.assign(answers, { [field]: value });
    }
  }
  const reconciled = normalizeAnswers(reconcileAnswers(answers));
  const steps = stepsFor(reconciled);
  const firstFailing = firstFailingStepIndex(reconciled);
  const lastReachable = firstFailing >= 0 ? firstFailing : steps.length - 1;
  return {
    answers: reconciled,
    steps,
    stepIndex: Math.min(draft?.stepIndex ?? 0, lastReachable),
    idempotencyKey: draft?.idempotencyKey || input?.idempotencyKey || createIdempotencyKey(),
    keyedRequest: null,
    submissionAttempts: 0,
    error: null,
    reference: null,
  };
}

/** The request for answers the `canSubmit` guard accepted. */
function validRequest(answers: QuoteAnswers): QuoteRequest {
  const request = requestFromAnswers(answers);
  if (!request) throw new Error('The quote request is not valid.');
  return request;
}

function failureMessage(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (typeof error === 'string' && error.trim() !== '') return error;
  return SUBMISSION_FALLBACK_ERROR;
}

// Every answer event: the same handling while editing and after a failed submission.
const saveDraftAction = {
  type: 'saveDraft',
  params: ({ context }: { context: QuoteWizardContext }) => ({ draft: draftOf(context) }),
} as const;

const answerTransitions = {
  CHOOSE_SERVICE: { actions: ['chooseService', saveDraftAction] },
  SET_ANSWER: { actions: ['setAnswer', saveDraftAction] },
  TOGGLE_EXTRA: { actions: ['toggleExtra', saveDraftAction] },
  INCREMENT_ROOM: { guard: 'roomBelowMaximum', actions: ['incrementRoom', saveDraftAction] },
  DECREMENT_ROOM: { guard: 'roomAboveZero', actions: ['decrementRoom', saveDraftAction] },
  SET_WINDOW_PANELS_TEXT: { actions: ['setWindowPanelsFromText', saveDraftAction] },
} as const;

// ---------------------------------------------------------------------------------------------------
// The machine

/**
 * The quote wizard machine. Create it with `createActor(quoteWizardMachine.provide({...}), { input })`.
 *
 * Host must provide:
 * - actor `submitQuote`: `fromPromise<SubmitQuoteOutput, SubmitQuoteInput>` — POST the request with the
 *   idempotency key; resolve `{ reference }` only when the server acknowledged the quote; reject with an
 *   `Error` whose message the visitor can read on HTTP errors, timeouts and when offline.
 * - action `saveDraft(_, { draft })`: persist the draft (debounce as you like); called on every change.
 * - action `clearDraft()`: forget the draft; called once the quote is submitted.
 */
export const quoteWizardMachine = setup({
  types: {
    context: {} as QuoteWizardContext,
    events: {} as QuoteWizardEvent | SubmissionEvent,
    // Required by the types (pass `{}` for a plain start); tolerated missing at runtime.
    input: {} as QuoteWizardInput,
    output: {} as SubmitQuoteOutput,
    emitted: {} as QuoteWizardEmitted,
  },
  actors: {
    submitQuote: fromPromise<SubmitQuoteOutput, SubmitQuoteInput>(async () => {
      throw new Error('Quote submission is not set up on this page. Please call us for a quote.');
    }),
  },
  guards: {
    /** The current step's rule: Next is enabled only when it passes. */
    currentStepPasses: ({ context }) => stepPasses(currentStep(context), context.answers),
    isLastStep: ({ context }) => context.stepIndex === context.steps.length - 1,
    /** On the last step with every step passing and every submitted value within its rule. */
    canSubmit: ({ context }) =>
      context.stepIndex === context.steps.length - 1 &&
      firstFailingStepIndex(context.answers) === -1 &&
      requestFromAnswers(context.answers) !== undefined,
    /** Back is blocked on the first step. */
    canGoBack: ({ context }) => context.stepIndex > 0,
    /** Plus stops at the room's maximum. */
    roomBelowMaximum: ({ context, event }) => {
      assertEvent(event, 'INCREMENT_ROOM');
      return (context.answers.carpetRoomCounts[event.room] ?? 0) < ROOM_MAXIMUMS[event.room];
    },
    /** Minus is disabled at 0. */
    roomAboveZero: ({ context, event }) => {
      assertEvent(event, 'DECREMENT_ROOM');
      return (context.answers.carpetRoomCounts[event.room] ?? 0) > 0;
    },
    /** A resolved submission counts only with a reference; anything else is not an acknowledgement. */
    receivedReference: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.submission');
      const reference: unknown = event.output?.reference;
      return typeof reference === 'string' && reference.trim() !== '';
    },
  },
  actions: {
    chooseService: assign(({ context, event }) => {
      assertEvent(event, 'CHOOSE_SERVICE');
      return withAnswers(context, { ...context.answers, serviceType: event.serviceType });
    }),
    setAnswer: assign(({ context, event }) => {
      assertEvent(event, 'SET_ANSWER');
      return withAnswers(context, { ...context.answers, [event.field]: event.value });
    }),
    toggleExtra: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE_EXTRA');
      const answers = context.answers;
      return withAnswers(
        context,
        event.field === 'cleaningFocus'
          ? { ...answers, cleaningFocus: toggled(answers.cleaningFocus, event.value) }
          : { ...answers, windowScope: toggled(answers.windowScope, event.value) },
      );
    }),
    incrementRoom: assign(({ context, event }) => {
      assertEvent(event, 'INCREMENT_ROOM');
      const count = context.answers.carpetRoomCounts[event.room] ?? 0;
      return withAnswers(context, withRoomCount(context.answers, event.room, count + 1));
    }),
    decrementRoom: assign(({ context, event }) => {
      assertEvent(event, 'DECREMENT_ROOM');
      const count = context.answers.carpetRoomCounts[event.room] ?? 0;
      return withAnswers(context, withRoomCount(context.answers, event.room, count - 1));
    }),
    setWindowPanelsFromText: assign(({ context, event }) => {
      assertEvent(event, 'SET_WINDOW_PANELS_TEXT');
      return withAnswers(context, { ...context.answers, windowPanels: parseWindowPanels(event.text) });
    }),
    goForward: assign(({ context }) => ({
      stepIndex: Math.min(context.stepIndex + 1, context.steps.length - 1),
    })),
    goBack: assign(({ context }) => ({ stepIndex: Math.max(context.stepIndex - 1, 0) })),
    /** Used when the last step passes but an earlier one does not (e.g. a stale restored draft). */
    goToFirstFailingStep: assign(({ context }) => {
      const index = firstFailingStepIndex(context.answers);
      return { stepIndex: index >= 0 ? index : context.stepIndex };
    }),
    startSubmission: assign(({ context }) => {
      const request = JSON.stringify(toSubmission(context.answers));
      const edited = context.keyedRequest !== null && context.keyedRequest !== request;
      return {
        submissionAttempts: context.submissionAttempts + 1,
        error: null,
        idempotencyKey: edited ? createIdempotencyKey() : context.idempotencyKey,
        keyedRequest: request,
      };
    }),
    recordReference: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.submission');
      return { reference: event.output.reference.trim(), error: null };
    }),
    recordFailure: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.submission');
      return { error: failureMessage(event.error) };
    }),
    recordMissingReference: assign({ error: SUBMISSION_FALLBACK_ERROR }),
    clearError: assign({ error: null }),
    notifySubmitted: emit(({ context }) => ({
      type: 'submitted' as const,
      reference: context.reference ?? '',
    })),
    notifyFailed: emit(({ context }) => ({
      type: 'submissionFailed' as const,
      message: context.error ?? SUBMISSION_FALLBACK_ERROR,
    })),
    /** Injected: persist the draft. The default does nothing. */
    saveDraft: (_, _params: { draft: QuoteDraft }) => {},
    /** Injected: forget the stored draft. The default does nothing. */
    clearDraft: () => {},
  },
}).createMachine({
  id: 'quoteWizard',
  context: ({ input }) => initialContext(input),
  initial: 'editing',
  output: ({ context }) => ({ reference: context.reference ?? '' }),
  states: {
    editing: {
      on: {
        ...answerTransitions,
        NEXT: [
          { guard: 'canSubmit', target: 'submitting' },
          {
            guard: and(['currentStepPasses', 'isLastStep']),
            actions: ['goToFirstFailingStep', saveDraftAction],
          },
          { guard: 'currentStepPasses', actions: ['goForward', saveDraftAction] },
        ],
        BACK: { guard: 'canGoBack', actions: ['goBack', saveDraftAction] },
      },
    },
    submitting: {
      // Answers are frozen while the request is in flight: what is sent is what is shown.
      entry: [
        'startSubmission',
        spawnChild('submitQuote', {
          id: SUBMISSION_ACTOR_ID,
          input: ({ context }) => ({
            request: validRequest(context.answers),
            idempotencyKey: context.idempotencyKey,
          }),
        }),
      ],
      // Leaving (for any reason) stops the request's actor, which aborts its signal.
      exit: stopChild(SUBMISSION_ACTOR_ID),
      on: {
        'xstate.done.actor.submission': [
          {
            guard: 'receivedReference',
            target: 'submitted',
            actions: ['recordReference', 'clearDraft', 'notifySubmitted'],
          },
          { target: 'failed', actions: ['recordMissingReference', 'notifyFailed'] },
        ],
        'xstate.error.actor.submission': { target: 'failed', actions: ['recordFailure', 'notifyFailed'] },
      },
    },
    failed: {
      // Still on the final step with every answer; the error stays shown until the next attempt.
      on: {
        ...answerTransitions,
        RETRY: [
          { guard: 'canSubmit', target: 'submitting' },
          {
            guard: 'currentStepPasses',
            target: 'editing',
            actions: ['clearError', 'goToFirstFailingStep', saveDraftAction],
          },
        ],
        NEXT: [
          { guard: 'canSubmit', target: 'submitting' },
          {
            guard: 'currentStepPasses',
            target: 'editing',
            actions: ['clearError', 'goToFirstFailingStep', saveDraftAction],
          },
        ],
        BACK: { guard: 'canGoBack', target: 'editing', actions: ['clearError', 'goBack', saveDraftAction] },
      },
    },
    submitted: { type: 'final' },
  },
});

/** The quote wizard machine's type (for `ActorRefFrom`, `SnapshotFrom`, …). */
export type QuoteWizardMachine = typeof quoteWizardMachine;

/** A snapshot of the quote wizard. */
export type QuoteWizardSnapshot = SnapshotFrom<QuoteWizardMachine>;

// ---------------------------------------------------------------------------------------------------
// Selectors (work with `useSelector` and plain snapshots)

/** The step on screen. */
export function selectCurrentStep(snapshot: { readonly context: QuoteWizardContext }): StepId {
  return currentStep(snapshot.context);
}

/** 'Step N of M' numbers: `number` is 1-based. */
export function selectStepNumber(snapshot: { readonly context: QuoteWizardContext }): {
  number: number;
  total: number;
} {
  return { number: snapshot.context.stepIndex + 1, total: snapshot.context.steps.length };
}

/** Progress bar fraction, (step + 1) / steps. */
export function selectProgress(snapshot: { readonly context: QuoteWizardContext }): number {
  return progressOf(snapshot.context.stepIndex, snapshot.context.steps.length);
}

/** Whether the current step is the last (its button reads 'Get My Quote'). */
export function selectIsLastStep(snapshot: { readonly context: QuoteWizardContext }): boolean {
  return snapshot.context.stepIndex === snapshot.context.steps.length - 1;
}

/** Why Next is disabled on the current step, by field; `{}` when it is enabled. */
export function selectStepErrors(snapshot: { readonly context: QuoteWizardContext }): FieldErrors {
  return checkStep(currentStep(snapshot.context), snapshot.context.answers);
}

/** The request the wizard would submit now (answers of the current plan only). */
export function selectSubmission(snapshot: { readonly context: QuoteWizardContext }): Partial<QuoteAnswers> {
  return toSubmission(snapshot.context.answers);
}
