import { business, services, whyChooseUs } from '@cleanquote/content';
import { Link } from 'wouter';

/**
 * The home page: hero, services, about and contact sections. The site issue adds the team
 * cards, gallery, reviews, FAQ and newsletter between them.
 */
export function HomePage() {
  return (
    <>
      <section id="home" className="hero" aria-labelledby="home-heading">
        <div className="container">
          <h1 id="home-heading">{`Professional Cleaning Services in ${business.city}`}</h1>
          <p className="hero__lead">
            {`Insured local cleaners for homes, rentals and offices across ${business.city}. Tell us what you need and get a free, no-obligation quote.`}
          </p>
          <div className="button-row">
            <Link href="/service-form" className="button button--accent">
              Get Your FREE Quote
            </Link>
            <a href={business.phoneHref} className="button button--outline">
              {`Call ${business.phone}`}
            </a>
          </div>
        </div>
      </section>

      <section id="services" className="section section--surface" aria-labelledby="services-heading">
        <div className="container">
          <h2 id="services-heading">Our Cleaning Services</h2>
          <p className="section__lead">
            From a regular tidy-up to a bond-back end of lease clean, choose a service to start your quote.
          </p>
          <ul className="card-grid">
            {services.map((service) => (
              <li key={service.slug} className="card">
                <h3>{service.title}</h3>
                <p>{service.description}</p>
                <Link href={`/service-form?service=${encodeURIComponent(service.slug)}`}>
                  Get a free quote<span className="visually-hidden">{` for ${service.title}`}</span>
                </Link>
              </li>
            ))}
          </ul>
          <div className="button-row">
            <Link href="/service-form" className="button">
              Get Your Free Quote Now
            </Link>
            <Link href="/service-form" className="button button--outline">
              Book Your Cleaning Today
            </Link>
          </div>
        </div>
      </section>

      <section id="about" className="section" aria-labelledby="about-heading">
        <div className="container">
          <h2 id="about-heading">{`Why Choose ${business.name}`}</h2>
          <ul className="card-grid">
            {whyChooseUs.map((point) => (
              <li key={point.title} className="card">
                <h3>{point.title}</h3>
                <p>{point.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="contact" className="section section--surface" aria-labelledby="contact-heading">
        <div className="container">
          <h2 id="contact-heading">Contact Us</h2>
          <p className="section__lead">
            Questions about a clean? Call us or send an email and we'll get back to you the same day.
          </p>
          <div className="button-row">
            <a href={business.phoneHref} className="button">
              {`Call ${business.phone}`}
            </a>
            <a href={`mailto:${business.email}`} className="button button--outline">
              {`Email ${business.email}`}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
