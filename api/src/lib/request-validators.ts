import { fieldErrors } from '@cleanquote/quote-core/staff';
import { zValidator } from '@hono/zod-validator';
import type { Context } from 'hono';
import { z } from 'zod';

/**
 * The one answer to a query string, path or beacon a route can't accept: 400 with `error` when the
 * route has its own sentence for it, otherwise naming each bad parameter (`Please check status,
 * limit.` with `fields`). A @hono/zod-validator hook, so the typed client knows the 400 too.
 */
export function refuseRequest(error?: string) {
  return (result: { success: true } | { success: false; error: z.core.$ZodError }, c: Context) => {
    if (result.success) return;
    const requestId: string = c.get('requestId');
    if (error !== undefined) return c.json({ error, requestId }, 400);
    const fields = fieldErrors(result.error);
    return c.json({ error: `Please check ${Object.keys(fields).join(', ')}.`, fields, requestId }, 400);
  };
}

/**
 * The query string, validated by `schema` and read by the handler as `c.req.valid('query')`;
 * parameters the schema does not name are ignored. A bad value answers {@link refuseRequest}'s 400.
 */
export function validQuery<T extends z.ZodType>(schema: T, error?: string) {
  return zValidator('query', schema, refuseRequest(error));
}

/**
 * The route's path parameters by name (`pathParams('key', 'id')` for `/:key/…/:id`), read by the
 * handler as `c.req.valid('param')`, so the typed client asks for each of them.
 */
export function pathParams<const K extends string>(...names: K[]) {
  const shape = Object.fromEntries(names.map((name) => [name, z.string()])) as { [N in K]: z.ZodString };
  return zValidator('param', z.object(shape), refuseRequest());
}
