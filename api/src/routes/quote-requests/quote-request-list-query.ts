import { fieldErrors, quoteListQuery } from '@cleanquote/quote-core/staff';
import { zValidator } from '@hono/zod-validator';

/**
 * The inbox's query (GET /api/contact and GET /api/contact.csv), read by the handler as
 * `c.req.valid('query')`. A bad value is a 400 naming each bad parameter; unknown ones are ignored.
 */
export const quoteRequestListQuery = zValidator('query', quoteListQuery, (result, c) => {
  if (result.success) return;
  const fields = fieldErrors(result.error);
  return c.json(
    { error: `Please check ${Object.keys(fields).join(', ')}.`, fields, requestId: c.get('requestId') },
    400,
  );
});
