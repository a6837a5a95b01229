/**
 * @cleanquote/quote-core/server — what only a server runs: quote requests and posted wizard forms
 * from any sender, read with the wizard's own rules.
 *
 * ```ts
 * import { parseQuoteRequest, readQuoteForm } from '@cleanquote/quote-core/server';
 * ```
 *
 * A separate entry so that the wizard's browser bundle leaves it out. The wizard only ever holds
 * choice ids and builds its request from answers that passed every step (`requestFromAnswers`);
 * other senders may name a choice by its wording, and their bodies need the full parse below.
 * Servers answering with field errors usually go through `quoteRequestSchema`
 * (`@cleanquote/quote-core/schema`), a zod wrapper around {@link parseQuoteRequest}.
 *
 * @packageDocumentation
 */
import type { QuoteAnswers, QuoteField } from './quote-answers.ts';
import {
  answersFromForm,
  type FormFields,
  type PostedQuoteForm,
  QUOTE_FORM_FIELDS,
  type QuoteFormAction,
} from './quote-form.ts';
import {
  HOW_FOUND_US_OPTIONS,
  OVEN_EXTRA_OPTIONS,
  type QuoteOption,
  ROOM_KINDS,
  type RoomKind,
  WINDOW_EXTRA_OPTIONS,
} from './quote-options.ts';
import {
  ALWAYS_REQUIRED_FIELDS,
  type QuoteRequest,
  type QuoteRequestResult,
  type RequestIssue,
} from './quote-request-rules.ts';
import {
  checkStep,
  type FieldRule,
  type FieldRules,
  fieldsInPlan,
  quoteFieldRules,
  REQUIRED_MESSAGES,
} from './quote-rules.ts';
import { STEP_IDS, type StepId, stepsFor } from './step-plan.ts';

// ---------------------------------------------------------------------------------------------------
// Choices given by their wording

/**
 * Maps the wording of `options` (any case, spaces around ignored) to their ids; any other value is
 * returned as it is, for the field's rule to judge.
 */
function idFromWording(options: readonly QuoteOption[]): (value: unknown) => unknown {
  const ids = new Map(options.map((option) => [option.label.toLowerCase(), option.id]));
  return (value) => (typeof value === 'string' ? (ids.get(value.trim().toLowerCase()) ?? value) : value);
}

/** The wizard's rule for a single choice, taking the choice's wording as well as its id. */
function choiceByWording(field: QuoteField, options: readonly QuoteOption[]): FieldRule {
  const toId = idFromWording(options);
  const rule = quoteFieldRules[field];
  return (value) => rule(toId(value));
}

/** The wizard's rule for a list of choices, taking each item's wording as well as its id. */
function choicesByWording(field: QuoteField, options: readonly QuoteOption[]): FieldRule {
  const toId = idFromWording(options);
  const rule = quoteFieldRules[field];
  return (value) => rule(Array.isArray(value) ? value.map(toId) : value);
}

/**
 * The rules for what other senders post: the wizard's rules, except that the choices people name in
 * words ('Double oven', 'Friend recommendation') may be given by their wording, in any case, and are
 * stored as their ids.
 */
const SERVER_FIELD_RULES: FieldRules = {
  ...quoteFieldRules,
  cleaningFocus: choicesByWording('cleaningFocus', OVEN_EXTRA_OPTIONS),
  windowScope: choicesByWording('windowScope', WINDOW_EXTRA_OPTIONS),
  howFoundUs: choiceByWording('howFoundUs', HOW_FOUND_US_OPTIONS),
};

// ---------------------------------------------------------------------------------------------------
// Request bodies

/** The request's fields in the order they are checked and output. */
const REQUEST_FIELDS = [
  'serviceType',
  'bedrooms',
  'bathrooms',
  'propertyType',
  'urgency',
  'windowScope',
  'carpetAreas',
  'carpetNeeded',
  'carpetRoomCounts',
  'cleaningFocus',
  'ovenType',
  'ovenCondition',
  'windowPanels',
  'name',
  'email',
  'phone',
  'address',
  'howFoundUs',
  'specialRequests',
  'termsAccepted',
  'ndisClientType',
  'caseManagerName',
  'caseManagerPhone',
  'caseManagerEmail',
  'caseManagerOrganization',
  'caseManagerUpdates',
] as const satisfies readonly QuoteField[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ALWAYS_REQUIRED: readonly QuoteField[] = ALWAYS_REQUIRED_FIELDS;

/**
 * Validates a submission body from any sender. Beyond each field's own rule it enforces, per
 * service, exactly what the wizard's Next buttons enforce: it runs every step check of the request's
 * plan (property size for regular/deep/end of lease, oven size for ovens, panel count for windows, at
 * least one carpet room for carpet cleaning and for end of lease with carpet 'yes', case-manager
 * details, contact details, consent), and refuses `caseManagerUpdates: true` outside a case manager's
 * booking. Unknown keys are stripped, text is trimmed and choices given by their wording become ids;
 * fields of other flows are accepted but must still be valid. Every bad field is named once.
 */
export function parseQuoteRequest(body: unknown): QuoteRequestResult {
  if (!isRecord(body)) return { success: false, issues: [{ path: [], message: 'Invalid input' }] };
  const data: Record<string, unknown> = {};
  const issues: RequestIssue[] = [];
  for (const field of REQUEST_FIELDS) {
    const value = body[field];
    if (value === undefined && !ALWAYS_REQUIRED.includes(field)) {
      if (field in body) data[field] = undefined;
      continue;
    }
    const checked = SERVER_FIELD_RULES[field](value);
    if (checked.value !== undefined || field in body) data[field] = checked.value;
    for (const issue of checked.issues) issues.push({ path: [field, ...issue.path], message: issue.message });
  }
  // Fields whose own rule failed are skipped so each field is named once.
  const reported = new Set(issues.map((issue) => issue.path[0]));
  const answers = data as unknown as QuoteAnswers;
  for (const step of stepsFor(answers)) {
    for (const [key, message] of Object.entries(checkStep(step, answers))) {
      const path = key.split('.');
      if (reported.has(path[0])) continue;
      reported.add(path[0]);
      issues.push({ path, message });
    }
  }
  // The only rule across plans: an update needs somewhere to go (the case-manager step's email).
  if (
    answers.caseManagerUpdates === true &&
    !reported.has('caseManagerUpdates') &&
    !fieldsInPlan(answers).has('caseManagerUpdates')
  ) {
    issues.push({ path: ['caseManagerUpdates'], message: REQUIRED_MESSAGES.caseManagerUpdates });
  }
  return issues.length > 0 ? { success: false, issues } : { success: true, data: data as QuoteRequest };
}

// ---------------------------------------------------------------------------------------------------
// Posted wizard forms

function text(form: FormFields, name: string): string | undefined {
  const value = form.getAll(name)[0];
  return typeof value === 'string' ? value : undefined;
}

function readAction(value: string | undefined): QuoteFormAction {
  if (value === 'back') return { type: 'back' };
  const [type, room] = (value ?? '').split(':');
  if ((type === 'add' || type === 'remove') && (ROOM_KINDS as readonly string[]).includes(room ?? '')) {
    return { type, room: room as RoomKind };
  }
  // Enter in a field submits without naming a button in some browsers: that is Next.
  return { type: 'next' };
}

/**
 * Reads a posted wizard form (`application/x-www-form-urlencoded`, or `FormData`) for
 * `decideQuoteForm`. A single choice is read with the rules above, so one given by its wording
 * (how the visitor found us) is stored as its id; extras are checkboxes, whose values are ids.
 */
export function readQuoteForm(form: FormFields): PostedQuoteForm {
  const step = text(form, QUOTE_FORM_FIELDS.step);
  return {
    answers: answersFromForm(form, SERVER_FIELD_RULES),
    step: (STEP_IDS as readonly string[]).includes(step ?? '') ? (step as StepId) : undefined,
    idempotencyKey: text(form, QUOTE_FORM_FIELDS.idempotencyKey) || undefined,
    action: readAction(text(form, QUOTE_FORM_FIELDS.action)),
  };
}
