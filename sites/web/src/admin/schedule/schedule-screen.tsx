import { ScheduleSettingsSection } from './schedule-settings-form.tsx';
import { ScheduleWeek } from './schedule-week.tsx';

/**
 * /schedule: the week's visits by day and team, then the working time and teams every time offered
 * to customers follows. The visits name customers, so the week asks for the quote dashboard's
 * password when it is locked; the settings hold no customer data and stay open to signed-in staff.
 */
export function ScheduleScreen() {
  return (
    <>
      <div className="page-header">
        <h1>Schedule</h1>
      </div>
      <ScheduleWeek />
      <ScheduleSettingsSection />
    </>
  );
}
