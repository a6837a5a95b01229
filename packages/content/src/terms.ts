import { business } from './business.ts';
import type { PolicyDocument } from './types.ts';

// The business's terms: 24 hours notice for bookings, cancellation at least 4 hours before, a re-clean
// for issues reported within 24 hours, the bond-back guarantee on end of lease, payment on completion.
// Where the FAQ and these terms differ (cash; 24 hours vs 4 hours notice),
// the wording here makes both true rather than contradicting the FAQ on the same site.

/** The Terms & Conditions page (/terms): 9 sections. */
export const terms: PolicyDocument = {
  lastUpdated: 'July 19, 2025',
  sections: [
    {
      heading: '1. Bookings',
      body: [
        `These terms apply to every cleaning service provided by ${business.name} ("we", "us"). By requesting a quote or booking a clean, you agree to them.`,
        'We require at least 24 hours notice for bookings. Shorter-notice and same-day bookings may be accepted when our schedule allows. A booking is confirmed once we have agreed a date and time with you.',
      ],
    },
    {
      heading: '2. Quotes',
      body: [
        'Quotes are estimates based on the information you give us about the property and the services requested. They are valid for 30 days from the date of issue.',
        'If the property is larger, or its condition is substantially different from what was described, we will discuss any change with you before continuing the work.',
      ],
    },
    {
      heading: '3. Cancellations and Rescheduling',
      body: [
        'Cancellations must be made at least 4 hours before the scheduled start time. We ask for 24 hours notice wherever possible; cancelling or rescheduling with less than 24 hours notice may incur a small fee.',
      ],
    },
    {
      heading: '4. Payment',
      body: [
        'Payment is due on completion of the service unless otherwise agreed in writing. We accept payment by bank transfer or card; cash is also accepted when arranged with us beforehand.',
        'For NDIS and aged-care clients, invoices can be sent to a plan manager or case manager by prior arrangement.',
      ],
    },
    {
      heading: '5. Satisfaction Guarantee and Re-cleans',
      body: [
        'If you are not satisfied with any part of our work, please tell us within 24 hours of the clean. We will return to re-clean the affected areas at no additional cost.',
        'The re-clean covers the areas and services included in the original booking.',
      ],
    },
    {
      heading: '6. End of Lease Bond-Back Guarantee',
      body: [
        'Our end of lease cleans come with a bond-back guarantee. If your property manager or landlord identifies a cleaning issue in an area we cleaned, contact us and we will return to rectify it at no extra cost.',
        'The guarantee covers cleaning only. It does not cover damage, wear and tear, maintenance items, or areas that were changed or used after our clean.',
      ],
    },
    {
      heading: '7. Access and Property',
      body: [
        'Please make sure we can access the property at the agreed time, with working electricity and water, and that pets are secured.',
        'We recommend putting away valuables and fragile items before we arrive. If we cannot gain access at the booked time, a cancellation fee may apply.',
      ],
    },
    {
      heading: '8. Liability and Insurance',
      body: [
        'We are fully insured. If something is damaged during a clean, please tell us within 24 hours so we can investigate and, where we are responsible, arrange repair or compensation.',
        'We are not responsible for pre-existing damage, normal wear and tear, or items that are faulty or not securely fixed.',
        'Nothing in these terms excludes, restricts or modifies any right or remedy you have under the Australian Consumer Law.',
      ],
    },
    {
      heading: '9. Changes to These Terms',
      body: [
        'We may update these terms from time to time. The version published on our website, with the date it was last updated, applies to new bookings. These terms are governed by the laws of Victoria, Australia.',
        `Questions about these terms can be sent to ${business.email} or asked by phone on ${business.phone}.`,
      ],
    },
  ],
};
