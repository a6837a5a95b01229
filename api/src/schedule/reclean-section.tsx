/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { business } from '@cleanquote/content';
import { Lines } from '../lib/html-page.tsx';
import { WindowChoices } from './booking-section.tsx';
import {
  LATE_REPORT_LEAD,
  MAX_PROBLEM_REPORT,
  REPORT_WINDOW_HOURS,
  type RecleanState,
} from './problem-reports.ts';
import type { Visit } from './visits.ts';
import { bookedWindowText } from './window-labels.ts';

const MESSAGE_ID = 'reclean-message';

/** The report form: what was not right, kept with its problem when the post was refused. */
function ReportForm({ state }: { state: Extract<RecleanState, { kind: 'report' }> }) {
  const hintId = `${MESSAGE_ID}-hint`;
  const errorId = `${MESSAGE_ID}-error`;
  const described = state.problem ? `${hintId} ${errorId}` : hintId;
  return (
    <Lines>
      <h2 id="reclean-heading">Report a problem</h2>
      {state.problem && (
        <div
          class="error-summary"
          role="alert"
          aria-labelledby="reclean-error-heading"
          tabindex={-1}
          autofocus
        >
          <Lines>
            <h3 id="reclean-error-heading">There is a problem</h3>
            <ul>
              <li>
                <a href={`#${MESSAGE_ID}`}>{state.problem}</a>
              </li>
            </ul>
          </Lines>
        </div>
      )}
      <p>
        {`Something not right with your clean of ${bookedWindowText(state.clean)}? Tell us within ${REPORT_WINDOW_HOURS} hours and we'll come back at no cost.`}
      </p>
      <form method="post" action={`${state.actionBase}/report`} novalidate>
        <Lines>
          <div class={state.problem ? 'field field-error' : 'field'}>
            <Lines>
              <label for={MESSAGE_ID}>What was not right?</label>
              <p class="hint" id={hintId}>
                {`Up to ${MAX_PROBLEM_REPORT.toLocaleString('en-AU')} characters. Then choose a time for your free re-clean.`}
              </p>
              {state.problem && (
                <p class="error-message" id={errorId}>
                  <span class="visually-hidden">Error: </span>
                  {state.problem}
                </p>
              )}
              <textarea
                id={MESSAGE_ID}
                name="message"
                rows={5}
                required
                aria-describedby={described}
                aria-invalid={state.problem ? 'true' : undefined}
              >
                {state.value}
              </textarea>
            </Lines>
          </div>
          <button type="submit" class="button button-primary">
            Report a problem
          </button>
        </Lines>
      </form>
    </Lines>
  );
}

/** The free re-clean's times, grouped by Melbourne day; none free: a number to call. */
function ChooseReclean({ state }: { state: Extract<RecleanState, { kind: 'choose' }> }) {
  return (
    <Lines>
      <h2 id="reclean-heading">Your free re-clean</h2>
      {state.message && (
        <div class="error-summary" role="alert" tabindex={-1} autofocus>
          <p>{state.message}</p>
        </div>
      )}
      <p>
        {`We're sorry your clean of ${bookedWindowText(state.clean)} was not right: we have told the team. Choose when we come back to put it right, at no cost. Times are Melbourne time.`}
      </p>
      {state.windows.length === 0 ? (
        <p>
          No times are free in the next few days. Please call us on{' '}
          <a href={business.phoneHref}>{business.phone}</a> to arrange your re-clean.
        </p>
      ) : (
        <form method="post" action={`${state.actionBase}/reclean`}>
          <Lines>
            <WindowChoices windows={state.windows} idPrefix="reclean" required />
            <button type="submit" class="button button-primary">
              Book re-clean
            </button>
          </Lines>
        </form>
      )}
    </Lines>
  );
}

/** The re-clean booked, done, or called off by the business. */
function RecleanBooked({ reclean }: { reclean: Visit }) {
  return (
    <Lines>
      <h2 id="reclean-heading">{`Re-clean: ${bookedWindowText(reclean)}`}</h2>
      {reclean.status === 'completed' ? (
        <p>Your re-clean is done. Thank you.</p>
      ) : reclean.status === 'booked' ? (
        <p>
          Your free re-clean is booked, at no cost ($0). To change it, please call us on{' '}
          <a href={business.phoneHref}>{business.phone}</a>.
        </p>
      ) : (
        <p>
          Your re-clean is not going ahead at this time. Please call us on{' '}
          <a href={business.phoneHref}>{business.phone}</a>.
        </p>
      )}
    </Lines>
  );
}

/**
 * The re-clean guarantee on an accepted quote's page, as plain forms that work without script: for
 * 24 hours after a clean is done, 'Report a problem'; then the free re-clean's times, or the
 * re-clean booked; after the 24 hours with nothing reported, a number to call.
 */
export function RecleanSection({ state }: { state: RecleanState }) {
  return (
    <section class="booking reclean" aria-labelledby="reclean-heading">
      <Lines>
        {state.kind === 'report' ? (
          <ReportForm state={state} />
        ) : state.kind === 'choose' ? (
          <ChooseReclean state={state} />
        ) : state.kind === 'booked' ? (
          <RecleanBooked reclean={state.reclean} />
        ) : (
          <Lines>
            <h2 id="reclean-heading">Something not right?</h2>
            <p>
              {LATE_REPORT_LEAD}
              <a href={business.phoneHref}>{business.phone}</a>
            </p>
          </Lines>
        )}
      </Lines>
    </section>
  );
}
