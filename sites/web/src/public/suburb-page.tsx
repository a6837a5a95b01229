import { business, type Suburb, suburbWhyChoose } from '@cleanquote/content';
import { Link } from 'wouter';
import { HighlightCards } from '../ui/highlight-cards.tsx';
import { ContactButtons } from './email-button.tsx';

/** Props of {@link SuburbPage}. */
export interface SuburbPageProps {
  suburb: Suburb;
  /** Suburbs next to this one in the data set, linked from the service-area block. */
  nearby: readonly Pick<Suburb, 'slug' | 'name'>[];
}

/** /{slug}: a suburb landing page. */
export function SuburbPage({ suburb, nearby }: SuburbPageProps) {
  const quoteHref = `/service-form?suburb=${encodeURIComponent(suburb.slug)}`;
  return (
    <>
      <section className="hero" aria-labelledby="suburb-heading">
        <div className="container">
          <h1 id="suburb-heading">{`Cleaning Services in ${suburb.name}`}</h1>
          <p className="hero__lead">{suburb.intro}</p>
          <div className="button-row">
            <Link href={quoteHref} className="button button--accent">
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
                <p>{`Professional ${service.toLowerCase()} for ${suburb.name} homes and businesses.`}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="suburb-why-heading">
        <div className="container">
          <h2 id="suburb-why-heading">{`Why ${suburb.name} residents choose ${business.name}`}</h2>
          <HighlightCards items={suburbWhyChoose} threeColumns />
        </div>
      </section>

      <section id="contact" className="section section--surface" aria-labelledby="suburb-contact-heading">
        <div className="container service-area">
          <div>
            <h2 id="suburb-contact-heading">{`Servicing ${suburb.name} and Surrounding Areas`}</h2>
            <p>
              {`Our cleaners work in ${suburb.name} and across ${business.city} every week. Call us, send us an email or request a free quote online, and we'll get back to you the same day.`}
            </p>
            <ContactButtons>
              <Link href={quoteHref} className="button button--accent">
                Get a Free Quote
              </Link>
            </ContactButtons>
          </div>
          {nearby.length > 0 && (
            <nav aria-labelledby="nearby-heading">
              <h3 id="nearby-heading">Nearby areas we clean</h3>
              <ul className="nearby-list">
                {nearby.map((other) => (
                  <li key={other.slug}>
                    {/* A full page load: each suburb page is its own server-rendered document. */}
                    <a href={`/${other.slug}`}>{other.name}</a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
      </section>
    </>
  );
}
