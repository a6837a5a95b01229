import { createHash } from 'node:crypto';
import { decideQuoteForm, type QuoteFormState } from '@cleanquote/quote-core';
import { quoteRequestSchema } from '@cleanquote/quote-core/schema';
import { readQuoteForm } from '@cleanquote/quote-core/server';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../../lib/app-env.ts';
import { storeQuoteRequest } from '../../quote-requests/store-quote-request.ts';
import { jsonError, MAX_BODY_BYTES } from '../../security/baseline.ts';
import type { BuiltSite } from '../../site/site.ts';

/** The wizard page, whose form posts to its own path. */
const PAGE_PATH = '/service-form';

/** Shown on the final step when the quote could not be stored; the visitor's answers are all kept. */
export const FORM_STORE_FAILURE =
  'Sorry, something went wrong on our side and your quote request was not sent. Please try again in a moment, or call us.';

/**
 * POST /service-form: the quote wizard before and without script (docs/decisions/0009). The page's
 * form posts every answer so far (form-encoded); the wizard's own machine decides what that leads to
 * (`decideQuoteForm`, quote-core), and this route answers with the site's page rendered in that state:
 * the next or previous step, or the same step with its messages and every answer kept (200 both: a
 * page the visitor reads and carries on with, as GOV.UK forms answer; a 4xx document would also log
 * an error in the browser's console), or —
 * once every step passes and the final step asked — the quote stored exactly as POST
 * /api/service-form stores it (the same schema, intake and Idempotency-Key semantics, the key carried
 * in the form) and a 303 to /thank-you with its reference.
 *
 * Cross-site posts are refused by the app's origin check (security/baseline.ts), and the route is
 * rate-limited per IP like every public POST. Pages rendered here belong to one visitor: no-store.
 */
export function quoteFormPageRoutes(site: BuiltSite | undefined) {
  return new Hono<AppEnv>().post(
    '/',
    // The app's body limit covers /api only; a form post gets the same 100 kB.
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => jsonError(c as Context<AppEnv>, 413, 'The request body is larger than 100 kB.'),
    }),
    async (c) => {
      if (!site) return c.notFound();
      const type = c.req.header('Content-Type') ?? '';
      if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
        return c.json(
          { error: 'Post the quote form as application/x-www-form-urlencoded.', requestId: c.var.requestId },
          415,
        );
      }
      const outcome = decideQuoteForm(readQuoteForm(new URLSearchParams(await c.req.text())));

      const render = (state: QuoteFormState, status: 200 | 503) => {
        const page = site.renderDocument(PAGE_PATH, c.var.environment.PUBLIC_URL, { quoteForm: state });
        c.header('Cache-Control', 'no-store');
        return c.html(page.html, status);
      };
      if (outcome.kind === 'show') return render(outcome.state, 200);

      // The same validation as the JSON route: the shared schema on the body the wizard would send.
      const parsed = quoteRequestSchema.safeParse(outcome.submission);
      if (!parsed.success) return render({ ...outcome.state, showErrors: true }, 200);
      const { idempotencyKey } = outcome.state;
      const store = (key: string) =>
        storeQuoteRequest(c, { request: parsed.data, source: 'main-site', idempotencyKey: key });
      try {
        let answer = await store(idempotencyKey);
        if (answer.outcome === 'conflict') {
          // The key's quote was stored with other answers, and the visitor changed them and sent
          // again (from a page kept in the browser's history): a new request, under a key derived
          // from the answers, so sending those answers twice still stores them once.
          const hash = createHash('sha256').update(JSON.stringify(parsed.data)).digest('hex');
          answer = await store(`${idempotencyKey}-${hash.slice(0, 16)}`);
        }
        if (answer.outcome === 'conflict') throw new Error('idempotency key conflict after re-keying');
        c.var.logger.info(
          {
            reference: answer.reference,
            replayed: answer.outcome === 'replayed',
            source: 'main-site',
            via: 'form',
          },
          'quote request received',
        );
        return c.redirect(`/thank-you?reference=${encodeURIComponent(answer.reference)}`, 303);
      } catch (error) {
        c.var.logger.error({ err: error }, 'quote form: storing the quote request failed');
        return render({ ...outcome.state, error: FORM_STORE_FAILURE }, 503);
      }
    },
  );
}
