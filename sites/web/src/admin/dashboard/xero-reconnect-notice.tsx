import '../xero/xero.css';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { fetchXeroStatus } from '../admin-api.ts';

/**
 * 'Xero: Reconnect needed' on the dashboard (issue 16, item 3) when Xero stopped accepting an
 * organisation's connection, so its weekly reports stop until someone connects it again. One small
 * request when the dashboard opens; silent when it fails — the /xero screen is where that is reported.
 */
export function XeroReconnectNotice() {
  const [names, setNames] = useState<string[]>([]);

  useEffect(() => {
    let current = true;
    fetchXeroStatus()
      .then((status) => {
        if (!current) return;
        setNames(
          status.tenants.filter((tenant) => tenant.reconnectNeeded).map((tenant) => tenant.tenantName),
        );
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);

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
