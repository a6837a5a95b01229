import { AlertDialog } from 'radix-ui';
import { useId, useRef, useState } from 'react';
import { showToast } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
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
 * 'Disconnect' asks first (spec §4): an alert dialog naming the organisation, focus on Cancel, Escape
 * cancels. Confirmed, the server removes the connection at Xero, its tokens and its schedules.
 */
function DisconnectDialog({ tenant, onDisconnected }: { tenant: XeroTenant; onDisconnected: () => void }) {
  const [open, setOpen] = useState(false);
  const disconnecting = useDisconnectXero();
  const busy = disconnecting.isPending;
  // While disconnecting, the organisation (and this dialog) may go away: the screen places focus.
  const leaving = useRef(false);

  const confirm = async () => {
    if (busy) return;
    leaving.current = true;
    try {
      // Awaited rather than a callback of mutate: the organisation is gone from the list (and this
      // dialog unmounted) once the status is read again.
      await disconnecting.mutateAsync(tenant.tenantId);
      showToast({
        title: 'Xero disconnected successfully',
        description: `${tenant.tenantName} is no longer connected, and its weekly reports are cancelled.`,
      });
      setOpen(false);
    } catch {
      // The one error handler has shown the toast.
      leaving.current = false;
      setOpen(false);
    }
  };

  // While the disconnect is under way the dialog stays: Escape does nothing until it answers.
  const holdWhileBusy = (event: Event) => {
    if (busy) event.preventDefault();
  };

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
      }}
    >
      <AlertDialog.Trigger asChild>
        <button type="button" className="button button--outline">
          Disconnect<span className="visually-hidden"> {tenant.tenantName}</span>
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content
          className="dialog"
          onEscapeKeyDown={holdWhileBusy}
          onCloseAutoFocus={(event) => {
            // The button that opened it goes with the organisation: once the dialog has let go of
            // focus, the screen places it.
            if (!leaving.current) return;
            event.preventDefault();
            onDisconnected();
          }}
        >
          <AlertDialog.Title className="dialog__title">Disconnect {tenant.tenantName}?</AlertDialog.Title>
          <AlertDialog.Description className="dialog__description">
            Its weekly reports are cancelled and this site forgets its Xero access. You can connect it again
            later.
          </AlertDialog.Description>
          <div className="dialog__actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button button--outline" aria-disabled={busy || undefined}>
                Cancel
              </button>
            </AlertDialog.Cancel>
            <button
              type="button"
              className="button xero-button--danger"
              aria-disabled={busy || undefined}
              onClick={() => void confirm()}
            >
              {busy ? 'Disconnecting...' : 'Disconnect'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
