import { z } from 'zod';
import {
  OVEN_CONDITION_OPTIONS,
  OVEN_CONDITIONS,
  OVEN_EXTRA_OPTIONS,
  OVEN_EXTRAS,
  OVEN_TYPE_OPTIONS,
  OVEN_TYPES,
  type OvenCondition,
  type OvenExtra,
  type OvenType,
  ROOM_KINDS,
  ROOM_LABELS,
  type RoomKind,
  SERVICE_LABELS,
  SERVICE_TYPES,
  type ServiceType,
  WINDOW_CLEANING_TYPE_OPTIONS,
  WINDOW_CLEANING_TYPES,
  WINDOW_EXTRA_OPTIONS,
  WINDOW_EXTRAS,
  type WindowCleaningType,
  type WindowExtra,
} from '../quote-options.ts';
import { MAX_AMOUNT_CENTS } from './money.ts';
import { MAX_FREQUENCY_DISCOUNT_PERCENT, QUOTE_FREQUENCY_LABELS } from './quote-frequency.ts';
import { MAX_VISIT_MINUTES } from './visit-duration.ts';
import type { SeriesFrequency } from './visits.ts';

/**
 * The business's price list: what each answer of the wizard costs, in whole cents of AUD, GST
 * inclusive, and how long each service takes, in whole minutes. It holds no customer data. Each
 * service lists only what the wizard asks for it.
 */
export interface PriceList {
  services: {
    'regular-clean': RoomPrices;
    'deep-clean': RoomPrices;
    'end-of-lease': RoomPrices & CarpetPrices;
    'carpet-clean': BasePrice & CarpetPrices;
    'window-clean': BasePrice & {
      /** Per window panel, by the window cleaning type chosen. */
      windowPanelCents: Record<WindowCleaningType, number>;
      /** Each window extra, once. */
      extraCents: Record<WindowExtra, number>;
    };
    'oven-clean': BasePrice & {
      /** One oven, by its size and condition. */
      ovenCents: Record<OvenType, Record<OvenCondition, number>>;
      /** Each oven extra, once. */
      extraCents: Record<OvenExtra, number>;
    };
    'ndis-aged-care': BasePrice;
  };
  /** Added once when the clean is wanted today or tomorrow. */
  urgentSurchargeCents: number;
  /** How long each service takes: what a quote's estimated time starts from. */
  durations: VisitDurations;
  /** What a recurring clean takes off each visit, in whole percent (0–50), by how often it is done. */
  frequencyDiscountPercent: FrequencyDiscounts;
}

/** The discount off each visit of a series, in whole percent, by its frequency. */
export type FrequencyDiscounts = Record<SeriesFrequency, number>;

/** The frequencies of a series, in the order the screens show them. */
export const SERIES_FREQUENCIES = [
  'weekly',
  'fortnightly',
  'four-weekly',
] as const satisfies readonly SeriesFrequency[];

/** The time every visit for a service takes, in whole minutes. */
export interface BaseTime {
  baseMinutes: number;
}
/** A home clean timed by its rooms, like its price. */
export interface RoomTimes extends BaseTime {
  /** Per bedroom ('5+' counts 5). */
  bedroomMinutes: number;
  /** Per bathroom ('4+' counts 4). */
  bathroomMinutes: number;
}
/** Each service's time: the services priced by rooms are also timed by them. */
export interface VisitDurations {
  'regular-clean': RoomTimes;
  'deep-clean': RoomTimes;
  'end-of-lease': RoomTimes;
  'carpet-clean': BaseTime;
  'window-clean': BaseTime;
  'oven-clean': BaseTime;
  'ndis-aged-care': BaseTime;
}

/** The price every quote for a service starts from. */
export interface BasePrice {
  baseCents: number;
}
/** A home clean priced by its rooms. */
export interface RoomPrices extends BasePrice {
  /** Per bedroom ('5+' counts 5). */
  bedroomCents: number;
  /** Per bathroom ('4+' counts 4). */
  bathroomCents: number;
}
/** Carpet steam cleaning, per room of each kind. */
export interface CarpetPrices {
  carpetRoomCents: Record<RoomKind, number>;
}

const perKind = <K extends string, V>(keys: readonly K[], value: (key: K) => V): Record<K, V> =>
  Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<K, V>;

const CARPET_ROOM_DEFAULTS: Record<RoomKind, number> = {
  bedrooms: 4500,
  'living-rooms': 5500,
  'dining-rooms': 4500,
  studies: 4000,
  lounges: 5500,
  hallways: 3000,
  staircases: 6000,
  'other-rooms': 4000,
};

/**
 * Where a new business starts: typical Melbourne prices of 2026, GST inclusive, and typical times (a
 * standard home clean takes 2–4 hours; an end of lease clean of a 3-bedroom, 2-bathroom home about
 * 6). Staff change them on the price list screen; a price or time never changed is this one.
 */
export const DEFAULT_PRICE_LIST: PriceList = {
  services: {
    'regular-clean': { baseCents: 12000, bedroomCents: 2500, bathroomCents: 3000 },
    'deep-clean': { baseCents: 22000, bedroomCents: 4500, bathroomCents: 5000 },
    'end-of-lease': {
      baseCents: 25000,
      bedroomCents: 6000,
      bathroomCents: 5500,
      carpetRoomCents: { ...CARPET_ROOM_DEFAULTS },
    },
    'carpet-clean': { baseCents: 8000, carpetRoomCents: { ...CARPET_ROOM_DEFAULTS } },
    'window-clean': {
      baseCents: 6000,
      windowPanelCents: { 'interior-only': 800, 'exterior-only': 1000, 'both-sides': 1500 },
      extraCents: {
        'window-screens': 4000,
        'tracks-and-sills': 5000,
        'glass-doors': 3000,
        'sliding-door-tracks': 3000,
        'window-frames': 4000,
        'security-screens': 6000,
      },
    },
    'oven-clean': {
      baseCents: 4000,
      ovenCents: {
        '60cm-oven': {
          'light-cleaning': 8900,
          'moderate-buildup': 11900,
          'heavy-buildup': 14900,
          'burnt-food': 17900,
        },
        '90cm-oven': {
          'light-cleaning': 12900,
          'moderate-buildup': 15900,
          'heavy-buildup': 18900,
          'burnt-food': 21900,
        },
      },
      extraCents: {
        'double-oven': 9000,
        'gas-cooktop': 3500,
        'electric-cooktop': 3000,
        rangehood: 4500,
        'oven-racks': 2500,
        'glass-door': 2000,
      },
    },
    'ndis-aged-care': { baseCents: 16000 },
  },
  urgentSurchargeCents: 5000,
  durations: {
    'regular-clean': { baseMinutes: 120, bedroomMinutes: 20, bathroomMinutes: 20 },
    'deep-clean': { baseMinutes: 180, bedroomMinutes: 30, bathroomMinutes: 30 },
    'end-of-lease': { baseMinutes: 180, bedroomMinutes: 45, bathroomMinutes: 30 },
    'carpet-clean': { baseMinutes: 60 },
    'window-clean': { baseMinutes: 90 },
    'oven-clean': { baseMinutes: 120 },
    'ndis-aged-care': { baseMinutes: 120 },
  },
  frequencyDiscountPercent: { weekly: 15, fortnightly: 10, 'four-weekly': 5 },
};

/** One price of the list, flat: its place in the JSON (`key`), its name for people and its amount. */
export interface PriceItem {
  /** Dotted path in {@link PriceList}: 'services.end-of-lease.bedroomCents', 'urgentSurchargeCents'. */
  key: string;
  /** The price in words, as the screen, the history and the error messages name it. */
  label: string;
  /** The service it belongs to; absent for the urgency surcharge. */
  service?: ServiceType;
  cents: number;
}

const label = (options: readonly { id: string; label: string }[], id: string) =>
  options.find((option) => option.id === id)?.label ?? id;

/** Every price of `list`, flat, in the order the price list screen shows them. */
export function priceItems(list: PriceList): PriceItem[] {
  const items: PriceItem[] = [];
  const add = (service: ServiceType, path: string, name: string, cents: number) =>
    items.push({
      key: `services.${service}.${path}`,
      label: `${SERVICE_LABELS[service]}: ${name}`,
      service,
      cents,
    });
  for (const service of SERVICE_TYPES) {
    const prices = list.services[service] as Partial<
      RoomPrices & CarpetPrices & PriceList['services']['window-clean'] & PriceList['services']['oven-clean']
    > &
      BasePrice;
    add(service, 'baseCents', 'Base price', prices.baseCents);
    if (prices.bedroomCents !== undefined) add(service, 'bedroomCents', 'Per bedroom', prices.bedroomCents);
    if (prices.bathroomCents !== undefined)
      add(service, 'bathroomCents', 'Per bathroom', prices.bathroomCents);
    if (prices.carpetRoomCents) {
      for (const room of ROOM_KINDS)
        add(
          service,
          `carpetRoomCents.${room}`,
          `Carpet, per room: ${ROOM_LABELS[room]}`,
          prices.carpetRoomCents[room],
        );
    }
    if (prices.windowPanelCents) {
      for (const type of WINDOW_CLEANING_TYPES)
        add(
          service,
          `windowPanelCents.${type}`,
          `Per window panel: ${label(WINDOW_CLEANING_TYPE_OPTIONS, type)}`,
          prices.windowPanelCents[type],
        );
    }
    if (prices.ovenCents) {
      for (const size of OVEN_TYPES)
        for (const condition of OVEN_CONDITIONS)
          add(
            service,
            `ovenCents.${size}.${condition}`,
            `${label(OVEN_TYPE_OPTIONS, size)}, ${label(OVEN_CONDITION_OPTIONS, condition)}`,
            prices.ovenCents[size][condition],
          );
    }
    if (prices.extraCents) {
      const extras = service === 'oven-clean' ? OVEN_EXTRA_OPTIONS : WINDOW_EXTRA_OPTIONS;
      for (const extra of extras)
        add(
          service,
          `extraCents.${extra.id}`,
          `Extra: ${extra.label}`,
          (prices.extraCents as Record<string, number>)[extra.id] ?? 0,
        );
    }
  }
  items.push({
    key: 'urgentSurchargeCents',
    label: 'Urgent (Today/Tomorrow) surcharge',
    cents: list.urgentSurchargeCents,
  });
  return items;
}

/** One time of the list, flat, as {@link PriceItem} is for a price. */
export interface DurationItem {
  /** Dotted path in {@link PriceList}: 'durations.end-of-lease.bedroomMinutes'. */
  key: string;
  /** The time in words, as the screen, the history and the error messages name it. */
  label: string;
  service: ServiceType;
  minutes: number;
}

/** Every time of `list`, flat, in the order the price list screen shows them. */
export function durationItems(list: PriceList): DurationItem[] {
  return SERVICE_TYPES.flatMap((service) => {
    const times = list.durations[service] as Partial<RoomTimes> & BaseTime;
    const item = (path: keyof RoomTimes, name: string, minutes: number): DurationItem => ({
      key: `durations.${service}.${path}`,
      label: `${SERVICE_LABELS[service]}: ${name}`,
      service,
      minutes,
    });
    return [
      item('baseMinutes', 'Base time', times.baseMinutes),
      ...(times.bedroomMinutes === undefined
        ? []
        : [item('bedroomMinutes', 'Time per bedroom', times.bedroomMinutes)]),
      ...(times.bathroomMinutes === undefined
        ? []
        : [item('bathroomMinutes', 'Time per bathroom', times.bathroomMinutes)]),
    ];
  });
}

/** One discount of the list, flat, as {@link PriceItem} is for a price. */
export interface DiscountItem {
  /** Dotted path in {@link PriceList}: 'frequencyDiscountPercent.weekly'. */
  key: string;
  /** The discount in words, as the screen, the history and the error messages name it. */
  label: string;
  frequency: SeriesFrequency;
  percent: number;
}

/** Every frequency discount of `list`, flat: weekly, fortnightly, every 4 weeks. */
export function discountItems(list: PriceList): DiscountItem[] {
  return SERIES_FREQUENCIES.map((frequency) => ({
    key: `frequencyDiscountPercent.${frequency}`,
    label: `${QUOTE_FREQUENCY_LABELS[frequency]} discount (%)`,
    frequency,
    percent: list.frequencyDiscountPercent[frequency],
  }));
}

/**
 * The list with the given prices, times and discounts (by {@link PriceItem.key},
 * {@link DurationItem.key} or {@link DiscountItem.key}) in place of its own; unknown keys are ignored.
 */
export function withPrices(list: PriceList, prices: ReadonlyMap<string, number>): PriceList {
  const copy = structuredClone(list);
  for (const { key } of [...priceItems(list), ...durationItems(list), ...discountItems(list)]) {
    const amount = prices.get(key);
    if (amount === undefined) continue;
    const path = key.split('.');
    let target = copy as unknown as Record<string, unknown>;
    for (const step of path.slice(0, -1)) target = target[step] as Record<string, unknown>;
    target[path.at(-1) as string] = amount;
  }
  return copy;
}

const LABELS_BY_KEY = new Map(
  [
    ...priceItems(DEFAULT_PRICE_LIST),
    ...durationItems(DEFAULT_PRICE_LIST),
    ...discountItems(DEFAULT_PRICE_LIST),
  ].map((item) => [item.key, item.label]),
);

/**
 * The words for a price's, a time's or a discount's key ('services.end-of-lease.bedroomCents' → 'End
 * of Lease Cleaning: Per bedroom'; 'durations.end-of-lease.baseMinutes' → 'End of Lease Cleaning: Base
 * time'; 'frequencyDiscountPercent.weekly' → 'Weekly discount (%)').
 */
export function priceLabel(key: string): string {
  return LABELS_BY_KEY.get(key) ?? key;
}

/**
 * One amount of the price list: whole cents from 0 to $100,000. The message names the price, so a
 * 400 says which one is wrong.
 */
function amount(key: string) {
  const name = priceLabel(key);
  return z
    .number({ error: `${name}: enter an amount in cents` })
    .refine(Number.isInteger, `${name}: whole cents only (no fraction of a cent)`)
    .refine((cents) => cents >= 0, `${name}: can’t be negative`)
    .refine((cents) => cents <= MAX_AMOUNT_CENTS, `${name}: at most $100,000.00`);
}

/** One time of the list: whole minutes from 0 to a 12-hour day, named like a price. */
function minutes(key: string) {
  const name = priceLabel(key);
  return z
    .number({ error: `${name}: enter a time in minutes` })
    .refine(Number.isInteger, `${name}: whole minutes only`)
    .refine((value) => value >= 0, `${name}: can’t be negative`)
    .refine(
      (value) => value <= MAX_VISIT_MINUTES,
      `${name}: at most ${MAX_VISIT_MINUTES} minutes (12 hours)`,
    );
}

/** One discount of the list: a whole percent from 0 to 50, named like a price. */
function percent(key: string) {
  const name = priceLabel(key);
  const range = `${name}: a whole percent from 0 to ${MAX_FREQUENCY_DISCOUNT_PERCENT}`;
  return z
    .number({ error: range })
    .refine(Number.isInteger, range)
    .refine((value) => value >= 0 && value <= MAX_FREQUENCY_DISCOUNT_PERCENT, range);
}

/** The discount of each frequency, as the price list's `frequencyDiscountPercent` holds them. */
export const frequencyDiscounts = z.object(
  perKind(SERIES_FREQUENCIES, (frequency) => percent(`frequencyDiscountPercent.${frequency}`)),
) as unknown as z.ZodType<FrequencyDiscounts>;

const baseTime = (service: ServiceType) => ({ baseMinutes: minutes(`durations.${service}.baseMinutes`) });
const roomTimes = (service: ServiceType) => ({
  ...baseTime(service),
  bedroomMinutes: minutes(`durations.${service}.bedroomMinutes`),
  bathroomMinutes: minutes(`durations.${service}.bathroomMinutes`),
});

/** Every service's time, as the price list's `durations` holds them. */
export const visitDurations = z.object({
  'regular-clean': z.object(roomTimes('regular-clean')),
  'deep-clean': z.object(roomTimes('deep-clean')),
  'end-of-lease': z.object(roomTimes('end-of-lease')),
  'carpet-clean': z.object(baseTime('carpet-clean')),
  'window-clean': z.object(baseTime('window-clean')),
  'oven-clean': z.object(baseTime('oven-clean')),
  'ndis-aged-care': z.object(baseTime('ndis-aged-care')),
});

const amounts = <K extends string>(prefix: string, keys: readonly K[]) =>
  z.object(perKind(keys, (key) => amount(`${prefix}.${key}`))) as unknown as z.ZodType<Record<K, number>>;

const serviceBase = (service: ServiceType) => ({ baseCents: amount(`services.${service}.baseCents`) });
const roomPrices = (service: ServiceType) => ({
  ...serviceBase(service),
  bedroomCents: amount(`services.${service}.bedroomCents`),
  bathroomCents: amount(`services.${service}.bathroomCents`),
});

/**
 * PUT /api/prices: the whole price list, the same JSON GET /api/prices answers (its read-only
 * `gstRegistered` is accepted and ignored). A half cent, a negative or a missing price is a 400 whose
 * `fields` name the price by its path; so is a time that is not whole minutes from 0 to 720.
 * `durations` may be left out (a caller that knows only the prices): the times then stay as they are.
 * So may `frequencyDiscountPercent` (each a whole percent from 0 to 50 when sent, else a 400 naming
 * it, 'frequencyDiscountPercent.weekly'): left out, the discounts stay as they are.
 */
export const priceList = z.object({
  services: z.object({
    'regular-clean': z.object(roomPrices('regular-clean')),
    'deep-clean': z.object(roomPrices('deep-clean')),
    'end-of-lease': z.object({
      ...roomPrices('end-of-lease'),
      carpetRoomCents: amounts('services.end-of-lease.carpetRoomCents', ROOM_KINDS),
    }),
    'carpet-clean': z.object({
      ...serviceBase('carpet-clean'),
      carpetRoomCents: amounts('services.carpet-clean.carpetRoomCents', ROOM_KINDS),
    }),
    'window-clean': z.object({
      ...serviceBase('window-clean'),
      windowPanelCents: amounts('services.window-clean.windowPanelCents', WINDOW_CLEANING_TYPES),
      extraCents: amounts('services.window-clean.extraCents', WINDOW_EXTRAS),
    }),
    'oven-clean': z.object({
      ...serviceBase('oven-clean'),
      ovenCents: z.object(
        perKind(OVEN_TYPES, (size) => amounts(`services.oven-clean.ovenCents.${size}`, OVEN_CONDITIONS)),
      ) as unknown as z.ZodType<Record<OvenType, Record<OvenCondition, number>>>,
      extraCents: amounts('services.oven-clean.extraCents', OVEN_EXTRAS),
    }),
    'ndis-aged-care': z.object(serviceBase('ndis-aged-care')),
  }),
  urgentSurchargeCents: amount('urgentSurchargeCents'),
  durations: visitDurations.optional(),
  frequencyDiscountPercent: frequencyDiscounts.optional(),
  gstRegistered: z.boolean().optional(),
});
/** The price list as a client sends it. */
export type PriceListInput = z.input<typeof priceList>;
