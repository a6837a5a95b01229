/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { business, findSuburb, suburbSlug } from '@cleanquote/content';
import type { ServiceType } from '@cleanquote/quote-core';
import { discountAmountText, discountLineLabel, formatAud, perVisitText } from '@cleanquote/quote-core/staff';
import type { Child } from 'hono/jsx';
import { HtmlDocument, Lines, renderPage } from '../lib/html-page.tsx';
import { suburbOf } from '../mail/quote-reply.ts';
import { BOOKING_STYLES, BookingSection, type BookingState } from '../schedule/booking-section.tsx';
import type { RecleanState } from '../schedule/problem-reports.ts';
import { RecleanSection } from '../schedule/reclean-section.tsx';
import { type CustomerQuote, type QuoteStanding, standingOf } from './customer-quote.ts';
import { ANSWER_FIELDS, type AnswerField, type AnswerFormState } from './customer-quote-form.ts';
import { formatMelbourneDate, formatQuoteDay } from './quote-dates.ts';
import { QUOTE_PAGE_PATH } from './quote-link.ts';
import { quoteTerms } from './quote-terms.ts';
import { storedTotals } from './stored-totals.ts';

/** What the customer's quote page is rendered from. */
export interface CustomerQuotePage {
  /** The version shown, its request, and the request's latest sent version. */
  quote: CustomerQuote;
  /** The token in the page's address; the forms post under it. */
  token: string;
  /**
   * 'own': the token's own version (/quote/:token). 'latest': the request's latest version shown to
   * the holder of an earlier version's link (/quote/:token/latest), answered there too: any link the
   * business mailed the customer proves the same thing, and 'See the latest quote' must lead to a
   * quote they can accept.
   */
  view: 'own' | 'latest';
  /** Melbourne's date ('2026-12-25'): whether the quote is still valid. */
  today: string;
  gstRegistered: boolean;
  /** A form sent back with problems: its messages and what was typed. */
  form?: AnswerFormState | undefined;
  /** An accepted quote's booking: the times offered, or the visit booked. */
  booking?: BookingState | undefined;
  /** After a clean is done: the re-clean guarantee (report a problem, the free re-clean). */
  reclean?: RecleanState | undefined;
}

/** The wizard's address for a new quote like this one: the service, and the suburb when it is a known one. */
export function newQuoteLink(quote: CustomerQuote): string {
  const query = new URLSearchParams({ service: quote.request.serviceType });
  const suburb = suburbOf(quote.request.address);
  const known = suburb === undefined ? undefined : findSuburb(suburbSlug(suburb));
  if (known) query.set('suburb', known.slug);
  return `/service-form?${query.toString()}`;
}

/** The customer's own link: where answers redirect and the 'latest' link points from. */
export function customerQuotePath(token: string, tail = ''): string {
  return `${QUOTE_PAGE_PATH}/${token}${tail}`;
}

function Notice({ kind, heading, children }: { kind: string; heading: string; children?: Child }) {
  return (
    <section class={`notice notice-${kind}`} aria-labelledby="standing-heading">
      <Lines>
        <h2 id="standing-heading">{heading}</h2>
        {children}
      </Lines>
    </section>
  );
}

/** The notice at the top of the page: where the quote stands, when that is not simply 'open'. */
function StandingNotice({ page, standing }: { page: CustomerQuotePage; standing: QuoteStanding }) {
  const { version } = page.quote;
  const answeredOn = version.answeredAt ? formatMelbourneDate(version.answeredAt) : '';
  switch (standing) {
    case 'open':
      return null;
    case 'superseded':
      return (
        <Notice kind="updated" heading="This quote was updated">
          <p>We have sent you a newer version of this quote; this one can no longer be accepted.</p>
          <p>
            <a href={customerQuotePath(page.token, '/latest')}>See the latest quote</a>
          </p>
        </Notice>
      );
    case 'accepted':
      return (
        <Notice kind="accepted" heading={`You accepted this quote on ${answeredOn}`}>
          <p>
            {`Thank you${version.acceptedName ? `, ${version.acceptedName}` : ''}.`}
            {page.booking ? null : ' We will contact you to book a time that suits you.'}
          </p>
        </Notice>
      );
    case 'changes-requested':
      return (
        <Notice kind="changes" heading={`You asked for changes on ${answeredOn}`}>
          <p>We will look at your message and send you an updated quote.</p>
          {version.answerText ? (
            <p class="quoted-text">
              <span class="label">Your message:</span> {version.answerText}
            </p>
          ) : null}
        </Notice>
      );
    case 'declined':
      return (
        <Notice kind="declined" heading={`You declined this quote on ${answeredOn}`}>
          <p>Thank you for letting us know. If anything changes, we are happy to quote again.</p>
        </Notice>
      );
    case 'expired':
      return (
        <Notice
          kind="expired"
          heading={`This quote expired on ${version.validUntil ? formatQuoteDay(version.validUntil) : ''}`}
        >
          <p>Prices and availability may have changed since we wrote it.</p>
          <p>
            <a href={newQuoteLink(page.quote)}>Request a new quote</a>
          </p>
        </Notice>
      );
  }
}

/**
 * The lines, the total and the GST in it, as a table; a recurring quote shows its subtotal, the
 * discount taken off ('Weekly discount (15%)', '−$25.50') and its total per visit.
 */
function PriceTable({ page }: { page: CustomerQuotePage }) {
  const { version } = page.quote;
  // The stored sums are what was sent; the lines above add up to them.
  const totals = storedTotals(version);
  const { frequency } = version;
  const totalLabel = page.gstRegistered ? 'Total (incl. GST)' : 'Total';
  // On a narrow screen the quantity and unit price columns give way to a line under each
  // description, and the spacer under them goes too, so the sums stay under the line totals.
  return (
    <table class="lines">
      <Lines>
        <thead>
          <Lines>
            <tr>
              <Lines>
                <th scope="col">Description</th>
                <th scope="col" class="number quantity">
                  Qty
                </th>
                <th scope="col" class="number unit-price">
                  Unit price
                </th>
                <th scope="col" class="number">
                  Line total
                </th>
              </Lines>
            </tr>
          </Lines>
        </thead>
        <tbody>
          <Lines>
            {totals.lines.map((line) => (
              <tr>
                <Lines>
                  <td>
                    {line.description}
                    <span class="line-detail">{` ${line.quantity} × ${formatAud(line.unitPriceCents)}`}</span>
                  </td>
                  <td class="number quantity">{line.quantity}</td>
                  <td class="number unit-price">{formatAud(line.unitPriceCents)}</td>
                  <td class="number">{formatAud(line.lineTotalCents)}</td>
                </Lines>
              </tr>
            ))}
          </Lines>
        </tbody>
        <tfoot>
          <Lines>
            {frequency !== 'once' && (
              <tr class="subtotal">
                <Lines>
                  <td class="spacer" colspan={2}></td>
                  <th scope="row">Subtotal</th>
                  <td class="number">{formatAud(totals.subtotalCents)}</td>
                </Lines>
              </tr>
            )}
            {frequency !== 'once' && (
              <tr class="discount">
                <Lines>
                  <td class="spacer" colspan={2}></td>
                  <th scope="row">{discountLineLabel(frequency, totals.discountPercent)}</th>
                  <td class="number">{discountAmountText(totals.discountCents)}</td>
                </Lines>
              </tr>
            )}
            <tr class="total">
              <Lines>
                <td class="spacer" colspan={2}></td>
                <th scope="row">{totalLabel}</th>
                <td class="number">
                  {formatAud(totals.totalCents)}
                  {frequency !== 'once' && <span class="per-visit">{` ${perVisitText(frequency)}`}</span>}
                </td>
              </Lines>
            </tr>
            {page.gstRegistered && (
              <tr class="gst">
                <Lines>
                  <td class="spacer" colspan={2}></td>
                  <th scope="row">GST included</th>
                  <td class="number">{formatAud(totals.gstCents)}</td>
                </Lines>
              </tr>
            )}
          </Lines>
        </tfoot>
      </Lines>
    </table>
  );
}

/** The error summary: every problem, each a link to its field. */
function ErrorSummary({ form }: { form: AnswerFormState | undefined }) {
  if (!form || form.problems.length === 0) return null;
  // autofocus: without script, this is how the summary gets the focus when the page comes back.
  return (
    <div class="error-summary" role="alert" aria-labelledby="error-summary-heading" tabindex={-1} autofocus>
      <Lines>
        <h2 id="error-summary-heading">There is a problem</h2>
        <ul>
          <Lines>
            {form.problems.map((problem) => (
              <li>
                <a href={`#${ANSWER_FIELDS[problem.field].id}`}>{problem.message}</a>
              </li>
            ))}
          </Lines>
        </ul>
      </Lines>
    </div>
  );
}

/** A field's message, its id for aria-describedby, and whether it is invalid. */
function fieldState(form: AnswerFormState | undefined, field: AnswerField) {
  const id = ANSWER_FIELDS[field].id;
  const message = form?.problems.find((problem) => problem.field === field)?.message;
  const owner = form?.form === ANSWER_FIELDS[field].form;
  const errorId = `${id}-error`;
  return {
    id,
    value: owner ? (form?.values[field] ?? '') : '',
    error:
      message === undefined ? null : (
        <p class="error-message" id={errorId}>
          <span class="visually-hidden">Error: </span>
          {message}
        </p>
      ),
    /** The control's aria-describedby and aria-invalid, after its hint when it has one. */
    aria: (hint: string | undefined) => {
      const ids = [hint, message === undefined ? undefined : errorId].filter(Boolean);
      return {
        'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
        'aria-invalid': message === undefined ? undefined : ('true' as const),
      };
    },
    fieldClass: message === undefined ? 'field' : 'field field-error',
  };
}

/** The three answers: accept (full name + the terms ticked), ask for changes, decline. */
function AnswerForms({ page }: { page: CustomerQuotePage }) {
  const { form } = page;
  const action = (name: string) =>
    customerQuotePath(page.token, page.view === 'latest' ? `/latest/${name}` : `/${name}`);
  const name = fieldState(form, 'name');
  const accept = fieldState(form, 'accept');
  const acceptTicked = form?.form === 'accept' && form.values.accept === 'yes';
  const message = fieldState(form, 'message');
  const reason = fieldState(form, 'reason');
  return (
    <section class="answers" aria-labelledby="answers-heading">
      <Lines>
        <h2 id="answers-heading">Your answer</h2>
        <section class="answer" aria-labelledby="accept-heading">
          <Lines>
            <h3 id="accept-heading">Accept the quote</h3>
            <form method="post" action={action('accept')} novalidate>
              <Lines>
                <div class={name.fieldClass}>
                  <Lines>
                    <label for={name.id}>Your full name</label>
                    <p class="hint" id={`${name.id}-hint`}>
                      The name of the person accepting the quote.
                    </p>
                    {name.error}
                    <input
                      type="text"
                      id={name.id}
                      name="name"
                      autocomplete="name"
                      spellcheck={false}
                      required
                      value={name.value}
                      {...name.aria(`${name.id}-hint`)}
                    />
                  </Lines>
                </div>
                <div class={`${accept.fieldClass} checkbox`}>
                  <Lines>
                    {accept.error}
                    <div class="checkbox-row">
                      <Lines>
                        <input
                          type="checkbox"
                          id={accept.id}
                          name="accept"
                          value="yes"
                          required
                          checked={acceptTicked}
                          {...accept.aria(undefined)}
                        />
                        <label for={accept.id}>I accept the quote and the terms</label>
                      </Lines>
                    </div>
                  </Lines>
                </div>
                <button type="submit" class="button button-primary">
                  Accept Quote
                </button>
              </Lines>
            </form>
          </Lines>
        </section>
        <section class="answer" aria-labelledby="changes-heading">
          <Lines>
            <h3 id="changes-heading">Ask for changes</h3>
            <form method="post" action={action('changes')} novalidate>
              <Lines>
                <div class={message.fieldClass}>
                  <Lines>
                    <label for={message.id}>What would you like changed?</label>
                    <p class="hint" id={`${message.id}-hint`}>
                      Up to 2,000 characters. We will send you an updated quote.
                    </p>
                    {message.error}
                    <textarea
                      id={message.id}
                      name="message"
                      rows={5}
                      required
                      {...message.aria(`${message.id}-hint`)}
                    >
                      {message.value}
                    </textarea>
                  </Lines>
                </div>
                <button type="submit" class="button">
                  Request Changes
                </button>
              </Lines>
            </form>
          </Lines>
        </section>
        <section class="answer" aria-labelledby="decline-heading">
          <Lines>
            <h3 id="decline-heading">Decline the quote</h3>
            <form method="post" action={action('decline')} novalidate>
              <Lines>
                <div class={reason.fieldClass}>
                  <Lines>
                    <label for={reason.id}>Reason (optional)</label>
                    <p class="hint" id={`${reason.id}-hint`}>
                      It helps us to know why, but you don’t have to say.
                    </p>
                    {reason.error}
                    <textarea id={reason.id} name="reason" rows={3} {...reason.aria(`${reason.id}-hint`)}>
                      {reason.value}
                    </textarea>
                  </Lines>
                </div>
                <button type="submit" class="button">
                  Decline
                </button>
              </Lines>
            </form>
          </Lines>
        </section>
      </Lines>
    </section>
  );
}

const STYLES = `
  :root { color-scheme: light; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a2433; background: #f4f7fb; }
  a { color: #0b5cad; }
  a:focus-visible, button:focus-visible, input:focus-visible, textarea:focus-visible, .error-summary:focus {
    outline: 3px solid #1f6feb; outline-offset: 2px; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
    clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
  .business { background: #0b3d6b; color: #fff; padding: 1rem; }
  .business-inner, main, .site-footer-inner { max-width: 46rem; margin: 0 auto; }
  .business-inner, .site-footer-inner { padding: 0 1rem; }
  .business-name { font-size: 1.25rem; font-weight: 700; margin: 0; }
  .business-contact { margin: 0.25rem 0 0; padding: 0; list-style: none; display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; }
  .business a { color: #fff; }
  main { padding: 1rem; }
  .sheet { background: #fff; border-radius: 0.75rem; box-shadow: 0 1px 4px rgb(0 0 0 / 0.12); padding: 1rem; margin-bottom: 1rem; }
  h1 { font-size: 1.6rem; line-height: 1.25; margin: 0 0 0.25rem; }
  h2 { font-size: 1.25rem; line-height: 1.3; margin: 1.5rem 0 0.5rem; }
  h3 { font-size: 1.1rem; margin: 1.25rem 0 0.5rem; }
  .sheet > :first-child, .notice > :first-child, .answer > :first-child { margin-top: 0; }
  .meta { margin: 0; color: #3d4a5c; }
  .customer { margin: 0; }
  table.lines { width: 100%; border-collapse: collapse; font-size: 0.95rem; }
  table.lines th, table.lines td { padding: 0.5rem 0.35rem; text-align: left; vertical-align: top; border-bottom: 1px solid #d5dde8; }
  table.lines th:first-child, table.lines td:first-child { padding-left: 0; overflow-wrap: break-word; }
  table.lines .line-detail { display: none; }
  table.lines th:last-child, table.lines td:last-child { padding-right: 0; }
  table.lines .number { text-align: right; white-space: nowrap; }
  table.lines thead th { font-size: 0.85rem; color: #3d4a5c; }
  table.lines tfoot th { text-align: right; }
  table.lines .total th, table.lines .total td { font-weight: 700; font-size: 1.05rem; border-bottom: 2px solid #1a2433; }
  table.lines .spacer { border-bottom: 0; }
  table.lines .gst th, table.lines .gst td { font-weight: 400; color: #3d4a5c; border-bottom: 0; }
  table.lines .per-visit { display: block; font-size: 0.9rem; font-weight: 400; color: #3d4a5c; white-space: normal; }
  .terms { padding-left: 1.25rem; }
  .terms li + li { margin-top: 0.5rem; }
  .valid { font-weight: 700; margin: 1rem 0 0; }
  .note { white-space: pre-line; margin: 0; }
  .quoted-text { white-space: pre-line; }
  .label { font-weight: 700; }
  .notice { border-left: 0.4rem solid #0b5cad; background: #eaf2fb; padding: 0.75rem 1rem; margin: 1rem 0; border-radius: 0.25rem; }
  .notice-accepted { border-color: #1d7a3a; background: #e8f5ec; }
  .notice-expired, .notice-declined { border-color: #5b6b80; background: #eef1f5; }
  .notice h2 { font-size: 1.15rem; margin: 0 0 0.25rem; }
  .notice p { margin: 0.25rem 0 0; }
  .error-summary { border: 0.25rem solid #a1141b; padding: 0.75rem 1rem; margin: 1rem 0; background: #fff; }
  .error-summary h2 { margin: 0 0 0.5rem; font-size: 1.15rem; }
  .error-summary ul { margin: 0; padding-left: 1.25rem; }
  .error-summary a { color: #a1141b; font-weight: 700; }
  .answer { border-top: 1px solid #d5dde8; padding-top: 0.25rem; margin-top: 1.5rem; }
  .field { margin: 0.75rem 0; }
  .field-error { border-left: 0.25rem solid #a1141b; padding-left: 0.75rem; }
  label { display: block; font-weight: 600; }
  .checkbox-row { display: flex; align-items: flex-start; gap: 0.6rem; }
  .checkbox-row label { font-weight: 400; padding-top: 0.1rem; }
  input[type="checkbox"] { width: 1.5rem; height: 1.5rem; margin: 0; flex: none; accent-color: #0b5cad; }
  .hint { margin: 0.15rem 0 0.35rem; color: #3d4a5c; font-size: 0.95rem; }
  .error-message { margin: 0.15rem 0 0.35rem; color: #a1141b; font-weight: 700; }
  input[type="text"], textarea { display: block; width: 100%; padding: 0.6rem; font: inherit; color: inherit;
    border: 2px solid #5b6b80; border-radius: 0.4rem; background: #fff; }
  [aria-invalid="true"] { border-color: #a1141b; }
  textarea { resize: vertical; }
  .button { display: inline-block; min-height: 2.75rem; margin-top: 0.25rem; padding: 0.6rem 1.25rem; font: inherit; font-weight: 600;
    color: #0b3d6b; background: #fff; border: 2px solid #0b3d6b; border-radius: 0.4rem; cursor: pointer; }
  .button-primary { color: #fff; background: #1d6b35; border-color: #1d6b35; }
  .site-footer { padding: 1rem; color: #3d4a5c; font-size: 0.9rem; }
  .site-footer p { margin: 0; }
  @media (max-width: 30rem) {
    main { padding: 0.5rem; }
    .business-inner, .site-footer-inner { padding: 0 0.5rem; }
    .button { width: 100%; }
    h1 { font-size: 1.4rem; }
    table.lines .quantity, table.lines .unit-price, table.lines .spacer { display: none; }
    table.lines .line-detail { display: block; color: #3d4a5c; font-size: 0.9rem; }
    table.lines tfoot th { text-align: left; padding-left: 0; }
  }
  @page { size: A4; margin: 15mm; }
  @media print {
    body { background: #fff; color: #000; font-size: 11pt; }
    .business { background: none; color: #000; padding: 0 0 0.5rem; border-bottom: 1px solid #000; }
    .business-inner, .site-footer-inner { max-width: none; padding: 0; }
    .business a, a { color: #000; text-decoration: none; }
    main { padding: 0; max-width: none; }
    .sheet { box-shadow: none; border-radius: 0; padding: 0; margin: 0 0 1rem; }
    .answers, .error-summary, form, .notice a { display: none; }
    table.lines { break-inside: auto; }
    table.lines tr { break-inside: avoid; }
    .site-footer { padding: 0.5rem 0 0; }
  }
`;

/**
 * The customer's page for one priced quote: the business, who it is for, the lines and the total
 * (with the GST it includes when the business is registered), the valid-until date, the note, the
 * terms that apply, and — while it can be answered — three forms: accept, ask for changes, decline.
 * Otherwise a notice says where it stands. No script at all; readable at 360 px, printable on A4
 * (the forms are left off the printout).
 */
export function CustomerQuoteDocument(page: CustomerQuotePage) {
  const { quote, today } = page;
  const { version, request } = quote;
  const standing = standingOf(quote, today);
  const hasErrors =
    (page.form?.problems.length ?? 0) > 0 ||
    Boolean(page.booking?.message) ||
    (page.reclean?.kind === 'report' && Boolean(page.reclean.problem)) ||
    (page.reclean?.kind === 'choose' && Boolean(page.reclean.message));
  const title = `${hasErrors ? 'Error: ' : ''}Quote ${request.reference} – ${business.name}`;
  const meta: Child[] = [
    <>
      Reference <strong>{request.reference}</strong>
    </>,
    version.version > 1 ? `Version ${version.version}` : '',
    version.sentAt ? `Sent ${formatMelbourneDate(version.sentAt)}` : '',
  ].filter((part) => part !== '');
  return (
    <HtmlDocument title={title} styles={page.booking ? STYLES + BOOKING_STYLES : STYLES} noReferrer>
      <header class="business">
        <Lines>
          <div class="business-inner">
            <Lines>
              <p class="business-name">{business.name}</p>
              <ul class="business-contact">
                <Lines>
                  <li>
                    Phone <a href={business.phoneHref}>{business.phone}</a>
                  </li>
                  <li>
                    Email <a href={`mailto:${business.email}`}>{business.email}</a>
                  </li>
                  <li>ABN {business.abn}</li>
                </Lines>
              </ul>
            </Lines>
          </div>
        </Lines>
      </header>
      <main id="main">
        <Lines>
          <div class="sheet">
            <Lines>
              <h1>Your quote</h1>
              <p class="meta">{meta.map((part, index) => (index === 0 ? part : [' · ', part]))}</p>
              <ErrorSummary form={page.form} />
              <StandingNotice page={page} standing={standing} />
              <section aria-labelledby="customer-heading">
                <Lines>
                  <h2 id="customer-heading">Prepared for</h2>
                  <p class="customer">
                    {request.name}
                    <br />
                    {request.address}
                  </p>
                </Lines>
              </section>
              <section aria-labelledby="price-heading">
                <Lines>
                  <h2 id="price-heading">Price</h2>
                  <PriceTable page={page} />
                  {version.validUntil && (
                    <p class="valid">Valid until {formatQuoteDay(version.validUntil)}</p>
                  )}
                  {version.note.trim() && <h3>A note from us</h3>}
                  {version.note.trim() && <p class="note">{version.note}</p>}
                </Lines>
              </section>
              <section aria-labelledby="terms-heading">
                <Lines>
                  <h2 id="terms-heading">Terms</h2>
                  <ul class="terms">
                    <Lines>
                      {quoteTerms(request.serviceType as ServiceType).map((term) => (
                        <li>{term}</li>
                      ))}
                    </Lines>
                  </ul>
                  <p>
                    <a href="/terms">Read our full Terms &amp; Conditions</a>
                  </p>
                </Lines>
              </section>
              {standing === 'open' && <AnswerForms page={page} />}
              {standing === 'accepted' && page.booking && <BookingSection state={page.booking} />}
              {standing === 'accepted' && page.booking && page.reclean && (
                <RecleanSection state={page.reclean} />
              )}
            </Lines>
          </div>
        </Lines>
      </main>
      <footer class="site-footer">
        <Lines>
          <div class="site-footer-inner">
            <Lines>
              <p>{`${business.name} · ABN ${business.abn} · ${business.phone} · ${business.email}`}</p>
            </Lines>
          </div>
        </Lines>
      </footer>
    </HtmlDocument>
  );
}

/** The customer's quote page as the route sends it (and Storybook shows it). */
export function renderCustomerQuotePage(page: CustomerQuotePage): string {
  return renderPage(<CustomerQuoteDocument {...page} />);
}
