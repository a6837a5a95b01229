import { business } from '@cleanquote/content';
import { QuoteWizard } from '@cleanquote/quote-wizard';
import '@cleanquote/quote-wizard/style.css';
import { useLocation, useSearch } from 'wouter';

/**
 * /service-form: the quote wizard as the page's main content, so its heading is the page's one h1.
 * `?service=` and `?suburb=` pre-fill it (spec §4); the server render reads them from the request URL.
 * The visitor goes to /thank-you only once the server acknowledged the quote with its reference.
 */
export function ServiceFormPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(search);
  return (
    <div className="container section">
      <QuoteWizard
        headingLevel={1}
        service={query.get('service')}
        suburb={query.get('suburb')}
        onSubmitted={({ reference }) => navigate(`/thank-you?reference=${encodeURIComponent(reference)}`)}
      />
      <p className="muted" style={{ textAlign: 'center' }}>
        Prefer to talk it through? Call us on <a href={business.phoneHref}>{business.phone}</a> for a free,
        no-obligation quote.
      </p>
    </div>
  );
}
