import { business } from '@cleanquote/content';
import { Link } from 'wouter';
import { adminScreenPath, adminScreenRegistry } from '../../admin-screens.ts';
import type { AdminScreenProps } from '../admin-screen-components.ts';
import { greetingName } from '../lib/session.ts';
import { SystemStatusPanel } from './system-status-panel.tsx';
import { XeroReconnectNotice } from './xero-reconnect-notice.tsx';

/** The dashboard's cards: each admin area with a card, its link and what it is for. */
const cards = adminScreenRegistry
  .flatMap((entry) =>
    entry.card ? [{ ...entry.card, title: entry.title, href: adminScreenPath(entry.id) }] : [],
  )
  .sort((a, b) => a.position - b.position);

/** /dashboard: the greeting, the admin areas, quick actions and the live System Status. */
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
          {cards.map((area) => (
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
