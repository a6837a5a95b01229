import { effect } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import {
  cancelHomeRedirect,
  contactRecipient,
  homeRedirectCancelled,
  THANK_YOU_REDIRECT_MS,
} from '../state/site-state.ts';
import { ContactButtons } from './email-button.tsx';

/*
 * The pieces of /thank-you: what happens next, the call / Email Us / Back to Home
 * buttons, and the return to the home page after 30 seconds. The page itself composes them.
 */

/** The three steps after a quote request (Review, Contact, Schedule). */
export const nextSteps = [
  {
    title: 'Review',
    description: 'We review the details of your property and the cleaning you need.',
  },
  {
    title: 'Contact',
    description:
      "Your detailed quote arrives by email within 24 hours. If anything is unclear, we'll give you a call.",
  },
  {
    title: 'Schedule',
    description: "Happy with the quote? Pick a time that suits you and we'll confirm your booking.",
  },
] as const;

/** Props of {@link ThankYouNextSteps}. */
export interface ThankYouNextStepsProps {
  /** Level of the section heading in the page outline (the page's h1 is 'Thank You!'). */
  headingLevel?: 2 | 3;
}

/** 'What happens next': the three numbered steps. */
export function ThankYouNextSteps({ headingLevel = 2 }: ThankYouNextStepsProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const StepHeading = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <section className="next-steps" aria-labelledby="next-steps-heading">
      <Heading id="next-steps-heading">What happens next</Heading>
      <ol className="next-steps__list">
        {nextSteps.map((step) => (
          <li key={step.title} className="next-steps__step">
            <StepHeading className="next-steps__title">{step.title}</StepHeading>
            <p>{step.description}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Call the business, 'Email Us' (the dialog to customer service) and 'Back to Home'. */
export function ThankYouActions() {
  return (
    <ContactButtons>
      <Link href="/" className="button button--outline">
        Back to Home
      </Link>
    </ContactButtons>
  );
}

/**
 * Returns to the home page `delayMs` after mount (30 000 ms). A contact dialog open at
 * that moment is never yanked away: the return waits until it closes. The visitor can stay
 * ({@link cancelHomeRedirect}).
 */
export function useRedirectToHome(delayMs: number = THANK_YOU_REDIRECT_MS): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    homeRedirectCancelled.value = false;
    let stopWatching: (() => void) | undefined;
    const timer = setTimeout(() => {
      stopWatching = effect(() => {
        if (homeRedirectCancelled.value || contactRecipient.value !== null) return;
        navigate('/');
      });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      stopWatching?.();
    };
  }, [delayMs, navigate]);
}

/** Props of {@link ThankYouRedirectNotice}. */
export interface ThankYouRedirectNoticeProps {
  delayMs?: number;
}

/** Runs {@link useRedirectToHome} and tells the visitor, with a button to stay on the page. */
export function ThankYouRedirectNotice({ delayMs = THANK_YOU_REDIRECT_MS }: ThankYouRedirectNoticeProps) {
  useSignals();
  useRedirectToHome(delayMs);
  const seconds = Math.round(delayMs / 1000);
  if (homeRedirectCancelled.value) {
    return <p className="muted redirect-notice">You can stay on this page as long as you like.</p>;
  }
  return (
    <p className="muted redirect-notice">
      {`You'll be taken back to the home page in ${seconds} seconds. `}
      <button type="button" className="link-button" data-first-tap="click" onClick={cancelHomeRedirect}>
        Stay on this page
      </button>
    </p>
  );
}
