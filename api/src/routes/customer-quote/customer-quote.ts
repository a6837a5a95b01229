import { zValidator } from '@hono/zod-validator';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { isBrowserNotKnownBot } from '../../analytics/visitor-filters.ts';
import { type Clock, systemClock } from '../../jobs/clock.ts';
import type { AppEnv } from '../../lib/app-env.ts';
import { melbourneDay } from '../../lib/melbourne-time.ts';
import {
  answerQuote,
  type CustomerQuote,
  findQuoteByToken,
  latestVersionOf,
  recordView,
  standingOf,
} from '../../priced-quotes/customer-quote.ts';
import {
  ANSWER_FORMS,
  type AnswerForm,
  type AnswerFormState,
  readAnswerForm,
} from '../../priced-quotes/customer-quote-form.ts';
import { customerQuotePath, renderCustomerQuotePage } from '../../priced-quotes/customer-quote-page.tsx';
import {
  BOOKING_ACTIONS,
  type BookingAction,
  type BookingResult,
  bookingStateFor,
  customerBookingAction,
  customerEndSeries,
  customerOccurrenceAction,
  OCCURRENCE_ACTIONS,
  type OccurrenceAction,
} from '../../schedule/customer-booking.ts';
import {
  alreadyReportedMessage,
  bookReclean,
  latestCompletedClean,
  NO_REPORT_MESSAGE,
  readProblemMessage,
  recleanStateFor,
  reportOfVisit,
  reportProblem,
  withinReportWindow,
} from '../../schedule/problem-reports.ts';
import { findSeries } from '../../schedule/series.ts';
import { seriesInviteText } from '../../schedule/series-mails.ts';
import { visitInviteFor } from '../../schedule/visit-mails.ts';
import { currentVisitOf, occurrencesOf } from '../../schedule/visits.ts';
import { jsonError, MAX_BODY_BYTES } from '../../security/baseline.ts';
import { pageNotFound } from './page-not-found.tsx';

/** What the customer's quote pages need from the app. */
export interface CustomerQuoteRouteOptions {
  /** Where 'today' (valid-until) and the times of views and answers are read from (tests move it). */
  clock?: Clock | undefined;
  /** The site's 404 page, as any unknown path gets it; without the built site, a small one. */
  notFoundPage?: ((c: Context<AppEnv>) => Response) | undefined;
}

// The app's body limit covers /api only; a form post gets the same 100 kB.
const formBodyLimit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => jsonError(c as Context<AppEnv>, 413, 'The request body is larger than 100 kB.'),
});

/** The link's token; any string, which the lookup refuses when no quote has it. */
const quoteLink = z.object({ token: z.string() });
/** The link's token and which of the page's three forms was posted. */
const quoteAnswer = quoteLink.extend({ form: z.enum(ANSWER_FORMS) });
/** The link's token and which booking form was posted. */
const quoteBooking = quoteLink.extend({ action: z.enum(BOOKING_ACTIONS) });
/** The link's token and one visit of its regular clean. */
const quoteVisit = quoteLink.extend({ visitId: z.string().min(1).max(100) });
/** The link's token, one visit of its regular clean and what is done to it. */
const quoteOccurrence = quoteVisit.extend({ action: z.enum(OCCURRENCE_ACTIONS) });

/**
 * The customer's side of a priced quote, served by the API (no session, no cookie, no script, no
 * analytics):
 * - GET /quote/:token — the quote and, while it can be answered, its three forms; the first look by
 *   a browser that is not a bot records the view once;
 * - GET /quote/:token/latest — the request's latest sent version, for the holder of an earlier link;
 * - POST /quote/:token/accept | /changes | /decline (and the same under /latest, for the latest
 *   version) — form-encoded answers: 303 back to the page, or 400 with the page, its messages and
 *   everything typed;
 * - once accepted, POST /quote/:token/book | /reschedule (field `slot`) | /cancel (field `reason`)
 *   and GET /quote/:token/visit.ics — the visit, booked from the page (schedule/customer-booking.ts);
 * - within 24 hours of a clean marked done, POST /quote/:token/report (field `message`), then
 *   POST /quote/:token/reclean (field `slot`) — the re-clean guarantee (schedule/problem-reports.ts).
 * An unknown or malformed token gets the site's 404 page. Nothing here may be indexed, cached or
 * leak its address to another site: the link is the quote's only key. Cross-site posts are refused by
 * the app's origin check, and the answers are rate-limited per IP like every public POST.
 */
export function customerQuoteRoutes({ clock = systemClock, notFoundPage }: CustomerQuoteRouteOptions = {}) {
  const notFound = (c: Context<AppEnv>) => {
    const response = notFoundPage ? notFoundPage(c) : c.html(pageNotFound(), 404);
    response.headers.set('Cache-Control', 'no-store');
    return response;
  };

  const render = async (
    c: Context<AppEnv>,
    quote: CustomerQuote,
    token: string,
    {
      view = 'own',
      status = 200,
      form,
      bookingMessage,
      changingVisitId,
      report,
      recleanMessage,
    }: {
      view?: 'own' | 'latest';
      status?: 200 | 400 | 404 | 409;
      form?: AnswerFormState;
      /** Why the booking form just posted did nothing (the time was taken…). */
      bookingMessage?: string;
      /** The visit of a regular clean whose 'Change time' was chosen: its times are listed. */
      changingVisitId?: string;
      /** A problem report sent back: what was typed and what is wrong with it. */
      report?: { typed: string; problem: string };
      /** Why the re-clean booking just posted did nothing. */
      recleanMessage?: string;
    },
  ) => {
    const now = clock.now();
    const today = melbourneDay(now);
    // An accepted quote's page books its visit: the times offered, or the visit booked.
    const booking =
      standingOf(quote, today) === 'accepted'
        ? await bookingStateFor(c.var.database.db, quote, {
            now,
            actionBase: customerQuotePath(token, view === 'latest' ? '/latest' : ''),
            message: bookingMessage,
            changingVisitId,
          })
        : undefined;
    // Once a clean is done: the re-clean guarantee, beside the booking.
    const reclean = booking
      ? await recleanStateFor(c.var.database.db, quote, {
          now,
          actionBase: customerQuotePath(token, view === 'latest' ? '/latest' : ''),
          typed: report?.typed,
          problem: report?.problem,
          message: recleanMessage,
        })
      : undefined;
    return c.html(
      renderCustomerQuotePage({
        quote,
        token,
        view,
        today,
        gstRegistered: c.var.environment.GST_REGISTERED,
        form,
        booking,
        reclean,
      }),
      status,
    );
  };

  /** Records the customer's first look, unless a bot or tool asked; the quote as it now stands. */
  const viewed = async (c: Context<AppEnv>, quote: CustomerQuote): Promise<CustomerQuote> => {
    if (c.req.method !== 'GET' || quote.version.status !== 'sent') return quote;
    if (!isBrowserNotKnownBot(c.req.header('User-Agent'))) return quote;
    const at = clock.now();
    if (!(await recordView(c.var.database, quote, at))) return quote;
    return { ...quote, version: { ...quote.version, status: 'viewed', viewedAt: at } };
  };

  /**
   * What every form of the page starts from: the version the link opens (or, for `latest`, its
   * request's latest sent version) and the page to go back to; the site's 404 for an unknown link
   * and 415 for a body that is not a form.
   */
  const postedForm = async (c: Context<AppEnv>, token: string, view: 'own' | 'latest') => {
    const holder = await findQuoteByToken(c.var.database.db, token);
    if (!holder) return notFound(c);
    const type = c.req.header('Content-Type') ?? '';
    if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      return c.json(
        { error: 'Post the form as application/x-www-form-urlencoded.', requestId: c.var.requestId },
        415,
      );
    }
    const quote = view === 'latest' ? await latestVersionOf(c.var.database.db, holder) : holder;
    return { quote, page: customerQuotePath(token, view === 'latest' ? '/latest' : '') };
  };

  /**
   * One of the three answers, for the token's own version or (`latest`) its request's latest sent
   * version: 303 back to the page it was sent from, or 400 with that page, its messages and what was
   * typed. Answered, updated or expired: nothing changes, and the page says where it stands.
   */
  const answer = async (
    c: Context<AppEnv>,
    { token, form }: { token: string; form: AnswerForm },
    view: 'own' | 'latest',
  ) => {
    const posted = await postedForm(c, token, view);
    if (posted instanceof Response) return posted;
    const { quote, page } = posted;
    if (standingOf(quote, melbourneDay(clock.now())) !== 'open') return c.redirect(page, 303);
    const read = readAnswerForm(form, new URLSearchParams(await c.req.text()));
    if (!read.ok) return render(c, quote, token, { view, status: 400, form: read.state });
    const outcome = await answerQuote(c.var.database, token, read.answer, {
      at: clock.now(),
      environment: c.var.environment,
      latest: view === 'latest',
    });
    if (outcome === 'unknown') return notFound(c);
    c.var.logger.info(
      { reference: quote.request.reference, version: quote.version.version, answer: form, outcome },
      'priced quote answered',
    );
    return c.redirect(page, 303);
  };

  /**
   * One of the booking forms of an accepted quote: 303 back to the page once done; else the page
   * with its refreshed times and why (409: taken, no longer offered, inside the cut-off, or a quote
   * that cannot be booked; 400: no time chosen). Nothing changes unless it is done.
   */
  const bookingForm = async (
    c: Context<AppEnv>,
    token: string,
    view: 'own' | 'latest',
    action: string,
    perform: (
      quote: CustomerQuote,
      form: URLSearchParams,
      options: { now: Date; environment: AppEnv['Variables']['environment']; pageUrl: string },
    ) => Promise<BookingResult | 'not-found'>,
  ) => {
    const posted = await postedForm(c, token, view);
    if (posted instanceof Response) return posted;
    const { quote, page } = posted;
    const form = new URLSearchParams(await c.req.text());
    if (standingOf(quote, melbourneDay(clock.now())) !== 'accepted') {
      return render(c, quote, token, { view, status: 409 });
    }
    const result = await perform(quote, form, {
      now: clock.now(),
      environment: c.var.environment,
      pageUrl: `${c.var.environment.PUBLIC_URL}${page}`,
    });
    if (result === 'not-found') {
      return render(c, quote, token, { view, status: 404, bookingMessage: 'There is no such visit.' });
    }
    c.var.logger.info(
      { reference: quote.request.reference, action, done: result.done },
      'customer booking form',
    );
    if (result.done) return c.redirect(page, 303);
    return render(c, quote, token, { view, status: result.status, bookingMessage: result.message });
  };

  const book = (
    c: Context<AppEnv>,
    { token, action }: { token: string; action: BookingAction },
    view: 'own' | 'latest',
  ) =>
    bookingForm(c, token, view, action, (quote, form, options) =>
      customerBookingAction(c.var.database, quote, action, form, options),
    );

  /** 'Skip this visit' or a new time for one visit of a regular clean. */
  const occurrence = (
    c: Context<AppEnv>,
    { token, visitId, action }: { token: string; visitId: string; action: OccurrenceAction },
    view: 'own' | 'latest',
  ) =>
    bookingForm(c, token, view, `visit-${action}`, (quote, form, options) =>
      customerOccurrenceAction(c.var.database, quote, { action, visitId }, form, options),
    );

  /** The regular clean ended after the day the customer chose. */
  const endRegularClean = (c: Context<AppEnv>, token: string, view: 'own' | 'latest') =>
    bookingForm(c, token, view, 'end-series', (quote, form, options) =>
      customerEndSeries(c.var.database, quote, form, options),
    );

  /**
   * 'Report a problem' (field `message`, 1–2,000 characters) within 24 hours of the latest clean
   * marked done: 303 back to the page, which then offers the free re-clean; 400 with the page, the
   * problem and what was typed; 409 after the 24 hours (the page says to call), for a clean already
   * reported, or with no clean done.
   */
  const problemReport = async (c: Context<AppEnv>, token: string, view: 'own' | 'latest') => {
    const posted = await postedForm(c, token, view);
    if (posted instanceof Response) return posted;
    const { quote, page } = posted;
    const form = new URLSearchParams(await c.req.text());
    const now = clock.now();
    if (standingOf(quote, melbourneDay(now)) !== 'accepted') {
      return render(c, quote, token, { view, status: 409 });
    }
    const typed = form.get('message') ?? '';
    const read = readProblemMessage(typed);
    if (!read.ok) {
      // Too late, or reported already, is the answer whatever was typed.
      const clean = await latestCompletedClean(c.var.database.db, quote.request.id);
      if (!clean || !withinReportWindow(clean, now)) return render(c, quote, token, { view, status: 409 });
      if (await reportOfVisit(c.var.database.db, clean.id)) {
        return render(c, quote, token, { view, status: 409, bookingMessage: alreadyReportedMessage() });
      }
      return render(c, quote, token, { view, status: 400, report: { typed, problem: read.problem } });
    }
    const outcome = await reportProblem(c.var.database, quote, {
      message: read.message,
      now,
      environment: c.var.environment,
    });
    c.var.logger.info(
      { reference: quote.request.reference, outcome: outcome.ok ? 'reported' : outcome.refused },
      'customer problem report',
    );
    if (outcome.ok) return c.redirect(page, 303);
    if (outcome.refused === 'already-reported') {
      return render(c, quote, token, { view, status: 409, bookingMessage: alreadyReportedMessage() });
    }
    if (outcome.refused === 'no-clean') {
      return render(c, quote, token, {
        view,
        status: 409,
        bookingMessage: 'There is no completed clean to report a problem with.',
      });
    }
    return render(c, quote, token, { view, status: 409 });
  };

  /**
   * The free re-clean booked at the window posted (`slot`): 303 back to the page; else the page with
   * its times and why (409: taken, or nothing reported; 400: no time chosen). A second post books
   * nothing more.
   */
  const reclean = async (c: Context<AppEnv>, token: string, view: 'own' | 'latest') => {
    const posted = await postedForm(c, token, view);
    if (posted instanceof Response) return posted;
    const { quote, page } = posted;
    const form = new URLSearchParams(await c.req.text());
    if (standingOf(quote, melbourneDay(clock.now())) !== 'accepted') {
      return render(c, quote, token, { view, status: 409 });
    }
    const result = await bookReclean(c.var.database, quote, form, {
      now: clock.now(),
      environment: c.var.environment,
      pageUrl: `${c.var.environment.PUBLIC_URL}${page}`,
    });
    c.var.logger.info(
      { reference: quote.request.reference, action: 'reclean', done: result.done },
      'customer booking form',
    );
    if (result.done) return c.redirect(page, 303);
    // Nothing reported: no re-clean part to say it in, so the booking part says it.
    const where = result.message === NO_REPORT_MESSAGE ? 'bookingMessage' : 'recleanMessage';
    return render(c, quote, token, { view, status: result.status, [where]: result.message });
  };

  /** The page with the times one visit of a regular clean can move to (GET: nothing changes). */
  const changeTimePage = async (
    c: Context<AppEnv>,
    { token, visitId }: { token: string; visitId: string },
    view: 'own' | 'latest',
  ) => {
    const holder = await findQuoteByToken(c.var.database.db, token);
    if (!holder) return notFound(c);
    const quote = view === 'latest' ? await latestVersionOf(c.var.database.db, holder) : holder;
    return render(c, quote, token, { view, changingVisitId: visitId });
  };

  /** The visit's calendar invite, as its latest mail carried it; 404 while there is no visit. */
  const invite = async (c: Context<AppEnv>, token: string, view: 'own' | 'latest') => {
    const holder = await findQuoteByToken(c.var.database.db, token);
    if (!holder) return notFound(c);
    const quote = view === 'latest' ? await latestVersionOf(c.var.database.db, holder) : holder;
    const visit =
      standingOf(quote, melbourneDay(clock.now())) === 'accepted'
        ? await currentVisitOf(c.var.database.db, quote.request.id)
        : undefined;
    const series = visit?.seriesId ? await findSeries(c.var.database.db, visit.seriesId) : undefined;
    if (series) {
      const occurrences = await occurrencesOf(c.var.database.db, series.id);
      return c.body(
        seriesInviteText({ series, occurrences, request: quote.request, environment: c.var.environment }),
        200,
        {
          'Content-Type': 'text/calendar; charset=utf-8',
          'Content-Disposition': 'attachment; filename="invite.ics"',
        },
      );
    }
    if (!visit || visit.status === 'completed') return notFound(c);
    return c.body(visitInviteFor(visit, quote.request, c.var.environment), 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="invite.ics"',
    });
  };

  // Any path the routes match reads; the hook is there to give a bad one the answer of any unknown link.
  const unknownLink = (result: { success: boolean }, c: Context) =>
    result.success ? undefined : notFound(c as Context<AppEnv>);
  const link = zValidator('param', quoteLink, unknownLink);
  const answered = zValidator('param', quoteAnswer, unknownLink);
  const booking = zValidator('param', quoteBooking, unknownLink);
  const occurrenceForm = zValidator('param', quoteOccurrence, unknownLink);
  const occurrencePage = zValidator('param', quoteVisit, unknownLink);

  return new Hono<AppEnv>()
    .use(async (c, next) => {
      c.header('X-Robots-Tag', 'noindex');
      c.header('Referrer-Policy', 'no-referrer');
      c.header('Cache-Control', 'no-store');
      await next();
    })
    .get('/:token', link, async (c) => {
      const { token } = c.req.valid('param');
      const quote = await findQuoteByToken(c.var.database.db, token);
      if (!quote) return notFound(c);
      return render(c, await viewed(c, quote), token, {});
    })
    .get('/:token/latest', link, async (c) => {
      const { token } = c.req.valid('param');
      const holder = await findQuoteByToken(c.var.database.db, token);
      if (!holder) return notFound(c);
      // The link's own version is the latest: its own page has the forms.
      if (holder.version.version >= holder.latestSentVersion)
        return c.redirect(customerQuotePath(token), 302);
      const latest = await latestVersionOf(c.var.database.db, holder);
      return render(c, await viewed(c, latest), token, { view: 'latest' });
    })
    .post('/:token/:form{(?:accept|changes|decline)}', formBodyLimit, answered, (c) =>
      answer(c, c.req.valid('param'), 'own'),
    )
    .post('/:token/latest/:form{(?:accept|changes|decline)}', formBodyLimit, answered, (c) =>
      answer(c, c.req.valid('param'), 'latest'),
    )
    .post('/:token/:action{(?:book|reschedule|cancel)}', formBodyLimit, booking, (c) =>
      book(c, c.req.valid('param'), 'own'),
    )
    .post('/:token/latest/:action{(?:book|reschedule|cancel)}', formBodyLimit, booking, (c) =>
      book(c, c.req.valid('param'), 'latest'),
    )
    .post('/:token/visits/:visitId/:action{(?:skip|reschedule)}', formBodyLimit, occurrenceForm, (c) =>
      occurrence(c, c.req.valid('param'), 'own'),
    )
    .post('/:token/latest/visits/:visitId/:action{(?:skip|reschedule)}', formBodyLimit, occurrenceForm, (c) =>
      occurrence(c, c.req.valid('param'), 'latest'),
    )
    .post('/:token/series/end', formBodyLimit, link, (c) =>
      endRegularClean(c, c.req.valid('param').token, 'own'),
    )
    .post('/:token/latest/series/end', formBodyLimit, link, (c) =>
      endRegularClean(c, c.req.valid('param').token, 'latest'),
    )
    .post('/:token/report', formBodyLimit, link, (c) => problemReport(c, c.req.valid('param').token, 'own'))
    .post('/:token/latest/report', formBodyLimit, link, (c) =>
      problemReport(c, c.req.valid('param').token, 'latest'),
    )
    .post('/:token/reclean', formBodyLimit, link, (c) => reclean(c, c.req.valid('param').token, 'own'))
    .post('/:token/latest/reclean', formBodyLimit, link, (c) =>
      reclean(c, c.req.valid('param').token, 'latest'),
    )
    .get('/:token/visits/:visitId', occurrencePage, (c) => changeTimePage(c, c.req.valid('param'), 'own'))
    .get('/:token/latest/visits/:visitId', occurrencePage, (c) =>
      changeTimePage(c, c.req.valid('param'), 'latest'),
    )
    .get('/:token/visit.ics', link, (c) => invite(c, c.req.valid('param').token, 'own'))
    .get('/:token/latest/visit.ics', link, (c) => invite(c, c.req.valid('param').token, 'latest'));
}
