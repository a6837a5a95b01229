import { business, services } from '@cleanquote/content';
import { Link } from 'wouter';
import { sectionHref } from './site-header.tsx';

/** Props of {@link SiteFooter}. */
export interface SiteFooterProps {
  /** True on the home page: the service links then scroll to its services section. */
  onHomePage: boolean;
}

/** Contact details, the services, areas served and the legal links, on every page. */
export function SiteFooter({ onHomePage }: SiteFooterProps) {
  const servicesHref = sectionHref('services', onHomePage);
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer__columns">
          <div>
            <h2>{business.name}</h2>
            <p>Professional, insured cleaners for Melbourne homes, rentals and offices.</p>
            <ul>
              <li>
                <a href={business.phoneHref}>{`Call ${business.phone}`}</a>
              </li>
              <li>
                <a href={`mailto:${business.email}`}>{business.email}</a>
              </li>
            </ul>
          </div>
          <nav aria-label="Our services">
            <h2>Our Services</h2>
            <ul>
              {services.map((service) => (
                <li key={service.slug}>
                  <a href={servicesHref}>{service.title}</a>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2>Areas Served</h2>
            <p>{`${business.areasServed.join(', ')}, and surrounding areas.`}</p>
          </div>
          <nav aria-label="Company">
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
