import { useSignals } from '@preact/signals-react/runtime';
import type { FormEvent } from 'react';
import { newsletterStatus, subscribeToNewsletter } from '../state/site-state.ts';

function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}

/**
 * Newsletter sign-up: the form while idle, disabled with 'Subscribing...' while
 * the request runs, and a thank-you panel in its place once subscribed. A failure returns to the
 * form with what was typed.
 */
export function NewsletterSection() {
  useSignals();
  const status = newsletterStatus.value;
  const submitting = status === 'submitting';

  function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = new FormData(event.currentTarget).get('email');
    void subscribeToNewsletter(typeof email === 'string' ? email : '');
  }

  return (
    <section id="newsletter" className="section section--primary" aria-labelledby="newsletter-heading">
      <div className="container newsletter">
        <h2 id="newsletter-heading">Stay Up to Date</h2>
        {status === 'subscribed' ? (
          // Focus moves here, as the form it replaces (and its focused button) is gone.
          <div className="newsletter__thanks" tabIndex={-1} ref={focusOnMount}>
            <p className="newsletter__thanks-title">Thank you for subscribing!</p>
            <p>Please check your inbox and confirm your subscription to start receiving our newsletter.</p>
          </div>
        ) : (
          <>
            <p>Cleaning tips, seasonal checklists and special offers, about once a month.</p>
            {/* noValidate: an empty or '@'-less address gets the 'Invalid Email' toast, not the browser's own bubble.
                data-first-tap: sent before the app has hydrated, it is held (never a plain form
                submission, which would lose the address) and sent as JSON once it has. */}
            <form className="newsletter__form" onSubmit={subscribe} noValidate data-first-tap="submit">
              <label htmlFor="newsletter-email" className="visually-hidden">
                Email address
              </label>
              <input
                id="newsletter-email"
                name="email"
                type="email"
                autoComplete="email"
                placeholder="Enter your email"
                disabled={submitting}
              />
              <button type="submit" className="button button--accent" disabled={submitting}>
                {submitting ? 'Subscribing...' : 'Subscribe'}
              </button>
            </form>
            <p className="newsletter__note">Unsubscribe at any time with one click.</p>
          </>
        )}
      </div>
    </section>
  );
}
