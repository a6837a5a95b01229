/**
 * The quote request contract in plain TypeScript: the body of POST /api/service-form and
 * {@link parseQuoteRequest}, which validates it with the step rules of `quote-rules.ts`. The machine
 * uses this module; the server's zod wrapper (`quoteRequestSchema`, in `quote-request.ts`) calls it too,
 * so the browser never runs zod and there is still one rule set.
 */
import type { QuoteAnswers, QuoteField } from './quote-answers.ts';
import type {
  BathroomCount,
  BedroomCount,
  CarpetNeeded,
  HowFoundUs,
  NdisClientType,
  OvenCondition,
  OvenExtra,
  OvenType,
  PropertyType,
  RoomKind,
  ServiceType,
  Urgency,
  WindowCleaningType,
  WindowExtra,
} from './quote-options.ts';
import {
  checkStep,
  type FieldErrors,
  fieldsInPlan,
  quoteFieldRules,
  REQUIRED_MESSAGES,
} from './quote-rules.ts';
import { stepsFor } from './step-plan.ts';

/**
 * Fields required in every flow (service-type, timing, contact-info and terms steps). They are
 * required in the body too, so `QuoteRequest` types them as always present. A test checks this list
 * against the step rules.
 */
export const ALWAYS_REQUIRED_FIELDS = [
  'serviceType',
  'urgency',
  'name',
  'email',
  'phone',
  'address',
  'termsAccepted',
] as const;

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

/** A valid quote request, as the API receives it after parsing. */
export type QuoteRequest = {
  serviceType: ServiceType;
  bedrooms?: BedroomCount | undefined;
  bathrooms?: BathroomCount | undefined;
  propertyType?: PropertyType | WindowCleaningType | undefined;
  urgency: Urgency;
  windowScope?: WindowExtra[] | undefined;
  carpetAreas?: RoomKind[] | undefined;
  carpetNeeded?: CarpetNeeded | undefined;
  carpetRoomCounts?: { [K in RoomKind]?: number | undefined } | undefined;
  cleaningFocus?: OvenExtra[] | undefined;
  ovenType?: OvenType | undefined;
  ovenCondition?: OvenCondition | undefined;
  windowPanels?: number | undefined;
  name: string;
  email: string;
  phone: string;
  address: string;
  howFoundUs?: HowFoundUs | undefined;
  specialRequests?: string | undefined;
  termsAccepted: true;
  ndisClientType?: NdisClientType | undefined;
  caseManagerName?: string | undefined;
  caseManagerPhone?: string | undefined;
  caseManagerEmail?: string | undefined;
  caseManagerOrganization?: string | undefined;
  /** The case manager asked for an email when the request is Quoted, Won or Lost. */
  caseManagerUpdates?: boolean | undefined;
};

/** The submission body before parsing (what the widget sends): extras and how-found-us may be wording. */
export type QuoteRequestInput = Omit<QuoteRequest, 'windowScope' | 'cleaningFocus' | 'howFoundUs'> & {
  windowScope?: unknown[] | undefined;
  cleaningFocus?: unknown[] | undefined;
  howFoundUs?: unknown;
};

/** One problem with a request body: where (`[]` for the body itself) and what. */
export interface RequestIssue {
  readonly path: (string | number)[];
  readonly message: string;
}

/** What {@link parseQuoteRequest} returns. */
export type QuoteRequestResult =
  | { readonly success: true; readonly data: QuoteRequest }
  | { readonly success: false; readonly issues: RequestIssue[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ALWAYS_REQUIRED: readonly QuoteField[] = ALWAYS_REQUIRED_FIELDS;

/**
 * Validates a submission body. Beyond each field's own rule it enforces, per service, exactly what the
 * wizard's Next buttons enforce: it runs every step check of the request's plan (property size for
 * regular/deep/end of lease, oven size for ovens, panel count for windows, at least one carpet room for
 * carpet cleaning and for end of lease with carpet 'yes', case-manager details, contact details,
 * consent), and refuses `caseManagerUpdates: true` outside a case manager's booking. Unknown keys
 * are stripped, text is trimmed and choices given by their wording become ids; fields of other flows
 * are accepted but must still be valid. Every bad field is named once.
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
    const checked = quoteFieldRules[field](value);
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

/** Anything shaped like a zod error (zod and zod/mini alike, e.g. from @hono/zod-validator). */
export interface IssueList {
  readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[];
}

/**
 * Turns a validation error into `{ field: message }`, first message per field, nested paths dotted
 * (`carpetRoomCounts.bedrooms`). Problems with the body as a whole are keyed `request`. The API answers
 * 400 with these so every bad field is named.
 */
export function toFieldErrors(error: IssueList): FieldErrors {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'request';
    errors[key] ??= issue.message;
  }
  return errors;
}
