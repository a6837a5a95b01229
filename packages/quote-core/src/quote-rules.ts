/**
 * The one set of rules behind both the wizard's Next button and the server's validation:
 * which fields each step asks, which of them are required, and what a valid value is.
 *
 * Plain TypeScript, no zod: the browser runs these. The machine's guards call {@link checkStep};
 * the server's `parseQuoteRequest` (`@cleanquote/quote-core/server`, wrapped by `quoteRequestSchema`)
 * runs the same {@link checkStep} for every step of the request's plan. Changing a rule here changes
 * both.
 */
import { emptyAnswers, type QuoteAnswers, type QuoteField } from './quote-answers.ts';
import {
  BATHROOM_COUNTS,
  BEDROOM_COUNTS,
  CARPET_NEEDED_ANSWERS,
  HOW_FOUND_US_SOURCES,
  NDIS_CLIENT_TYPES,
  OVEN_CONDITIONS,
  OVEN_EXTRAS,
  OVEN_TYPES,
  PHONE_MIN_DIGITS,
  PROPERTY_TYPES,
  ROOM_KINDS,
  ROOM_LABELS,
  ROOM_MAXIMUMS,
  type RoomKind,
  SERVICE_TYPES,
  TEXT_LIMITS,
  URGENCIES,
  WINDOW_CLEANING_TYPES,
  WINDOW_EXTRAS,
  WINDOW_PANELS_MAX,
  WINDOW_PANELS_MIN,
} from './quote-options.ts';
import { type StepId, stepsFor } from './step-plan.ts';
import { hasVisibleText, type TextOptions, textProblem, trimText } from './text-rules.ts';

/** Problems keyed by field name (nested fields dotted, e.g. `carpetRoomCounts.bedrooms`). */
export type FieldErrors = Readonly<Record<string, string>>;

/** What the visitor sees when a required answer is missing. */
export const REQUIRED_MESSAGES: Readonly<Record<QuoteField, string>> = {
  serviceType: 'Choose a service',
  bedrooms: 'Choose the number of bedrooms',
  bathrooms: 'Choose the number of bathrooms',
  propertyType: 'Choose a property type',
  carpetNeeded: 'Tell us whether you need carpet cleaning',
  carpetAreas: 'Add at least one room',
  carpetRoomCounts: 'Add at least one room',
  ovenType: 'Choose your oven size',
  ovenCondition: 'Choose the oven condition',
  cleaningFocus: 'Choose the extras you need',
  windowPanels: 'Enter the number of window panels',
  windowScope: 'Choose the extras you need',
  ndisClientType: 'Tell us who is arranging the clean',
  caseManagerName: "Enter the case manager's name",
  caseManagerPhone: "Enter the case manager's phone number",
  caseManagerEmail: "Enter the case manager's email address",
  caseManagerOrganization: "Enter the case manager's organisation",
  // Never required: said when updates are asked for outside a case manager's booking.
  caseManagerUpdates: "Updates go to a case manager: choose 'Case manager' and enter their email",
  urgency: 'Choose when you need the clean',
  name: 'Enter your full name',
  email: 'Enter your email address',
  phone: 'Enter your phone number',
  address: 'Enter the property address',
  termsAccepted: 'Please agree to the terms and privacy policy',
  howFoundUs: 'Tell us how you found us',
  specialRequests: 'Enter your special requests',
};

/** A problem with a value, at a path inside it (`[]` for the value itself). */
export interface RuleIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/** What a rule makes of a value: the value as stored (text trimmed) and its problems. */
export interface RuleResult {
  readonly value: unknown;
  /** Empty when the value is valid. */
  readonly issues: readonly RuleIssue[];
}

/** One field's rule: plain TypeScript, so the browser runs the same rules as the server without zod. */
export type FieldRule = (value: unknown) => RuleResult;

const NOT_OFFERED = 'Not one of the offered choices';

const result = (value: unknown, ...messages: string[]): RuleResult => ({
  value,
  issues: messages.map((message) => ({ path: [], message })),
});

// Missing values get the friendly 'required' wording; wrong types or ids get a plain one.
const wrong = (field: QuoteField, value: unknown, invalid = NOT_OFFERED) =>
  value === undefined ? REQUIRED_MESSAGES[field] : invalid;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function oneOf(ids: readonly string[], field?: QuoteField, invalid?: string): FieldRule {
  return (value) =>
    ids.includes(value as string)
      ? result(value)
      : result(value, field ? wrong(field, value, invalid) : 'Invalid input');
}

function text(
  field: keyof typeof TEXT_LIMITS,
  label: string,
  format?: ((value: string) => string | null) | null,
  options?: TextOptions,
) {
  const max = TEXT_LIMITS[field];
  return (value: unknown): RuleResult => {
    if (typeof value !== 'string') return result(value, wrong(field, value, `${label} must be text`));
    const invalid = textProblem(value, options);
    if (invalid !== null) return result(value, `${label} ${invalid}`);
    const trimmed = trimText(value);
    const problems = trimmed.length > max ? [`${label} must be at most ${max} characters`] : [];
    // Format checks let blank text through: whether it is required is the step rule's call, with its wording.
    const problem = trimmed === '' ? null : (format?.(trimmed) ?? null);
    return result(trimmed, ...problems, ...(problem === null ? [] : [problem]));
  };
}

/** zod's email pattern (the server's rule before the rules became plain TypeScript). */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

const email = (field: 'email' | 'caseManagerEmail', label: string) =>
  text(field, label, (value) => (EMAIL_PATTERN.test(value) ? null : 'Enter a valid email address'));

const phone = (field: 'phone' | 'caseManagerPhone', label: string) =>
  text(field, label, (value) =>
    (value.match(/\d/g)?.length ?? 0) >= PHONE_MIN_DIGITS
      ? null
      : `Enter a phone number with at least ${PHONE_MIN_DIGITS} digits`,
  );

/** A whole number from `min` to `max`; `invalid` for anything that is not one. */
function wholeNumber(invalid: string, min: number, tooSmall: string, max: number, tooBig: string) {
  return (value: unknown): RuleResult => {
    if (typeof value !== 'number' || !Number.isInteger(value)) return result(value, invalid);
    return result(
      value,
      ...(Number.isSafeInteger(value) ? [] : [invalid]),
      ...(value < min ? [tooSmall] : []),
      ...(value > max ? [tooBig] : []),
    );
  };
}

/** At most one of each choice: too long a list is refused outright, else each item is checked by `item` (problems at its index), then duplicates. */
function distinctList(field: QuoteField, ids: readonly string[], item: FieldRule): FieldRule {
  return (value) => {
    if (!Array.isArray(value)) return result(value, wrong(field, value, 'Must be a list'));
    if (value.length > ids.length) return result(value, 'Too many choices');
    const issues: RuleIssue[] = [];
    const list = value.map((entry: unknown, index) => {
      const checked = item(entry);
      for (const issue of checked.issues) issues.push({ ...issue, path: [index, ...issue.path] });
      return checked.value;
    });
    if (issues.length > 0) return { value: list, issues };
    return new Set(list).size === list.length ? result(list) : result(list, 'Each choice may appear once');
  };
}

const ROOM_COUNT_RULES = Object.fromEntries(
  ROOM_KINDS.map((room) => {
    const label = ROOM_LABELS[room];
    const max = ROOM_MAXIMUMS[room];
    return [
      room,
      wholeNumber(
        `${label}: the count must be a whole number`,
        0,
        `${label}: the count cannot be negative`,
        max,
        `${label}: at most ${max}`,
      ),
    ];
  }),
) as Record<RoomKind, FieldRule>;

/** Counts per room kind, each optional; any other key is refused. */
const roomCounts: FieldRule = (value) => {
  const invalid = wrong('carpetRoomCounts', value, 'Must map room kinds to counts');
  if (!isRecord(value)) return result(value, invalid);
  const counts: Record<string, unknown> = {};
  const issues: RuleIssue[] = [];
  for (const room of ROOM_KINDS) {
    const count = value[room];
    if (count === undefined) {
      if (room in value) counts[room] = undefined;
      continue;
    }
    const checked = ROOM_COUNT_RULES[room](count);
    counts[room] = checked.value;
    for (const issue of checked.issues) issues.push({ ...issue, path: [room, ...issue.path] });
  }
  if (Object.keys(value).some((key) => !(ROOM_KINDS as readonly string[]).includes(key))) {
    issues.push({ path: [], message: invalid });
  }
  return { value: counts, issues };
};

/** A rule for every answer field. */
export type FieldRules = Readonly<Record<QuoteField, FieldRule>>;

/**
 * What a valid value of each field is, whether or not the field is required. The request parser and
 * the step checks both use these, so a value the wizard lets through is one the server accepts.
 * Choices are ids here: the wizard never holds anything else. The server's parser
 * (`@cleanquote/quote-core/server`) also takes a choice given by its wording, and turns it into the
 * id before these rules see it.
 */
export const quoteFieldRules: FieldRules = {
  serviceType: oneOf(SERVICE_TYPES, 'serviceType'),
  bedrooms: oneOf(BEDROOM_COUNTS, 'bedrooms'),
  bathrooms: oneOf(BATHROOM_COUNTS, 'bathrooms'),
  // The contract stores the window cleaning type in propertyType; each step narrows it below.
  propertyType: oneOf([...PROPERTY_TYPES, ...WINDOW_CLEANING_TYPES], 'propertyType'),
  carpetNeeded: oneOf(CARPET_NEEDED_ANSWERS, 'carpetNeeded'),
  carpetAreas: distinctList('carpetAreas', ROOM_KINDS, oneOf(ROOM_KINDS)),
  carpetRoomCounts: roomCounts,
  ovenType: oneOf(OVEN_TYPES, 'ovenType'),
  ovenCondition: oneOf(OVEN_CONDITIONS, 'ovenCondition'),
  cleaningFocus: distinctList('cleaningFocus', OVEN_EXTRAS, oneOf(OVEN_EXTRAS, 'cleaningFocus')),
  windowPanels: (value) =>
    wholeNumber(
      wrong('windowPanels', value, 'Enter the number of window panels as a whole number'),
      WINDOW_PANELS_MIN,
      `Enter at least ${WINDOW_PANELS_MIN} window panel`,
      WINDOW_PANELS_MAX,
      `For more than ${WINDOW_PANELS_MAX} window panels, please call us`,
    )(value),
  windowScope: distinctList('windowScope', WINDOW_EXTRAS, oneOf(WINDOW_EXTRAS, 'windowScope')),
  ndisClientType: oneOf(NDIS_CLIENT_TYPES, 'ndisClientType'),
  caseManagerName: text('caseManagerName', "The case manager's name"),
  caseManagerPhone: phone('caseManagerPhone', "The case manager's phone number"),
  caseManagerEmail: email('caseManagerEmail', "The case manager's email address"),
  caseManagerOrganization: text('caseManagerOrganization', "The case manager's organisation"),
  caseManagerUpdates: (value) => (typeof value === 'boolean' ? result(value) : result(value, NOT_OFFERED)),
  urgency: oneOf(URGENCIES, 'urgency'),
  name: text('name', 'Your name'),
  email: email('email', 'Your email address'),
  phone: phone('phone', 'Your phone number'),
  address: text('address', 'The address'),
  termsAccepted: (value) => (value === true ? result(value) : result(value, REQUIRED_MESSAGES.termsAccepted)),
  howFoundUs: oneOf(HOW_FOUND_US_SOURCES, 'howFoundUs'),
  specialRequests: text('specialRequests', 'Special requests', null, { multiline: true }),
};

/** One field a step asks for. */
export interface StepField {
  /** The answer field. */
  readonly field: QuoteField;
  /** Whether Next stays disabled (and the server refuses the request) while it is blank. */
  readonly required: boolean;
  /** Narrower rule for this step than the field's general one (propertyType per flow). */
  readonly rule?: FieldRule;
}

const propertyTypeForPropertySize = oneOf(PROPERTY_TYPES, 'propertyType');
const propertyTypeForWindows = oneOf(
  WINDOW_CLEANING_TYPES,
  'propertyType',
  'Choose interior only, exterior only or both sides',
);

const required = (field: QuoteField): StepField => ({ field, required: true });
const optional = (field: QuoteField): StepField => ({ field, required: false });

/** The fields of each step and which are required. */
const STEP_FIELDS: Readonly<Record<StepId, (answers: QuoteAnswers) => readonly StepField[]>> = {
  'service-type': () => [required('serviceType')],
  // Property type is optional.
  'property-size': () => [
    required('bedrooms'),
    required('bathrooms'),
    { field: 'propertyType', required: false, rule: propertyTypeForPropertySize },
  ],
  'carpet-question': () => [required('carpetNeeded')],
  'carpet-areas': () => [required('carpetAreas'), optional('carpetRoomCounts')],
  'standalone-carpet-areas': () => [required('carpetAreas'), optional('carpetRoomCounts')],
  // Condition and extras are optional.
  'oven-details': () => [required('ovenType'), optional('ovenCondition'), optional('cleaningFocus')],
  // The cleaning type may be left unchosen; only the panel count is required.
  'window-details': () => [
    required('windowPanels'),
    { field: 'propertyType', required: false, rule: propertyTypeForWindows },
    optional('windowScope'),
  ],
  // Case-manager details exist only for case-manager bookings; the organisation and the updates
  // (mailed to the email this step requires) stay optional.
  'ndis-client-details': (answers) =>
    answers.ndisClientType === 'case-manager'
      ? [
          required('ndisClientType'),
          required('caseManagerName'),
          required('caseManagerPhone'),
          required('caseManagerEmail'),
          optional('caseManagerOrganization'),
          optional('caseManagerUpdates'),
        ]
      : [required('ndisClientType')],
  timing: () => [required('urgency')],
  'contact-info': () => [required('name'), required('phone'), required('email'), required('address')],
  'terms-agreement': () => [required('termsAccepted')],
  'final-details': () => [optional('howFoundUs'), optional('specialRequests')],
};

/** The fields `step` asks for given the answers so far (the UI can mark required ones). */
export function stepFields(step: StepId, answers: QuoteAnswers): readonly StepField[] {
  return STEP_FIELDS[step](answers);
}

/**
 * Whether an answer counts as not given: absent, text with nothing visible (text-rules.ts), an empty list or an unticked box.
 * Numbers are never blank (a window panel count of 0 is an answer, and a wrong one).
 */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return !hasVisibleText(value);
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * What stops `step` from passing, keyed by field; `{}` when Next may proceed.
 *
 * Accepts any object (the server runs it on untrusted bodies), so every value is checked by its rule.
 */
export function checkStep(step: StepId, answers: QuoteAnswers): FieldErrors {
  const errors: Record<string, string> = {};
  for (const { field, required: isRequired, rule } of stepFields(step, answers)) {
    const value: unknown = answers[field];
    if (isBlank(value)) {
      if (isRequired) errors[field] = REQUIRED_MESSAGES[field];
      continue;
    }
    for (const issue of (rule ?? quoteFieldRules[field])(value).issues) {
      const key = [field, ...issue.path.map(String)].join('.');
      errors[key] ??= issue.message;
    }
  }
  return errors;
}

/** Whether `step` passes: the Next button's rule. */
export function stepPasses(step: StepId, answers: QuoteAnswers): boolean {
  return Object.keys(checkStep(step, answers)).length === 0;
}

/** Index of the first step of `answers`' plan that does not pass, or -1 when all pass. */
export function firstFailingStepIndex(answers: QuoteAnswers): number {
  return stepsFor(answers).findIndex((step) => !stepPasses(step, answers));
}

/** The fields that belong to the current plan: the only ones that are submitted. */
export function fieldsInPlan(answers: QuoteAnswers): ReadonlySet<QuoteField> {
  return new Set(stepsFor(answers).flatMap((step) => stepFields(step, answers).map(({ field }) => field)));
}

/**
 * The quote request body for these answers: only the fields of the current plan, without blank
 * optional ones. Oven answers after switching to windows, carpet rooms after answering 'no', case
 * manager details for a self-managed client: all left out. The wizard turns it into its request with
 * `requestFromAnswers`; a server parses a body with `parseQuoteRequest` or `quoteRequestSchema`.
 */
export function toSubmission(answers: QuoteAnswers): Partial<QuoteAnswers> {
  const inPlan = fieldsInPlan(answers);
  const submission: Record<string, unknown> = {};
  for (const field of inPlan) {
    const value = answers[field];
    if (isBlank(value)) continue;
    if (field === 'carpetRoomCounts' && Object.keys(value as object).length === 0) continue;
    submission[field] = value;
  }
  return submission as Partial<QuoteAnswers>;
}

/**
 * Drops answers the current plan cannot accept, after the plan changed. Only propertyType is shared
 * between flows with different choices (property type vs window cleaning type), so a window type must
 * not linger as an invalid property type after switching to a regular clean, or the reverse.
 */
export function reconcileAnswers(answers: QuoteAnswers): QuoteAnswers {
  for (const step of stepsFor(answers)) {
    for (const { field, rule } of stepFields(step, answers)) {
      const value = answers[field];
      if (rule && !isBlank(value) && rule(value).issues.length > 0) {
        const { [field]: _dropped, ...rest } = answers;
        return reconcileAnswers({ ...emptyAnswers(), ...rest });
      }
    }
  }
  return answers;
}
