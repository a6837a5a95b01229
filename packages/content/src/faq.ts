import type { FaqEntry } from './types.ts';

// Written from the business's own claims: the satisfaction guarantee (a free return within 24 hours),
// booking and cancellation notice, how long a clean takes, payment, recurring cleans, insurance and
// the service area. Prices are never stated: every job is quoted individually.

/** The home page's 12 frequently asked questions, in display order. */
export const faq: readonly FaqEntry[] = [
  {
    question: 'Are your quotes really free?',
    answer:
      "Yes. Every quote is free and comes with no obligation. Answer a few quick questions in our online form and we'll email you a detailed quote within 24 hours.",
  },
  {
    question: 'Which areas do you service?',
    answer:
      'We clean homes and businesses across Melbourne and surrounding areas, including the CBD, South Yarra, Fitzroy, Richmond and Carlton. If you are unsure whether we cover your suburb, just ask.',
  },
  {
    question: 'How far in advance do I need to book?',
    answer:
      "We recommend booking at least 48 hours ahead to secure your preferred time. Same-day and next-day cleans are often possible, so call us if you need us sooner and we'll do our best to fit you in.",
  },
  {
    question: 'How long does a clean take?',
    answer:
      'A standard home clean usually takes 2–4 hours. The time depends on the size and condition of the property and the services you choose; deep and end of lease cleans take longer.',
  },
  {
    question: 'Do I need to provide cleaning products or equipment?',
    answer:
      'No. Our cleaners bring their own eco-friendly products and all the equipment needed. If you would like us to use a particular product in your home, just let us know.',
  },
  {
    question: 'What is your satisfaction guarantee?',
    answer:
      "We offer a 100% satisfaction guarantee. If you're not happy with any part of the clean, let us know and we'll return within 24 hours to put it right at no cost to you.",
  },
  {
    question: 'Are your cleaners insured?',
    answer: 'Yes. We are fully insured, so your home and belongings are protected while we work.',
  },
  {
    question: 'Can I book regular cleaning?',
    answer:
      'Yes. We offer recurring cleans weekly, fortnightly (bi-weekly) or monthly, with discounted rates for regular bookings.',
  },
  {
    question: 'What if I need to cancel or reschedule?',
    answer:
      'You can cancel or reschedule with at least 24 hours notice at no charge. Changes made with less notice may incur a small fee, as we will have reserved that time for you.',
  },
  {
    question: 'How do I pay?',
    answer: 'We accept cash, bank transfer and card. Payment is due on completion of the clean.',
  },
  {
    question: 'Does your end of lease clean come with a bond-back guarantee?',
    answer:
      "Yes. We clean to the standard real estate agents expect at the final inspection. If your agent or landlord raises a cleaning issue with the areas we cleaned, let us know and we'll come back and fix it at no extra cost.",
  },
  {
    question: 'Do you clean for NDIS participants and aged-care clients?',
    answer:
      'Yes. We provide respectful, reliable cleaning for NDIS participants and aged-care clients. You can book for yourself, or a case manager or support coordinator can request the quote on your behalf.',
  },
];
