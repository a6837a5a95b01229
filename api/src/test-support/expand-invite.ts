import ICAL from 'ical.js';

/**
 * The visits a calendar shows for an invite of a series (METHOD:REQUEST), as a real iCalendar
 * library expands it: the rule's occurrences less its EXDATEs, each override (RECURRENCE-ID) at its
 * own time, in the invite's own VTIMEZONE. Those that start before `until`, in time order.
 */
export function expandSeriesInvite(ics: string, until: Date): { start: Date; end: Date }[] {
  // Times with a TZID are read in the VTIMEZONE the invite itself carries (the library knows no
  // zones of its own), so a wrong or missing VTIMEZONE shows as visits at the wrong instants.
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents('vevent');
  const series = events.filter((event) => !event.hasProperty('recurrence-id'));
  if (series.length !== 1) {
    throw new Error(
      `An invite of a series holds one event without RECURRENCE-ID; this one holds ${series.length}.`,
    );
  }
  const overrides = events.filter((event) => event.hasProperty('recurrence-id'));
  const event = new ICAL.Event(series[0], { exceptions: overrides, strictExceptions: true });

  // An override may have moved an occurrence from after `until` to before it: go on through the
  // last override's RECURRENCE-ID too.
  const lastRecurrenceId = Math.max(
    until.getTime(),
    ...overrides.map((override) =>
      (override.getFirstPropertyValue('recurrence-id') as ICAL.Time).toJSDate().getTime(),
    ),
  );
  const visits: { start: Date; end: Date }[] = [];
  const occurrences = event.iterator();
  for (let next = occurrences.next(); next; next = occurrences.next()) {
    if (next.toJSDate().getTime() > lastRecurrenceId) break;
    const details = event.getOccurrenceDetails(next);
    const start = details.startDate.toJSDate();
    if (start.getTime() < until.getTime()) visits.push({ start, end: details.endDate.toJSDate() });
  }
  return visits.sort((a, b) => a.start.getTime() - b.start.getTime());
}
