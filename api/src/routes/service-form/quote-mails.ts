import { business } from '@cleanquote/content';
import { type QuoteRequest, SERVICE_LABELS, summarizeQuoteRequest } from '@cleanquote/quote-core';
import { escapeHtml } from '../../lib/html-page.ts';
import type { OutboxMail } from '../../mail/outbox.ts';

interface QuoteMailContext {
  request: QuoteRequest;
  reference: string;
  source: string;
  mailFrom: string;
  businessEmail: string;
  publicUrl: string;
}

// Both mails of a quote show the same answers: render them once per request.
const renderedAnswers = new WeakMap<QuoteRequest, { text: string; html: string }>();

function answersTable(request: QuoteRequest): { text: string; html: string } {
  const cached = renderedAnswers.get(request);
  if (cached) return cached;
  const rendered = renderAnswers(request);
  renderedAnswers.set(request, rendered);
  return rendered;
}

function renderAnswers(request: QuoteRequest): { text: string; html: string } {
  const lines = summarizeQuoteRequest(request);
  return {
    text: lines.map((line) => `${line.label}: ${line.value}`).join('\n'),
    html: `<table cellpadding="4" style="border-collapse:collapse">${lines
      .map(
        (line) =>
          `<tr><th align="left" style="vertical-align:top">${escapeHtml(line.label)}</th><td>${escapeHtml(line.value).replace(/\n/g, '<br>')}</td></tr>`,
      )
      .join('')}</table>`,
  };
}

/** The business's notification: every answer in readable form, replies go to the client. */
export function quoteNotificationMail({
  request,
  reference,
  source,
  mailFrom,
  businessEmail,
}: QuoteMailContext): OutboxMail {
  const answers = answersTable(request);
  const service = SERVICE_LABELS[request.serviceType];
  const origin = source === 'main-site' ? 'the main site' : source;
  return {
    kind: 'quote-notification',
    from: mailFrom,
    to: businessEmail,
    replyTo: { name: request.name, address: request.email },
    subject: `New quote request ${reference}: ${service} for ${request.name}`,
    text: `New quote request ${reference} from ${origin}.\n\n${answers.text}\n`,
    html: `<p>New quote request <strong>${escapeHtml(reference)}</strong> from ${escapeHtml(origin)}.</p>${answers.html}`,
  };
}

/** The client's auto-response: what happens next, with their answers for reference. */
export function quoteAutoResponseMail({
  request,
  reference,
  mailFrom,
  businessEmail,
  publicUrl,
}: QuoteMailContext): OutboxMail {
  const answers = answersTable(request);
  const firstName = request.name.split(/\s+/)[0] ?? request.name;
  const intro = [
    `Hi ${firstName},`,
    `Thank you for your quote request (reference ${reference}). We will email you a detailed quote within 24 hours.`,
    'Our quotes are free, with no obligation. Each quote is an estimate, valid for 30 days from the day we issue it.',
    `Questions in the meantime? Call us on ${business.phone} or reply to this email.`,
  ];
  const footer = `${business.name} · ${publicUrl} · ${business.phone}`;
  return {
    kind: 'quote-auto-response',
    from: mailFrom,
    to: { name: request.name, address: request.email },
    replyTo: businessEmail,
    subject: `We received your quote request (${reference})`,
    text: `${intro.join('\n\n')}\n\nYour answers:\n${answers.text}\n\n${footer}\n`,
    html: `${intro.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('')}<h2>Your answers</h2>${answers.html}<p style="color:#555">${escapeHtml(footer)}</p>`,
  };
}
