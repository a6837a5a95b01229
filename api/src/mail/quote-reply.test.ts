import { business } from '@cleanquote/content';
import type { QuoteRequest } from '@cleanquote/quote-core';
import { describe, expect, it } from 'vitest';
import { validQuoteRequests } from '../test-support/quote-requests.ts';
import { quoteMails } from './quote-mails.ts';
import { quoteReplyDraft, suburbOf } from './quote-reply.ts';

const draft = (request: object, reference = 'CQ-7K3M9P2X') =>
  quoteReplyDraft({ reference, request: request as QuoteRequest });

describe('quoteReplyDraft', () => {
  it('greets by first name, names the job from the answers, the suburb and the timing, and signs with the business', () => {
    const { subject, message } = draft(validQuoteRequests.regularClean);
    expect(message.startsWith('Hi Priya,\n\n')).toBe(true);
    const request = validQuoteRequests.regularClean as QuoteRequest;
    expect(message).toContain(
      `regular cleaning of your ${request.bedrooms}-bedroom, ${request.bathrooms}-bathroom`,
    );
    expect(message).toContain('in South Yarra (reference CQ-7K3M9P2X)');
    expect(message).toContain('$[amount]');
    expect(message.trimEnd().endsWith(`Kind regards,\n${business.name}\n${business.phone}`)).toBe(true);
    // Plain text: no markup, nothing a mail client would render.
    expect(message).not.toMatch(/<[a-z]/i);
    expect(subject).toBe('Re: We received your quote request (CQ-7K3M9P2X)');
  });

  it('uses the subject of the auto-response the customer already has, with "Re: "', () => {
    const request = validQuoteRequests.ovenClean as QuoteRequest;
    const autoResponse = quoteMails(
      { id: 'quote-1', reference: 'CQ-AAAA2222', source: 'main-site', request, autoResponse: 'with-answers' },
      { mailFrom: 'quotes@sparkleclean.example', businessEmail: 'hello@sparkleclean.example' },
    ).find((mail) => mail.kind === 'quote-auto-response');
    expect(draft(request, 'CQ-AAAA2222').subject).toBe(`Re: ${autoResponse?.subject}`);
  });

  it('lists the extras and the timing in the customer’s words, for each kind of service', () => {
    const oven = draft({
      ...validQuoteRequests.ovenClean,
      cleaningFocus: ['rangehood', 'oven-racks'],
      urgency: 'urgent-today',
    });
    expect(oven.message).toContain('You also asked for: rangehood cleaning and oven racks.');
    expect(oven.message).toContain('today or tomorrow');
    const windows = draft({
      ...validQuoteRequests.windowClean,
      windowPanels: 12,
      windowScope: ['tracks-and-sills'],
      urgency: 'just-browsing',
    });
    expect(windows.message).toContain('window cleaning of 12 window panels');
    expect(windows.message).toContain('You also asked for: window tracks & sills.');
    expect(windows.message).toContain('comparing quotes');
    const lease = draft({ ...validQuoteRequests.endOfLeaseWithCarpet, urgency: 'next-week' });
    expect(lease.message).toContain('end of lease cleaning of your');
    expect(lease.message).toContain('carpet steam cleaning (');
    expect(lease.message).toContain('within the next 2 weeks');
  });
});

describe('suburbOf', () => {
  it('finds the suburb an address names, preferring the longest known one', () => {
    expect(suburbOf('12 Chapel St, South Yarra, VIC')).toBe('South Yarra');
    expect(suburbOf('4/88 Nicholson St Carlton North VIC 3054')).toBe('Carlton North');
    expect(suburbOf('1 Main Rd, Mount Eliza, VIC 3930')).toBe('Mount Eliza');
    expect(suburbOf('8 Acland St, St Kilda VIC 3182')).toBe('St Kilda');
    expect(suburbOf('Unit 4, 22 High St, Northcote, VIC, 3070')).toBe('Northcote');
    expect(suburbOf('PO Box 12')).toBeUndefined();
  });
});
