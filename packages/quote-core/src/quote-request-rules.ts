/**
 * The quote request contract in plain TypeScript: the body of POST /api/service-form, the request the
 * wizard builds from its answers ({@link requestFromAnswers}) and how problems with a body are
 * reported. The machine uses this module, so it stays free of zod and of what only a server needs:
 * parsing bodies from any sender is `parseQuoteRequest` in `server.ts`, with the same rules.
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
import { type FieldErrors, quoteFieldRules, toSubmission } from './quote-rules.ts';

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

/** A submission body before parsing: other senders may give the extras and how-found-us by their wording. */
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

/** What the server's `parseQuoteRequest` (`@cleanquote/quote-core/server`) returns. */
export type QuoteRequestResult =
  | { readonly success: true; readonly data: QuoteRequest }
  | { readonly success: false; readonly issues: RequestIssue[] };

/**
 * The request the wizard sends for its answers: {@link toSubmission} with each value as its field's
 * rule stores it (text trimmed), or `undefined` when a value breaks its rule. Meant for answers whose
 * every step passes, as the machine's submit guard checks first: the server's `parseQuoteRequest`
 * runs the same rules and step checks, so it accepts this request and returns the same data.
 */
export function requestFromAnswers(answers: QuoteAnswers): QuoteRequest | undefined {
  const request: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(toSubmission(answers))) {
    const checked = quoteFieldRules[field as QuoteField](value);
    if (checked.issues.length > 0) return undefined;
    request[field] = checked.value;
  }
  return request as QuoteRequest;
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
