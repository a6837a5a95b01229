import { type TextOptions, textProblem, trimText } from '@cleanquote/quote-core';
import type { Context } from 'hono';
import { z } from 'zod';
import { isPlainAddress } from '../mail/outbox.ts';
import type { AppEnv } from './app-env.ts';
import { invalidBody, readJsonBody } from './read-json.ts';

/** `{ field: message }` for each bad field of a zod error ('body' when the body itself is wrong). */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    fields[name] ??= issue.message;
  }
  return fields;
}

/**
 * Reads and validates a JSON body. On failure the result carries the 400 answer every public POST
 * gives (read-json.ts): malformed JSON or a non-object names `request`; a bad field names each field.
 */
export async function parseJsonBody<T extends z.ZodType>(
  c: Context<AppEnv>,
  schema: T,
  /** The answer's `error` for these bad fields, when the form has its own wording for them. */
  summary?: (fields: Record<string, string>) => string | undefined,
): Promise<{ success: true; data: z.output<T> } | { success: false; response: Response }> {
  const read = await readJsonBody(c);
  const body = read.ok ? read.body : undefined;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { success: false, response: invalidBody(c, { request: 'The body must be a JSON object.' }) };
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const fields = fieldErrors(result.error);
    return { success: false, response: invalidBody(c, fields, summary?.(fields)) };
  }
  return { success: true, data: result.data };
}

/** How a text field is checked, and its label in messages ("Your name contains…"). */
export interface TextFieldOptions extends TextOptions {
  label?: string;
}

/** The one text rule (quote-core's text-rules.ts) as a zod transform: checked, then trimmed. */
function checkedText(label: string, max: number, options: TextOptions & { required?: string }) {
  return (value: string, ctx: z.core.$RefinementCtx<string>): string => {
    const problem = textProblem(value, options);
    const trimmed = problem === null ? trimText(value) : '';
    const message =
      problem !== null
        ? `${label} ${problem}`
        : options.required !== undefined && trimmed === ''
          ? options.required
          : trimmed.length > max
            ? `At most ${max} characters`
            : null;
    if (message === null) return trimmed;
    ctx.issues.push({ code: 'custom', message, input: value });
    return z.NEVER;
  };
}

/**
 * An email address from a visitor: valid text, trimmed, must contain '@' (spec §5), and must be one
 * plain address — no spaces, commas, angle brackets or line breaks that could add recipients or headers.
 */
export const emailAddress = z
  .string({ error: 'Please enter your email address' })
  .transform(checkedText('The email address', 254, { required: 'Please enter your email address' }))
  .refine((value) => value.includes('@') && isPlainAddress(value), 'Please enter a valid email address');

/**
 * A required free-text field: valid text (no lone surrogates or control characters; line breaks only
 * when `multiline`), trimmed of invisible characters, with at least one visible character, up to `max`.
 */
export function requiredText(max: number, message: string, options: TextFieldOptions = {}) {
  return z
    .string({ error: message })
    .transform(checkedText(options.label ?? 'This text', max, { ...options, required: message }));
}

/** An optional free-text field: absent, null or blank all mean "not given"; otherwise as requiredText. */
export function optionalText(max: number, options: TextFieldOptions = {}) {
  return z
    .string()
    .transform(checkedText(options.label ?? 'This text', max, options))
    .nullish()
    .transform((value) => (value ? value : undefined));
}
