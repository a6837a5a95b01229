import { useId } from 'react';
import { showToast } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import { ConfirmRemovalDialog } from '../ui/confirm-removal-dialog.tsx';
import { useDisconnectXero, type XeroTenant } from './xero-queries.ts';

/** Props of {@link OrganisationList}. */
export interface OrganisationListProps {
  tenants: readonly XeroTenant[];
  /** An organisation was disconnected: refresh the status and put focus somewhere that stays. */
  onDisconnected: () => void;
}

/** The connected organisations: each one's state, when it was last updated, and 'Disconnect'. */
export function OrganisationList({ tenants, onDisconnected }: OrganisationListProps) {
  return (
    <ul className="xero-organisations">
      {tenants.map((tenant) => (
        <Organisation key={tenant.tenantId} tenant={tenant} onDisconnected={onDisconnected} />
      ))}
    </ul>
  );
}

function connectionBadge(tenant: XeroTenant): { text: string; className: string } {
  if (tenant.reconnectNeeded) return { text: 'Reconnect needed', className: 'badge badge--warning' };
  if (tenant.connected) return { text: 'Connected', className: 'badge badge--success' };
  return { text: 'Not connected', className: 'badge' };
}

function Organisation({ tenant, onDisconnected }: { tenant: XeroTenant; onDisconnected: () => void }) {
  const nameId = useId();
  const badge = connectionBadge(tenant);
  return (
    <li className="xero-organisation" aria-labelledby={nameId}>
      <div className="xero-organisation__text">
        <div className="admin-greeting">
          <h3 id={nameId}>{tenant.tenantName}</h3>
          <span className={badge.className}>{badge.text}</span>
        </div>
        <p className="muted">
          Last updated: {tenant.lastUpdated ? formatMelbourneTime(tenant.lastUpdated) : 'not known'}
        </p>
        {tenant.reconnectNeeded ? (
          <p>
            Xero no longer accepts this connection, so its reports cannot be sent. Connect to Xero again and
            choose {tenant.tenantName}.
          </p>
        ) : null}
      </div>
      <DisconnectDialog tenant={tenant} onDisconnected={onDisconnected} />
    </li>
  );
}

/**
 * 'Disconnect' asks first: an alert dialog naming the organisation, focus on Cancel, Escape
 * cancels. Confirmed, the server removes the connection at Xero, its tokens and its schedules.
 */
function DisconnectDialog({ tenant, onDisconnected }: { tenant: XeroTenant; onDisconnected: () => void }) {
  const disconnecting = useDisconnectXero();
  return (
    <ConfirmRemovalDialog
      trigger="Disconnect"
      subject={tenant.tenantName}
      title={`Disconnect ${tenant.tenantName}?`}
      description="Its weekly reports are cancelled and this site forgets its Xero access. You can connect it again later."
      confirmLabel="Disconnect"
      busyLabel="Disconnecting..."
      confirmClassName="xero-button--danger"
      busy={disconnecting.isPending}
      remove={async () => {
        await disconnecting.mutateAsync(tenant.tenantId);
        showToast({
          title: 'Xero disconnected successfully',
          description: `${tenant.tenantName} is no longer connected, and its weekly reports are cancelled.`,
        });
      }}
      onRemoved={onDisconnected}
    />
  );
}
