import { business, team, teamValues, teamWhyChoose } from '@cleanquote/content';
import { Link } from 'wouter';
import { HighlightCards } from '../ui/highlight-cards.tsx';
import { ContactButtons } from './email-button.tsx';
import { TeamCard } from './team-card.tsx';

/** /team: the staff cards, Our Values, Why Choose and a call/email call to action. */
export function TeamPage() {
  return (
    <>
      <div className="container">
        <div className="page-header">
          <h1>Meet the Team</h1>
          <p className="section__lead">
            The people who look after your home, your quote and your booking. Call or email them directly.
          </p>
        </div>
        <ul className="card-grid card-grid--two team-grid">
          {team.map((member, index) => (
            <TeamCard
              key={member.id}
              member={member}
              headingLevel={2}
              showBio
              imageLoading={index === 0 ? 'eager' : 'lazy'}
            />
          ))}
        </ul>
      </div>

      <section className="section" aria-labelledby="values-heading">
        <div className="container">
          <h2 id="values-heading">Our Values</h2>
          <HighlightCards items={teamValues} threeColumns />
        </div>
      </section>

      <section className="section section--surface" aria-labelledby="why-heading">
        <div className="container">
          <h2 id="why-heading">{`Why Choose ${business.name}`}</h2>
          <HighlightCards items={teamWhyChoose} threeColumns />
        </div>
      </section>

      <section className="section" aria-labelledby="team-cta-heading">
        <div className="container cta">
          <h2 id="team-cta-heading">Ready to book your clean?</h2>
          <p className="section__lead">
            Call us for a chat, send our customer service team an email, or get a free quote online in a
            couple of minutes.
          </p>
          <ContactButtons centred>
            <Link href="/service-form" className="button button--accent">
              Get Your Free Quote
            </Link>
          </ContactButtons>
        </div>
      </section>
    </>
  );
}
