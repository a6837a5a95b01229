import { describe, expect, it } from 'vitest';
import { type CompletionMailInput, completionMail, RECLEAN_OFFER } from './completion-mail.ts';
import { signature } from './visit-mails.ts';

// The customer's one mail when a visit is marked completed, as the outbox stores it.

const input: CompletionMailInput = {
  visit: {
    kind: 'clean',
    // Tuesday 2 March 2027, 9:00–11:00 am arrival, done at 1:40 pm (Melbourne, +11:00).
    start: new Date('2027-03-01T22:00:00Z'),
    end: new Date('2027-03-02T00:00:00Z'),
    completedAt: new Date('2027-03-02T02:40:00Z'),
  },
  request: {
    reference: 'CQ-7K2M9QX4',
    serviceType: 'regular-clean',
    name: 'Priya Shah',
    email: 'priya@example.com',
    address: '12 Chapel St, South Yarra VIC 3141',
  },
  price: { totalCents: 42_075, frequency: 'weekly' },
  environment: {
    MAIL_FROM: 'Sparkle Clean <quotes@sparkleclean.example>',
    BUSINESS_EMAIL: 'office@sparkleclean.example',
    GST_REGISTERED: true,
  },
  thread: { messageId: '<quote-1@clean.example>', subject: 'Your quote CQ-7K2M9QX4' },
};

describe('the completion mail', () => {
  it('says the clean is done, what is due per visit, how to pay and the re-clean offer, in the quote’s thread', () => {
    const mail = completionMail(input);
    expect(mail).toMatchObject({
      kind: 'visit-completed',
      to: { name: 'Priya Shah', address: 'priya@example.com' },
      replyTo: 'office@sparkleclean.example',
      subject: 'Re: Your quote CQ-7K2M9QX4',
      headers: { 'In-Reply-To': '<quote-1@clean.example>', References: '<quote-1@clean.example>' },
    });
    const paragraphs = [
      'Hi Priya,',
      'Your regular cleaning at 12 Chapel St, South Yarra VIC 3141 is done: the team finished at 1:40 pm on Tuesday 2 March 2027. Thank you for having us.',
      'Amount due: $420.75 incl. GST (per visit, weekly).',
      'How to pay: Payment is due on completion of the service unless otherwise agreed in writing. We accept payment by bank transfer or card; cash is also accepted when arranged with us beforehand.',
      `${RECLEAN_OFFER}: use 'Report a problem' on your quote page (the link is in the email with your quote), or reply to this email.`,
      'Reference: CQ-7K2M9QX4',
      signature,
    ];
    expect(mail.text).toBe(`${paragraphs.join('\n\n')}\n`);
  });

  it('tells the time it finished on Melbourne’s clock either side of the end of daylight saving', () => {
    const finished = (completedAt: string) =>
      completionMail({ ...input, visit: { ...input.visit, completedAt: new Date(completedAt) } }).text;
    // Daylight saving ends at 3:00 am on Sunday 4 April 2027.
    expect(finished('2027-04-03T01:30:00Z')).toContain('finished at 12:30 pm on Saturday 3 April 2027.');
    expect(finished('2027-04-04T02:30:00Z')).toContain('finished at 12:30 pm on Sunday 4 April 2027.');
  });

  it('links the quote page when the one completing holds it, and keeps the link out of the stored copy', () => {
    const pageUrl = 'https://clean.example/quote/AbCdEfGhIjKlMnOpQrStUv';
    const mail = completionMail({ ...input, pageUrl });
    expect(mail.text).toContain(
      "Something not right? Tell us within 24 hours and we'll come back at no cost: https://clean.example/quote/AbCdEfGhIjKlMnOpQrStUv",
    );
    expect(mail.secretUntilSent).toBe(pageUrl);
  });

  it('a one-off states its total alone; without GST registration, no GST', () => {
    const mail = completionMail({
      ...input,
      price: { totalCents: 49_500, frequency: 'once' },
      environment: { ...input.environment, GST_REGISTERED: false },
    });
    expect(mail.text).toContain('Amount due: $495.00.\n');
  });

  it('an NDIS client is told invoices can go to their plan or case manager', () => {
    const mail = completionMail({ ...input, request: { ...input.request, serviceType: 'ndis-aged-care' } });
    expect(mail.text).toContain('invoices can be sent to a plan manager or case manager');
  });

  it('a re-clean is free: done, nothing to pay, no amount', () => {
    const mail = completionMail({ ...input, visit: { ...input.visit, kind: 're-clean' }, thread: undefined });
    expect(mail.subject).toBe('Your re-clean is done');
    expect(mail.text).toContain('The re-clean of your regular cleaning');
    expect(mail.text).toContain(
      'There is nothing to pay: the re-clean is free under our satisfaction guarantee.',
    );
    expect(mail.text).not.toContain('Amount due');
    expect(mail.text).not.toContain('How to pay');
  });

  it('shows markup the customer typed as text in the HTML part', () => {
    const mail = completionMail({
      ...input,
      request: {
        ...input.request,
        name: '<img src=x onerror=alert(1)> Priya',
        address: '<script>x</script> St',
      },
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<script');
    expect(mail.html).toContain('&#60;script&#62;x&#60;/script&#62; St');
  });
});
