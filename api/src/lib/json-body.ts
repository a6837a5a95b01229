import { fieldErrors } from '@cleanquote/quote-core/staff';
import { zValidator } from '@hono/zod-validator';
import type { z } from 'zod';
import { invalidBody, isJsonContentType, readJsonBody, SEND_AS_JSON } from './read-json.ts';

const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The JSON body of a POST or PATCH, validated by `schema` (@hono/zod-validator), its output read by
 * the handler as `c.req.valid('json')` — so the typed client knows what the route accepts and answers.
 *
 * Every refusal of the body is the one 400 answer `{error, fields, requestId}` (read-json.ts): a body
 * that is not a JSON object (malformed, an array, empty) names `request`; bad fields name each field,
 * with `summary`'s sentence as the `error` when the form has its own words for those fields. A JSON
 * object sent under another Content-Type is a 415, as on the public submissions.
 */
export function jsonBody<T extends z.ZodType>(
  schema: T,
  summary?: (fields: Record<string, string>) => string | undefined,
) {
  const validate = zValidator('json', schema, (result, c) => {
    // As the public submissions answer (security/baseline.ts): a JSON object sent as another type,
    // which the validator has read as {}.
    if (!isJsonContentType(c.req.header('Content-Type'))) {
      return c.json({ error: SEND_AS_JSON, requestId: c.get('requestId') }, 415);
    }
    if (result.success) return;
    const fields = fieldErrors(result.error);
    return invalidBody(c, fields, summary?.(fields));
  });
  // The validator itself would answer malformed JSON with an exception of its own and read a body
  // without a JSON Content-Type as {}: the body is read here first (Hono keeps it for the validator).
  const guard: typeof validate = async (c, next) => {
    const read = await readJsonBody(c);
    if (!read.ok || !isJsonObject(read.body)) {
      return invalidBody(c, { request: 'The body must be a JSON object.' });
    }
    return validate(c, next);
  };
  return guard;
}
