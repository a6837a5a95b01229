/**
 * The offering rule on a busy calendar: the arrival windows of a 60-day horizon with 2,000 booked
 * visits over two teams (goal: p95 under 20 ms), beside two baselines measured in the same run —
 * the same rule on an empty calendar (what the days, hours and time zone cost alone) and a plain scan
 * that checks every candidate against every visit (what the per-team index saves) — and the booking's
 * own check of one start on the same calendar. `npm run bench`; never part of `npm test`.
 *
 * BENCH_RUNS (default 200) overrides the runs per row.
 */
import {
  type BusyVisit,
  checkSlot,
  type OfferingInput,
  type OfferingRules,
  offeredWindows,
} from '../api/src/schedule/offered-windows.ts';
import { percentile } from './support/percentile.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARM_UP = 20;
const VISITS = 2_000;
const GOAL_P95_MS = 20;
const MINUTE = 60_000;

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
  start: new Date(now.getTime() + Math.floor(random() * 60 * 24 * 4) * 15 * MINUTE),
  durationMinutes: 120 + Math.floor(random() * 17) * 15,
}));

// The same number of visits over sixteen teams: many windows stay free, and each is checked team by team.
const manyTeams = Array.from({ length: 16 }, (_, index) => ({ id: `crew-${index + 1}`, active: true }));
const visitsOfManyTeams: BusyVisit[] = visits.map((visit, index) => ({
  ...visit,
  teamId: `crew-${(index % manyTeams.length) + 1}`,
}));

const asking = (booked: readonly BusyVisit[], bookedTeams = teams): OfferingInput => ({
  rules,
  teams: bookedTeams,
  visits: booked,
  durationMinutes: 240,
  now,
});

/** The rule without its index: every candidate of the empty calendar checked against every visit. */
function plainScan(input: OfferingInput) {
  const busyMs = (input.durationMinutes + rules.bufferMinutes) * MINUTE;
  return offeredWindows({ ...input, visits: [] }).filter(({ start }) =>
    input.teams.some(
      (team) =>
        !input.visits.some(
          (visit) =>
            visit.teamId === team.id &&
            visit.start.getTime() < start.getTime() + busyMs &&
            start.getTime() < visit.start.getTime() + (visit.durationMinutes + rules.bufferMinutes) * MINUTE,
        ),
    ),
  );
}

function measure(name: string, run: () => number) {
  for (let round = 0; round < WARM_UP; round += 1) run();
  const samples: number[] = [];
  let answer = 0;
  for (let round = 0; round < RUNS; round += 1) {
    const started = performance.now();
    answer = run();
    samples.push(performance.now() - started);
  }
  const p50 = percentile(samples, 0.5);
  const p95 = percentile(samples, 0.95);
  console.log(
    `${name.padEnd(46)}${`${p50.toFixed(2)} ms`.padStart(10)}${`${p95.toFixed(2)} ms`.padStart(10)}${String(answer).padStart(9)}`,
  );
  return { p50, p95, answer };
}

const busyInput = asking(visits);
const manyTeamsInput = asking(visitsOfManyTeams, manyTeams);
for (const input of [busyInput, manyTeamsInput]) {
  const indexed = offeredWindows(input).map((window) => window.start.getTime());
  const scanned = plainScan(input).map((window) => window.start.getTime());
  if (JSON.stringify(indexed) !== JSON.stringify(scanned)) {
    console.log('FAIL: the indexed rule and the plain scan offer different windows');
    process.exitCode = 1;
  }
}
// A start the booking checks: the last candidate of the horizon, after every visit in the index.
const lastStart = offeredWindows(asking([])).at(-1)?.start ?? now;

console.log(
  `\nOffered windows, 60 days ahead, a 4-hour clean, ${RUNS} runs each after ${WARM_UP} to warm up`,
);
console.log(`${'calendar'.padEnd(46)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'windows'.padStart(9)}`);
const visitCount = VISITS.toLocaleString('en-AU');
const empty = measure('empty (baseline)', () => offeredWindows(asking([])).length);
const scan = measure(
  `${visitCount} visits, two teams, plain scan (baseline)`,
  () => plainScan(busyInput).length,
);
const busy = measure(`${visitCount} visits, two teams`, () => offeredWindows(busyInput).length);
const spreadScan = measure(
  `${visitCount} visits, 16 teams, plain scan (baseline)`,
  () => plainScan(manyTeamsInput).length,
);
const spread = measure(`${visitCount} visits, 16 teams`, () => offeredWindows(manyTeamsInput).length);
measure(`checkSlot of one start, ${visitCount} visits`, () =>
  checkSlot({ ...busyInput, start: lastStart }).offered ? 1 : 0,
);
const times = (slower: number, faster: number) => `${(slower / faster).toFixed(1)}x`;
console.log(
  `p50: two teams ${times(busy.p50, empty.p50)} the empty calendar; the plain scan ${times(scan.p50, busy.p50)} the index (two teams), ${times(spreadScan.p50, spread.p50)} (16 teams)`,
);
const worst = Math.max(busy.p95, spread.p95);
if (worst < GOAL_P95_MS) {
  console.log(`PASS: p95 at most ${worst.toFixed(2)} ms < ${GOAL_P95_MS} ms`);
} else {
  console.log(`FAIL: p95 ${worst.toFixed(2)} ms ≥ ${GOAL_P95_MS} ms`);
  process.exitCode = 1;
}
