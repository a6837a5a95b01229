import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailDeliveryWorker } from '../../mail/delivery.ts';
import type { HistoryEntry, QuoteDetail } from '../../quote-requests/quote-view.ts';
import { createQuoteRequestDesk, type QuoteRequestDesk } from '../../test-support/quote-request-desk.ts';
import { validQuoteRequests } from '../../test-support/quote-requests.ts';
import { testAdmin } from '../../test-support/sign-in.ts';
import { decodeHeader, startSmtpTestServer } from '../../test-support/smtp-test-server.ts';
import { startTestMailDelivery } from '../../test-support/test-mail.ts';

const MAIL_FROM = 'Sparkle Clean <quotes@sparkleclean.example>';
const BUSINESS_EMAIL = 'office@sparkleclean.example';

let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
let inbox: QuoteRequestDesk;
let worker: MailDeliveryWorker;

beforeEach(async () => {
  smtp = await startSmtpTestServer();
  inbox = await createQuoteRequestDesk({ SMTP_URL: smtp.url, MAIL_FROM, BUSINESS_EMAIL });
  worker = startTestMailDelivery(inbox.database, { smtpUrl: smtp.url, from: MAIL_FROM });
});
afterEach(async () => {
  await worker.stop();
  await smtp.close();
  inbox.close();
});

/** Submits a quote through the wizard's route and waits for its two mails; the quote's id. */
async function submitQuote(): Promise<string> {
  const submitted = await inbox.app.request('/api/service-form', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(validQuoteRequests.regularClean),
  });
  expect(submitted.status).toBe(201);
  await vi.waitFor(() => expect(smtp.received).toHaveLength(2), { timeout: 5_000 });
  const [listed] = (await (await inbox.get('/api/contact')).json()) as { id: string }[];
  return listed?.id ?? '';
}

const header = (mail: (typeof smtp.received)[number], name: string) =>
  decodeHeader(mail.headers.get(name)?.[0] ?? '');

describe('POST /api/contact/:id/reply', () => {
  it('sends the reply to the customer through the outbox, threaded under their auto-response', async () => {
    const id = await submitQuote();
    const autoResponse = smtp.received.find((mail) => mail.envelope.to.includes('priya@example.com'));
    const autoResponseId = autoResponse?.headers.get('message-id')?.[0];
    expect(autoResponseId).toMatch(/^<.+@.+>$/);

    const quote = (await (await inbox.get(`/api/contact/${id}`)).json()) as QuoteDetail;
    const message = `${quote.replyDraft.message.replace('$[amount]', '$240')}\n\nP.S. We have a free slot on Friday.`;
    const response = await inbox.post(`/api/contact/${id}/reply`, {
      subject: quote.replyDraft.subject,
      message,
    });
    expect(response.status).toBe(202);
    const { mailId, entry } = (await response.json()) as { mailId: string; entry: HistoryEntry };
    expect(entry).toMatchObject({
      kind: 'reply',
      subject: quote.replyDraft.subject,
      text: message,
      mailId,
      actor: { name: testAdmin.firstName, email: testAdmin.email },
    });

    await vi.waitFor(() => expect(smtp.received).toHaveLength(3), { timeout: 5_000 });
    const reply = smtp.received[2];
    if (!reply) throw new Error('no reply received');
    expect(reply.envelope.to).toEqual(['priya@example.com']);
    expect(header(reply, 'from')).toBe(MAIL_FROM);
    expect(header(reply, 'reply-to')).toBe(BUSINESS_EMAIL);
    expect(header(reply, 'subject')).toBe(`Re: We received your quote request (${quote.reference})`);
    expect(header(reply, 'in-reply-to')).toBe(autoResponseId);
    expect(header(reply, 'references')).toBe(autoResponseId);
    expect(reply.text.replace(/\r\n/g, '\n').trimEnd()).toBe(message);
    expect(reply.text).toContain('Hi Priya,');

    // A new quote is now contacted: the first response, a status entry after the reply.
    const after = (await (await inbox.get(`/api/contact/${id}`)).json()) as QuoteDetail;
    expect(after.status).toBe('contacted');
    expect(after.firstResponseAt).toBe(entry.at);
    expect(after.history.map((item) => item.kind)).toEqual(['created', 'reply', 'status']);
    expect(after.history[2]).toMatchObject({ from: 'new', to: 'contacted' });

    // The outbox keeps the reply's own text (mail-bodies.ts writes only the quote's two mails).
    const outbox = (await (await inbox.get('/api/admin/outbox')).json()) as {
      id: string;
      kind: string;
      text: string;
    }[];
    expect(outbox.find((mail) => mail.id === mailId)).toMatchObject({ kind: 'quote-reply', text: message });
  });

  it('leaves a quote past new where it is, and keeps the first response', async () => {
    const id = await submitQuote();
    await inbox.post(`/api/contact/${id}/status`, { status: 'quoted' });
    const response = await inbox.post(`/api/contact/${id}/reply`, {
      subject: 'Your quote',
      message: 'Hello again',
    });
    expect(response.status).toBe(202);
    const after = (await (await inbox.get(`/api/contact/${id}`)).json()) as QuoteDetail;
    expect(after.status).toBe('quoted');
    expect(after.firstResponseAt).toBe(after.history.at(-1)?.at);
    await inbox.post(`/api/contact/${id}/reply`, { subject: 'Your quote', message: 'And again' });
    const later = (await (await inbox.get(`/api/contact/${id}`)).json()) as QuoteDetail;
    expect(later.firstResponseAt).toBe(after.firstResponseAt);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(4), { timeout: 5_000 });
  });

  it('answers 400 naming the field for a missing or unsafe subject or message, and 404 for an unknown quote', async () => {
    const quote = await inbox.storeQuote();
    for (const [body, field] of [
      [{ message: 'Hello' }, 'subject'],
      [{ subject: '  ', message: 'Hello' }, 'subject'],
      [{ subject: 'Line one\r\nBcc: someone@example.com', message: 'Hello' }, 'subject'],
      [{ subject: 'Hi' }, 'message'],
      [{ subject: 'Hi', message: 'x'.repeat(10_001) }, 'message'],
    ] as const) {
      const response = await inbox.post(`/api/contact/${quote.id}/reply`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(((await response.json()) as { fields: object }).fields)).toEqual([field]);
    }
    const unknown = await inbox.post('/api/contact/no-such-quote/reply', { subject: 'Hi', message: 'Hello' });
    expect(unknown.status).toBe(404);
    expect(smtp.received).toHaveLength(0);
  });
});
