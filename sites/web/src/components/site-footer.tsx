import { business } from '@cleanquote/content';
import { Link } from 'wouter';

/** Contact details, areas served and the legal links, on every page. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer__columns">
          <div>
            <h2>{business.name}</h2>
            <ul>
              <li>
                <a href={business.phoneHref}>{`Call ${business.phone}`}</a>
              </li>
              <li>
                <a href={`mailto:${business.email}`}>{business.email}</a>
              </li>
            </ul>
          </div>
          <div>
            <h2>Areas Served</h2>
            <p>{`${business.areasServed.join(', ')}, and surrounding areas.`}</p>
          </div>
          <nav aria-label="Footer">
            <h2>Company</h2>
            <ul>
              <li>
                <Link href="/team">Our Team</Link>
              </li>
              <li>
                <Link href="/terms">Terms &amp; Conditions</Link>
              </li>
              <li>
                <Link href="/privacy">Privacy Policy</Link>
              </li>
            </ul>
          </nav>
        </div>
        <p className="site-footer__legal">{`© ${business.name} · ABN ${business.abn}`}</p>
      </div>
    </footer>
  );
}
