import { business } from '@cleanquote/content';
import { Link } from 'wouter';
import type { AdminScreenProps } from '../admin-app.tsx';
import { greetingName } from '../lib/session.ts';
import { SystemStatusPanel } from './system-status-panel.tsx';
import { XeroReconnectNotice } from './xero-reconnect-notice.tsx';

/** The dashboard's cards (spec §2): each admin area, its link and what it is for. */
const areas = [
  { href: '/admin', title: 'Quote Requests', description: 'Customer inquiries and quotes.' },
  { href: '/analytics', title: 'Website Analytics', description: 'Website traffic and business metrics.' },
  {
    href: '/xero',
    title: 'Xero Integration',
    description: 'Accounting integration and automated reporting.',
  },
  { href: '/email-test', title: 'Email Test', description: 'System email test, and the mail log.' },
  { href: '/client-email-test', title: 'Client Email Test', description: 'Client email test.' },
  { href: '/locations', title: 'Location Management', description: 'All location URLs for local marketing.' },
  {
    href: '/partners',
    title: 'Partner Sites',
    description: 'Sites that embed the quote wizard, and their embed code.',
  },
] as const;

/** /dashboard (spec §2): the greeting, the admin areas, quick actions and the live System Status. */
export function DashboardScreen({ user }: AdminScreenProps) {
  return (
    <>
      <div className="page-header admin-greeting">
        <h1>Welcome, {greetingName(user)}</h1>
        <span className="badge badge--success">Authenticated</span>
      </div>
      <XeroReconnectNotice />
      <section aria-labelledby="admin-areas-heading">
        <h2 id="admin-areas-heading" className="visually-hidden">
          Admin areas
        </h2>
        <ul className="card-grid card-grid--three admin-areas">
          {areas.map((area) => (
            <li key={area.href} className="card admin-area">
              <h3>
                <Link href={area.href}>{area.title}</Link>
              </h3>
              <p>{area.description}</p>
            </li>
          ))}
        </ul>
      </section>
      <div className="admin-columns">
        <section className="card" aria-labelledby="quick-actions-heading">
          <h2 id="quick-actions-heading">Quick Actions</h2>
          <ul className="admin-actions">
            <li>
              <a className="button button--outline" href="/">
                View Public Site
              </a>
            </li>
            <li>
              <a className="button button--outline" href={`mailto:${business.customerServiceEmail}`}>
                Email Support
              </a>
            </li>
          </ul>
        </section>
        <SystemStatusPanel />
      </div>
    </>
  );
}
