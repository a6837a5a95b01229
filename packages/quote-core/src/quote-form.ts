/**
 * The wizard as a plain HTML form (docs/decisions/0009-wizard-without-script.md): how the
 * server-rendered form carries every answer so far, and what a posted form leads to.
 *
 * Before (or without) its script, the wizard is a `<form method="post">`: the current step's real
 * inputs, a hidden input for every other answer, the step it shows, the idempotency key, and buttons
 * named `action`. A server reads the post with `readQuoteForm` (`@cleanquote/quote-core/server`) and
 * lets the wizard's own machine decide ({@link decideQuoteForm}): the next step, the same step with
 * its messages, or a request to store. The browser reads the same fields to take over what was
 * answered before the script ran ({@link answersFromForm}, {@link adoptionEvents}). No rule lives
 * here: the machine, `checkStep` and `stepsFor` decide, as they do in the browser.
 */
import { createActor, fromPromise } from 'xstate';
import {
  CHOICE_FIELDS,
  parseQuoteDraft,
  QUOTE_DRAFT_VERSION,
  sanitizeAnswers,
  TEXT_FIELDS,
} from './draft.ts';
import { QUOTE_FIELDS, type QuoteAnswers, type QuoteField } from './quote-answers.ts';
import { ROOM_KINDS, type RoomKind } from './quote-options.ts';
import { type FieldRules, quoteFieldRules, stepFields, toSubmission } from './quote-rules.ts';
import {
  currentStep,
  parseWindowPanels,
  type QuoteWizardEvent,
  quoteWizardMachine,
  type SettableField,
  type SubmitQuoteInput,
  type SubmitQuoteOutput,
} from './quote-wizard-machine.ts';
import { type StepId, stepsFor } from './step-plan.ts';

/** Names of the form's own fields; every answer is posted under its field name (`serviceType`, …). */
export const QUOTE_FORM_FIELDS = {
  /** The step the form showed (a step id such as 'window-details'). */
  step: 'step',
  /** The button that posted the form: 'next', 'back', 'add:<room>' or 'remove:<room>'. */
  action: 'action',
  /** The quote's idempotency key, carried from the first server answer on. */
  idempotencyKey: 'idempotencyKey',
} as const;

/** The field of one carpet counter, e.g. `carpetRoomCounts.bedrooms`. */
export function roomCountField(room: RoomKind): string {
  return `carpetRoomCounts.${room}`;
}

/** Posted form fields: `URLSearchParams` and `FormData` both fit. */
export interface FormFields {
  getAll(name: string): readonly unknown[];
}

/** What the button that posted the form asks for. */
export type QuoteFormAction =
  | { readonly type: 'next' }
  | { readonly type: 'back' }
  | { readonly type: 'add' | 'remove'; readonly room: RoomKind };

/** The `value` of the button that posts `action`. */
export function formActionValue(action: QuoteFormAction): string {
  return action.type === 'add' || action.type === 'remove' ? `${action.type}:${action.room}` : action.type;
}

/**
 * A wizard as the server decided it, to render (and to hydrate from): answers, the step, the key,
 * and whether the step shows its messages.
 */
export interface QuoteFormState {
  readonly answers: QuoteAnswers;
  /** Index into `stepsFor(answers)`. */
  readonly stepIndex: number;
  /** The quote's idempotency key; every later post and the final submission carry it. */
  readonly idempotencyKey: string;
  /** Next was refused on this step: its messages show, as after a refused Next in the browser. */
  readonly showErrors: boolean;
  /** The quote could not be stored; shown with a retry on the final step. */
  readonly error?: string | undefined;
}

/** A posted form, read but not yet decided. */
export interface PostedQuoteForm {
  readonly answers: QuoteAnswers;
  /** The step the form showed; `undefined` when missing or unknown. */
  readonly step: StepId | undefined;
  /** `undefined` when the form carried none yet (the first post from the page as served). */
  readonly idempotencyKey: string | undefined;
  readonly action: QuoteFormAction;
}

function text(form: FormFields, name: string): string | undefined {
  const value = form.getAll(name)[0];
  return typeof value === 'string' ? value : undefined;
}

function texts(form: FormFields, name: string): string[] {
  return form.getAll(name).filter((value): value is string => typeof value === 'string');
}

/**
 * The answers a form carries (hidden fields and the current step's inputs alike). Untrusted: it goes
 * through the draft's sanitiser, so only offered choices survive and text keeps its length limit; a
 * missing field is an empty answer (an unticked box posts nothing). `rules` judge each single choice
 * (the server's take a choice given by its wording too).
 */
export function answersFromForm(form: FormFields, rules: FieldRules = quoteFieldRules): QuoteAnswers {
  const raw: Record<string, unknown> = {
    cleaningFocus: texts(form, 'cleaningFocus'),
    windowScope: texts(form, 'windowScope'),
    termsAccepted: text(form, 'termsAccepted') === 'true',
    caseManagerUpdates: text(form, 'caseManagerUpdates') === 'true',
    carpetRoomCounts: Object.fromEntries(
      ROOM_KINDS.map((room) => [room, Number.parseInt(text(form, roomCountField(room)) ?? '', 10)]),
    ),
  };
  for (const field of CHOICE_FIELDS) raw[field] = text(form, field)?.trim() || undefined;
  for (const field of TEXT_FIELDS) raw[field] = text(form, field) ?? '';
  // As the panel input reads in the browser, except that an empty field is no answer yet.
  const panels = text(form, 'windowPanels')?.trim() ?? '';
  if (panels !== '') raw.windowPanels = parseWindowPanels(panels);
  return sanitizeAnswers(raw, rules);
}

/**
 * The hidden fields of `step`'s form: every answer the step does not ask itself, so a post carries
 * all answers so far. Carpet counts are always hidden fields (the counters' buttons post changes);
 * carpet areas are not sent at all (they follow the counts).
 */
export function hiddenAnswerFields(answers: QuoteAnswers, step: StepId): [name: string, value: string][] {
  const shown = new Set<QuoteField>(stepFields(step, answers).map(({ field }) => field));
  const fields: [string, string][] = [];
  for (const field of QUOTE_FIELDS) {
    if (field === 'carpetAreas') continue;
    if (field === 'carpetRoomCounts') {
      for (const room of ROOM_KINDS) {
        const count = answers.carpetRoomCounts[room];
        if (count) fields.push([roomCountField(room), String(count)]);
      }
      continue;
    }
    if (shown.has(field)) continue;
    const value = answers[field];
    if (Array.isArray(value)) for (const item of value) fields.push([field, item]);
    else if (value === true) fields.push([field, 'true']);
    else if (typeof value === 'string' ? value !== '' : typeof value === 'number')
      fields.push([field, String(value)]);
  }
  return fields;
}

/** What a posted form leads to. */
export type QuoteFormOutcome =
  /** Render the wizard in this state: the next or previous step, or the same step with its messages. */
  | { readonly kind: 'show'; readonly state: QuoteFormState }
  /**
   * Every step passes and the final step asked to submit: store `submission` (the body the wizard
   * would POST to /api/service-form) under `state.idempotencyKey`, or show `state` again if it fails.
   */
  | { readonly kind: 'submit'; readonly state: QuoteFormState; readonly submission: Partial<QuoteAnswers> };

const CARPET_STEPS: readonly StepId[] = ['carpet-areas', 'standalone-carpet-areas'];

/**
 * Decides a posted form with the wizard's own machine: it starts where the form was (the machine
 * never lands past a step that does not pass, so a forged step cannot skip one) and receives the
 * event the pressed button stands for, exactly as in the browser.
 */
export function decideQuoteForm(posted: PostedQuoteForm): QuoteFormOutcome {
  const stepIndex = posted.step ? stepsFor(posted.answers).indexOf(posted.step) : 0;
  // Submission is the caller's (a server stores the quote itself); the machine only says when.
  const machine = quoteWizardMachine.provide({
    actors: {
      submitQuote: fromPromise<SubmitQuoteOutput, SubmitQuoteInput>(() => new Promise<never>(() => {})),
    },
  });
  const actor = createActor(machine, {
    input: {
      draft: {
        version: QUOTE_DRAFT_VERSION,
        answers: posted.answers,
        stepIndex: Math.max(stepIndex, 0),
        idempotencyKey: posted.idempotencyKey ?? '',
      },
    },
  });
  actor.start();
  const before = actor.getSnapshot().context;
  const { action } = posted;
  if (action.type === 'next') actor.send({ type: 'NEXT' });
  else if (action.type === 'back') actor.send({ type: 'BACK' });
  else if (CARPET_STEPS.includes(currentStep(before))) {
    actor.send({ type: action.type === 'add' ? 'INCREMENT_ROOM' : 'DECREMENT_ROOM', room: action.room });
  }
  const snapshot = actor.getSnapshot();
  actor.stop();
  const { answers, stepIndex: index, idempotencyKey } = snapshot.context;
  // A Next that did not move on by one step was refused here, or sent back to a step that fails.
  const refused = action.type === 'next' && index !== before.stepIndex + 1;
  const state: QuoteFormState = { answers, stepIndex: index, idempotencyKey, showErrors: refused };
  if (snapshot.matches('submitting')) {
    return { kind: 'submit', state: { ...state, showErrors: false }, submission: toSubmission(answers) };
  }
  return { kind: 'show', state };
}

/**
 * A state embedded in a page (JSON-parsed, untrusted), or `undefined`. Answers are sanitised as a
 * draft's are; the machine checks the step index when it starts from it.
 */
export function parseQuoteFormState(value: unknown): QuoteFormState | undefined {
  const draft = parseQuoteDraft(value);
  if (!draft?.idempotencyKey) return undefined;
  const { showErrors, error } = value as { showErrors?: unknown; error?: unknown };
  return {
    answers: draft.answers,
    stepIndex: draft.stepIndex,
    idempotencyKey: draft.idempotencyKey,
    showErrors: showErrors === true,
    ...(typeof error === 'string' && error !== '' ? { error } : {}),
  };
}

/** A state as JSON for a page, in the shape {@link parseQuoteFormState} reads. */
export function serializeQuoteFormState(state: QuoteFormState): string {
  return JSON.stringify({ version: QUOTE_DRAFT_VERSION, ...state });
}

/**
 * The events that bring the machine's answers in line with what the visitor did to the current
 * step's inputs before the script ran (the browser kept those changes in the page, but the machine
 * never heard of them). Carpet counts and the panel count are left out: counts change only through
 * their buttons, and the panel field reads its own text.
 */
export function adoptionEvents(
  answers: QuoteAnswers,
  step: StepId,
  inForm: QuoteAnswers,
): QuoteWizardEvent[] {
  const events: QuoteWizardEvent[] = [];
  for (const { field } of stepFields(step, answers)) {
    const now = answers[field];
    const seen = inForm[field];
    if (field === 'cleaningFocus' || field === 'windowScope') {
      const listed = (list: unknown) => (Array.isArray(list) ? (list as string[]) : []);
      for (const value of new Set([...listed(now), ...listed(seen)])) {
        if (listed(now).includes(value) !== listed(seen).includes(value)) {
          events.push({ type: 'TOGGLE_EXTRA', field, value } as QuoteWizardEvent);
        }
      }
    } else if (field === 'serviceType') {
      if (inForm.serviceType && inForm.serviceType !== now) {
        events.push({ type: 'CHOOSE_SERVICE', serviceType: inForm.serviceType });
      }
    } else if (field !== 'carpetAreas' && field !== 'carpetRoomCounts' && field !== 'windowPanels') {
      if (seen !== now && seen !== undefined) {
        events.push({ type: 'SET_ANSWER', field: field as SettableField, value: seen } as QuoteWizardEvent);
      }
    }
  }
  return events;
}
