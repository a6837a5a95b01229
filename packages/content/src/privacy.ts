import { business } from './business.ts';
import type { PolicyDocument } from './types.ts';

// Written in the spirit of the Australian Privacy Principles (Privacy Act 1988) and the Spam Act
// 2003. Service records are kept 7 years, analytics 26 months.

/** The Privacy Policy page (/privacy): 10 sections. */
export const privacy: PolicyDocument = {
  lastUpdated: 'July 19, 2025',
  sections: [
    {
      heading: '1. Information We Collect',
      body: [
        `${business.name} collects the personal information needed to quote for and provide our services: your name, phone number, email address, property address and details of the cleaning you need.`,
        'If a case manager or support coordinator requests a quote on your behalf, we also collect their name, contact details and organisation. Our website collects basic usage information, such as the pages visited.',
      ],
    },
    {
      heading: '2. How We Use Your Information',
      body: [
        'We use your information to prepare quotes, schedule and carry out cleans, communicate with you about your booking, process payments, and respond to your enquiries.',
        'We also use aggregated website usage information to understand how our site is used and to improve it.',
      ],
    },
    {
      heading: '3. Newsletter and Marketing Emails',
      body: [
        'We only send our newsletter to people who have asked for it. We record when and where you gave your consent and ask you to confirm your subscription by email, in line with the Spam Act 2003.',
        'Every marketing email identifies us and includes a working unsubscribe link. You can unsubscribe at any time, and we will act on your request within 5 working days.',
      ],
    },
    {
      heading: '4. Sharing Your Information',
      body: [
        'We do not sell or rent your personal information. We share it only with the people and service providers who help us run the business, such as our cleaners, email delivery, website hosting and accounting providers, and only as needed for them to do so.',
        'Some of these providers may store information outside Australia; we take reasonable steps to ensure they protect it. We may also disclose information where required or authorised by law.',
      ],
    },
    {
      heading: '5. Data Security',
      body: [
        'We take reasonable steps to protect your personal information from misuse, interference, loss and unauthorised access, modification or disclosure. Access to customer records is limited to staff who need it, and our systems use encrypted connections.',
      ],
    },
    {
      heading: '6. Data Retention',
      body: [
        'We keep service records, including quotes, bookings and invoices, for 7 years to meet our tax and legal obligations. Website analytics data is kept for 26 months.',
        'When information is no longer needed, we securely destroy or de-identify it.',
      ],
    },
    {
      heading: '7. Access and Correction',
      body: [
        'You can ask to see the personal information we hold about you and ask us to correct it if it is inaccurate, out of date or incomplete. We will respond within a reasonable time, usually 30 days.',
      ],
    },
    {
      heading: '8. Cookies',
      body: [
        'Our website uses cookies that are needed for it to work, such as keeping staff signed in, and to measure how the site is used. You can block or delete cookies in your browser settings, although some features may then not work.',
      ],
    },
    {
      heading: '9. Complaints',
      body: [
        'If you have a concern about how we have handled your personal information, please contact us first. We will investigate and respond within 30 days.',
        'If you are not satisfied with our response, you can contact the Office of the Australian Information Commissioner (OAIC) at oaic.gov.au.',
      ],
    },
    {
      heading: '10. Contact Us',
      body: [
        `For privacy questions, access or correction requests, or complaints, email ${business.customerServiceEmail} or call ${business.phone}.`,
      ],
    },
  ],
};
