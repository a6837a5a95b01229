import { describe, expect, it } from 'vitest';
import {
  business,
  customerService,
  faq,
  findRecipient,
  findSuburb,
  galleryItems,
  isReservedPath,
  privacy,
  reservedPaths,
  serviceSlug,
  services,
  suburbServices,
  suburbSlug,
  suburbSlugs,
  suburbs,
  team,
  terms,
} from './index.ts';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe('suburbs', () => {
  it('has at least 170 suburbs', () => {
    expect(suburbs.length).toBeGreaterThanOrEqual(170);
  });

  it('has unique names and slugs', () => {
    expect(new Set(suburbs.map((s) => s.name)).size).toBe(suburbs.length);
    expect(new Set(suburbSlugs).size).toBe(suburbs.length);
  });

  it('gives every suburb a well-formed slug that is not a reserved path', () => {
    for (const { slug } of suburbs) {
      expect(slug).toMatch(SLUG);
      expect(isReservedPath(slug), slug).toBe(false);
    }
  });

  it('lists suburbSlugs in suburb order', () => {
    expect(suburbSlugs).toEqual(suburbs.map((s) => s.slug));
  });

  it('finds every suburb by slug and nothing else', () => {
    for (const suburb of suburbs) expect(findSuburb(suburb.slug)).toBe(suburb);
    expect(findSuburb('atlantis')).toBeUndefined();
    expect(findSuburb('')).toBeUndefined();
    expect(findSuburb('South-Yarra')).toBeUndefined();
    expect(findSuburb('__proto__')).toBeUndefined();
  });

  it('slugs names in lower case, spaces to hyphens, apostrophes and full stops dropped', () => {
    expect(suburbSlug('St Kilda')).toBe('st-kilda');
    expect(suburbSlug("It's St. Nowhere")).toBe('its-st-nowhere');
    expect(findSuburb('south-yarra')?.name).toBe('South Yarra');
    expect(findSuburb('melbourne-cbd')?.name).toBe('Melbourne CBD');
  });

  it('has a page for every footer area', () => {
    for (const area of business.areasServed) expect(findSuburb(suburbSlug(area)), area).toBeDefined();
  });

  it('gives every suburb its own intro and SEO text naming it', () => {
    expect(new Set(suburbs.map((s) => s.intro)).size).toBe(suburbs.length);
    for (const s of suburbs) {
      expect(s.intro).toContain(s.name);
      expect(s.metaTitle.startsWith(s.name)).toBe(true);
      expect(s.metaTitle.length, s.metaTitle).toBeLessThanOrEqual(60);
      expect(s.metaDescription).toContain(s.name);
      expect(s.metaDescription.length, s.metaDescription).toBeLessThanOrEqual(160);
    }
  });

  it('uses several intro wordings rather than one', () => {
    const shapes = new Set(suburbs.map((s) => s.intro.replaceAll(s.name, '#')));
    expect(shapes.size).toBeGreaterThanOrEqual(12);
  });

  it('offers the same 8 services everywhere', () => {
    expect(suburbServices).toHaveLength(8);
    for (const s of suburbs) expect(s.services).toEqual(suburbServices);
  });
});

describe('reserved paths', () => {
  it("lists the site's 16 reserved words, /partners, /prices, /schedule, /embed, /quote and /case-manager-updates (so no suburb can take them)", () => {
    expect(reservedPaths).toHaveLength(22);
    expect(isReservedPath('schedule')).toBe(true);
    expect(isReservedPath('quote')).toBe(true);
    expect(isReservedPath('prices')).toBe(true);
    expect(isReservedPath('partners')).toBe(true);
    expect(isReservedPath('embed')).toBe(true);
    expect(isReservedPath('case-manager-updates')).toBe(true);
    for (const word of ['dashboard', 'team', 'api', 'sitemap.xml', 'robots.txt', 'public']) {
      expect(isReservedPath(word)).toBe(true);
    }
    expect(isReservedPath('richmond')).toBe(false);
  });
});

describe('services', () => {
  it('has the 8 cards in order, each slug made from its title', () => {
    expect(services.map((s) => s.slug)).toEqual([
      'regular-cleaning',
      'deep-cleaning',
      'end-of-lease',
      'ndis-cleaning',
      'carpet-cleaning',
      'window-cleaning',
      'oven-clean',
      'commercial-cleaning',
    ]);
  });

  it("derives every card's slug from its title", () => {
    for (const card of services) expect(card.slug).toBe(serviceSlug(card.title));
  });

  it('applies the slug rule', () => {
    expect(serviceSlug('End of Lease')).toBe('end-of-lease');
    expect(serviceSlug('NDIS & Aged-Care Cleaning!')).toBe('ndis--aged-care-cleaning');
  });
});

describe('team and recipients', () => {
  it('resolves each team member and customer service by id', () => {
    for (const member of team) expect(findRecipient(member.id)?.email).toBe(member.email);
    expect(findRecipient('customer-service')).toBe(customerService);
    expect(customerService.email).toBe(business.customerServiceEmail);
  });

  it('returns undefined for an unknown id', () => {
    expect(findRecipient('nobody')).toBeUndefined();
    expect(findRecipient('')).toBeUndefined();
    expect(findRecipient('toString')).toBeUndefined();
  });

  it('has the founder and the sales manager with placeholder numbers', () => {
    expect(team.map((m) => [m.title, m.phone])).toEqual([
      ['Founder', '0491 570 156'],
      ['Sales Manager', '0491 570 157'],
    ]);
  });
});

describe('page copy', () => {
  it('has 12 FAQ entries that never state a price', () => {
    expect(faq).toHaveLength(12);
    for (const { question, answer } of faq) expect(`${question} ${answer}`).not.toMatch(/\$\s*\d/);
  });

  it('has 9 terms sections and 10 privacy sections, last updated July 19, 2025', () => {
    expect(terms.sections).toHaveLength(9);
    expect(privacy.sections).toHaveLength(10);
    expect(terms.lastUpdated).toBe('July 19, 2025');
    expect(privacy.lastUpdated).toBe('July 19, 2025');
    for (const section of [...terms.sections, ...privacy.sections]) {
      expect(section.body.length).toBeGreaterThanOrEqual(1);
      expect(section.body.length).toBeLessThanOrEqual(3);
    }
  });

  it('has 3 gallery items with their before and after images', () => {
    expect(galleryItems.map((g) => g.title)).toEqual([
      'Bathroom Shower Cleaning',
      'Bathroom Sink Restoration',
      'Tile & Grout Deep Clean',
    ]);
    for (const g of galleryItems) {
      expect(g.beforeImage).toBe(`/images/gallery-${g.id}-before.svg`);
      expect(g.afterImage).toBe(`/images/gallery-${g.id}-after.svg`);
    }
  });
});
