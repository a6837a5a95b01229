import { useId } from 'react';
import { showToast } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { OrganisationQuoteSync, type QuoteSyncChoice, useQuoteSyncChoice } from './quote-sync-settings.tsx';
import { useDisconnectXero, type XeroTenant } from './xero-queries.ts';

/** Props of {@link OrganisationList}. */
export interface OrganisationListProps {
  tenants: readonly XeroTenant[];
  /** An organisation was disconnected: refresh the status and put focus somewhere that stays. */
  onDisconnected: () => void;
  /**
   * Xero refused an organisation for quotes and invoices (no write access, or gone): its checkbox
   * goes, so focus goes somewhere that stays.
   */
  onQuoteSyncRefused: () => void;
}

/**
 * The connected organisations: each one's state, when it was last updated, whether quotes and
 * invoices go to it (and how their lines are coded), and 'Disconnect'.
 */
export function OrganisationList({ tenants, onDisconnected, onQuoteSyncRefused }: OrganisationListProps) {
  const choice = useQuoteSyncChoice(onQuoteSyncRefused);
  return (
    <>
      {choice.failed ? (
        <div role="alert" className="xero-sync__failed">
          <p>Failed to fetch where quotes and invoices go</p>
          <button type="button" className="button button--outline" onClick={choice.retry}>
            Try again
          </button>
        </div>
      ) : null}
      <ul className="xero-organisations">
        {tenants.map((tenant) => (
          <Organisation
            key={tenant.tenantId}
            tenant={tenant}
            choice={choice}
            onDisconnected={onDisconnected}
          />
        ))}
      </ul>
    </>
  );
}

function connectionBadge(tenant: XeroTenant): { text: string; className: string } {
  if (tenant.reconnectNeeded) return { text: 'Reconnect needed', className: 'badge badge--warning' };
  if (tenant.connected) return { text: 'Connected', className: 'badge badge--success' };
  return { text: 'Not connected', className: 'badge' };
}

function Organisation({
  tenant,
  choice,
  onDisconnected,
}: {
  tenant: XeroTenant;
  choice: QuoteSyncChoice;
  onDisconnected: () => void;
}) {
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
        <OrganisationQuoteSync tenant={tenant} nameId={nameId} choice={choice} />
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
    <ConfirmDialog
      trigger="Disconnect"
      subject={tenant.tenantName}
      title={`Disconnect ${tenant.tenantName}?`}
      description="Its weekly reports are cancelled and this site forgets its Xero access. You can connect it again later."
      confirmLabel="Disconnect"
      busyLabel="Disconnecting..."
      confirmClassName="xero-button--danger"
      busy={disconnecting.isPending}
      action={async () => {
        await disconnecting.mutateAsync(tenant.tenantId);
        showToast({
          title: 'Xero disconnected successfully',
          description: `${tenant.tenantName} is no longer connected, and its weekly reports are cancelled.`,
        });
      }}
      focusAfter={onDisconnected}
    />
  );
}
