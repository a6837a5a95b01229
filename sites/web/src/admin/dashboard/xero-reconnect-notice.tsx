import './xero-reconnect-notice.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { type XeroStatus, xeroStatusQuery } from './system-status-queries.ts';

/** The organisations whose connection Xero stopped accepting. */
const needingReconnect = (status: XeroStatus) =>
  status.tenants.filter((tenant) => tenant.reconnectNeeded).map((tenant) => tenant.tenantName);

/**
 * 'Xero: Reconnect needed' on the dashboard when Xero stopped accepting an
 * organisation's connection, so its weekly reports stop until someone connects it again. Silent when
 * the status cannot be read — the /xero screen is where that is reported.
 */
export function XeroReconnectNotice() {
  const { data: names = [] } = useQuery({ ...xeroStatusQuery, select: needingReconnect });

  if (names.length === 0) return null;
  return (
    <section className="card xero-reconnect-notice" aria-labelledby="xero-reconnect-heading">
      <h2 id="xero-reconnect-heading">
        <Link href="/xero">Xero: Reconnect needed</Link>
      </h2>
      <p>
        Xero no longer accepts the connection to {names.join(', ')}, so {names.length === 1 ? 'its' : 'their'}{' '}
        weekly reports cannot be sent. Connect to Xero again on the Xero screen.
      </p>
    </section>
  );
}
