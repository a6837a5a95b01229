import { business } from '@cleanquote/content';
import { quoteNote, quoteReply, quoteStatusChange } from '@cleanquote/quote-core/staff';
import { Hono } from 'hono';
import { type AuthEnv, requireAdmin } from '../../auth/middleware.ts';
import { jsonBody } from '../../lib/json-body.ts';
import { actorOf } from '../../quotes/history.ts';
import { linkNextPage } from '../../quotes/list-query.ts';
import { addQuoteNote } from '../../quotes/notes.ts';
import { changeQuoteStatus } from '../../quotes/pipeline.ts';
import { readQuoteDetail, readQuoteList } from '../../quotes/quote-view.ts';
import { sendQuoteReply } from '../../quotes/replies.ts';
import { exportCsv } from './csv.ts';
import { inboxQuery } from './inbox-query.ts';

/**
 * The quote inbox, for the signed-in admin (401 without a session; 403 while the quote dashboard
 * password is set and this session has not entered it) — docs/decisions/0013-quote-inbox.md:
 *
 * - GET / — the list: filters `status`, `service`, `source`, `q`, `from`, `to` (Melbourne dates),
 *   `returning=1`; `sort=newest` (default) or `reply-due`; keyset paging with `before` and `limit`
 *   (1–500, default 500) and a Link rel="next" header on a full page.
 * - GET /:id — one quote with its answers in words, history, other quotes of a returning customer
 *   and the reply draft.
 * - POST /:id/status, /:id/notes, /:id/reply — the pipeline, notes, and replies through the outbox.
 */
export const contactRoutes = new Hono<AuthEnv>()
  .use(requireAdmin)
  .get('/', inboxQuery, async (c) => {
    const query = c.req.valid('query');
    const quotes = await readQuoteList(c.var.database.db, query);
    if (quotes === null) {
      return c.json(
        {
          error: 'Please check before.',
          fields: { before: 'No quote request with that id' },
          requestId: c.var.requestId,
        },
        400,
      );
    }
    linkNextPage(c, query, quotes, query.limit);
    return c.json(quotes);
  })
  .get('/:id', async (c) => {
    const quote = await readQuoteDetail(c.var.database.db, c.req.param('id'));
    if (!quote) return c.json({ error: 'No quote request with that id.', requestId: c.var.requestId }, 404);
    return c.json(quote);
  })
  // Any status to any other (reopening included); 'lost' needs a reason. 200 with the whole quote.
  .post('/:id/status', jsonBody(quoteStatusChange), async (c) => {
    const id = c.req.param('id');
    const found = await changeQuoteStatus(c.var.database, id, c.req.valid('json'), actorOf(c));
    if (!found) return c.json({ error: 'No quote request with that id.', requestId: c.var.requestId }, 404);
    return c.json(await readQuoteDetail(c.var.database.db, id));
  })
  // 201 with the new history entry.
  .post('/:id/notes', jsonBody(quoteNote), async (c) => {
    const entry = await addQuoteNote(c.var.database, c.req.param('id'), c.req.valid('json'), actorOf(c));
    if (!entry) return c.json({ error: 'No quote request with that id.', requestId: c.var.requestId }, 404);
    return c.json(entry, 201);
  })
  // 202 {mailId, entry}: the reply is queued, the delivery worker sends it.
  .post('/:id/reply', jsonBody(quoteReply), async (c) => {
    const { environment } = c.var;
    const sender = { from: environment.MAIL_FROM, replyTo: environment.BUSINESS_EMAIL ?? business.email };
    const id = c.req.param('id');
    const sent = await sendQuoteReply(c.var.database, id, c.req.valid('json'), sender, actorOf(c));
    if (!sent) return c.json({ error: 'No quote request with that id.', requestId: c.var.requestId }, 404);
    return c.json(sent, 202);
  });

/** GET /api/contact.csv: the list's query as a CSV download (csv.ts), behind the same lock. */
export const contactCsvRoutes = new Hono<AuthEnv>()
  .use(requireAdmin)
  .get('/', inboxQuery, (c) => exportCsv(c, c.req.valid('query')));
