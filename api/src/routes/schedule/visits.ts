import { scheduleQuery, visitBooking, visitChange } from '@cleanquote/quote-core/staff';
import { type Context, Hono } from 'hono';
import { type AuthEnv, requireAdmin } from '../../auth/middleware.ts';
import { type Clock, systemClock } from '../../jobs/clock.ts';
import { jsonBody } from '../../lib/json-body.ts';
import { addDays, melbourneDayStart } from '../../lib/melbourne-time.ts';
import { pathParams, validQuery } from '../../lib/request-validators.ts';
import { actorOf } from '../../quote-requests/history.ts';
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
  scheduledVisit,
  type Visit,
  type VisitOutcome,
} from '../../schedule/visits.ts';
import { windowLabel } from '../../schedule/window-labels.ts';

const byId = pathParams('id');

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

async function visitJson(c: Context<AuthEnv>, visit: Visit) {
  const request = await findBookableRequest(c.var.database.db, visit.quoteRequestId);
  if (!request) throw new Error(`visit ${visit.id} has no quote request`);
  return scheduledVisit(visit, {
    reference: request.reference,
    customerName: request.name,
    address: request.address,
    service: request.serviceType,
  });
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
    .get('/:id/slots', byId, async (c) => {
      const { db } = c.var.database;
      const request = await findBookableRequest(db, c.req.valid('param').id);
      if (!request) return noRequest(c);
      const booked = await currentVisitOf(db, request.id);
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
      const visit = await currentVisitOf(c.var.database.db, c.req.valid('param').id);
      return c.json({ visit: visit ? await visitJson(c, visit) : null });
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
    if (body.status === 'completed') {
      return answerVisit(c, await completeVisit(c.var.database, { visitId: visit.id, actor, now }));
    }
    const change = await staffVisitChange(db, request, {
      actor,
      environment: c.var.environment,
      now,
      override: body.override === true,
    });
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
