import type {
  BathroomCount,
  BedroomCount,
  CarpetNeeded,
  HowFoundUs,
  NdisClientType,
  OvenCondition,
  OvenExtra,
  OvenType,
  PropertyType,
  RoomKind,
  ServiceType,
  Urgency,
  WindowCleaningType,
  WindowExtra,
} from './quote-options.ts';

/**
 * Everything the visitor has answered so far, including answers a later choice made irrelevant
 * (they are kept so switching back restores them; {@link toSubmission} leaves them out).
 *
 * Choices the visitor has not made are absent; free text starts as ''. Field names are the
 * submission's.
 */
export interface QuoteAnswers {
  /** The chosen service; absent until a card is picked. */
  serviceType?: ServiceType;
  /** Bedroom choice ('1'…'5+'). */
  bedrooms?: BedroomCount;
  /** Bathroom choice ('1'…'4+'). */
  bathrooms?: BathroomCount;
  /** Property type, or for window-clean the window cleaning type (the contract shares the field). */
  propertyType?: PropertyType | WindowCleaningType;
  /** End of lease: whether carpet steam cleaning is wanted. */
  carpetNeeded?: CarpetNeeded;
  /** Room kinds with a carpet count above 0, in {@link ROOM_KINDS} order. Kept in step with the counters. */
  carpetAreas: RoomKind[];
  /** Carpet counter per room kind; kinds at 0 are absent. */
  carpetRoomCounts: Partial<Record<RoomKind, number>>;
  /** Oven size. */
  ovenType?: OvenType;
  /** Oven condition. */
  ovenCondition?: OvenCondition;
  /** Oven extras. */
  cleaningFocus: OvenExtra[];
  /** Window panel count; 0 when the visitor typed something that is not a number. */
  windowPanels?: number;
  /** Window extras. */
  windowScope: WindowExtra[];
  /** NDIS / aged care: who arranges the booking. */
  ndisClientType?: NdisClientType;
  /** Case manager's name (case-manager bookings). */
  caseManagerName: string;
  /** Case manager's phone (case-manager bookings). */
  caseManagerPhone: string;
  /** Case manager's email (case-manager bookings). */
  caseManagerEmail: string;
  /** Case manager's organisation (optional). */
  caseManagerOrganization: string;
  /**
   * The case manager asked to be emailed when the request is Quoted, Won or Lost (case-manager
   * bookings; sent to `caseManagerEmail`). Off unless ticked.
   */
  caseManagerUpdates: boolean;
  /** When the clean is needed. */
  urgency?: Urgency;
  /** Contact: full name. */
  name: string;
  /** Contact: email address. */
  email: string;
  /** Contact: phone number. */
  phone: string;
  /** Contact: property address (pre-filled from `?suburb=`). */
  address: string;
  /** Consent to the terms and privacy policy. */
  termsAccepted: boolean;
  /** How the visitor found the business (optional). */
  howFoundUs?: HowFoundUs;
  /** Free-text special requests (optional). */
  specialRequests: string;
}

/** A field of {@link QuoteAnswers} (and of the quote request). */
export type QuoteField = keyof QuoteAnswers;

/** Every answer field, in the order the wizard asks them. */
export const QUOTE_FIELDS = [
  'serviceType',
  'bedrooms',
  'bathrooms',
  'propertyType',
  'carpetNeeded',
  'carpetAreas',
  'carpetRoomCounts',
  'ovenType',
  'ovenCondition',
  'cleaningFocus',
  'windowPanels',
  'windowScope',
  'ndisClientType',
  'caseManagerName',
  'caseManagerPhone',
  'caseManagerEmail',
  'caseManagerOrganization',
  'caseManagerUpdates',
  'urgency',
  'name',
  'email',
  'phone',
  'address',
  'termsAccepted',
  'howFoundUs',
  'specialRequests',
] as const satisfies readonly QuoteField[];

/** A fresh, unanswered wizard. */
export function emptyAnswers(): QuoteAnswers {
  return {
    carpetAreas: [],
    carpetRoomCounts: {},
    cleaningFocus: [],
    windowScope: [],
    caseManagerName: '',
    caseManagerPhone: '',
    caseManagerEmail: '',
    caseManagerOrganization: '',
    caseManagerUpdates: false,
    name: '',
    email: '',
    phone: '',
    address: '',
    termsAccepted: false,
    specialRequests: '',
  };
}

/**
 * The same answers with fields in {@link QUOTE_FIELDS} order and without undefined or unknown keys.
 * Equal answers then serialise equally, whatever order they were given in (drafts, state graphs).
 */
export function normalizeAnswers(answers: QuoteAnswers): QuoteAnswers {
  const normalized: Record<string, unknown> = {};
  for (const field of QUOTE_FIELDS) {
    if (answers[field] !== undefined) normalized[field] = answers[field];
  }
  return normalized as unknown as QuoteAnswers;
}
