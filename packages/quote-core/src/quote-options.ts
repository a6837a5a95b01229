/**
 * The quote wizard's option lists: for each choice, the id a quote request stores and the words shown
 * for it. Both are the business's fixed names for the choice (requests, stored quotes and the inbox
 * use the ids), so changing either changes the contract, not just the wording on screen.
 *
 * Each list is a tuple of ids (used by the contract's rules) plus a `Record` of labels keyed by id, so the
 * compiler refuses a new id without its label. `*_OPTIONS` arrays keep the order the wizard shows.
 */

/** One choice the wizard shows: a stable id that is submitted, and wording for people. */
export interface QuoteOption<TId extends string = string> {
  /** The id stored in the quote request. */
  readonly id: TId;
  /** Short label shown on the card, chip or radio button. */
  readonly label: string;
  /** Optional second line (e.g. 'Bond-back guarantee'). */
  readonly description?: string;
}

// Builds the display list from the id tuple so the order lives in one place.
function toOptions<TId extends string>(
  ids: readonly TId[],
  labels: Readonly<Record<TId, string>>,
  descriptions?: Readonly<Partial<Record<TId, string>>>,
): readonly QuoteOption<TId>[] {
  return ids.map((id) => {
    const description = descriptions?.[id];
    return description === undefined ? { id, label: labels[id] } : { id, label: labels[id], description };
  });
}

// ---------------------------------------------------------------------------------------------------
// Services

/** The seven services the wizard quotes for, in card order. */
export const SERVICE_TYPES = [
  'regular-clean',
  'deep-clean',
  'end-of-lease',
  'carpet-clean',
  'window-clean',
  'oven-clean',
  'ndis-aged-care',
] as const;

/** A service the wizard quotes for. */
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** Display names of the services (quote inbox, emails, wizard cards). */
export const SERVICE_LABELS: Readonly<Record<ServiceType, string>> = {
  'regular-clean': 'Regular Cleaning',
  'deep-clean': 'Deep Cleaning',
  'end-of-lease': 'End of Lease Cleaning',
  'carpet-clean': 'Carpet Cleaning',
  'window-clean': 'Window Cleaning',
  'oven-clean': 'Oven Cleaning',
  'ndis-aged-care': 'NDIS & Aged Care Cleaning',
};

/** The note under each service card; the end of lease and carpet notes are the business's own words. */
export const SERVICE_NOTES: Readonly<Record<ServiceType, string>> = {
  'regular-clean': 'Weekly, fortnightly or monthly home cleaning',
  'deep-clean': 'A thorough top-to-bottom clean',
  'end-of-lease': 'Bond-back guarantee',
  'carpet-clean': 'Steam cleaning',
  'window-clean': 'Inside, outside or both',
  'oven-clean': 'Oven, cooktop and rangehood',
  'ndis-aged-care': 'For NDIS participants and aged-care clients',
};

/** The seven service cards of the wizard's first step. */
export const SERVICE_OPTIONS: readonly QuoteOption<ServiceType>[] = toOptions(
  SERVICE_TYPES,
  SERVICE_LABELS,
  SERVICE_NOTES,
);

/** Slugs of the eight service cards on the home page, used as `?service=` values. */
export const SERVICE_CARD_SLUGS = [
  'regular-cleaning',
  'deep-cleaning',
  'end-of-lease',
  'ndis-cleaning',
  'carpet-cleaning',
  'window-cleaning',
  'oven-clean',
  'commercial-cleaning',
] as const;

/** A home-page service-card slug. */
export type ServiceCardSlug = (typeof SERVICE_CARD_SLUGS)[number];

/** Which wizard service each service-card slug pre-selects. */
export const SERVICE_SLUG_TO_TYPE: Readonly<Record<ServiceCardSlug, ServiceType>> = {
  'regular-cleaning': 'regular-clean',
  'deep-cleaning': 'deep-clean',
  'end-of-lease': 'end-of-lease',
  'carpet-cleaning': 'carpet-clean',
  'window-cleaning': 'window-clean',
  'oven-clean': 'oven-clean',
  'ndis-cleaning': 'ndis-aged-care',
  // Commercial jobs are quoted through the regular-clean flow.
  'commercial-cleaning': 'regular-clean',
};

// ---------------------------------------------------------------------------------------------------
// Property size

/** Bedroom choices; the submitted value is the string id. */
export const BEDROOM_COUNTS = ['1', '2', '3', '4', '5+'] as const;
/** A bedroom choice. */
export type BedroomCount = (typeof BEDROOM_COUNTS)[number];
/** Bedroom choices for display. */
export const BEDROOM_OPTIONS: readonly QuoteOption<BedroomCount>[] = BEDROOM_COUNTS.map((id) => ({
  id,
  label: id,
}));

/** Bathroom choices; the submitted value is the string id. */
export const BATHROOM_COUNTS = ['1', '2', '3', '4+'] as const;
/** A bathroom choice. */
export type BathroomCount = (typeof BATHROOM_COUNTS)[number];
/** Bathroom choices for display. */
export const BATHROOM_OPTIONS: readonly QuoteOption<BathroomCount>[] = BATHROOM_COUNTS.map((id) => ({
  id,
  label: id,
}));

/** Property types of the property-size step. */
export const PROPERTY_TYPES = [
  'apartment',
  'house-single',
  'house-double',
  'townhouse',
  'commercial',
] as const;
/** A property type. */
export type PropertyType = (typeof PROPERTY_TYPES)[number];
/** Property type labels. */
export const PROPERTY_TYPE_LABELS: Readonly<Record<PropertyType, string>> = {
  apartment: 'Apartment/Unit',
  'house-single': 'Single Story House',
  'house-double': 'Two Story House',
  townhouse: 'Townhouse',
  commercial: 'Commercial',
};
/** Property types for display. */
export const PROPERTY_TYPE_OPTIONS: readonly QuoteOption<PropertyType>[] = toOptions(
  PROPERTY_TYPES,
  PROPERTY_TYPE_LABELS,
);

// ---------------------------------------------------------------------------------------------------
// Carpet

/** Answers to the end-of-lease carpet question. */
export const CARPET_NEEDED_ANSWERS = ['yes', 'no'] as const;
/** An answer to the carpet question. */
export type CarpetNeeded = (typeof CARPET_NEEDED_ANSWERS)[number];
/** Carpet question answers for display. */
export const CARPET_NEEDED_OPTIONS: readonly QuoteOption<CarpetNeeded>[] = toOptions(CARPET_NEEDED_ANSWERS, {
  yes: 'Yes, add carpet steam cleaning',
  no: 'No thanks',
});

/** Room kinds with a carpet counter, in display order. */
export const ROOM_KINDS = [
  'bedrooms',
  'living-rooms',
  'dining-rooms',
  'studies',
  'lounges',
  'hallways',
  'staircases',
  'other-rooms',
] as const;
/** A room kind with a carpet counter. */
export type RoomKind = (typeof ROOM_KINDS)[number];

/** Highest count each carpet counter allows. */
export const ROOM_MAXIMUMS: Readonly<Record<RoomKind, number>> = {
  bedrooms: 6,
  'living-rooms': 4,
  'dining-rooms': 3,
  studies: 3,
  lounges: 3,
  hallways: 5,
  staircases: 3,
  'other-rooms': 5,
};

/** Room kind labels. */
export const ROOM_LABELS: Readonly<Record<RoomKind, string>> = {
  bedrooms: 'Bedrooms',
  'living-rooms': 'Living Rooms',
  'dining-rooms': 'Dining Rooms',
  studies: 'Studies',
  lounges: 'Lounges',
  hallways: 'Hallways',
  staircases: 'Staircases',
  'other-rooms': 'Other Rooms',
};

/** Carpet counters for display, each with its maximum. */
export const ROOM_OPTIONS: readonly (QuoteOption<RoomKind> & { readonly max: number })[] = ROOM_KINDS.map(
  (id) => ({ id, label: ROOM_LABELS[id], max: ROOM_MAXIMUMS[id] }),
);

// ---------------------------------------------------------------------------------------------------
// Oven

/** Oven sizes. */
export const OVEN_TYPES = ['60cm-oven', '90cm-oven'] as const;
/** An oven size. */
export type OvenType = (typeof OVEN_TYPES)[number];
/** Oven sizes for display: the 60cm oven is the standard one, the 90cm oven the large one. */
export const OVEN_TYPE_OPTIONS: readonly QuoteOption<OvenType>[] = toOptions(
  OVEN_TYPES,
  { '60cm-oven': 'Standard oven (60cm)', '90cm-oven': 'Large oven (90cm)' },
  { '60cm-oven': 'Most single wall ovens', '90cm-oven': 'Freestanding or wide ovens' },
);

/** How dirty the oven is. */
export const OVEN_CONDITIONS = ['light-cleaning', 'moderate-buildup', 'heavy-buildup', 'burnt-food'] as const;
/** An oven condition. */
export type OvenCondition = (typeof OVEN_CONDITIONS)[number];
/** Oven conditions for display. */
export const OVEN_CONDITION_OPTIONS: readonly QuoteOption<OvenCondition>[] = toOptions(OVEN_CONDITIONS, {
  'light-cleaning': 'Light cleaning',
  'moderate-buildup': 'Moderate build-up',
  'heavy-buildup': 'Heavy build-up',
  'burnt-food': 'Burnt-on food',
});

/** Optional oven extras, submitted in `cleaningFocus`. */
export const OVEN_EXTRAS = [
  'double-oven',
  'gas-cooktop',
  'electric-cooktop',
  'rangehood',
  'oven-racks',
  'glass-door',
] as const;
/** An oven extra. */
export type OvenExtra = (typeof OVEN_EXTRAS)[number];
/** Oven extras for display. */
export const OVEN_EXTRA_OPTIONS: readonly QuoteOption<OvenExtra>[] = toOptions(OVEN_EXTRAS, {
  'double-oven': 'Double oven',
  'gas-cooktop': 'Gas cooktop',
  'electric-cooktop': 'Electric cooktop',
  rangehood: 'Rangehood cleaning',
  'oven-racks': 'Oven racks',
  'glass-door': 'Glass door cleaning',
});

// ---------------------------------------------------------------------------------------------------
// Windows

/** Window cleaning types. The contract stores them in `propertyType`. */
export const WINDOW_CLEANING_TYPES = ['interior-only', 'exterior-only', 'both-sides'] as const;
/** A window cleaning type. */
export type WindowCleaningType = (typeof WINDOW_CLEANING_TYPES)[number];
/** Window cleaning types for display. */
export const WINDOW_CLEANING_TYPE_OPTIONS: readonly QuoteOption<WindowCleaningType>[] = toOptions(
  WINDOW_CLEANING_TYPES,
  { 'interior-only': 'Interior only', 'exterior-only': 'Exterior only', 'both-sides': 'Both sides' },
  {
    'interior-only': 'Inside glass only',
    'exterior-only': 'Outside glass only',
    'both-sides': 'Inside and out',
  },
);

/** Optional window extras, submitted in `windowScope`. */
export const WINDOW_EXTRAS = [
  'window-screens',
  'tracks-and-sills',
  'glass-doors',
  'sliding-door-tracks',
  'window-frames',
  'security-screens',
] as const;
/** A window extra. */
export type WindowExtra = (typeof WINDOW_EXTRAS)[number];
/** Window extras for display. */
export const WINDOW_EXTRA_OPTIONS: readonly QuoteOption<WindowExtra>[] = toOptions(WINDOW_EXTRAS, {
  'window-screens': 'Window screens cleaning',
  'tracks-and-sills': 'Window tracks & sills',
  'glass-doors': 'Glass doors',
  'sliding-door-tracks': 'Sliding door tracks',
  'window-frames': 'Window frames',
  'security-screens': 'Security screens',
});

/** Fewest window panels a quote can be for. */
export const WINDOW_PANELS_MIN = 1;
/** Most window panels a quote can be for. */
export const WINDOW_PANELS_MAX = 500;

// ---------------------------------------------------------------------------------------------------
// NDIS and aged care

/** Who manages the NDIS or aged-care client's booking. */
export const NDIS_CLIENT_TYPES = ['self-managed', 'case-manager'] as const;
/** An NDIS client type. */
export type NdisClientType = (typeof NDIS_CLIENT_TYPES)[number];
/** NDIS client types for display. */
export const NDIS_CLIENT_TYPE_OPTIONS: readonly QuoteOption<NdisClientType>[] = toOptions(
  NDIS_CLIENT_TYPES,
  { 'self-managed': 'Self-managed', 'case-manager': 'Case manager' },
  {
    'self-managed': 'I am the client, or family arranging the clean',
    'case-manager': 'I am booking on behalf of a client',
  },
);

// ---------------------------------------------------------------------------------------------------
// Timing, source

/** When the clean is needed (the timing step's option ids). */
export const URGENCIES = ['urgent-today', 'this-week', 'next-week', 'within-month', 'just-browsing'] as const;
/** A timing choice. */
export type Urgency = (typeof URGENCIES)[number];
/**
 * Timing cards for display; descriptions carry the business's wording exactly ('Today/Tomorrow',
 * 'within 7 days', 'within 2 weeks', 'just getting quotes'), and each card's accessible name holds
 * both lines, so people can ask for 'Today/Tomorrow' by voice.
 */
export const URGENCY_OPTIONS: readonly QuoteOption<Urgency>[] = toOptions(
  URGENCIES,
  {
    'urgent-today': 'Urgent',
    'this-week': 'This week',
    'next-week': 'Next week',
    'within-month': 'This month',
    'just-browsing': 'Just browsing',
  },
  {
    'urgent-today': 'Today/Tomorrow',
    'this-week': 'within 7 days',
    'next-week': 'within 2 weeks',
    'within-month': 'within a month',
    'just-browsing': 'just getting quotes',
  },
);

/** How the visitor found the business. */
export const HOW_FOUND_US_SOURCES = [
  'web-search',
  'social-media',
  'friend-recommendation',
  'local-directory',
  'advertisement',
  'previous-customer',
] as const;
/** A how-found-us choice. */
export type HowFoundUs = (typeof HOW_FOUND_US_SOURCES)[number];
/** How-found-us choices for display. */
export const HOW_FOUND_US_OPTIONS: readonly QuoteOption<HowFoundUs>[] = toOptions(HOW_FOUND_US_SOURCES, {
  'web-search': 'Web search',
  'social-media': 'Social media',
  'friend-recommendation': 'Friend recommendation',
  'local-directory': 'Local directory',
  advertisement: 'Advertisement',
  'previous-customer': 'Previous customer',
});

// ---------------------------------------------------------------------------------------------------
// Text limits

/** Longest accepted text per free-text field; protects the server and the inbox. */
export const TEXT_LIMITS = {
  name: 200,
  email: 254,
  phone: 40,
  address: 300,
  specialRequests: 5000,
  caseManagerName: 200,
  caseManagerPhone: 40,
  caseManagerEmail: 254,
  caseManagerOrganization: 200,
} as const;

/** Fewest digits a phone number must contain (an 8-digit local number is the shortest we can call). */
export const PHONE_MIN_DIGITS = 8;
