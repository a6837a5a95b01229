import { quoteListQuery } from '@cleanquote/quote-core/staff';
import { validQuery } from '../../lib/request-validators.ts';

/**
 * The inbox's query (GET /api/contact and GET /api/contact.csv), read by the handler as
 * `c.req.valid('query')`. A bad value is a 400 naming each bad parameter; unknown ones are ignored.
 */
export const quoteRequestListQuery = validQuery(quoteListQuery);
