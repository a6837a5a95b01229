import './xero.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AdminScreenProps } from '../admin-screen-components.ts';
import { OrganisationList } from './organisation-list.tsx';
import { ScheduleList } from './schedule-list.tsx';
import { TestReportForm } from './test-report-form.tsx';
import { WeeklyReportsForm } from './weekly-reports-form.tsx';
import { isXeroConnectedMessage, openXeroConnect } from './xero-connect.ts';
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
  const [waiting, setWaiting] = useState(false);
  const popup = useRef<Window | null>(null);
  const organisationsHeading = useRef<HTMLHeadingElement>(null);
  const schedulesHeading = useRef<HTMLHeadingElement>(null);

  // The callback page tells its opener when organisations are stored (its own origin only): the
  // connection is read again, and focus goes to the organisations once they are in.
  useEffect(() => {
    const readAgain = () => client.invalidateQueries({ queryKey: xeroKeys.all });
    const onMessage = (event: MessageEvent) => {
      if (!isXeroConnectedMessage(event, window.location.origin)) return;
      popup.current = null;
      setWaiting(false);
      void readAgain().then(() => organisationsHeading.current?.focus());
    };
    // Back from the popup without a message (closed early, or its link to this tab was lost): look
    // again, and stop waiting once the popup is gone.
    const onFocus = () => {
      if (!popup.current) return;
      if (popup.current.closed) {
        popup.current = null;
        setWaiting(false);
      }
      void readAgain();
    };
    window.addEventListener('message', onMessage);
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('message', onMessage);
      window.removeEventListener('focus', onFocus);
    };
  }, [client]);

  // Where the organisation now says 'Reconnect needed' or was removed: the heading stays put.
  const focusOrganisations = () => organisationsHeading.current?.focus();
  const focusSchedules = () => (schedulesHeading.current ?? organisationsHeading.current)?.focus();

  const connect = () => {
    popup.current = openXeroConnect();
    setWaiting(popup.current !== null);
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
              <p>
                Xero isn't set up on this server: XERO_CLIENT_ID and XERO_CLIENT_SECRET are not set. Once the
                server has them, organisations can be connected here.
              </p>
            ) : statusQuery.data.tenants.length === 0 ? (
              <p>No Xero organisation is connected yet.</p>
            ) : (
              <OrganisationList
                tenants={statusQuery.data.tenants}
                onDisconnected={focusOrganisations}
                onQuoteSyncRefused={focusOrganisations}
              />
            )}
            {/* Also without configuration: the window then explains what the server is missing. */}
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
            <p role="status" className="xero-waiting">
              {waiting ? 'Finish connecting in the Xero window. This page updates when you are done.' : ''}
            </p>
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
