import type { Highlight } from './types.ts';

// Icon names are lucide icon names, like the service cards'.

/** The home page's 'Why choose us' points (about section). */
export const whyChooseUs: readonly Highlight[] = [
  {
    title: 'Melbourne Local',
    description: 'We live and work in Melbourne, so we know the suburbs and turn up when we say we will.',
    icon: 'map-pin',
  },
  {
    title: 'Quality Guarantee',
    description:
      "If anything isn't right, tell us within 24 hours and we'll come back and fix it at no cost.",
    icon: 'badge-check',
  },
  {
    title: 'Eco-Friendly',
    description: 'We bring our own eco-friendly products that are gentle on your home, family and pets.',
    icon: 'leaf',
  },
  {
    title: 'Flexible Scheduling',
    description:
      'One-off, weekly, fortnightly or monthly cleans, with same-day and next-day bookings often available.',
    icon: 'calendar-clock',
  },
];

/** The team page's 'Our Values'. */
export const teamValues: readonly Highlight[] = [
  {
    title: 'Quality Guaranteed',
    description: 'Every clean follows a detailed checklist and is backed by our 100% satisfaction guarantee.',
    icon: 'award',
  },
  {
    title: 'Reliable Service',
    description: 'Friendly cleaners who arrive on time, with clear communication from booking to finish.',
    icon: 'clock',
  },
  {
    title: 'Customer First',
    description: 'We listen to how you want your home cleaned and tailor each visit to suit you.',
    icon: 'heart',
  },
];

/** The team page's 'Why Choose' points. */
export const teamWhyChoose: readonly Highlight[] = [
  {
    title: 'Licensed & Insured',
    description: 'Our business is fully insured, so your home and belongings are protected while we work.',
    icon: 'shield-check',
  },
  {
    title: 'Flexible Scheduling',
    description: 'Book a time that suits you, including recurring weekly, fortnightly or monthly cleans.',
    icon: 'calendar-clock',
  },
  {
    title: 'Satisfaction Guaranteed',
    description: "Not happy with something? We'll return within 24 hours and make it right at no cost.",
    icon: 'thumbs-up',
  },
];

/** The suburb pages' 'Why residents choose' points. */
export const suburbWhyChoose: readonly Highlight[] = [
  {
    title: 'Local Expertise',
    description: 'Our cleaners work across Melbourne every day and know what local homes and rentals need.',
    icon: 'map-pin',
  },
  {
    title: 'Same Day Booking',
    description: 'Need a clean in a hurry? Same-day and next-day appointments are often available.',
    icon: 'zap',
  },
  {
    title: 'Quality Guarantee',
    description: "If anything isn't right, we'll come back within 24 hours and fix it at no cost.",
    icon: 'badge-check',
  },
];
