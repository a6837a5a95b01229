import { describe, expect, it } from 'vitest';
import type { CustomerQuote } from './customer-quote.ts';
import { answerMails, QUOTE_ANSWER_MAIL_KINDS, requestWishes } from './quote-answer-mails.ts';

const quote: CustomerQuote = {
  request: {
    id: 'request-1',
    reference: 'CQ-ABC123',
    serviceType: 'end-of-lease',
    name: 'Priya Shah',
    email: 'priya@example.com',
    phone: '0491 570 158',
    address: '12 Chapel St, South Yarra, VIC',
  },
  latestSentVersion: 1,
  version: {
    id: 'version-1',
    version: 1,
    status: 'sent',
    lines: [{ description: 'End of Lease Cleaning', quantity: 1, unitPriceCents: 49_500 }],
    note: '',
    frequency: 'once',
    subtotalCents: 49_500,
    discountPercent: 0,
    discountCents: 0,
    totalCents: 49_500,
    gstCents: 4_500,
    sentAt: new Date('2026-11-20T00:00:00Z'),
    validUntil: '2026-12-20',
    mailId: null,
    viewedAt: null,
    answeredAt: null,
    acceptedName: null,
    answerText: null,
  },
};

const environment = {
  MAIL_FROM: 'Sparkle Clean <quotes@sparkleclean.example>',
  BUSINESS_EMAIL: 'office@sparkleclean.example',
  PUBLIC_URL: 'https://clean.example',
  GST_REGISTERED: true,
};

/** The business's mail when the quote is accepted, written with these wishes. */
function acceptedNotification(wishes: ReturnType<typeof requestWishes>) {
  const mails = answerMails({
    quote,
    answer: { kind: 'accept', name: 'Priya Shah' },
    at: new Date('2026-11-21T00:00:00Z'),
    environment,
    thread: undefined,
    wishes,
  });
  const mail = mails.find((each) => each.kind === QUOTE_ANSWER_MAIL_KINDS.acceptedNotification);
  if (!mail) throw new Error('no notification to the business');
  return mail;
}

describe("the business's mail when a quote is accepted", () => {
  it('names when the clean is wanted and what the customer asked, in the text and the HTML', () => {
    const mail = acceptedNotification(
      requestWishes({ urgency: 'next-week', specialRequests: '  Side gate <sticks> & squeaks.  ' }),
    );
    expect(mail.text).toContain(
      'Timing: Next week (within 2 weeks)\nSpecial requests: Side gate <sticks> & squeaks.',
    );
    // What the customer typed is text in the HTML, never markup.
    expect(mail.html).toContain('Special requests: Side gate &#60;sticks&#62; &#38; squeaks.');
    expect(mail.html).not.toContain('<sticks>');
  });

  it("says 'None' without special requests, and 'Not given' without a timing", () => {
    expect(
      acceptedNotification(requestWishes({ urgency: 'this-week', specialRequests: '   ' })).text,
    ).toContain('Timing: This week (within 7 days)\nSpecial requests: None');
    expect(acceptedNotification(requestWishes({})).text).toContain(
      'Timing: Not given\nSpecial requests: None',
    );
    expect(acceptedNotification(requestWishes(null)).text).toContain('Timing: Not given');
  });
});
