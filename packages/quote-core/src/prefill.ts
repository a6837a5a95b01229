/** Pre-filling the wizard from the page's query string. */
import type { QuoteAnswers } from './quote-answers.ts';
import {
  SERVICE_CARD_SLUGS,
  SERVICE_SLUG_TO_TYPE,
  SERVICE_TYPES,
  type ServiceCardSlug,
  type ServiceType,
  TEXT_LIMITS,
} from './quote-options.ts';

/** Query values the wizard can start from: `/service-form?service=…&suburb=…`. */
export interface QuotePrefill {
  /** A service-card slug (`deep-cleaning`) or a serviceType id (`deep-clean`); unknown values are ignored. */
  readonly service?: string | null | undefined;
  /** A suburb slug (`box-hill`); any slug, known or not, becomes the address 'Box Hill, VIC'. */
  readonly suburb?: string | null | undefined;
}

/** The state every suburb address gets. */
export const ADDRESS_REGION = 'VIC';

/**
 * The service a `?service=` value selects (any case, spaces around ignored): a home-page
 * service-card slug selects its service ({@link SERVICE_SLUG_TO_TYPE}: 'deep-cleaning' → 'deep-clean',
 * 'commercial-cleaning' → 'regular-clean'), and a serviceType id selects itself, as partner embeds
 * pass it. `undefined` for anything else.
 */
export function serviceFromSlug(slug: string | null | undefined): ServiceType | undefined {
  const key = slug?.trim().toLowerCase() ?? '';
  if ((SERVICE_CARD_SLUGS as readonly string[]).includes(key))
    return SERVICE_SLUG_TO_TYPE[key as ServiceCardSlug];
  if ((SERVICE_TYPES as readonly string[]).includes(key)) return key as ServiceType;
  return undefined;
}

/**
 * The address a `?suburb=` slug pre-fills: hyphen-separated words capitalised, then ', VIC'
 * ('box-hill' → 'Box Hill, VIC'). `undefined` for an empty slug.
 */
export function suburbToAddress(slug: string | null | undefined): string | undefined {
  const words = (slug ?? '')
    .split(/[-\s]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
  if (words.length === 0) return undefined;
  const suffix = `, ${ADDRESS_REGION}`;
  // A query string is not trusted to be short; keep the result within the address limit.
  return `${words.join(' ').slice(0, TEXT_LIMITS.address - suffix.length)}${suffix}`;
}

/** The answers a query string pre-fills: a service and/or an address. */
export function prefillAnswers({ service, suburb }: QuotePrefill): Partial<QuoteAnswers> {
  const answers: Partial<QuoteAnswers> = {};
  const serviceType = serviceFromSlug(service);
  if (serviceType) answers.serviceType = serviceType;
  // A commercial card lands in the regular-clean flow; pre-selecting the commercial property type keeps
  // the lead recognisable as commercial.
  if (service?.trim().toLowerCase() === 'commercial-cleaning') answers.propertyType = 'commercial';
  const address = suburbToAddress(suburb);
  if (address) answers.address = address;
  return answers;
}
