import { business } from '@cleanquote/content';
import { Link } from 'wouter';

/** /thank-you: shown after the server acknowledged a quote request. */
export function ThankYouPage() {
  return (
    <div className="container">
      <div className="page-header">
        <h1>Thank You!</h1>
        <p className="section__lead">Your quote request has been submitted successfully</p>
      </div>
      <div className="prose">
        <p>We'll review your details and email you a detailed quote within 24 hours.</p>
        <div className="button-row">
          <a href={business.phoneHref} className="button">
            {`Call ${business.phone}`}
          </a>
          <Link href="/" className="button button--outline">
            Back to Home
          </Link>
        </div>
      </div>
    </div>
  );
}
