/**
 * The quote request contract: the body of POST /api/service-form. The widget builds it, the API
 * validates it with {@link quoteRequestSchema}, and both use the step rules of `quote-rules.ts`.
 */
import * as z from 'zod/mini';
import type { QuoteAnswers } from './quote-answers.ts';
import { checkStep, type FieldErrors, quoteFieldSchemas as f } from './quote-rules.ts';
import { stepsFor } from './step-plan.ts';

/**
 * Fields required in every flow (service-type, timing, contact-info and terms steps). They are
 * required in the object shape too, so `QuoteRequest` types them as always present. A test checks this
 * list against the step rules.
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

const quoteRequestShape = z.object({
  serviceType: f.serviceType,
  bedrooms: z.optional(f.bedrooms),
  bathrooms: z.optional(f.bathrooms),
  propertyType: z.optional(f.propertyType),
  urgency: f.urgency,
  windowScope: z.optional(f.windowScope),
  carpetAreas: z.optional(f.carpetAreas),
  carpetNeeded: z.optional(f.carpetNeeded),
  carpetRoomCounts: z.optional(f.carpetRoomCounts),
  cleaningFocus: z.optional(f.cleaningFocus),
  ovenType: z.optional(f.ovenType),
  ovenCondition: z.optional(f.ovenCondition),
  windowPanels: z.optional(f.windowPanels),
  name: f.name,
  email: f.email,
  phone: f.phone,
  address: f.address,
  howFoundUs: z.optional(f.howFoundUs),
  specialRequests: z.optional(f.specialRequests),
  termsAccepted: f.termsAccepted,
  ndisClientType: z.optional(f.ndisClientType),
  caseManagerName: z.optional(f.caseManagerName),
  caseManagerPhone: z.optional(f.caseManagerPhone),
  caseManagerEmail: z.optional(f.caseManagerEmail),
  caseManagerOrganization: z.optional(f.caseManagerOrganization),
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The submission body. Beyond each field's own rule it enforces, per service, exactly what the
 * wizard's Next buttons enforce: it runs every step check of the request's plan (property size for
 * regular/deep/end of lease, oven size for ovens, panel count for windows, at least one carpet room for
 * carpet cleaning and for end of lease with carpet 'yes', case-manager details, contact details,
 * consent). Unknown keys are stripped; fields of other flows are accepted but must still be valid.
 */
export const quoteRequestSchema = quoteRequestShape.check(
  z.superRefine(
    (request, ctx) => {
      // Fields the shape already reported are skipped so each field is named once.
      const reported = new Set(ctx.issues.map((issue) => String(issue.path?.[0])));
      const answers = request as unknown as QuoteAnswers;
      for (const step of stepsFor(answers)) {
        for (const [key, message] of Object.entries(checkStep(step, answers))) {
          const path = key.split('.');
          if (reported.has(path[0] ?? '')) continue;
          reported.add(path[0] ?? '');
          ctx.addIssue({ code: 'custom', message, path, input: request });
        }
      }
    },
    // Also run when some field failed its own type check, so every bad field is reported at once.
    { when: (payload) => isRecord(payload.value) },
  ),
);

/** A valid quote request, as the API receives it after parsing. */
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

/** The submission body before parsing (what the widget sends). */
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;

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
