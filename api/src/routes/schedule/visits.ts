import { scheduleQuery, seriesChange, visitBooking, visitChange } from '@cleanquote/quote-core/staff';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { type AuthEnv, requireAdmin } from '../../auth/middleware.ts';
import { type Clock, systemClock } from '../../jobs/clock.ts';
import { jsonBody } from '../../lib/json-body.ts';
import { addDays, melbourneDay, melbourneDayStart } from '../../lib/melbourne-time.ts';
import { pathParams, validQuery } from '../../lib/request-validators.ts';
import { actorOf } from '../../quote-requests/history.ts';
import {
  endSeries,
  findSeries,
  moveSeries,
  type SeriesRefusal,
  seriesJson,
  seriesOfRequest,
  skipOccurrence,
} from '../../schedule/series.ts';
import {
  acceptedVersionId,
  findBookableRequest,
  refusalAnswer,
  requestDurationMinutes,
  staffVisitChange,
} from '../../schedule/staff-booking.ts';
import { completeVisit } from '../../schedule/visit-completion.ts';
import {
  bookVisit,
  cancelVisit,
  currentVisitOf,
  findVisit,
  offeredWindowsFor,
  readSchedule,
  rescheduleVisit,
  type ScheduledVisit,
  scheduledVisit,
  type Visit,
  type VisitOutcome,
  visitsOfRequestFrom,
} from '../../schedule/visits.ts';
import { windowLabel } from '../../schedule/window-labels.ts';
import { readVisitInvoices, type VisitInvoice } from '../../xero/sync-queue.ts';

const byId = pathParams('id');

/** GET /api/contact/:id/slots?visit=<id>: the times that visit of the request can move to. */
const slotsQuery = z.object({ visit: z.string().min(1).max(100).optional() });

function noRequest(c: Context<AuthEnv>) {
  return c.json({ error: 'No quote request with that id.', requestId: c.var.requestId }, 404);
}

/** The visit as the API answers it, or the refusal in words. */
async function answerVisit(c: Context<AuthEnv>, outcome: VisitOutcome, created = false) {
  if (!outcome.ok) {
    if (outcome.refused === 'unknown-team') {
      return c.json(
        {
          error: 'Please check teamId.',
          fields: { teamId: 'There is no team with that id' },
          requestId: c.var.requestId,
        },
        400,
      );
    }
    const { status, error, reason } = refusalAnswer(outcome);
    return c.json({ error, reason, requestId: c.var.requestId }, status);
  }
  return c.json(await visitJson(c, outcome.visit), created ? 201 : 200);
}

/** A visit as the API answers it; a completed one with its invoice in Xero (null when none is queued). */
async function visitJson(
  c: Context<AuthEnv>,
  visit: Visit,
): Promise<ScheduledVisit & { invoice?: VisitInvoice | null }> {
  const request = await findBookableRequest(c.var.database.db, visit.quoteRequestId);
  if (!request) throw new Error(`visit ${visit.id} has no quote request`);
  const invoices = await readVisitInvoices(c.var.database.db, [visit.id]);
  return {
    ...scheduledVisit(visit, {
      reference: request.reference,
      customerName: request.name,
      address: request.address,
      service: request.serviceType,
    }),
    invoice: invoices.get(visit.id) ?? null,
  };
}

/**
 * The schedule and its visits, for signed-in staff past the quote unlock (visits name customers):
 * - GET /api/schedule?from=yyyy-MM-dd&to=yyyy-MM-dd — the visits of those Melbourne days;
 * - POST /api/contact/:id/visit — staff book a request's visit (a phone booking);
 * - GET /api/contact/:id/slots — the windows offered for that request's clean;
 * - PATCH /api/visits/:id — move it, cancel it or mark it completed.
 * Staff go through the customer's rules unless they send `override: true` after seeing the clash.
 */
export function scheduleRoutes(clock: Clock = systemClock) {
  return new Hono<AuthEnv>().use(requireAdmin).get('/', validQuery(scheduleQuery), async (c) => {
    const { from, to } = c.req.valid('query');
    const visits = await readSchedule(
      c.var.database.db,
      melbourneDayStart(from),
      melbourneDayStart(addDays(to, 1)),
    );
    return c.json({ from, to, now: clock.now().toISOString(), visits });
  });
}

/** POST /api/contact/:id/visit and GET /api/contact/:id/slots (see {@link scheduleRoutes}). */
export function quoteRequestVisitRoutes(clock: Clock = systemClock) {
  return new Hono<AuthEnv>()
    .use(requireAdmin)
    .get('/:id/slots', byId, validQuery(slotsQuery), async (c) => {
      const { db } = c.var.database;
      const request = await findBookableRequest(db, c.req.valid('param').id);
      if (!request) return noRequest(c);
      // The visit being moved (one of a regular clean's, say), else the request's next booked one:
      // its own time does not count against the times it can move to.
      const chosen = c.req.valid('query').visit;
      const named = chosen ? await findVisit(db, chosen) : undefined;
      const booked = named?.quoteRequestId === request.id ? named : await currentVisitOf(db, request.id);
      const durationMinutes =
        booked?.status === 'booked' ? booked.durationMinutes : await requestDurationMinutes(db, request);
      const { windows } = await offeredWindowsFor(db, {
        durationMinutes,
        now: clock.now(),
        ...(booked?.status === 'booked' ? { excludeVisitId: booked.id } : {}),
      });
      return c.json({
        durationMinutes,
        slots: windows.map((window) => ({
          start: window.start.toISOString(),
          end: window.end.toISOString(),
          label: windowLabel(window),
        })),
      });
    })
    .get('/:id/visit', byId, async (c) => {
      const { db } = c.var.database;
      const { id } = c.req.valid('param');
      const visit = await currentVisitOf(db, id);
      const series = await seriesOfRequest(db, id);
      const from = melbourneDayStart(melbourneDay(clock.now()));
      const upcoming = await visitsOfRequestFrom(db, id, from);
      return c.json({
        visit: visit ? await visitJson(c, visit) : null,
        series: series ? await seriesJson(db, series) : null,
        visits: await Promise.all(upcoming.map((each) => visitJson(c, each))),
      });
    })
    .post('/:id/visit', byId, jsonBody(visitBooking), async (c) => {
      const { db } = c.var.database;
      const request = await findBookableRequest(db, c.req.valid('param').id);
      if (!request) return noRequest(c);
      const body = c.req.valid('json');
      const now = clock.now();
      const change = await staffVisitChange(db, request, {
        actor: actorOf(c),
        environment: c.var.environment,
        now,
        override: body.override === true,
      });
      const outcome = await bookVisit(c.var.database, {
        ...change,
        quoteRequestId: request.id,
        pricedQuoteId: await acceptedVersionId(db, request.id),
        start: new Date(body.start),
        durationMinutes: await requestDurationMinutes(db, request),
        teamId: body.teamId,
      });
      return answerVisit(c, outcome, true);
    });
}

/** PATCH /api/visits/:id (see {@link scheduleRoutes}). */
export function visitRoutes(clock: Clock = systemClock) {
  return new Hono<AuthEnv>().use(requireAdmin).patch('/:id', byId, jsonBody(visitChange), async (c) => {
    const { db } = c.var.database;
    const visit = await findVisit(db, c.req.valid('param').id);
    if (!visit) return c.json({ error: 'No visit with that id.', requestId: c.var.requestId }, 404);
    const request = await findBookableRequest(db, visit.quoteRequestId);
    if (!request) return noRequest(c);
    const body = c.req.valid('json');
    const now = clock.now();
    const actor = actorOf(c);
    const change = await staffVisitChange(db, request, {
      actor,
      environment: c.var.environment,
      now,
      override: body.override === true,
    });
    if (body.status === 'completed') {
      const completed = await completeVisit(c.var.database, {
        ...change,
        visitId: visit.id,
        completedAt: body.completedAt ? new Date(body.completedAt) : undefined,
        gstRegistered: c.var.environment.GST_REGISTERED,
      });
      if (!completed.ok && completed.refused === 'completed-at') {
        return c.json(
          {
            error: 'Please check completedAt.',
            fields: { completedAt: completed.problem },
            requestId: c.var.requestId,
          },
          400,
        );
      }
      return answerVisit(c, completed);
    }
    // One visit of a regular clean is skipped, never cancelled alone: the others stay as they are.
    if (body.status === 'skipped' || (body.status === 'cancelled' && visit.seriesId !== null)) {
      if (visit.seriesId === null) {
        return c.json(
          {
            error: 'Only a visit of a regular clean can be skipped: cancel a one-off instead.',
            reason: 'not-series',
            requestId: c.var.requestId,
          },
          409,
        );
      }
      return answerVisit(c, await skipOccurrence(c.var.database, { ...change, visitId: visit.id }));
    }
    if (body.status === 'cancelled') {
      return answerVisit(
        c,
        await cancelVisit(c.var.database, { ...change, visitId: visit.id, reason: body.reason }),
      );
    }
    return answerVisit(
      c,
      await rescheduleVisit(c.var.database, {
        ...change,
        visitId: visit.id,
        start: body.start ? new Date(body.start) : visit.start,
        teamId: body.teamId,
      }),
    );
  });
}

/**
 * PATCH /api/series/:id — end a regular clean after `endsOn` (its last day with a visit), or move
 * every visit still to come to the weekday and time of `start` (a new series continues it: its id
 * is in the answer). 200 `{ series, visits }`; 404 for an unknown series; 400 for a day already past.
 */
export function seriesRoutes(clock: Clock = systemClock) {
  return new Hono<AuthEnv>().use(requireAdmin).patch('/:id', byId, jsonBody(seriesChange), async (c) => {
    const { db } = c.var.database;
    const found = await findSeries(db, c.req.valid('param').id);
    if (!found) return c.json({ error: 'No regular clean with that id.', requestId: c.var.requestId }, 404);
    const request = await findBookableRequest(db, found.quoteRequestId);
    if (!request) return noRequest(c);
    const body = c.req.valid('json');
    const now = clock.now();
    const change = await staffVisitChange(db, request, {
      actor: actorOf(c),
      environment: c.var.environment,
      now,
      override: false,
    });
    let series = found;
    if (body.endsOn !== undefined) {
      const ended = await endSeries(c.var.database, { ...change, seriesId: series.id, endsOn: body.endsOn });
      if (!ended.ok) return seriesRefusal(c, ended.refused, 'endsOn');
      series = ended.series;
    }
    if (body.start !== undefined) {
      const moved = await moveSeries(c.var.database, {
        ...change,
        seriesId: series.id,
        start: new Date(body.start),
      });
      if (!moved.ok) return seriesRefusal(c, moved.refused, 'start');
      series = moved.series;
    }
    const upcoming = await visitsOfRequestFrom(
      db,
      series.quoteRequestId,
      melbourneDayStart(melbourneDay(now)),
    );
    return c.json({
      series: await seriesJson(db, series),
      visits: await Promise.all(upcoming.map((each) => visitJson(c, each))),
    });
  });
}

/** Why a regular clean did not change, as the API answers it. */
function seriesRefusal(c: Context<AuthEnv>, refused: SeriesRefusal, field: 'endsOn' | 'start') {
  if (refused === 'not-found') {
    return c.json({ error: 'No regular clean with that id.', requestId: c.var.requestId }, 404);
  }
  if (refused === 'bad-date') {
    const message = field === 'endsOn' ? 'Use today or a later day' : 'Use a time still to come';
    return c.json(
      { error: `Please check ${field}.`, fields: { [field]: message }, requestId: c.var.requestId },
      400,
    );
  }
  return c.json(
    { error: 'A visit is inside its change cut-off.', reason: refused, requestId: c.var.requestId },
    409,
  );
}
