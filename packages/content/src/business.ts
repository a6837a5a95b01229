import type { BusinessInfo } from './types.ts';

// Placeholder identity: the domain uses the reserved `.example` TLD and the phone numbers come from
// the ranges ACMA sets aside for fiction, so nothing here can reach a real person.
const name = 'Sparkle Clean Melbourne';

/**
 * The business's public details: name, contact numbers and addresses, location, reviews links,
 * banner and default SEO text. Everything a page, email or structured-data block prints about the
 * business comes from here, so replacing the placeholders is a one-file change.
 */
export const business = {
  name,
  phone: '(03) 5550 0123',
  phoneHref: 'tel:+61355500123',
  email: 'hello@sparkleclean.example',
  customerServiceEmail: 'service@sparkleclean.example',
  // Deliberately invalid (fails the ABN checksum) so it can never be mistaken for a real one.
  abn: '00 000 000 000',
  city: 'Melbourne',
  region: 'VIC',
  country: 'AU',
  geo: { latitude: -37.8136, longitude: 144.9631 },
  areasServed: ['Melbourne CBD', 'South Yarra', 'Fitzroy', 'Richmond', 'Carlton'],
  reviewsUrl: `https://www.google.com/search?q=${encodeURIComponent(`${name} reviews`)}`,
  reviewsWidgetUrl: 'https://reviews-widget.example/embed/sparkle-clean-melbourne',
  bannerText: 'FREE QUOTES • SAME DAY SERVICE AVAILABLE',
  defaultMetaTitle: `House & Office Cleaning Melbourne | ${name}`,
  defaultMetaDescription:
    'Professional house, end of lease, carpet and office cleaning across Melbourne. Insured local cleaners, eco-friendly products and free, no-obligation quotes.',
  defaultKeywords:
    'cleaning services Melbourne, house cleaning Melbourne, end of lease cleaning, bond cleaning, deep cleaning, carpet steam cleaning, window cleaning, oven cleaning, office cleaning, NDIS cleaning',
} as const satisfies BusinessInfo;
