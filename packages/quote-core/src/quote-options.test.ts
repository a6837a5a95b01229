import { describe, expect, it } from 'vitest';
import {
  BATHROOM_OPTIONS,
  BEDROOM_OPTIONS,
  PROPERTY_TYPE_OPTIONS,
  ROOM_OPTIONS,
  SERVICE_CARD_SLUGS,
  SERVICE_LABELS,
  SERVICE_OPTIONS,
  SERVICE_SLUG_TO_TYPE,
  URGENCY_OPTIONS,
  WINDOW_CLEANING_TYPE_OPTIONS,
} from './quote-options.ts';

describe('wizard options', () => {
  it('offers the seven service cards in the order the business lists them, each with its note', () => {
    expect(SERVICE_OPTIONS.map((option) => option.id)).toEqual([
      'regular-clean',
      'deep-clean',
      'end-of-lease',
      'carpet-clean',
      'window-clean',
      'oven-clean',
      'ndis-aged-care',
    ]);
    expect(SERVICE_OPTIONS.find((option) => option.id === 'end-of-lease')?.description).toMatch(/bond-back/i);
    expect(SERVICE_OPTIONS.find((option) => option.id === 'carpet-clean')?.description).toMatch(/steam/i);
  });

  it('labels services as the quote inbox shows them', () => {
    expect(SERVICE_LABELS).toEqual({
      'regular-clean': 'Regular Cleaning',
      'deep-clean': 'Deep Cleaning',
      'end-of-lease': 'End of Lease Cleaning',
      'carpet-clean': 'Carpet Cleaning',
      'window-clean': 'Window Cleaning',
      'oven-clean': 'Oven Cleaning',
      'ndis-aged-care': 'NDIS & Aged Care Cleaning',
    });
  });

  it('maps every home-page card slug to a service', () => {
    const services = SERVICE_OPTIONS.map((option) => option.id);
    for (const slug of SERVICE_CARD_SLUGS) expect(services, slug).toContain(SERVICE_SLUG_TO_TYPE[slug]);
    expect(SERVICE_SLUG_TO_TYPE['commercial-cleaning']).toBe('regular-clean');
    expect(SERVICE_SLUG_TO_TYPE['ndis-cleaning']).toBe('ndis-aged-care');
  });

  it('offers bedrooms to 5+ and bathrooms to 4+', () => {
    expect(BEDROOM_OPTIONS.map((option) => option.id)).toEqual(['1', '2', '3', '4', '5+']);
    expect(BATHROOM_OPTIONS.map((option) => option.id)).toEqual(['1', '2', '3', '4+']);
  });

  it("names property types and window cleaning types in the business's words", () => {
    expect(PROPERTY_TYPE_OPTIONS.slice(0, 3).map((option) => option.label)).toEqual([
      'Apartment/Unit',
      'Single Story House',
      'Two Story House',
    ]);
    expect(WINDOW_CLEANING_TYPE_OPTIONS.map((option) => option.id)).toEqual([
      'interior-only',
      'exterior-only',
      'both-sides',
    ]);
  });

  it("caps each carpet counter at its room kind's maximum", () => {
    expect(Object.fromEntries(ROOM_OPTIONS.map((option) => [option.id, option.max]))).toEqual({
      bedrooms: 6,
      'living-rooms': 4,
      'dining-rooms': 3,
      studies: 3,
      lounges: 3,
      hallways: 5,
      staircases: 3,
      'other-rooms': 5,
    });
  });

  it('describes each timing card by how soon the clean is wanted', () => {
    expect(
      Object.fromEntries(URGENCY_OPTIONS.map((option) => [option.id, option.description])),
    ).toMatchObject({
      'urgent-today': 'Today/Tomorrow',
      'this-week': 'within 7 days',
      'next-week': 'within 2 weeks',
      'just-browsing': 'just getting quotes',
    });
  });
});
