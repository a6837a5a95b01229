import { business, team } from '@cleanquote/content';
import { Link } from 'wouter';

/** /team: the staff cards. The site issue adds values, 'Why Choose' and the email dialog. */
export function TeamPage() {
  return (
    <div className="container">
      <div className="page-header">
        <h1>Meet the Team</h1>
        <p className="section__lead">The people who look after your home, your quote and your booking.</p>
      </div>
      <ul className="card-grid card-grid--three">
        {team.map((member) => (
          <li key={member.id} className="card">
            <h2>{member.name}</h2>
            <p>
              <strong>{member.role}</strong>
            </p>
            <p>{member.bio}</p>
            <a href={`tel:${member.phone.replaceAll(' ', '')}`}>{`Call ${member.phone}`}</a>
          </li>
        ))}
      </ul>
      <div className="button-row section">
        <Link href="/service-form" className="button">
          Get Your Free Quote
        </Link>
        <a href={business.phoneHref} className="button button--outline">
          {`Call ${business.phone}`}
        </a>
      </div>
    </div>
  );
}
