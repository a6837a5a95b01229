import { business, type Suburb, suburbWhyChoose } from '@cleanquote/content';
import { Link } from 'wouter';

/** Props of {@link SuburbPage}. */
export interface SuburbPageProps {
  suburb: Suburb;
}

/** /{slug}: a suburb landing page (spec §2). */
export function SuburbPage({ suburb }: SuburbPageProps) {
  return (
    <>
      <section className="hero" aria-labelledby="suburb-heading">
        <div className="container">
          <h1 id="suburb-heading">{`Cleaning Services in ${suburb.name}`}</h1>
          <p className="hero__lead">{suburb.intro}</p>
          <div className="button-row">
            <Link
              href={`/service-form?suburb=${encodeURIComponent(suburb.slug)}`}
              className="button button--accent"
            >
              Book Now - Free Quote
            </Link>
            <a href={business.phoneHref} className="button button--outline">
              {`Call ${business.phone}`}
            </a>
          </div>
        </div>
      </section>

      <section className="section section--surface" aria-labelledby="suburb-services-heading">
        <div className="container">
          <h2 id="suburb-services-heading">{`Our Services in ${suburb.name}`}</h2>
          <ul className="card-grid">
            {suburb.services.map((service) => (
              <li key={service} className="card">
                <h3>{service}</h3>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="suburb-why-heading">
        <div className="container">
          <h2 id="suburb-why-heading">{`Why ${suburb.name} residents choose ${business.name}`}</h2>
          <ul className="card-grid card-grid--three">
            {suburbWhyChoose.map((point) => (
              <li key={point.title} className="card">
                <h3>{point.title}</h3>
                <p>{point.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
