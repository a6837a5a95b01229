/** The wizard draft a host keeps (e.g. in localStorage) so answers survive a reload. */
import { emptyAnswers, type QuoteAnswers } from './quote-answers.ts';
import { OVEN_EXTRAS, ROOM_KINDS, ROOM_MAXIMUMS, TEXT_LIMITS, WINDOW_EXTRAS } from './quote-options.ts';
import { type FieldRules, quoteFieldRules, reconcileAnswers } from './quote-rules.ts';

/** Version of the draft format; a draft of another version is ignored rather than misread. */
export const QUOTE_DRAFT_VERSION = 1;

/** What the machine hands to `saveDraft` and accepts back through its input. JSON-safe. */
export interface QuoteDraft {
  /** Format version, {@link QUOTE_DRAFT_VERSION}. */
  readonly version: typeof QUOTE_DRAFT_VERSION;
  /** All answers, including ones the current plan does not submit. */
  readonly answers: QuoteAnswers;
  /** The step the visitor was on. */
  readonly stepIndex: number;
  /** Kept so a request sent before a reload and sent again after it is still recognised as one. */
  readonly idempotencyKey: string;
}

/** Answers chosen from a list (one id each); the no-script form reads them too (`quote-form.ts`). */
export const CHOICE_FIELDS = [
  'serviceType',
  'bedrooms',
  'bathrooms',
  'propertyType',
  'carpetNeeded',
  'ovenType',
  'ovenCondition',
  'ndisClientType',
  'urgency',
  'howFoundUs',
] as const;

/** Free-text answers. */
export const TEXT_FIELDS = Object.keys(TEXT_LIMITS) as (keyof typeof TEXT_LIMITS)[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pickList<T extends string>(value: unknown, allowed: readonly T[]): T[] {
  if (!Array.isArray(value)) return [];
  return allowed.filter((item) => value.includes(item));
}

/**
 * Answers from untrusted stored data: unknown fields and values that are not one of the offered
 * choices are dropped; text is kept as typed (even half-typed emails) up to its length limit.
 * Carpet areas are rebuilt from the counters so the two cannot disagree. `rules` judge each single
 * choice: the wizard's by default, which take ids only.
 */
export function sanitizeAnswers(value: unknown, rules: FieldRules = quoteFieldRules): QuoteAnswers {
  const raw = isRecord(value) ? value : {};
  const answers = emptyAnswers();
  const chosen: Record<string, unknown> = {};
  for (const field of CHOICE_FIELDS) {
    const checked = rules[field](raw[field]);
    if (checked.issues.length === 0) chosen[field] = checked.value;
  }
  Object.assign(answers, chosen);
  for (const field of TEXT_FIELDS) {
    const text = raw[field];
    if (typeof text === 'string') answers[field] = text.slice(0, TEXT_LIMITS[field]);
  }
  const counts = isRecord(raw.carpetRoomCounts) ? raw.carpetRoomCounts : {};
  for (const room of ROOM_KINDS) {
    const count = counts[room];
    if (typeof count === 'number' && Number.isInteger(count) && count > 0) {
      answers.carpetRoomCounts[room] = Math.min(count, ROOM_MAXIMUMS[room]);
    }
  }
  answers.carpetAreas = ROOM_KINDS.filter((room) => answers.carpetRoomCounts[room] !== undefined);
  answers.cleaningFocus = pickList(raw.cleaningFocus, OVEN_EXTRAS);
  answers.windowScope = pickList(raw.windowScope, WINDOW_EXTRAS);
  if (typeof raw.windowPanels === 'number' && Number.isInteger(raw.windowPanels)) {
    answers.windowPanels = raw.windowPanels;
  }
  answers.termsAccepted = raw.termsAccepted === true;
  answers.caseManagerUpdates = raw.caseManagerUpdates === true;
  return reconcileAnswers(answers);
}

/**
 * Reads a stored draft (already JSON-parsed). Returns `undefined` for anything that is not a draft
 * of this version; otherwise a draft with sanitised answers. The step index is checked by the machine,
 * which also makes sure it never lands past a step that does not pass.
 */
export function parseQuoteDraft(value: unknown): QuoteDraft | undefined {
  if (!isRecord(value) || value.version !== QUOTE_DRAFT_VERSION) return undefined;
  const stepIndex =
    typeof value.stepIndex === 'number' && Number.isInteger(value.stepIndex)
      ? Math.max(0, value.stepIndex)
      : 0;
  const idempotencyKey =
    typeof value.idempotencyKey === 'string' && /^[\w-]{8,128}$/.test(value.idempotencyKey)
      ? value.idempotencyKey
      : '';
  return { version: QUOTE_DRAFT_VERSION, answers: sanitizeAnswers(value.answers), stepIndex, idempotencyKey };
}
