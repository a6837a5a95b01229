/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { business } from '@cleanquote/content';
import type { QuoteFrequency } from '@cleanquote/quote-core/staff';
import { Lines } from '../lib/html-page.tsx';
import type { OfferedWindow } from './offered-windows.ts';
import type { Visit } from './visits.ts';
import { bookedWindowText, dayHeading, longDay, slotValue, windowLabel } from './window-labels.ts';

/** What the booking part of an accepted quote's page shows. */
export interface BookingState {
  /** The request's visit: booked, else the last one cancelled or completed. */
  visit: Visit | undefined;
  /** The arrival windows offered now (for a move: the visit's own time not counted against them). */
  windows: OfferedWindow[];
  /** True while the customer may change or cancel online (before the cut-off). */
  changeable: boolean;
  changeCutoffHours: number;
  /** Where the forms post: '/quote/<token>' or '/quote/<token>/latest'. */
  actionBase: string;
  /** A message from the last post, e.g. the time was just taken. */
  message?: string | undefined;
  /** How often the accepted quote's clean is done (a regular clean books its first visit here). */
  frequency?: QuoteFrequency | undefined;
  /** The regular clean, once booked: its visits replace the one-off's booking. */
  series?: SeriesState | undefined;
}

/** A regular clean on the customer's page: its rule and its visits from today on. */
export interface SeriesState {
  id: string;
  /** 'Weekly, Tuesdays 9:00–11:00 am'. */
  label: string;
  /** The last day with a visit, when the customer or staff ended it ('yyyy-MM-dd'). */
  endsOn: string | null;
  /** Today's Melbourne day: the earliest day the series can be ended on. */
  today: string;
  occurrences: { visit: Visit; changeable: boolean }[];
  /** The occurrence whose 'Change time' was chosen, with the times it can move to. */
  changing?: { visit: Visit; windows: OfferedWindow[] } | undefined;
}

/** The booking's message when a time was taken or is no longer offered. */
export const SLOT_TAKEN_MESSAGE = 'That time was just taken. Please choose another.';

/** The booking's message when the form came without a time. */
export const NO_SLOT_MESSAGE = 'Choose a time first.';

/** 'Less than 4 hours to go — please call (03) 5550 0123 to change or cancel this visit'. */
export function cutOffMessage(changeCutoffHours: number): string {
  return `Less than ${changeCutoffHours} hours to go — please call ${business.phone} to change or cancel this visit`;
}

/** The offered windows as radio buttons, one group per Melbourne day. */
export function WindowChoices({
  windows,
  idPrefix,
  required,
}: {
  windows: OfferedWindow[];
  idPrefix: string;
  /** Not inside a closed disclosure: a browser cannot point to a required field it hides. */
  required: boolean;
}) {
  const days = new Map<string, OfferedWindow[]>();
  for (const window of windows) {
    const heading = dayHeading(window.start);
    days.set(heading, [...(days.get(heading) ?? []), window]);
  }
  return (
    <div class="booking-days">
      <Lines>
        {[...days].map(([heading, dayWindows], day) => (
          <fieldset class="booking-day">
            <Lines>
              <legend>{heading}</legend>
              {dayWindows.map((window, index) => {
                const id = `${idPrefix}-${day}-${index}`;
                return (
                  <div class="radio-row">
                    <Lines>
                      <input
                        type="radio"
                        id={id}
                        name="slot"
                        value={slotValue(window.start)}
                        required={required}
                      />
                      <label for={id}>{windowLabel(window)}</label>
                    </Lines>
                  </div>
                );
              })}
            </Lines>
          </fieldset>
        ))}
      </Lines>
    </div>
  );
}

function NoTimes() {
  return (
    <p>
      No times are free in the coming weeks. Please call us on{' '}
      <a href={business.phoneHref}>{business.phone}</a> to book.
    </p>
  );
}

/** The list of times and 'Book this time': for a quote accepted with no visit booked. */
function ChooseATime({ state }: { state: BookingState }) {
  return (
    <Lines>
      <h2 id="booking-heading">Choose a time</h2>
      <p class="hint">
        {state.frequency && state.frequency !== 'once'
          ? `Choose when our team arrives for your first clean; the following visits are at the same time and day ${FOLLOWING[state.frequency]}. `
          : 'Choose when our team arrives. '}
        Times are Melbourne time; you can change or cancel online up to {state.changeCutoffHours} hours
        before.
      </p>
      {state.windows.length === 0 ? (
        <NoTimes />
      ) : (
        <form method="post" action={`${state.actionBase}/book`}>
          <Lines>
            <WindowChoices windows={state.windows} idPrefix="slot" required />
            <button type="submit" class="button button-primary">
              Book this time
            </button>
          </Lines>
        </form>
      )}
    </Lines>
  );
}

/** When the following visits of a regular clean come, after the first. */
const FOLLOWING: Readonly<Record<Exclude<QuoteFrequency, 'once'>, string>> = {
  weekly: 'every week',
  fortnightly: 'every two weeks',
  'four-weekly': 'every four weeks',
};

/** An occurrence's state in the customer's words. */
function occurrenceState(visit: Visit): string {
  switch (visit.status) {
    case 'booked':
      return visit.occurrenceStart && visit.occurrenceStart.getTime() !== visit.start.getTime()
        ? 'Booked (moved)'
        : 'Booked';
    case 'needs-time':
      return 'Needs a time';
    case 'skipped':
      return 'Skipped';
    case 'cancelled':
      return 'Cancelled';
    case 'completed':
      return 'Completed';
  }
}

/** The regular clean: its rule, the invite, each visit with skip and change, and ending it. */
function SeriesVisits({ state, series }: { state: BookingState; series: SeriesState }) {
  const visitsBase = `${state.actionBase}/visits`;
  return (
    <Lines>
      <h2 id="booking-heading">{`Your regular clean: ${series.label}`}</h2>
      <p>
        <a href={`${state.actionBase}/visit.ics`} download="invite.ics">
          Add to calendar
        </a>
      </p>
      {series.changing && (
        <section class="answer" aria-labelledby="change-heading">
          <Lines>
            <h3 id="change-heading">{`Change the time of ${bookedWindowText(series.changing.visit)}`}</h3>
            {series.changing.windows.length === 0 ? (
              <NoTimes />
            ) : (
              <form method="post" action={`${visitsBase}/${series.changing.visit.id}/reschedule`}>
                <Lines>
                  <WindowChoices windows={series.changing.windows} idPrefix="move" required />
                  <button type="submit" class="button button-primary">
                    Change time
                  </button>
                </Lines>
              </form>
            )}
          </Lines>
        </section>
      )}
      <h3 id="upcoming-heading">Your visits</h3>
      {series.occurrences.length === 0 ? (
        <p>No visits to come.</p>
      ) : (
        <ul class="visit-list" aria-labelledby="upcoming-heading">
          <Lines>
            {series.occurrences.map(({ visit, changeable }) => (
              <li class="visit-row">
                <Lines>
                  <span class="visit-when">{bookedWindowText(visit)}</span>
                  <span class={`visit-state visit-state--${visit.status}`}>{occurrenceState(visit)}</span>
                  {changeable ? (
                    <span class="visit-actions">
                      <Lines>
                        {visit.status === 'booked' && (
                          <form method="post" action={`${visitsBase}/${visit.id}/skip`}>
                            <button type="submit" class="button">
                              Skip this visit
                            </button>
                          </form>
                        )}
                        <form method="get" action={`${visitsBase}/${visit.id}`}>
                          <button type="submit" class="button">
                            Change time
                          </button>
                        </form>
                      </Lines>
                    </span>
                  ) : visit.status === 'booked' ? (
                    <span class="cut-off">{cutOffMessage(state.changeCutoffHours)}</span>
                  ) : null}
                </Lines>
              </li>
            ))}
          </Lines>
        </ul>
      )}
      {series.endsOn ? (
        <p>{`Your regular clean ends after ${longDay(series.endsOn)}.`}</p>
      ) : (
        <section class="answer" aria-labelledby="end-heading">
          <Lines>
            <h3 id="end-heading">End the regular clean</h3>
            <form method="post" action={`${state.actionBase}/series/end`}>
              <Lines>
                <div class="field">
                  <Lines>
                    <label for="series-ends-on">Last visit on</label>
                    <input id="series-ends-on" name="endsOn" type="date" min={series.today} required />
                  </Lines>
                </div>
                <button type="submit" class="button">
                  End regular clean
                </button>
              </Lines>
            </form>
          </Lines>
        </section>
      )}
    </Lines>
  );
}

/** The booked visit: its window, the invite, and — before the cut-off — change and cancel. */
function Booked({ state, visit }: { state: BookingState; visit: Visit }) {
  return (
    <Lines>
      <h2 id="booking-heading">{`Booked: ${bookedWindowText(visit)}`}</h2>
      <p>
        <a href={`${state.actionBase}/visit.ics`} download="invite.ics">
          Add to calendar
        </a>
      </p>
      {state.changeable ? (
        <Lines>
          <section class="answer" aria-labelledby="change-heading">
            <Lines>
              <h3 id="change-heading">Change the time</h3>
              {state.windows.length === 0 ? (
                <NoTimes />
              ) : (
                <form method="post" action={`${state.actionBase}/reschedule`}>
                  <Lines>
                    <details>
                      <Lines>
                        <summary>Show the times you can move to</summary>
                        <WindowChoices windows={state.windows} idPrefix="move" required={false} />
                      </Lines>
                    </details>
                    <button type="submit" class="button">
                      Change time
                    </button>
                  </Lines>
                </form>
              )}
            </Lines>
          </section>
          <section class="answer" aria-labelledby="cancel-heading">
            <Lines>
              <h3 id="cancel-heading">Cancel the visit</h3>
              <form method="post" action={`${state.actionBase}/cancel`}>
                <Lines>
                  <div class="field">
                    <Lines>
                      <label for="cancel-reason">Reason for cancelling (optional)</label>
                      <textarea id="cancel-reason" name="reason" rows={3} maxlength={1000} />
                    </Lines>
                  </div>
                  <button type="submit" class="button">
                    Cancel visit
                  </button>
                </Lines>
              </form>
            </Lines>
          </section>
        </Lines>
      ) : (
        <p class="cut-off">{cutOffMessage(state.changeCutoffHours)}</p>
      )}
    </Lines>
  );
}

/**
 * The booking part of an accepted quote's page, as plain forms that work without script: choose an
 * arrival window and book it; once booked, the window, 'Add to calendar', and (before the cut-off)
 * change or cancel; a cancelled visit can be booked again.
 */
export function BookingSection({ state }: { state: BookingState }) {
  const { visit } = state;
  return (
    <section class="booking" aria-labelledby="booking-heading">
      <Lines>
        {state.message && (
          <div class="error-summary" role="alert" tabindex={-1} autofocus>
            <p>{state.message}</p>
          </div>
        )}
        {!state.series && visit?.status === 'cancelled' && (
          <p>{`Your visit on ${bookedWindowText(visit)} was cancelled.`}</p>
        )}
        {!state.series && visit?.status === 'completed' && (
          <p>{`Your visit on ${bookedWindowText(visit)} is done. Thank you.`}</p>
        )}
        {state.series ? (
          <SeriesVisits state={state} series={state.series} />
        ) : visit?.status === 'booked' ? (
          <Booked state={state} visit={visit} />
        ) : visit?.status === 'completed' ? null : (
          <ChooseATime state={state} />
        )}
      </Lines>
    </section>
  );
}

/** The booking section's styles, added to the quote page's own. */
export const BOOKING_STYLES = `
  .booking { border-top: 1px solid #d5dde8; margin-top: 1.5rem; padding-top: 0.25rem; }
  .booking-days { display: grid; gap: 0.75rem; margin: 0.75rem 0; }
  .booking-day { border: 1px solid #d5dde8; border-radius: 0.4rem; padding: 0.5rem 0.75rem; margin: 0; }
  .booking-day legend { font-weight: 700; padding: 0 0.25rem; }
  .radio-row { display: flex; align-items: center; gap: 0.6rem; min-height: 2.75rem; }
  .radio-row label { font-weight: 400; }
  input[type="radio"] { width: 1.35rem; height: 1.35rem; margin: 0; flex: none; accent-color: #0b5cad; }
  .booking details { margin: 0.5rem 0; }
  .booking summary { cursor: pointer; min-height: 2.75rem; display: flex; align-items: center; color: #0b3d6b; font-weight: 600; }
  .cut-off { font-weight: 700; }
  .visit-list { list-style: none; padding: 0; margin: 0.75rem 0; display: grid; gap: 0.5rem; }
  .visit-row { border: 1px solid #d5dde8; border-radius: 0.4rem; padding: 0.5rem 0.75rem; display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem; }
  .visit-when { flex: 1 1 16rem; }
  .visit-state { font-weight: 700; }
  .visit-state--needs-time { color: #8a4b00; }
  .visit-actions { display: flex; flex-wrap: wrap; gap: 0.5rem; }
  .visit-actions form { margin: 0; }
`;
