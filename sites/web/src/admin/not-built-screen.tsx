import { type AdminScreen, adminScreenTitles } from '../routes.ts';

/** What each screen still to come will do, so staff know what to expect. */
const coming: Partial<Record<AdminScreen, string>> = {
  analytics: 'Website analytics and the daily report are being built.',
  xero: 'The Xero connection and the weekly financial reports are being built.',
};

/**
 * A screen whose own issue has not landed yet: says so plainly rather than showing controls that do
 * nothing. Each is replaced by its real screen.
 */
export function NotBuiltScreen({ screen }: { screen: AdminScreen }) {
  return (
    <>
      <div className="page-header">
        <h1>{adminScreenTitles[screen]}</h1>
      </div>
      <section className="card">
        <p>{coming[screen]}</p>
        <p>
          <a href="/dashboard">Back to the dashboard</a>
        </p>
      </section>
    </>
  );
}
