import { useSearch } from 'wouter';
import { ThankYouActions, ThankYouNextSteps, ThankYouRedirectNotice } from './thank-you-next-steps.tsx';

/** The references the API hands out ('CQ-7KX4M2QH'); anything else in the URL is not shown. */
const QUOTE_REFERENCE = /^CQ-[A-Z0-9]{4,16}$/;

/**
 * /thank-you: shown after the server acknowledged a quote request, with the reference it gave.
 * Opened directly, without one, it still shows its page, and returns home after 30 s.
 */
export function ThankYouPage() {
  const reference = new URLSearchParams(useSearch()).get('reference')?.trim().toUpperCase() ?? '';
  return (
    <div className="container">
      <div className="page-header">
        <h1>Thank You!</h1>
        <p className="section__lead">Your quote request has been submitted successfully</p>
      </div>
      <div className="prose">
        {QUOTE_REFERENCE.test(reference) ? (
          <p>
            Your quote reference is <strong data-testid="quote-reference">{reference}</strong>. Please quote
            it if you call us.
          </p>
        ) : null}
        <p>We'll review your details and email you a detailed quote within 24 hours.</p>
        <ThankYouNextSteps />
        <ThankYouActions />
        <ThankYouRedirectNotice />
      </div>
    </div>
  );
}
