/**
 * The offering rule on a busy calendar: the arrival windows of a 60-day horizon with 2,000 booked
 * visits over two teams, beside the same rule on an empty calendar measured in the same run (what the
 * days, hours and time zone cost alone). Goal: p95 under 20 ms. `npm run bench`; never part of
 * `npm test`.
 */
import { type BusyVisit, type OfferingRules, offeredWindows } from '../api/src/schedule/offered-windows.ts';
import { percentile } from './support/percentile.ts';

const RUNS = 200;
const VISITS = 2_000;
const GOAL_P95_MS = 20;

const now = new Date('2026-11-30T09:00:00+11:00');
const teams = [
  { id: 'team-1', active: true },
  { id: 'team-2', active: true },
];
// The business's defaults: Mon–Fri 08:00–17:00, Sat 08:00–14:00, two-hour windows, 30 minutes between.
const weekday = { start: '08:00', end: '17:00' };
const rules: OfferingRules = {
  hours: {
    '0': null,
    '1': weekday,
    '2': weekday,
    '3': weekday,
    '4': weekday,
    '5': weekday,
    '6': { start: '08:00', end: '14:00' },
  },
  windowMinutes: 120,
  bufferMinutes: 30,
  minimumNoticeHours: 24,
  horizonDays: 60,
  closedDates: [],
};

// Visits spread over the 60 days, on the quarter hour, 2–6 hours long, alternating teams.
let seed = 20261130;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const visits: BusyVisit[] = Array.from({ length: VISITS }, (_, index) => ({
  id: `visit-${index}`,
  teamId: index % 2 === 0 ? 'team-1' : 'team-2',
  start: new Date(now.getTime() + Math.floor(random() * 60 * 24 * 4) * 15 * 60_000),
  durationMinutes: 120 + Math.floor(random() * 17) * 15,
}));

function measure(name: string, booked: BusyVisit[]) {
  const samples: number[] = [];
  let offered = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    offered = offeredWindows({ rules, teams, visits: booked, durationMinutes: 240, now }).length;
    samples.push(performance.now() - started);
  }
  const p50 = percentile(samples, 0.5);
  const p95 = percentile(samples, 0.95);
  console.log(
    `${name.padEnd(40)}${`${p50.toFixed(2)} ms`.padStart(10)}${`${p95.toFixed(2)} ms`.padStart(10)}${String(offered).padStart(9)}`,
  );
  return p95;
}

console.log(`\nOffered windows, 60 days ahead, a 4-hour clean, ${RUNS} runs each`);
console.log(`${'calendar'.padEnd(40)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'windows'.padStart(9)}`);
measure('empty (baseline)', []);
const busy = measure(`${VISITS.toLocaleString('en-AU')} booked visits, two teams`, visits);
if (busy < GOAL_P95_MS) {
  console.log(`PASS: p95 ${busy.toFixed(2)} ms < ${GOAL_P95_MS} ms`);
} else {
  console.log(`FAIL: p95 ${busy.toFixed(2)} ms ≥ ${GOAL_P95_MS} ms`);
  process.exitCode = 1;
}
