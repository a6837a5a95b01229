/**
 * Seeds a database with `count` quote requests for the quote-inbox bench and the big CSV test: a steady 100 quotes a day
 * (so a date range holds as many quotes in a small database as in a large one) — or, for the
 * analytics report's bench and test, as many as asked within one day (`spacingMs`), every service, all
 * five statuses, a few partner quotes, and customers who come back (≈30 % of quotes share an email or
 * a phone with an earlier one). Written in batches of 1,000 rows per transaction through one JSON
 * parameter (json-rows-insert.ts), so 100,000 quotes take seconds, not minutes; the database's
 * triggers fill the search index as they would for the intake.
 */
import type { Database } from '../db/database.ts';
import { jsonRowsInsert } from '../db/json-rows-insert.ts';
import { quoteRequests } from '../db/schema.ts';
import { phoneDigits } from '../quote-requests/phone-digits.ts';
import { validQuoteRequests } from './quote-requests.ts';

/** Quotes a day in the seeded history. */
export const QUOTES_PER_DAY = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 1_000;

const FIRST_NAMES = ['Priya', 'Liam', 'Olivia', 'Noah', 'Chloe', 'Jack', 'Mia', 'Lucas', 'Zoë', 'Ahmed'];
const LAST_NAMES = ['Shah', 'Nguyen', 'Smith', 'Papadopoulos', 'Chen', 'Kelly', 'Rossi', 'Singh', 'Brown'];
const STREETS = ['Chapel St', 'Sydney Rd', 'High St', 'Glenferrie Rd', 'Smith St', 'Burke Rd', 'Lygon St'];
// A few suburbs, so some searches match many quotes (one in eight names Richmond).
const SUBURBS = [
  'South Yarra',
  'Richmond',
  'Fitzroy',
  'Brunswick',
  'St Kilda',
  'Hawthorn',
  'Coburg',
  'Footscray',
];
// Weighted: most quotes in a long history have moved on from 'new'.
const STATUSES = ['new', 'contacted', 'contacted', 'quoted', 'quoted', 'won', 'won', 'lost'] as const;

const bodies = {
  'regular-clean': validQuoteRequests.regularClean,
  'deep-clean': { ...validQuoteRequests.regularClean, serviceType: 'deep-clean' },
  'end-of-lease': validQuoteRequests.endOfLeaseWithCarpet,
  'carpet-clean': { ...validQuoteRequests.endOfLeaseWithCarpet, serviceType: 'carpet-clean' },
  'window-clean': validQuoteRequests.windowClean,
  'oven-clean': validQuoteRequests.ovenClean,
  'ndis-aged-care': validQuoteRequests.ndisWithCaseManager,
} as const;
const SERVICE_TYPES = Object.keys(bodies) as (keyof typeof bodies)[];

/** A deterministic pseudo-random sequence (mulberry32), so both databases hold the same kind of data. */
function randomSequence(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The phone of customer `k`: ten digits that look random, written with spaces. */
export function customerPhone(k: number): string {
  const digits = `04${String((k * 7_919_993 + 12_345_671) % 100_000_000).padStart(8, '0')}`;
  return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
}

const columns = [
  'id',
  'reference',
  'serviceType',
  'name',
  'email',
  'phone',
  'phoneDigits',
  'address',
  'details',
  'source',
  'status',
  'termsVersion',
  'consentedAt',
  'createdAt',
] as const;
const insertQuotes = jsonRowsInsert(quoteRequests, columns);

/** What the seed wrote: the time span and a customer to search for. */
export interface SeededQuotes {
  /** created_at of the newest quote. */
  newest: Date;
  /** A phone number of a customer among the newest quotes. */
  searchPhone: string;
}

/** Where the seeded quotes fall in time. */
export interface SeedTiming {
  /** created_at of the newest quote; default an hour ago. */
  newest?: Date;
  /** Time between two quotes; default a steady {@link QUOTES_PER_DAY} a day. */
  spacingMs?: number;
}

/** Writes `count` quotes, `spacingMs` apart, the newest at `newest`. */
export async function seedQuotes(
  database: Database,
  count: number,
  timing: SeedTiming = {},
): Promise<SeededQuotes> {
  const random = randomSequence(20261123);
  const spacing = timing.spacingMs ?? DAY_MS / QUOTES_PER_DAY;
  const newest = timing.newest?.getTime() ?? Date.now() - 60 * 60 * 1000;
  const customers = Math.max(1, Math.round(count * 0.7));
  let searchPhone = customerPhone(0);
  for (let start = 0; start < count; start += BATCH) {
    const rows: Parameters<typeof insertQuotes>[0][number][] = [];
    for (let n = start; n < Math.min(count, start + BATCH); n += 1) {
      const customer = Math.floor(random() * customers);
      const service = SERVICE_TYPES[n % SERVICE_TYPES.length] ?? 'regular-clean';
      const name = `${FIRST_NAMES[customer % FIRST_NAMES.length]} ${LAST_NAMES[(customer >> 3) % LAST_NAMES.length]}`;
      const email = `customer${customer}@example.com`;
      const phone = customerPhone(customer);
      const suburb = SUBURBS[customer % SUBURBS.length] ?? 'Richmond';
      const address = `${(customer % 200) + 1} ${STREETS[customer % STREETS.length]}, ${suburb}, VIC`;
      const createdAt = new Date(newest - (count - 1 - n) * spacing);
      if (n === count - 1) searchPhone = phone;
      rows.push({
        id: `${createdAt.getTime().toString(16).padStart(12, '0')}-seed-${String(n).padStart(8, '0')}`,
        reference: `CQ-S${String(n).padStart(7, '0')}`,
        serviceType: service,
        name,
        email,
        phone,
        phoneDigits: phoneDigits(phone),
        address,
        details: { ...bodies[service], name, email, phone, address },
        source: n % 20 === 0 ? 'partner:northside-support' : 'main-site',
        status: STATUSES[Math.floor(random() * STATUSES.length)] ?? 'new',
        termsVersion: '2025-07-19',
        consentedAt: createdAt,
        createdAt,
      });
    }
    await database.writes.run((tx) => tx.run(insertQuotes(rows)));
  }
  return { newest: new Date(newest), searchPhone };
}
