/**
 * The one rule for free text, shared by the wizard's Next button and every text field the API
 * accepts (quote requests, team-contact messages, newsletter addresses, sign-in):
 *
 * - Text must be valid Unicode. A lone UTF-16 surrogate (`"\ud800"` in JSON) has no UTF-8 form; a
 *   database or mail server given one stores or sends garbage, so it is refused, never "fixed".
 * - Control characters (NUL, escape, bell, C1 codes…) are refused; multi-line fields may hold line
 *   breaks and tabs.
 * - Invisible characters at either end — whitespace, zero-width and other format characters (U+200B,
 *   U+00AD, U+FEFF…) and the blank "letters" fonts draw as nothing (U+2800, Hangul fillers) — are
 *   trimmed.
 * - Required text must contain a visible character: one that is not whitespace, not a control or
 *   format character, not a Unicode default-ignorable code point (variation selectors, the combining
 *   grapheme joiner, Mongolian and Khmer fillers… which screens draw as nothing) and not a combining
 *   mark (a lone accent has no letter to sit on). Text made only of those is stored as nothing.
 */

/** Characters that show nothing (a regular-expression class body, `u` flag). */
const INVISIBLE = String.raw`\s\p{Cf}\p{Zs}\p{Zl}\p{Zp}\u2800\u115F\u1160\u3164\uFFA0`;

const EDGE_INVISIBLE = new RegExp(`^[${INVISIBLE}]+|[${INVISIBLE}]+$`, 'gu');
/**
 * A character that shows something. Default-ignorable code points and combining marks count only
 * beside a visible character: they are not trimmed at the ends, where a variation selector or an
 * accent still belongs to the character before it ('❤️', 'José' typed with a combining accent).
 */
const VISIBLE = new RegExp(`[^${INVISIBLE}\\p{Cc}\\p{Default_Ignorable_Code_Point}\\p{M}]`, 'u');
/** With the `u` flag a surrogate pair is one code point, so only unpaired halves match. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const CONTROL = /\p{Cc}/u;
const CONTROL_EXCEPT_LINES = /(?![\t\n\r])\p{Cc}/u;

/** How a text field is checked. */
export interface TextOptions {
  /** Line breaks and tabs are allowed (a message, special requests). */
  readonly multiline?: boolean;
}

/** Message for text holding a lone surrogate: the visitor retypes it (usually a broken paste). */
export const INVALID_CHARACTER_MESSAGE = "contains a character we can't read. Please retype it";
/** Message for text holding control characters. */
export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';

/**
 * What is wrong with the characters of `value`, as the end of a sentence that starts with the
 * field's label ("Your name contains…"), or null when they are fine. Blank text is not a problem
 * here: whether a field is required is its step's (or route's) call.
 */
export function textProblem(value: string, options: TextOptions = {}): string | null {
  if (LONE_SURROGATE.test(value)) return INVALID_CHARACTER_MESSAGE;
  if ((options.multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(value)) return CONTROL_CHARACTER_MESSAGE;
  return null;
}

/** Whether `value` is valid Unicode (no lone surrogate), e.g. a password, where any other character is fine. */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/** `value` without invisible characters at either end (what is stored); '' when nothing in it shows. */
export function trimText(value: string): string {
  return VISIBLE.test(value) ? value.replace(EDGE_INVISIBLE, '') : '';
}

/** Whether `value` shows anything: a required field needs at least one visible character. */
export function hasVisibleText(value: string): boolean {
  return VISIBLE.test(value);
}
