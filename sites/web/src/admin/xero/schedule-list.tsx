import { useId } from 'react';
import { showToast } from '../../state/site-state.ts';
import { formatMelbourneTime } from '../../ui/melbourne-time.ts';
import { reportNames, scheduleTiming } from './xero-labels.ts';
import { useCancelSchedule, type XeroScheduleItem } from './xero-queries.ts';

/** Props of {@link ScheduleList}. */
export interface ScheduleListProps {
  schedules: readonly XeroScheduleItem[];
  onCancelled: (scheduleId: string) => void;
}

/** The weekly report schedules: organisation, when, to whom, which reports, the next run, and 'Cancel'. */
export function ScheduleList({ schedules, onCancelled }: ScheduleListProps) {
  if (schedules.length === 0) return <p>No weekly reports are scheduled yet.</p>;
  return (
    <ul className="xero-schedules">
      {schedules.map((schedule) => (
        <Schedule key={schedule.id} schedule={schedule} onCancelled={onCancelled} />
      ))}
    </ul>
  );
}

function Schedule({
  schedule,
  onCancelled,
}: {
  schedule: XeroScheduleItem;
  onCancelled: (id: string) => void;
}) {
  const headingId = useId();
  const cancelling = useCancelSchedule();
  const busy = cancelling.isPending;
  const timing = scheduleTiming(schedule);

  const cancel = async () => {
    if (busy) return;
    try {
      // Awaited rather than a callback of mutate: the schedule is gone from the list (and this item
      // unmounted) by the time it settles.
      const cancelled = await cancelling.mutateAsync(schedule.id);
      showToast({ title: cancelled.message, description: `${schedule.tenantName}: ${timing}.` });
      onCancelled(schedule.id);
    } catch {
      // The one error handler has shown the toast.
    }
  };

  return (
    <li className="xero-schedule" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {schedule.tenantName}: {timing}
      </h3>
      <dl className="status-list">
        <div>
          <dt>Recipients:</dt> <dd>{schedule.emailRecipients.join(', ')}</dd>
        </div>
        <div>
          <dt>Reports:</dt> <dd>{reportNames(schedule.reportTypes)}</dd>
        </div>
        <div>
          <dt>Next run:</dt>{' '}
          <dd>{schedule.nextRunAt ? formatMelbourneTime(schedule.nextRunAt) : 'not planned'}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="button button--outline"
        aria-disabled={busy || undefined}
        onClick={() => void cancel()}
      >
        {busy ? 'Cancelling...' : 'Cancel weekly reports'}
        <span className="visually-hidden">
          {' '}
          for {schedule.tenantName}, {timing}
        </span>
      </button>
    </li>
  );
}
