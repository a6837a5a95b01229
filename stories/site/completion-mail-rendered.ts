import { type CompletionMailInput, completionMail } from '../../api/src/schedule/completion-mail.ts';

/*
 * Rendered in Node when Storybook builds (imported with '?server-rendered'): the customer's mail
 * when their visit is marked completed, by the server's own function, as the outbox holds it — a
 * one-off, a visit of a weekly clean at 15% off, a free re-clean, and one sent with the page's link.
 * Melbourne is on daylight saving in March (+11:00).
 */

const base: CompletionMailInput = {
  visit: {
    kind: 'clean',
    start: new Date('2027-03-02T09:00:00+11:00'),
    end: new Date('2027-03-02T11:00:00+11:00'),
    completedAt: new Date('2027-03-02T13:40:00+11:00'),
  },
  request: {
    reference: 'CQ-7K2M9QX4',
    serviceType: 'regular-clean',
    name: 'Priya Shah',
    email: 'priya@example.com',
    address: '12 Chapel St, South Yarra VIC 3141',
  },
  price: { totalCents: 49_500, frequency: 'once' },
  environment: {
    MAIL_FROM: 'Sparkle Clean <quotes@sparkleclean.example>',
    BUSINESS_EMAIL: 'office@sparkleclean.example',
    GST_REGISTERED: true,
  },
  thread: { messageId: '<quote-1@clean.example>', subject: 'Your quote from Sparkle Clean (CQ-7K2M9QX4)' },
};

/** Text as HTML text (the subject; the mail's own HTML part is escaped by its template). */
const escaped = (text: string) =>
  text.replaceAll('&', '&#38;').replaceAll('<', '&#60;').replaceAll('>', '&#62;').replaceAll('"', '&#34;');

/** The mail as a page: its subject as the heading, then its HTML part. */
function page(input: CompletionMailInput): string {
  const mail = completionMail(input);
  const subject = escaped(mail.subject);
  return `<!doctype html><html lang="en-AU"><head><title>${subject}</title><style>body{font-family:system-ui,sans-serif;line-height:1.5;max-width:40rem;margin:1rem auto;padding:0 1rem;color:#1a1a1a}h1{font-size:1.25rem}</style></head><body><main><h1>${subject}</h1>${mail.html ?? ''}</main></body></html>`;
}

export default {
  oneOff: page(base),
  weekly: page({ ...base, price: { totalCents: 42_075, frequency: 'weekly' } }),
  reclean: page({ ...base, visit: { ...base.visit, kind: 're-clean' }, thread: undefined }),
  withPageLink: page({ ...base, pageUrl: 'https://clean.example/quote/AbCdEfGhIjKlMnOpQrStUv' }),
};
