import type { z } from 'zod';

/**
 * `{ field: message }` for each bad field of a zod error, the first message per field ('body' when
 * the body itself is wrong). The API answers 400s in this shape and a form shows each beside its field.
 */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    fields[name] ??= issue.message;
  }
  return fields;
}
