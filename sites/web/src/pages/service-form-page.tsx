import { business } from '@cleanquote/content';

/**
 * /service-form: heading and subtitle of the quote wizard. The body is a placeholder until the
 * quote-wizard package mounts here (it reads ?service= and ?suburb= itself).
 */
export function ServiceFormPage() {
  return (
    <div className="container">
      <div className="page-header">
        <h1>Get Your Cleaning Quote</h1>
        <p className="section__lead">Just a few quick questions to get you an accurate quote</p>
      </div>
      <div className="card prose">
        <p>
          Prefer to talk it through? Call us on <a href={business.phoneHref}>{business.phone}</a> for a free,
          no-obligation quote.
        </p>
      </div>
    </div>
  );
}
