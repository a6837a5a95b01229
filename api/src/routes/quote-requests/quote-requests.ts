import { business } from '@cleanquote/content';
import { quoteDraft, quoteNote, quoteReply, quoteStatusChange } from '@cleanquote/quote-core/staff';
import { type Context, Hono } from 'hono';
import { type AuthEnv, requireAdmin } from '../../auth/middleware.ts';
import { jsonBody } from '../../lib/json-body.ts';
import { pathParams } from '../../lib/request-validators.ts';
import {
  createQuoteDraft,
  type QuoteRefusal,
  readPricedQuote,
  reviseQuote,
  sendPricedQuote,
} from '../../priced-quotes/priced-quote-store.ts';
import { previewPricedQuote } from '../../priced-quotes/quote-preview.ts';
import { caseManagerMailSettings } from '../../quote-requests/case-manager-updates.ts';
import { actorOf } from '../../quote-requests/history.ts';
import { linkNextPage } from '../../quote-requests/list-query.ts';
import { addQuoteNote } from '../../quote-requests/notes.ts';
import { changeQuoteStatus } from '../../quote-requests/pipeline.ts';
import { readQuoteDetail, readQuoteList } from '../../quote-requests/quote-view.ts';
import { sendQuoteReply } from '../../quote-requests/replies.ts';
import { queueInvoice, readQuoteSync, retryQuoteSync } from '../../xero/sync-queue.ts';
import { exportCsv } from './csv.ts';
import { quoteRequestListQuery } from './quote-request-list-query.ts';

/** The quote request a route under /:id is about. */
const byId = pathParams('id');

/** Who a mail to the customer comes from and answers to: MAIL_FROM, Reply-To the business. */
function customerMailSender(c: Context<AuthEnv>) {
  const { environment } = c.var;
  return { from: environment.MAIL_FROM, replyTo: environment.BUSINESS_EMAIL ?? business.email };
}

/** The answer to a priced quote that could not be read or changed. */
function refused(c: Context<AuthEnv>, refusal: QuoteRefusal) {
  const requestId = c.var.requestId;
  switch (refusal) {
    case 'no-request':
      return c.json({ error: 'No quote request with that id.', requestId }, 404);
    case 'no-quote':
      return c.json({ error: 'This request has no quote yet.', requestId }, 404);
    case 'has-quote':
      return c.json({ error: 'This request already has a quote: change it with PUT.', requestId }, 409);
    case 'accepted':
      return c.json({ error: 'This quote was accepted and can no longer change.', requestId }, 409);
    case 'not-draft':
      return c.json(
        { error: 'This version was already sent: edit it to make the next version.', requestId },
        409,
      );
  }
}

/**
 * The quote inbox, for the signed-in admin (401 without a session; 403 while the quote dashboard
 * password is set and this session has not entered it) — docs/decisions/0013-quote-inbox.md:
 *
 * - GET / — the list: filters `status`, `service`, `source`, `q`, `from`, `to` (Melbourne dates),
 *   `returning=1`, `awaiting=customer` (the latest priced quote is sent or viewed); `sort=newest`
 *   (default) or `reply-due`; keyset paging with `before` and `limit`
 *   (1–500, default 500) and a Link rel="next" header on a full page.
 * - GET /:id — one quote with its answers in words, history, other quotes of a returning customer
 *   and the reply draft.
 * - POST /:id/status, /:id/notes, /:id/reply — the pipeline, notes, and replies through the outbox.
 * - POST, PUT, GET /:id/quote, GET /:id/quote/preview and POST /:id/quote/send — the request's priced
 *   quote: draft version 1, change the draft (or, once sent, draft the next version), read it with its
 *   versions, preview the draft as the customer would get it (page and mail; no link made), send it.
 *   Each version has `durationMinutes`, the visit's length: sent beside the lines, else the price
 *   list's estimate; and `frequency` (`once` unless sent), a regular clean taking the price list's
 *   discount off its subtotal, so its `totalCents` is per visit.
 * - GET /:id/xero, POST /:id/xero/invoice and /:id/xero/retry — where the quote stands in Xero,
 *   'Create Invoice in Xero' (queued once, however often pressed) and Retry of a failed write.
 */
export const quoteRequestRoutes = new Hono<AuthEnv>()
  .use(requireAdmin)
  .get('/', quoteRequestListQuery, async (c) => {
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
  .get('/:id', byId, async (c) => {
    const quote = await readQuoteDetail(c.var.database.db, c.req.valid('param').id);
    if (!quote) return c.json({ error: 'No quote request with that id.', requestId: c.var.requestId }, 404);
    return c.json(quote);
  })
  // Any status to any other (reopening included); 'lost' needs a reason. 200 with the whole quote.
  .post('/:id/status', byId, jsonBody(quoteStatusChange), async (c) => {
    const { id } = c.req.valid('param');
    const found = await changeQuoteStatus(
      c.var.database,
      id,
      c.req.valid('json'),
      actorOf(c),
      caseManagerMailSettings(c.var.environment),
    );
    if (!found) return c.json({ error: 'No quote request with that id.', requestId: c.var.requestId }, 404);
    return c.json(await readQuoteDetail(c.var.database.db, id));
  })
  // 201 with the new history entry.
  .post('/:id/notes', byId, jsonBody(quoteNote), async (c) => {
    const { id } = c.req.valid('param');
    const entry = await addQuoteNote(c.var.database, id, c.req.valid('json'), actorOf(c));
    if (!entry) return c.json({ error: 'No quote request with that id.', requestId: c.var.requestId }, 404);
    return c.json(entry, 201);
  })
  // 202 {mailId, entry}: the reply is queued, the delivery worker sends it.
  .post('/:id/reply', byId, jsonBody(quoteReply), async (c) => {
    const { id } = c.req.valid('param');
    const sent = await sendQuoteReply(
      c.var.database,
      id,
      c.req.valid('json'),
      customerMailSender(c),
      actorOf(c),
      caseManagerMailSettings(c.var.environment),
    );
    if (!sent) return c.json({ error: 'No quote request with that id.', requestId: c.var.requestId }, 404);
    return c.json(sent, 202);
  })
  // 201 with version 1, a draft.
  .post('/:id/quote', byId, jsonBody(quoteDraft), async (c) => {
    const { database, environment } = c.var;
    const quote = await createQuoteDraft(
      database,
      c.req.valid('param').id,
      c.req.valid('json'),
      environment.GST_REGISTERED,
    );
    if (typeof quote === 'string') return refused(c, quote);
    return c.json(quote, 201);
  })
  // 200 with the draft as changed, or the next version's draft once the latest was sent.
  .put('/:id/quote', byId, jsonBody(quoteDraft), async (c) => {
    const { database, environment } = c.var;
    const quote = await reviseQuote(
      database,
      c.req.valid('param').id,
      c.req.valid('json'),
      environment.GST_REGISTERED,
    );
    if (typeof quote === 'string') return refused(c, quote);
    return c.json(quote, 200);
  })
  .get('/:id/quote', byId, async (c) => {
    const { database, environment } = c.var;
    const quote = await readPricedQuote(database.db, c.req.valid('param').id, environment.GST_REGISTERED);
    if (typeof quote === 'string') return refused(c, quote);
    return c.json(quote, 200);
  })
  // 200 {page, mail: {subject, text, html}}: the draft as the customer would get it; nothing is stored.
  .get('/:id/quote/preview', byId, async (c) => {
    const { database, environment } = c.var;
    const preview = await previewPricedQuote(database.db, c.req.valid('param').id, {
      publicUrl: environment.PUBLIC_URL,
      gstRegistered: environment.GST_REGISTERED,
      now: new Date(),
    });
    if (typeof preview === 'string') return refused(c, preview);
    return c.json(preview, 200);
  })
  // 200 {version, status, validUntil}: the mail is queued, the delivery worker sends it.
  .post('/:id/quote/send', byId, async (c) => {
    const { database, environment } = c.var;
    const sent = await sendPricedQuote(database, c.req.valid('param').id, {
      sender: customerMailSender(c),
      publicUrl: environment.PUBLIC_URL,
      gstRegistered: environment.GST_REGISTERED,
      actor: actorOf(c),
    });
    if (typeof sent === 'string') return refused(c, sent);
    return c.json(sent, 200);
  })
  .get('/:id/xero', byId, async (c) => {
    const sync = await readQuoteSync(c.var.database.db, c.req.valid('param').id);
    if (!sync) return c.json({ error: 'This request has no quote yet.', requestId: c.var.requestId }, 404);
    return c.json(sync, 200);
  })
  // 202 when the invoice is queued; 200 when it was asked for before (nothing more is queued).
  .post('/:id/xero/invoice', byId, async (c) => {
    const { database } = c.var;
    const { id } = c.req.valid('param');
    const requestId = c.var.requestId;
    const queued = await queueInvoice(database, id, new Date());
    if (queued === 'no-request') return c.json({ error: 'This request has no quote yet.', requestId }, 404);
    if (queued === 'not-accepted') {
      return c.json({ error: 'Only an accepted quote can be invoiced.', requestId }, 409);
    }
    if (queued === 'no-organisation') {
      return c.json(
        {
          error: 'Choose the organisation that receives quotes and invoices on the Xero screen first.',
          requestId,
        },
        409,
      );
    }
    const sync = await readQuoteSync(database.db, id);
    if (!sync) return c.json({ error: 'This request has no quote yet.', requestId }, 404);
    return c.json(sync, queued === 'queued' ? 202 : 200);
  })
  // Sends the quote's failed writes now; background retries go on if this attempt fails too.
  .post('/:id/xero/retry', byId, async (c) => {
    const { database } = c.var;
    const { id } = c.req.valid('param');
    await retryQuoteSync(database, id, new Date());
    const sync = await readQuoteSync(database.db, id);
    if (!sync) return c.json({ error: 'This request has no quote yet.', requestId: c.var.requestId }, 404);
    return c.json(sync, 200);
  });

/** GET /api/contact.csv: the list's query as a CSV download (csv.ts), behind the same lock. */
export const contactCsvRoutes = new Hono<AuthEnv>()
  .use(requireAdmin)
  .get('/', quoteRequestListQuery, (c) => exportCsv(c, c.req.valid('query')));
