import { z } from 'zod';
import { type TextOptions, textProblem, trimText } from '../text-rules.ts';

// One plain addr-spec: no display name, no list separators, no quoting, no whitespace or controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const plainAddress = /^[^\s@<>()[\]\\,;:"\u0000-\u001f\u007f]+@[^\s@<>()[\]\\,;:"\u0000-\u001f\u007f]+$/;

/** True when `value` is one plain address (local@domain) that cannot turn into several recipients. */
export function isPlainAddress(value: string): boolean {
  return value.length <= 254 && plainAddress.test(value);
}

/** How a text field is checked, and its label in messages ("Your name contains…"). */
export interface TextFieldOptions extends TextOptions {
  /** The field in words at the start of a message, e.g. 'The note'; 'This text' when not given. */
  label?: string;
}

/** The one text rule (text-rules.ts) as a zod transform: checked, then trimmed. */
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
 * An email address: valid text, trimmed, must contain '@', and must be one plain address — no
 * spaces, commas, angle brackets or line breaks that could add recipients or headers.
 */
export const emailAddress = z
  .string({ error: 'Please enter your email address' })
  .transform(checkedText('The email address', 254, { required: 'Please enter your email address' }))
  .refine((value) => value.includes('@') && isPlainAddress(value), 'Please enter a valid email address');

/**
 * A required free-text field: valid text (no lone surrogates or control characters; line breaks only
 * when `multiline`), trimmed of invisible characters, with at least one visible character, up to `max`.
 * @param message - what a missing or blank value says.
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
