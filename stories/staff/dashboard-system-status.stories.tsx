import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import {
  allWell,
  dailyReportSent,
  statusAnswer,
  statusWith,
  xeroAnswer,
  xeroConnected,
} from './dashboard-fixtures.ts';
import { freshStaffPage, signedIn, staffScreenParameters } from './staff-story-support.tsx';

/**
 * The dashboard's System Status, which the owner reads each morning: whether mail goes out, whether
 * leads wait past the 24-hour reply, whether the daily report went and the backups are recent — and
 * the Xero notice when its weekly reports have stopped. Each state as the server measures it.
 */
const meta = {
  title: 'Staff/Dashboard/System status',
  component: AdminApp,
  decorators: [freshStaffPage],
  args: { screen: 'dashboard' },
  parameters: staffScreenParameters,
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The answers the dashboard asks for: who is signed in, the System Status and the Xero connection. */
function dashboardAnswers(status = allWell, xero = xeroConnected) {
  return { msw: { handlers: [signedIn, statusAnswer(status), xeroAnswer(xero)] } };
}

/** The System Status panel once it has measured. */
async function statusPanel(canvasElement: HTMLElement) {
  const page = within(canvasElement);
  const panel = (await page.findByRole('heading', { name: 'System Status' })).closest('section');
  if (!panel) throw new Error('The System Status heading is outside its panel.');
  // The counts show once the server answered.
  await within(panel).findByText('Email Service:');
  return panel;
}

/** One line of the panel ('Email Service:'): its label and value. */
function statusLine(panel: HTMLElement, label: string) {
  const term = within(panel).getByText(label, { selector: 'dt' });
  const line = term.parentElement;
  if (!line) throw new Error(`The line ${label} has no value.`);
  return within(line);
}

/** Everything answers: the owner sees Active, Connected and this morning's report and backup. */
export const AllWell: Story = {
  parameters: dashboardAnswers(),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('heading', { name: 'Welcome, Kate' })).toBeVisible();
    const panel = await statusPanel(canvasElement);
    await expect(statusLine(panel, 'Authentication:').getByText('Active')).toBeVisible();
    await expect(statusLine(panel, 'Database:').getByText('Connected')).toBeVisible();
    await expect(statusLine(panel, 'Database:').getByText('(1.4 ms)')).toBeVisible();
    await expect(statusLine(panel, 'Email Service:').getByText('Active')).toBeVisible();
    await expect(
      statusLine(panel, 'Email Service:').getByText('Last sent 17/03/2026 at 12:42 PM'),
    ).toBeVisible();
    await expect(statusLine(panel, 'Mail waiting to send:').getByRole('link', { name: '0' })).toBeVisible();
    await expect(statusLine(panel, 'Dead letters:').getByRole('link', { name: '0' })).toBeVisible();
    await expect(statusLine(panel, 'New quote requests:').getByRole('link', { name: '3' })).toHaveAttribute(
      'href',
      '/admin',
    );
    await expect(
      statusLine(panel, 'Daily report:').getByText('Sent 17/03/2026 at 9:00 AM (report for 16/03/2026)'),
    ).toBeVisible();
    await expect(statusLine(panel, 'Daily report:').getByText('Next 18/03/2026 at 9:00 AM')).toBeVisible();
    await expect(statusLine(panel, 'Backups:').getByText('last 17/03/2026 at 1:00 PM')).toBeVisible();
    await expect(statusLine(panel, 'Past the 24-hour reply:').getByText('0')).toBeVisible();
    await expect(page.queryByText('Xero: Reconnect needed')).toBeNull();
    // Nothing failed in Xero, so the panel has no Xero line at all.
    await expect(within(panel).queryByText('Xero sync failed:')).toBeNull();
  },
};

/** The server has not answered yet: the panel says it is checking. */
export const Checking: Story = {
  parameters: {
    msw: {
      handlers: [
        signedIn,
        xeroAnswer(),
        http.get('/api/admin/status', async () => {
          await delay('infinite');
          return HttpResponse.json(allWell);
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByText('Checking…')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh status' })).toBeVisible();
  },
};

/** No SMTP server is configured: mail is kept in the outbox, so staff know nobody receives it. */
export const CapturingMail: Story = {
  parameters: dashboardAnswers(
    statusWith({ mail: { mode: 'capture', queued: 0, dead: 0, lastSentAt: null, lastError: null } }),
  ),
  play: async ({ canvasElement }) => {
    const panel = await statusPanel(canvasElement);
    const line = statusLine(panel, 'Email Service:');
    await expect(line.getByText('Capturing (no SMTP configured)')).toHaveClass('status-value--warning');
    await expect(line.queryByText(/^Last sent/)).toBeNull();
  },
};

/** The SMTP server refuses mail: staff see Failing and why, and know leads are not answered by mail. */
export const SmtpFailing: Story = {
  parameters: dashboardAnswers(
    statusWith({
      mail: {
        mode: 'smtp',
        queued: 4,
        dead: 0,
        lastSentAt: '2026-03-16T23:10:00.000Z',
        lastError: '535 5.7.8 Authentication credentials invalid',
      },
    }),
  ),
  play: async ({ canvasElement }) => {
    const panel = await statusPanel(canvasElement);
    const line = statusLine(panel, 'Email Service:');
    await expect(line.getByText('Failing')).toHaveClass('status-value--failing');
    await expect(line.getByText('535 5.7.8 Authentication credentials invalid')).toBeVisible();
    await expect(line.getByText('Last sent 17/03/2026 at 10:10 AM')).toBeVisible();
    await expect(statusLine(panel, 'Mail waiting to send:').getByRole('link', { name: '4' })).toBeVisible();
  },
};

/** Mail that gave up after its retries: the count links to the dead letters in the mail log. */
export const DeadLetters: Story = {
  parameters: dashboardAnswers(
    statusWith({
      mail: {
        mode: 'smtp',
        queued: 0,
        dead: 3,
        lastSentAt: '2026-03-17T01:42:00.000Z',
        lastError: null,
      },
    }),
  ),
  play: async ({ canvasElement }) => {
    const panel = await statusPanel(canvasElement);
    await expect(statusLine(panel, 'Dead letters:').getByRole('link', { name: '3' })).toHaveAttribute(
      'href',
      '/email-test?status=dead#mail-log',
    );
  },
};

/** Mail piles up waiting to be sent: the count links to the queued mail in the mail log. */
export const MailBacklog: Story = {
  parameters: dashboardAnswers(
    statusWith({
      mail: {
        mode: 'smtp',
        queued: 27,
        dead: 0,
        lastSentAt: '2026-03-16T21:55:00.000Z',
        lastError: null,
      },
    }),
  ),
  play: async ({ canvasElement }) => {
    const panel = await statusPanel(canvasElement);
    await expect(
      statusLine(panel, 'Mail waiting to send:').getByRole('link', { name: '27' }),
    ).toHaveAttribute('href', '/email-test?status=queued#mail-log');
  },
};

/** Leads past the 24-hour reply promise: the count turns red so someone calls them today. */
export const RepliesOverdue: Story = {
  parameters: dashboardAnswers(statusWith({ quotes: { new: 5, overdue: 2 } })),
  play: async ({ canvasElement }) => {
    const panel = await statusPanel(canvasElement);
    await expect(statusLine(panel, 'New quote requests:').getByRole('link', { name: '5' })).toBeVisible();
    await expect(statusLine(panel, 'Past the 24-hour reply:').getByText('2')).toHaveClass(
      'status-value--failing',
    );
  },
};

/** Priced quotes sent and not yet answered: the count links to the inbox's 'Awaiting customer' filter. */
export const QuotesAwaitingAnswer: Story = {
  parameters: dashboardAnswers(statusWith({ quotesAwaitingAnswer: 6 })),
  play: async ({ canvasElement }) => {
    const panel = await statusPanel(canvasElement);
    await expect(
      statusLine(panel, 'Quotes awaiting an answer:').getByRole('link', { name: '6' }),
    ).toHaveAttribute('href', '/admin?awaiting=customer');
  },
};

/** This morning's report could not be sent: the owner sees which day's report and the reason. */
export const DailyReportFailed: Story = {
  parameters: dashboardAnswers(
    statusWith({
      dailyReport: {
        ...dailyReportSent,
        lastRun: {
          period: '2026-03-16',
          status: 'failed',
          startedAt: '2026-03-17T09:00:00+11:00',
          finishedAt: '2026-03-17T09:00:31+11:00',
          error: '550 5.1.1 <address>: Recipient address rejected',
        },
      },
    }),
  ),
  play: async ({ canvasElement }) => {
    const panel = await statusPanel(canvasElement);
    const line = statusLine(panel, 'Daily report:');
    await expect(line.getByText('Failed (report for 16/03/2026)')).toHaveClass('status-value--failing');
    await expect(line.getByText('550 5.1.1 <address>: Recipient address rejected')).toBeVisible();
  },
};

/** Nobody is set to receive the daily report, so its runs are skipped until ADMIN_EMAIL is set. */
export const DailyReportNoRecipient: Story = {
  parameters: dashboardAnswers(statusWith({ dailyReport: { ...dailyReportSent, recipients: 0 } })),
  play: async ({ canvasElement }) => {
    const panel = await statusPanel(canvasElement);
    await expect(statusLine(panel, 'Daily report:').getByText('no recipient (set ADMIN_EMAIL)')).toHaveClass(
      'status-value--warning',
    );
  },
};

/** A new install: the first daily report has not gone yet; the panel says when it will. */
export const DailyReportNotSentYet: Story = {
  parameters: dashboardAnswers(statusWith({ dailyReport: { ...dailyReportSent, lastRun: null } })),
  play: async ({ canvasElement }) => {
    const panel = await statusPanel(canvasElement);
    const line = statusLine(panel, 'Daily report:');
    await expect(line.getByText('Not sent yet')).toBeVisible();
    await expect(line.getByText('Next 18/03/2026 at 9:00 AM')).toBeVisible();
  },
};

/** Xero stopped accepting the connection: the weekly reports stop until someone connects again. */
export const XeroReconnectNeeded: Story = {
  parameters: dashboardAnswers(allWell, {
    configured: true,
    connected: false,
    tenants: [
      {
        tenantId: '6f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        tenantName: 'Sparkle Clean Pty Ltd',
        connected: false,
        lastUpdated: '2026-02-02T22:00:00.000Z',
        reconnectNeeded: true,
        canWrite: true,
      },
    ],
  }),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('link', { name: 'Xero: Reconnect needed' })).toHaveAttribute(
      'href',
      '/xero',
    );
    await expect(
      page.getByText(
        'Xero no longer accepts the connection to Sparkle Clean Pty Ltd, so its weekly reports cannot be sent. Connect to Xero again on the Xero screen.',
      ),
    ).toBeVisible();
  },
};

/**
 * Quotes whose write to Xero failed and is not done yet: the owner sees how many (each quote's page
 * says why, and has Retry).
 */
export const XeroSyncFailed: Story = {
  parameters: dashboardAnswers(statusWith({ xeroSyncFailed: 2 })),
  play: async ({ canvasElement }) => {
    const panel = await statusPanel(canvasElement);
    const line = statusLine(panel, 'Xero sync failed:');
    await expect(line.getByText('2 quotes')).toHaveClass('status-value--warning');
    // Read as one line, as a screen reader and the e2e specs read it.
    await expect(
      within(panel).getByText('Xero sync failed:', { selector: 'dt' }).parentElement,
    ).toHaveTextContent(/^Xero sync failed: 2 quotes$/);
  },
};

/** One quote failed to reach Xero: the count reads in the singular. */
export const XeroSyncFailedOnce: Story = {
  parameters: dashboardAnswers(statusWith({ xeroSyncFailed: 1 })),
  play: async ({ canvasElement }) => {
    const panel = await statusPanel(canvasElement);
    await expect(statusLine(panel, 'Xero sync failed:').getByText('1 quote')).toBeVisible();
  },
};

/** Backups run on their own disk and the last one is recent: nothing to do. */
export const BackupsLastGood: Story = {
  parameters: dashboardAnswers(),
  play: async ({ canvasElement }) => {
    const panel = await statusPanel(canvasElement);
    const line = statusLine(panel, 'Backups:');
    await expect(line.getByText('last 17/03/2026 at 1:00 PM')).toHaveClass('status-value--ok');
    await expect(line.queryByText("Backups are on the database's own disk")).toBeNull();
  },
};

/** A new install before its first hourly snapshot: nothing has failed, but there is no backup yet. */
export const BackupsNoneYet: Story = {
  parameters: dashboardAnswers(
    statusWith({
      backups: { kind: 'files', lastGoodAt: null, failing: false, lastFailed: false, sameDisk: false },
    }),
  ),
  play: async ({ canvasElement }) => {
    const panel = await statusPanel(canvasElement);
    await expect(statusLine(panel, 'Backups:').getByText('None yet')).toHaveClass('status-value--warning');
  },
};

/** The snapshots share the database's disk: one lost disk would take both, so staff are warned. */
export const BackupsOnTheSameDisk: Story = {
  parameters: dashboardAnswers(
    statusWith({
      backups: {
        kind: 'files',
        lastGoodAt: '2026-03-17T02:00:00.000Z',
        failing: false,
        lastFailed: false,
        sameDisk: true,
      },
    }),
  ),
  play: async ({ canvasElement }) => {
    const panel = await statusPanel(canvasElement);
    const line = statusLine(panel, 'Backups:');
    await expect(line.getByText('last 17/03/2026 at 1:00 PM')).toHaveClass('status-value--warning');
    await expect(line.getByText("Backups are on the database's own disk")).toBeVisible();
  },
};

/** The newest backup failed and the last good one is hours old: the line turns red. */
export const BackupsFailing: Story = {
  parameters: dashboardAnswers(
    statusWith({
      backups: {
        kind: 'files',
        lastGoodAt: '2026-03-16T21:00:00.000Z',
        failing: true,
        lastFailed: true,
        sameDisk: false,
      },
    }),
  ),
  play: async ({ canvasElement }) => {
    const panel = await statusPanel(canvasElement);
    const line = statusLine(panel, 'Backups:');
    await expect(line.getByText('last 17/03/2026 at 8:00 AM')).toHaveClass('status-value--failing');
    await expect(line.getByText('The newest backup failed')).toBeVisible();
  },
};

/** A remote libSQL server keeps the backups: the site takes none itself. */
export const BackupsByTheDatabaseServer: Story = {
  parameters: dashboardAnswers(statusWith({ backups: { kind: 'server' } })),
  play: async ({ canvasElement }) => {
    const panel = await statusPanel(canvasElement);
    await expect(statusLine(panel, 'Backups:').getByText('by the database server')).toBeVisible();
  },
};

/** The database does not answer: staff see Unavailable and no counts that could not be read. */
export const DatabaseUnavailable: Story = {
  parameters: dashboardAnswers(
    statusWith({
      database: { ok: false, latencyMs: 5003.2 },
      mail: { mode: 'smtp', queued: 0, dead: 0, lastSentAt: null, lastError: null },
      quotes: { new: 0, overdue: 0 },
      quotesAwaitingAnswer: 0,
      dailyReport: null,
    }),
  ),
  play: async ({ canvasElement }) => {
    const panel = await statusPanel(canvasElement);
    await expect(statusLine(panel, 'Database:').getByText('Unavailable')).toHaveClass(
      'status-value--failing',
    );
    await expect(within(panel).queryByText('Daily report:')).toBeNull();
  },
};

/** Customers reported a problem within 24 hours of a clean and their re-clean is not done yet. */
export const RecleanRequests: Story = {
  parameters: dashboardAnswers(statusWith({ recleanRequests: 2 })),
  play: async ({ canvasElement }) => {
    const panel = await statusPanel(canvasElement);
    await expect(statusLine(panel, 'Re-clean requests:').getByText('2')).toHaveClass('status-value--warning');
  },
};

/** Visits of regular cleans no team could take (a closed day, every team busy): a link to the schedule. */
export const VisitsNeedingATime: Story = {
  parameters: dashboardAnswers(statusWith({ visits: { ...allWell.visits, needsTime: 3 } })),
  play: async ({ canvasElement }) => {
    const panel = await statusPanel(canvasElement);
    await expect(statusLine(panel, 'Needs a time:').getByRole('link', { name: '3' })).toHaveAttribute(
      'href',
      '/schedule',
    );
    await expect(statusLine(panel, 'Visits this week:').getByRole('link', { name: '9' })).toBeVisible();
  },
};
