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
): Promise<{ success: true; data: z.output<T> } | { success: false; response: Response }> {
  const read = await readJsonBody(c);
  const body = read.ok ? read.body : undefined;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { success: false, response: invalidBody(c, { request: 'The body must be a JSON object.' }) };
  }
  const result = schema.safeParse(body);
  if (!result.success) return { success: false, response: invalidBody(c, fieldErrors(result.error)) };
  return { success: true, data: result.data };
}

/**
 * An email address from a visitor: trimmed, must contain '@' (spec §5), and must be one plain
 * address — no spaces, commas, angle brackets or line breaks that could add recipients or headers.
 */
export const emailAddress = z
  .string({ error: 'Please enter your email address' })
  .trim()
  .min(1, 'Please enter your email address')
  .max(254, 'Please enter a valid email address')
  .refine((value) => value.includes('@') && isPlainAddress(value), 'Please enter a valid email address');

/** A required free-text field, trimmed, up to `max` characters. */
export function requiredText(max: number, message: string) {
  return z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);
}

/** An optional free-text field: absent, null or blank all mean "not given". */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : undefined));
}
