import './xero.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  AdminApiError,
  fetchXeroSchedules,
  fetchXeroStatus,
  type XeroSchedule,
  type XeroStatus,
} from '../admin-api.ts';
import { reportAdminError } from '../admin-errors.ts';
import type { AdminScreenProps } from '../admin-screen-components.ts';
import { OrganisationList } from './organisation-list.tsx';
import { ScheduleList } from './schedule-list.tsx';
import { TestReportForm } from './test-report-form.tsx';
import { WeeklyReportsForm } from './weekly-reports-form.tsx';
import { isXeroConnectedMessage, openXeroConnect } from './xero-connect.ts';

type StatusLoad =
  | { state: 'loading' }
  | { state: 'loaded'; status: XeroStatus }
  | { state: 'failed'; message: string };

type SchedulesLoad =
  | { state: 'loading' }
  | { state: 'loaded'; schedules: XeroSchedule[] }
  | { state: 'failed' };

/** Which heading takes focus once the status is in, after the control that had it went away. */
type FocusAfterLoad = 'organisations' | 'schedules' | null;

/**
 * /xero (spec §2, §4, §5, §8; issue 16): connect Xero in a popup, the connected organisations with
 * 'Disconnect', a test report, and weekly report schedules.
 */
export function XeroScreen({ user }: AdminScreenProps) {
  const [load, setLoad] = useState<StatusLoad>({ state: 'loading' });
  const [schedules, setSchedules] = useState<SchedulesLoad>({ state: 'loading' });
  const [waiting, setWaiting] = useState(false);
  const popup = useRef<Window | null>(null);
  const organisationsHeading = useRef<HTMLHeadingElement>(null);
  const schedulesHeading = useRef<HTMLHeadingElement>(null);
  const focusAfterLoad = useRef<FocusAfterLoad>(null);

  const loadSchedules = useCallback(async () => {
    try {
      setSchedules({ state: 'loaded', schedules: await fetchXeroSchedules() });
    } catch (error) {
      // The section says so itself; only an ended session goes further.
      if (error instanceof AdminApiError && error.status === 401) reportAdminError(error, '', '');
      else setSchedules({ state: 'failed' });
    }
  }, []);

  // Only the answer to the latest request is shown: an earlier, slower one is dropped.
  const latest = useRef(0);
  const refresh = useCallback(async () => {
    const asked = ++latest.current;
    try {
      const status = await fetchXeroStatus();
      if (asked !== latest.current) return;
      setLoad({ state: 'loaded', status });
      if (status.configured && status.tenants.length > 0) await loadSchedules();
      else setSchedules({ state: 'loaded', schedules: [] });
    } catch (error) {
      if (asked !== latest.current) return;
      if (error instanceof AdminApiError && error.status === 401) {
        reportAdminError(error, '', '');
        return;
      }
      setLoad({ state: 'failed', message: error instanceof Error ? error.message : '' });
    }
  }, [loadSchedules]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // The callback page tells its opener when organisations are stored (its own origin only).
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!isXeroConnectedMessage(event, window.location.origin)) return;
      popup.current = null;
      setWaiting(false);
      focusAfterLoad.current = 'organisations';
      void refresh();
    };
    // Back from the popup without a message (closed early, or its link to this tab was lost): look
    // again, and stop waiting once the popup is gone.
    const onFocus = () => {
      if (!popup.current) return;
      if (popup.current.closed) {
        popup.current = null;
        setWaiting(false);
      }
      void refresh();
    };
    window.addEventListener('message', onMessage);
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('message', onMessage);
      window.removeEventListener('focus', onFocus);
    };
  }, [refresh]);

  // Focus moves only after the content it lands in is there.
  useEffect(() => {
    if (load.state !== 'loaded' || schedules.state === 'loading') return;
    const target = focusAfterLoad.current;
    focusAfterLoad.current = null;
    if (target === 'organisations') organisationsHeading.current?.focus();
    else if (target === 'schedules') (schedulesHeading.current ?? organisationsHeading.current)?.focus();
  }, [load, schedules]);

  const connect = () => {
    popup.current = openXeroConnect();
    setWaiting(popup.current !== null);
  };

  const status = load.state === 'loaded' ? load.status : null;
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
      {load.state === 'loading' ? (
        <p role="status">Loading the Xero connection…</p>
      ) : load.state === 'failed' ? (
        <section className="card" role="alert">
          <p>Failed to fetch Xero status</p>
          {load.message ? <p className="muted">{load.message}</p> : null}
          <button type="button" className="button button--outline" onClick={() => void refresh()}>
            Try again
          </button>
        </section>
      ) : (
        <>
          <section className="card xero-section" aria-labelledby="xero-organisations-heading">
            <h2 id="xero-organisations-heading" ref={organisationsHeading} tabIndex={-1}>
              Organisations
            </h2>
            {!load.status.configured ? (
              <p>
                Xero isn't set up on this server: XERO_CLIENT_ID and XERO_CLIENT_SECRET are not set. Once the
                server has them, organisations can be connected here.
              </p>
            ) : load.status.tenants.length === 0 ? (
              <p>No Xero organisation is connected yet.</p>
            ) : (
              <OrganisationList
                tenants={load.status.tenants}
                onDisconnected={() => {
                  focusAfterLoad.current = 'organisations';
                  void refresh();
                }}
              />
            )}
            {/* Also without configuration: the window then explains what the server is missing. */}
            <div className="xero-connect">
              <button type="button" className="button" onClick={connect}>
                Connect to Xero
              </button>
              <p className="muted">
                {load.status.tenants.length === 0
                  ? 'Xero opens in a new window and asks which organisations to share.'
                  : 'To add an organisation, or connect one again, Xero opens in a new window.'}
              </p>
            </div>
            <p role="status" className="xero-waiting">
              {waiting ? 'Finish connecting in the Xero window. This page updates when you are done.' : ''}
            </p>
          </section>
          {/* Shown before any organisation is connected too: pressed then, they say what is missing. */}

          <TestReportForm
            tenants={reportable}
            onReconnectNeeded={() => {
              // Where the organisation now says 'Reconnect needed', next to Connect to Xero.
              focusAfterLoad.current = 'organisations';
              void refresh();
            }}
          />
          <WeeklyReportsForm
            tenants={reportable}
            adminEmail={user.email}
            onScheduled={() => void loadSchedules()}
          />

          {load.status.configured && load.status.tenants.length > 0 ? (
            <section className="card xero-section" aria-labelledby="xero-schedules-heading">
              <h2 id="xero-schedules-heading" ref={schedulesHeading} tabIndex={-1}>
                Scheduled weekly reports
              </h2>
              {schedules.state === 'loading' ? (
                <p role="status">Loading the schedules…</p>
              ) : schedules.state === 'failed' ? (
                <div role="alert">
                  <p>Failed to fetch weekly reports</p>
                  <button
                    type="button"
                    className="button button--outline"
                    onClick={() => void loadSchedules()}
                  >
                    Try again
                  </button>
                </div>
              ) : (
                <ScheduleList
                  schedules={schedules.schedules}
                  onCancelled={() => {
                    focusAfterLoad.current = 'schedules';
                    void loadSchedules();
                  }}
                />
              )}
            </section>
          ) : null}
        </>
      )}
    </>
  );
}
