import './xero.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AdminScreenProps } from '../admin-screen-components.ts';
import { OrganisationList } from './organisation-list.tsx';
import { ScheduleList } from './schedule-list.tsx';
import { TestReportForm } from './test-report-form.tsx';
import { WeeklyReportsForm } from './weekly-reports-form.tsx';
import { isXeroConnectedMessage, openXeroConnect, xeroConnectFailure } from './xero-connect.ts';
import { xeroKeys, xeroSchedulesQuery, xeroStatusQuery } from './xero-queries.ts';

/**
 * /xero: connect Xero in a popup, the connected organisations with
 * 'Disconnect', a test report, and weekly report schedules.
 */
export function XeroScreen({ user }: AdminScreenProps) {
  const client = useQueryClient();
  const statusQuery = useQuery(xeroStatusQuery);
  const status = statusQuery.data;
  const hasOrganisations = Boolean(status?.configured && status.tenants.length > 0);
  const schedules = useQuery({ ...xeroSchedulesQuery, enabled: hasOrganisations });
  const [connecting, setConnecting] = useState<Connecting>({ state: 'idle' });
  // Read by the popup watch, which outlives the render that started it.
  const connectingNow = useRef<Connecting['state']>('idle');
  const popup = useRef<Window | null>(null);
  const organisationsHeading = useRef<HTMLHeadingElement>(null);
  const schedulesHeading = useRef<HTMLHeadingElement>(null);

  const show = (next: Connecting) => {
    connectingNow.current = next.state;
    setConnecting(next);
  };

  // The popup's pages tell their opener (this origin only) when organisations are stored, or why
  // connecting failed: the connection is read again, and focus goes to the organisations once in.
  useEffect(() => {
    const readAgain = () => client.invalidateQueries({ queryKey: xeroKeys.all });
    const onMessage = (event: MessageEvent) => {
      const failure = xeroConnectFailure(event, window.location.origin);
      if (failure !== null) {
        popup.current = null;
        show({ state: 'failed', reason: failure || 'Xero did not finish connecting.' });
        return;
      }
      if (!isXeroConnectedMessage(event, window.location.origin)) return;
      popup.current = null;
      show({ state: 'idle' });
      void readAgain().then(() => organisationsHeading.current?.focus());
    };
    // The popup closed without either message (closed early, or its link to this tab was lost):
    // read again, which also lets a message already on its way arrive first, then say so.
    const watch = window.setInterval(() => {
      if (!popup.current?.closed) return;
      popup.current = null;
      void readAgain().then(() => {
        if (connectingNow.current !== 'waiting') return;
        show({ state: 'failed', reason: 'The Xero window was closed before connecting finished.' });
      });
    }, 500);
    window.addEventListener('message', onMessage);
    return () => {
      window.clearInterval(watch);
      window.removeEventListener('message', onMessage);
    };
  }, [client]);

  // Where the organisation now says 'Reconnect needed' or was removed: the heading stays put.
  const focusOrganisations = () => organisationsHeading.current?.focus();
  const focusSchedules = () => (schedulesHeading.current ?? organisationsHeading.current)?.focus();

  const connect = () => {
    popup.current = openXeroConnect();
    show(popup.current ? { state: 'waiting' } : { state: 'idle' });
  };

  // Reports can be asked of organisations whose connection still works.
  const reportable = status?.tenants.filter((tenant) => tenant.connected && !tenant.reconnectNeeded) ?? [];

  return (
    <>
      <div className="page-header">
        <h1>Xero Integration</h1>
      </div>
      <p className="muted">
        Connect the business's Xero organisations to have their financial reports emailed every week.
      </p>
      {statusQuery.isPending ? (
        <p role="status">Loading the Xero connection…</p>
      ) : statusQuery.isError ? (
        <section className="card" role="alert">
          <p>Failed to fetch Xero status</p>
          {statusQuery.error.message ? <p className="muted">{statusQuery.error.message}</p> : null}
          <button type="button" className="button button--outline" onClick={() => void statusQuery.refetch()}>
            Try again
          </button>
        </section>
      ) : (
        <>
          <section className="card xero-section" aria-labelledby="xero-organisations-heading">
            <h2 id="xero-organisations-heading" ref={organisationsHeading} tabIndex={-1}>
              Organisations
            </h2>
            {!statusQuery.data.configured ? (
              <NotSetUp />
            ) : (
              <>
                {statusQuery.data.tenants.length === 0 ? (
                  <p>No Xero organisation is connected yet.</p>
                ) : (
                  <OrganisationList
                    tenants={statusQuery.data.tenants}
                    onDisconnected={focusOrganisations}
                    onQuoteSyncRefused={focusOrganisations}
                  />
                )}
                {connecting.state === 'failed' ? (
                  <div className="xero-connect" role="alert">
                    <p>Xero was not connected. {connecting.reason}</p>
                    <button type="button" className="button" onClick={connect}>
                      Try again
                    </button>
                  </div>
                ) : (
                  <div className="xero-connect">
                    <button type="button" className="button" onClick={connect}>
                      Connect to Xero
                    </button>
                    <p className="muted">
                      {statusQuery.data.tenants.length === 0
                        ? 'Xero opens in a new window and asks which organisations to share.'
                        : 'To add an organisation, or connect one again, Xero opens in a new window.'}
                    </p>
                  </div>
                )}
                <p role="status" className="xero-waiting">
                  {connecting.state === 'waiting'
                    ? 'Finish connecting in the Xero window. This page updates when you are done.'
                    : ''}
                </p>
              </>
            )}
          </section>
          {/* Shown before any organisation is connected too: pressed then, they say what is missing. */}

          <TestReportForm tenants={reportable} onReconnectNeeded={focusOrganisations} />
          <WeeklyReportsForm tenants={reportable} adminEmail={user.email} />

          {hasOrganisations ? (
            <section className="card xero-section" aria-labelledby="xero-schedules-heading">
              <h2 id="xero-schedules-heading" ref={schedulesHeading} tabIndex={-1}>
                Scheduled weekly reports
              </h2>
              {schedules.isPending ? (
                <p role="status">Loading the schedules…</p>
              ) : schedules.isError ? (
                <div role="alert">
                  <p>Failed to fetch weekly reports</p>
                  <button
                    type="button"
                    className="button button--outline"
                    onClick={() => void schedules.refetch()}
                  >
                    Try again
                  </button>
                </div>
              ) : (
                <ScheduleList schedules={schedules.data} onCancelled={focusSchedules} />
              )}
            </section>
          ) : null}
        </>
      )}
    </>
  );
}

/** Connecting in the popup: not started, waiting for it, or why it did not connect. */
type Connecting = { state: 'idle' } | { state: 'waiting' } | { state: 'failed'; reason: string };

/**
 * Xero needs the server's own settings, which staff cannot give here: who can, and (for them) what
 * to set, without a button that could only fail.
 */
function NotSetUp() {
  return (
    <>
      <p>
        Xero isn't set up for this business yet. Your developer needs to set it up on the server; then
        organisations can be connected here.
      </p>
      <details className="xero-developer-details">
        <summary>Details for your developer</summary>
        <p>
          Set XERO_CLIENT_ID and XERO_CLIENT_SECRET (from the app in Xero's developer portal) and SECRETS_KEY
          (the stored Xero tokens are encrypted with it), then restart the server. Xero sends people back to
          XERO_REDIRECT_URI, by default PUBLIC_URL followed by /xero/callback, which the app in Xero must list
          as a redirect URI.
        </p>
      </details>
    </>
  );
}
