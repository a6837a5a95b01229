import { business, faq, galleryItems, services, team, whyChooseUs } from '@cleanquote/content';
import { Link } from 'wouter';
import { HighlightCards } from '../ui/highlight-cards.tsx';
import { ComparisonSlider } from './comparison-slider.tsx';
import { ContactButtons } from './email-button.tsx';
import { FaqAccordion } from './faq-accordion.tsx';
import { NewsletterSection } from './newsletter-section.tsx';
import { ReviewsSection } from './reviews-section.tsx';
import { TeamCard } from './team-card.tsx';

/**
 * The home page, its sections in this order: hero, team, services, why choose us
 * (about), before/after gallery, reviews, FAQ with the contact block, newsletter.
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
          <ul className="hero__points">
            <li>Free, no-obligation quotes</li>
            <li>Same day service available</li>
            <li>100% satisfaction guarantee</li>
          </ul>
        </div>
      </section>

      <section id="team" className="section" aria-labelledby="team-heading">
        <div className="container">
          <h2 id="team-heading">Meet Our Team</h2>
          <p className="section__lead">
            Talk to the people who run your clean: call them directly or send them an email.
          </p>
          <ul className="card-grid card-grid--two">
            {team.map((member) => (
              <TeamCard key={member.id} member={member} headingLevel={3} />
            ))}
          </ul>
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
              <li key={service.slug} className="card service-card">
                <h3>{service.title}</h3>
                <p>{service.description}</p>
                <Link href={`/service-form?service=${encodeURIComponent(service.slug)}`}>
                  Get a free quote<span className="visually-hidden">{` for ${service.title}`}</span>
                </Link>
              </li>
            ))}
          </ul>
          <div className="button-row button-row--centred">
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
          <p className="section__lead">
            A local team that turns up on time, brings everything it needs and stands behind every clean.
          </p>
          <HighlightCards items={whyChooseUs} />
        </div>
      </section>

      <section id="gallery" className="section section--surface" aria-labelledby="gallery-heading">
        <div className="container">
          <h2 id="gallery-heading">Before &amp; After</h2>
          <p className="section__lead">See the difference a professional clean makes.</p>
          <ul className="gallery">
            {galleryItems.map((item) => (
              <li key={item.id} className="gallery__item">
                <ComparisonSlider item={item} />
                <h3>{item.title}</h3>
                <p>{item.description}</p>
                <p className="gallery__hint">Drag the slider to see the transformation</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <ReviewsSection />

      <section id="faq" className="section section--surface" aria-labelledby="faq-heading">
        <div className="container">
          <h2 id="faq-heading">Frequently Asked Questions</h2>
          <p className="section__lead">Everything you need to know before booking your clean.</p>
          <FaqAccordion entries={faq} />
          <div id="contact" className="contact-block">
            <h3 id="contact-heading">Still have questions?</h3>
            <p>Our customer service team is happy to help. Call us or send us an email.</p>
            <ContactButtons centred />
          </div>
        </div>
      </section>

      <NewsletterSection />
    </>
  );
}
