/**
 * The one set of rules behind both the wizard's Next button (spec §5) and the server's validation:
 * which fields each step asks, which of them are required, and what a valid value is.
 *
 * The machine's guards call {@link checkStep}; `quoteRequestSchema` runs the same {@link checkStep}
 * for every step of the request's plan. Changing a rule here changes both.
 */
import * as z from 'zod/mini';
import { emptyAnswers, type QuoteAnswers, type QuoteField } from './quote-answers.ts';
import {
  BATHROOM_COUNTS,
  BEDROOM_COUNTS,
  CARPET_NEEDED_ANSWERS,
  HOW_FOUND_US_OPTIONS,
  HOW_FOUND_US_SOURCES,
  NDIS_CLIENT_TYPES,
  OVEN_CONDITIONS,
  OVEN_EXTRA_OPTIONS,
  OVEN_EXTRAS,
  OVEN_TYPES,
  PHONE_MIN_DIGITS,
  PROPERTY_TYPES,
  type QuoteOption,
  ROOM_KINDS,
  ROOM_LABELS,
  ROOM_MAXIMUMS,
  type RoomKind,
  SERVICE_TYPES,
  TEXT_LIMITS,
  URGENCIES,
  WINDOW_CLEANING_TYPES,
  WINDOW_EXTRA_OPTIONS,
  WINDOW_EXTRAS,
  WINDOW_PANELS_MAX,
  WINDOW_PANELS_MIN,
} from './quote-options.ts';
import { type StepId, stepsFor } from './step-plan.ts';

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
  urgency: 'Choose when you need the clean',
  name: 'Enter your full name',
  email: 'Enter your email address',
  phone: 'Enter your phone number',
  address: 'Enter the property address',
  termsAccepted: 'Please agree to the terms and privacy policy',
  howFoundUs: 'Tell us how you found us',
  specialRequests: 'Enter your special requests',
};

// Missing values get the friendly 'required' wording; wrong types or ids get a plain one.
function messages(field: QuoteField, invalid = 'Not one of the offered choices') {
  return {
    error: (issue: { input?: unknown }) => (issue.input === undefined ? REQUIRED_MESSAGES[field] : invalid),
  };
}

function text(field: keyof typeof TEXT_LIMITS, label: string) {
  const max = TEXT_LIMITS[field];
  return z
    .string(messages(field, `${label} must be text`))
    .check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`));
}

/**
 * zod's own email pattern, copied: referencing `z.regexes.email` would bundle every zod regex (~6 kB)
 * into the widget.
 */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

// Format checks let blank text through: whether it is required is the step rule's call, with its wording.
function email(field: 'email' | 'caseManagerEmail', label: string) {
  return text(field, label).check(
    z.refine((value) => value === '' || EMAIL_PATTERN.test(value), 'Enter a valid email address'),
  );
}

function phone(field: 'phone' | 'caseManagerPhone', label: string) {
  return text(field, label).check(
    z.refine(
      (value) => value === '' || (value.match(/\d/g)?.length ?? 0) >= PHONE_MIN_DIGITS,
      `Enter a phone number with at least ${PHONE_MIN_DIGITS} digits`,
    ),
  );
}

/**
 * Spec §3 names these choices by their wording ('Double oven', 'Friend recommendation'), so a caller
 * sending the wording instead of the id (any case) is understood; everything is stored as the id.
 */
function idOrLabel<const T extends readonly [string, ...string[]]>(
  ids: T,
  options: readonly QuoteOption<T[number]>[],
  error: Parameters<typeof z.enum>[1],
) {
  const byLabel = new Map(options.map((option) => [option.label.toLowerCase(), option.id]));
  return z.pipe(
    z.transform((value: unknown) =>
      typeof value === 'string' ? (byLabel.get(value.trim().toLowerCase()) ?? value) : value,
    ),
    z.enum(ids, error),
  );
}

function distinctList<const T extends readonly [string, ...string[]]>(
  field: QuoteField,
  ids: T,
  options?: readonly QuoteOption<T[number]>[],
) {
  const item = options ? idOrLabel(ids, options, messages(field)) : z.enum(ids);
  return z.array(item, messages(field, 'Must be a list')).check(
    z.maxLength(ids.length, 'Too many choices'),
    z.refine((list) => new Set(list).size === list.length, 'Each choice may appear once'),
  );
}

function roomCount(room: RoomKind) {
  const max = ROOM_MAXIMUMS[room];
  return z
    .int(`${ROOM_LABELS[room]}: the count must be a whole number`)
    .check(
      z.gte(0, `${ROOM_LABELS[room]}: the count cannot be negative`),
      z.lte(max, `${ROOM_LABELS[room]}: at most ${max}`),
    );
}

const roomCountsShape = Object.fromEntries(ROOM_KINDS.map((room) => [room, z.optional(roomCount(room))])) as {
  [K in RoomKind]: z.ZodMiniOptional<ReturnType<typeof roomCount>>;
};

/**
 * What a valid value of each field is, whether or not the field is required. The request schema and
 * the step checks both use these, so a value the wizard lets through is one the server accepts.
 */
export const quoteFieldSchemas = {
  serviceType: z.enum(SERVICE_TYPES, messages('serviceType')),
  bedrooms: z.enum(BEDROOM_COUNTS, messages('bedrooms')),
  bathrooms: z.enum(BATHROOM_COUNTS, messages('bathrooms')),
  // The contract stores the window cleaning type in propertyType; each step narrows it below.
  propertyType: z.enum([...PROPERTY_TYPES, ...WINDOW_CLEANING_TYPES], messages('propertyType')),
  carpetNeeded: z.enum(CARPET_NEEDED_ANSWERS, messages('carpetNeeded')),
  carpetAreas: distinctList('carpetAreas', ROOM_KINDS),
  carpetRoomCounts: z.strictObject(
    roomCountsShape,
    messages('carpetRoomCounts', 'Must map room kinds to counts'),
  ),
  ovenType: z.enum(OVEN_TYPES, messages('ovenType')),
  ovenCondition: z.enum(OVEN_CONDITIONS, messages('ovenCondition')),
  cleaningFocus: distinctList('cleaningFocus', OVEN_EXTRAS, OVEN_EXTRA_OPTIONS),
  windowPanels: z
    .int(messages('windowPanels', 'Enter the number of window panels as a whole number'))
    .check(
      z.gte(WINDOW_PANELS_MIN, `Enter at least ${WINDOW_PANELS_MIN} window panel`),
      z.lte(WINDOW_PANELS_MAX, `For more than ${WINDOW_PANELS_MAX} window panels, please call us`),
    ),
  windowScope: distinctList('windowScope', WINDOW_EXTRAS, WINDOW_EXTRA_OPTIONS),
  ndisClientType: z.enum(NDIS_CLIENT_TYPES, messages('ndisClientType')),
  caseManagerName: text('caseManagerName', "The case manager's name"),
  caseManagerPhone: phone('caseManagerPhone', "The case manager's phone number"),
  caseManagerEmail: email('caseManagerEmail', "The case manager's email address"),
  caseManagerOrganization: text('caseManagerOrganization', "The case manager's organisation"),
  urgency: z.enum(URGENCIES, messages('urgency')),
  name: text('name', 'Your name'),
  email: email('email', 'Your email address'),
  phone: phone('phone', 'Your phone number'),
  address: text('address', 'The address'),
  termsAccepted: z.literal(true, { error: REQUIRED_MESSAGES.termsAccepted }),
  howFoundUs: idOrLabel(HOW_FOUND_US_SOURCES, HOW_FOUND_US_OPTIONS, messages('howFoundUs')),
  specialRequests: text('specialRequests', 'Special requests'),
} as const satisfies Record<QuoteField, z.ZodMiniType>;

/** One field a step asks for. */
export interface StepField {
  /** The answer field. */
  readonly field: QuoteField;
  /** Whether Next stays disabled (and the server refuses the request) while it is blank. */
  readonly required: boolean;
  /** Narrower rule for this step than the field's general one (propertyType per flow). */
  readonly schema?: z.ZodMiniType;
}

const propertyTypeForPropertySize = z.enum(PROPERTY_TYPES, messages('propertyType'));
const propertyTypeForWindows = z.enum(
  WINDOW_CLEANING_TYPES,
  messages('propertyType', 'Choose interior only, exterior only or both sides'),
);

const required = (field: QuoteField): StepField => ({ field, required: true });
const optional = (field: QuoteField): StepField => ({ field, required: false });

/** The fields of each step and which are required (spec §5 'Next is enabled only when…'). */
const STEP_FIELDS: Readonly<Record<StepId, (answers: QuoteAnswers) => readonly StepField[]>> = {
  'service-type': () => [required('serviceType')],
  // Property type is optional (spec §5).
  'property-size': () => [
    required('bedrooms'),
    required('bathrooms'),
    { field: 'propertyType', required: false, schema: propertyTypeForPropertySize },
  ],
  'carpet-question': () => [required('carpetNeeded')],
  'carpet-areas': () => [required('carpetAreas'), optional('carpetRoomCounts')],
  'standalone-carpet-areas': () => [required('carpetAreas'), optional('carpetRoomCounts')],
  // Condition and extras are optional (spec §5).
  'oven-details': () => [required('ovenType'), optional('ovenCondition'), optional('cleaningFocus')],
  // The cleaning type is optional in the spec; only the panel count is required.
  'window-details': () => [
    required('windowPanels'),
    { field: 'propertyType', required: false, schema: propertyTypeForWindows },
    optional('windowScope'),
  ],
  // Case-manager details exist only for case-manager bookings; the organisation stays optional.
  'ndis-client-details': (answers) =>
    answers.ndisClientType === 'case-manager'
      ? [
          required('ndisClientType'),
          required('caseManagerName'),
          required('caseManagerPhone'),
          required('caseManagerEmail'),
          optional('caseManagerOrganization'),
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
 * Whether an answer counts as not given: absent, blank text, an empty list or an unticked box.
 * Numbers are never blank (a window panel count of 0 is an answer, and a wrong one).
 */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * What stops `step` from passing, keyed by field; `{}` when Next may proceed.
 *
 * Accepts any object (the server runs it on untrusted bodies), so every value is checked by schema.
 */
export function checkStep(step: StepId, answers: QuoteAnswers): FieldErrors {
  const errors: Record<string, string> = {};
  for (const { field, required: isRequired, schema } of stepFields(step, answers)) {
    const value: unknown = answers[field];
    if (isBlank(value)) {
      if (isRequired) errors[field] = REQUIRED_MESSAGES[field];
      continue;
    }
    const result = (schema ?? quoteFieldSchemas[field]).safeParse(value);
    for (const issue of result.error?.issues ?? []) {
      const key = [field, ...issue.path.map(String)].join('.');
      errors[key] ??= issue.message;
    }
  }
  return errors;
}

/** Whether `step` passes (spec §5): the Next button's rule. */
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
 * manager details for a self-managed client: all left out. Parse the result with `quoteRequestSchema`.
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
    for (const { field, schema } of stepFields(step, answers)) {
      const value = answers[field];
      if (schema && !isBlank(value) && !schema.safeParse(value).success) {
        const { [field]: _dropped, ...rest } = answers;
        return reconcileAnswers({ ...emptyAnswers(), ...rest });
      }
    }
  }
  return answers;
}
