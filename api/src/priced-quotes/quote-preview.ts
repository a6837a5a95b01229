import type { ServiceType } from '@cleanquote/quote-core';
import { QUOTE_VALID_DAYS, quoteTotals } from '@cleanquote/quote-core/staff';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { quoteRequests } from '../db/schema.ts';
import { addDays, melbourneDay } from '../lib/melbourne-time.ts';
import type { CustomerQuote } from './customer-quote.ts';
import { renderCustomerQuotePage } from './customer-quote-page.tsx';
import { pricedQuoteMail } from './priced-quote-mail.ts';
import { latestVersion, type QuoteRefusal, wasAccepted } from './priced-quote-store.ts';
import { quoteLink } from './quote-link.ts';

/**
 * What stands in the preview for the customer's own link: the real one is made when the quote is
 * sent, and a preview must never make one (the link is the quote's only key).
 */
export const PREVIEW_LINK_TOKEN = 'link-made-when-sent';

/** GET /api/contact/:id/quote/preview's answer: the customer's page and the quote's mail. */
export interface QuotePreview {
  /** The customer's quote page, a whole HTML document. */
  page: string;
  mail: { subject: string; text: string; html: string };
}

/**
 * The latest version, a draft, as its customer would get it if it were sent at `now`: the quote page
 * and the mail, written by the same renderers sending uses, with the sums and valid-until date sending
 * would fix. Nothing is stored and no link is made: the link shows as {@link PREVIEW_LINK_TOKEN}.
 */
export async function previewPricedQuote(
  db: Db,
  quoteId: string,
  { publicUrl, gstRegistered, now }: { publicUrl: string; gstRegistered: boolean; now: Date },
): Promise<QuotePreview | QuoteRefusal> {
  const [request] = await db
    .select({
      id: quoteRequests.id,
      reference: quoteRequests.reference,
      serviceType: quoteRequests.serviceType,
      name: quoteRequests.name,
      email: quoteRequests.email,
      phone: quoteRequests.phone,
      address: quoteRequests.address,
    })
    .from(quoteRequests)
    .where(eq(quoteRequests.id, quoteId));
  if (!request) return 'no-request';
  const draft = await latestVersion(db, quoteId);
  if (!draft) return 'no-quote';
  if (await wasAccepted(db, quoteId)) return 'accepted';
  if (draft.status !== 'draft') return 'not-draft';

  const today = melbourneDay(now);
  const validUntil = addDays(today, QUOTE_VALID_DAYS);
  const totals = quoteTotals(draft.lines, gstRegistered, draft.discountPercent);
  const quote: CustomerQuote = {
    request,
    latestSentVersion: draft.version,
    version: {
      id: draft.id,
      version: draft.version,
      status: 'sent',
      lines: totals.lines,
      note: draft.note,
      frequency: draft.frequency,
      subtotalCents: totals.subtotalCents,
      discountPercent: totals.discountPercent,
      discountCents: totals.discountCents,
      totalCents: totals.totalCents,
      gstCents: totals.gstCents,
      sentAt: now,
      validUntil,
      mailId: null,
      viewedAt: null,
      answeredAt: null,
      acceptedName: null,
      answerText: null,
    },
  };
  const page = renderCustomerQuotePage({
    quote,
    token: PREVIEW_LINK_TOKEN,
    view: 'own',
    today,
    gstRegistered,
  });
  const mail = pricedQuoteMail({
    name: request.name,
    reference: request.reference,
    service: request.serviceType as ServiceType,
    version: draft.version,
    frequency: draft.frequency,
    totals,
    gstRegistered,
    validUntil,
    note: draft.note,
    link: quoteLink(publicUrl, PREVIEW_LINK_TOKEN),
    publicUrl,
  });
  return { page, mail };
}
