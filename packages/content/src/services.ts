import type { ServiceCard } from './types.ts';

/**
 * The slug of a service title: lower-cased, whitespace to hyphens, every other
 * non-alphanumeric character removed. 'End of Lease' → 'end-of-lease'.
 * The wizard maps these slugs to its service types, so they must not drift from the titles.
 */
export function serviceSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '');
}

// Slugs are derived rather than typed in so a renamed title cannot silently break the wizard link;
// the unit test pins the resulting list (regular-cleaning … commercial-cleaning), the slugs the
// home page's service cards put in /service-form?service=.
function card(title: string, description: string, icon: string): ServiceCard {
  return { title, slug: serviceSlug(title), description, icon };
}

/**
 * The 8 service cards of the home page, in display order. Each links to
 * `/service-form?service={slug}`. Icon names are lucide icon names.
 */
export const services: readonly ServiceCard[] = [
  card(
    'Regular Cleaning',
    'Weekly, fortnightly or monthly visits that keep your kitchen, bathrooms and living areas fresh, with discounted rates for recurring bookings.',
    'house',
  ),
  card(
    'Deep Cleaning',
    'A top-to-bottom clean that reaches the build-up regular cleans miss: skirting boards, grout, appliances, light fittings and more.',
    'sparkles',
  ),
  card(
    'End of Lease',
    "A thorough bond clean to your agent's checklist, backed by our bond-back guarantee so you can move out with confidence.",
    'key-round',
  ),
  card(
    'NDIS Cleaning',
    'Respectful, reliable cleaning for NDIS participants and aged-care clients, booked by you or your case manager.',
    'heart-handshake',
  ),
  card(
    'Carpet Cleaning',
    'Hot-water steam cleaning that lifts everyday stains, dust and allergens from carpets and rugs.',
    'sofa',
  ),
  card(
    'Window Cleaning',
    'Streak-free glass inside and out, with tracks, sills, frames and screens cleaned on request.',
    'app-window',
  ),
  card(
    'Oven Clean',
    'Baked-on grease and burnt food removed from ovens, racks, glass doors, cooktops and rangehoods.',
    'cooking-pot',
  ),
  card(
    'Commercial Cleaning',
    'Dependable cleaning for offices, shops and clinics, scheduled around your business hours.',
    'building-2',
  ),
];

/** The services every suburb page lists (the same 8 in every suburb). */
export const suburbServices: readonly string[] = [
  'Regular House Cleaning',
  'Deep Cleaning',
  'End of Lease Cleaning',
  'Carpet Cleaning',
  'Window Cleaning',
  'Oven Cleaning',
  'Office Cleaning',
  'Post-Construction Cleaning',
];
