import { fieldErrors } from '@cleanquote/quote-core/staff';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from './app-env.ts';
import { invalidBody, readJsonBody } from './read-json.ts';

/**
 * Reads and validates a JSON body. On failure the result carries the 400 answer every public POST
 * gives (read-json.ts): malformed JSON or a non-object names `request`; a bad field names each field.
 */
export async function parseJsonBody<T extends z.ZodType>(
  c: Context<AppEnv>,
  schema: T,
  /** The answer's `error` for these bad fields, when the form has its own wording for them. */
  summary?: (fields: Record<string, string>) => string | undefined,
): Promise<
  { success: true; data: z.output<T> } | { success: false; response: ReturnType<typeof invalidBody> }
> {
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
