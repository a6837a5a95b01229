import { TEXT_LIMITS, textProblem, trimText } from '@cleanquote/quote-core';
import { MAX_CHANGE_REQUEST } from '@cleanquote/quote-core/staff';
import type { QuoteAnswer } from './customer-quote.ts';

/** The three forms of the customer's quote page, each posting to /quote/:token/<form>. */
export const ANSWER_FORMS = ['accept', 'changes', 'decline'] as const;
export type AnswerForm = (typeof ANSWER_FORMS)[number];

/** The page's form fields: the name each posts under and the id of its control on the page. */
export const ANSWER_FIELDS = {
  name: { form: 'accept', id: 'accept-name' },
  accept: { form: 'accept', id: 'accept-terms' },
  message: { form: 'changes', id: 'changes-message' },
  reason: { form: 'decline', id: 'decline-reason' },
} as const satisfies Record<string, { form: AnswerForm; id: string }>;
export type AnswerField = keyof typeof ANSWER_FIELDS;

/** What a form sent back with its problems: the page shows the messages and keeps every value. */
export interface AnswerFormState {
  form: AnswerForm;
  values: Partial<Record<AnswerField, string>>;
  /** In the page's order; each names the field it is about. */
  problems: { field: AnswerField; message: string }[];
}

/** A decline's reason: optional, up to as much as a change request. */
export const MAX_DECLINE_REASON = MAX_CHANGE_REQUEST;

/** '2,000'. */
const count = (value: number) => value.toLocaleString('en-AU');

/** Checks one free-text answer: its characters, whether it is there, its length. */
function textMessage(
  value: string,
  { label, missing, max, multiline }: { label: string; missing?: string; max: number; multiline: boolean },
): string | undefined {
  const problem = textProblem(value, { multiline });
  if (problem !== null) return `${label} ${problem}`;
  const trimmed = trimText(value);
  if (trimmed === '' && missing !== undefined) return missing;
  if (trimmed.length > max) return `${label} must be ${count(max)} characters or fewer`;
  return undefined;
}

/**
 * Reads and checks one of the page's forms (form-encoded). Valid: the answer, texts trimmed.
 * Invalid: what was typed and a message per field, in the words the page shows.
 */
export function readAnswerForm(
  form: AnswerForm,
  fields: URLSearchParams,
): { ok: true; answer: QuoteAnswer } | { ok: false; state: AnswerFormState } {
  const problems: AnswerFormState['problems'] = [];
  const value = (field: AnswerField) => fields.get(field) ?? '';
  const check = (field: AnswerField, message: string | undefined) => {
    if (message !== undefined) problems.push({ field, message });
  };
  switch (form) {
    case 'accept': {
      const name = value('name');
      check(
        'name',
        textMessage(name, {
          label: 'Your full name',
          missing: 'Enter your full name',
          max: TEXT_LIMITS.name,
          multiline: false,
        }),
      );
      check(
        'accept',
        value('accept') === 'yes' ? undefined : 'Tick the box to accept the quote and the terms',
      );
      if (problems.length === 0) return { ok: true, answer: { kind: 'accept', name: trimText(name) } };
      return { ok: false, state: { form, values: { name, accept: value('accept') }, problems } };
    }
    case 'changes': {
      const message = value('message');
      check(
        'message',
        textMessage(message, {
          label: 'Your message',
          missing: 'Enter the changes you would like',
          max: MAX_CHANGE_REQUEST,
          multiline: true,
        }),
      );
      if (problems.length === 0) return { ok: true, answer: { kind: 'changes', message: trimText(message) } };
      return { ok: false, state: { form, values: { message }, problems } };
    }
    case 'decline': {
      const reason = value('reason');
      check(
        'reason',
        textMessage(reason, { label: 'Your reason', max: MAX_DECLINE_REASON, multiline: true }),
      );
      if (problems.length === 0) {
        const trimmed = trimText(reason);
        return { ok: true, answer: { kind: 'decline', reason: trimmed === '' ? undefined : trimmed } };
      }
      return { ok: false, state: { form, values: { reason }, problems } };
    }
  }
}
