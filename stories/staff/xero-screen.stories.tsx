import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import { freshStaffPage, signedIn, staffScreenParameters } from './staff-story-support.tsx';
import { withHiddenPart } from './story-names.ts';
import {
  connected,
  mondaySchedule,
  notConfigured,
  nothingConnected,
  schedulesAnswer,
  sparkleCare,
  sparkleClean,
  syncAnswer,
} from './xero-fixtures.ts';

/**
 * Staff on /xero: connecting the business's Xero organisations, seeing which still work, sending a
 * test report, and the weekly report schedules.
 */
const meta = {
  title: 'Staff/Xero/Integration',
  component: AdminApp,
  decorators: [freshStaffPage],
  parameters: staffScreenParameters,
  args: { screen: 'xero' },
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The 'Organisations' card, once the status has loaded. */
async function organisations(canvasElement: HTMLElement) {
  const heading = await within(canvasElement).findByRole('heading', { level: 2, name: 'Organisations' });
  const section = heading.closest('section');
  if (!section) throw new Error('No organisations card');
  return within(section);
}

/** The organisation named `name` in the list. */
function organisation(card: ReturnType<typeof within>, name: string) {
  const item = card.getByRole('heading', { level: 3, name }).closest('li');
  if (!item) throw new Error(`No organisation ${name}`);
  return within(item);
}

/** The server has no Xero app keys: staff see which settings are missing. */
export const NotConfigured: Story = {
  parameters: { msw: { handlers: [signedIn, notConfigured] } },
  play: async ({ canvasElement }) => {
    const card = await organisations(canvasElement);
    await expect(
      card.getByText(
        "Xero isn't set up for this business yet. Your developer needs to set it up on the server; then organisations can be connected here.",
      ),
    ).toBeVisible();
    // No button that could only fail; the variables are for the developer, behind a disclosure.
    await expect(card.queryByRole('button', { name: 'Connect to Xero' })).toBeNull();
    await expect(card.getByText('Details for your developer')).toBeVisible();
  },
};

/** Configured, nothing connected yet: 'Connect to Xero' opens Xero in a new window. */
export const NotConnected: Story = {
  parameters: { msw: { handlers: [signedIn, nothingConnected] } },
  play: async ({ canvasElement }) => {
    const card = await organisations(canvasElement);
    await expect(card.getByText('No Xero organisation is connected yet.')).toBeVisible();
    await expect(
      card.getByText('Xero opens in a new window and asks which organisations to share.'),
    ).toBeVisible();
    await expect(
      within(canvasElement).queryByRole('heading', { name: 'Scheduled weekly reports' }),
    ).toBeNull();
  },
};

/** A connected organisation with its weekly schedule: who gets which reports, and the next run. */
export const ConnectedWithSchedule: Story = {
  parameters: {
    msw: { handlers: [signedIn, connected(sparkleClean), syncAnswer(), schedulesAnswer(mondaySchedule)] },
  },
  play: async ({ canvasElement }) => {
    const card = await organisations(canvasElement);
    const business = organisation(card, sparkleClean.tenantName);
    await expect(business.getByText('Connected')).toBeVisible();
    await expect(business.getByText('Last updated: 12/03/2026 at 9:05 AM')).toBeVisible();
    const page = within(canvasElement);
    const schedule = await page.findByRole('heading', {
      level: 3,
      name: `${sparkleClean.tenantName}: Every Monday at 08:00`,
    });
    const item = within(schedule.closest('li') as HTMLElement);
    await expect(item.getByText('kate@sparkleclean.example, accounts@sparkleclean.example')).toBeVisible();
    await expect(item.getByText('Profit and Loss, Balance Sheet')).toBeVisible();
    await expect(
      item.getByRole('button', {
        name: withHiddenPart(
          'Cancel weekly reports',
          `for ${sparkleClean.tenantName}, Every Monday at 08:00`,
        ),
      }),
    ).toBeVisible();
  },
};

/** Connected, but nothing scheduled: the schedules card says so. */
export const NoneScheduled: Story = {
  parameters: { msw: { handlers: [signedIn, connected(sparkleClean), syncAnswer(), schedulesAnswer()] } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByText('No weekly reports are scheduled yet.')).toBeVisible();
  },
};

/**
 * Xero no longer accepts one organisation's connection: it says 'Reconnect needed' and how to fix
 * it, and it is not offered for reports until it is connected again.
 */
export const ReconnectNeeded: Story = {
  parameters: {
    msw: {
      handlers: [
        signedIn,
        connected(sparkleClean, sparkleCare),
        syncAnswer(),
        schedulesAnswer(mondaySchedule),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const card = await organisations(canvasElement);
    const care = organisation(card, sparkleCare.tenantName);
    await expect(care.getByText('Reconnect needed')).toBeVisible();
    await expect(
      care.getByText(
        `Xero no longer accepts this connection, so its reports cannot be sent. Connect to Xero again and choose ${sparkleCare.tenantName}.`,
      ),
    ).toBeVisible();
    await expect(
      card.getByText('To add an organisation, or connect one again, Xero opens in a new window.'),
    ).toBeVisible();
  },
};

/** The test report pressed without an address: the message asks for both the organisation and the address. */
export const TestReportMissingFields: Story = {
  parameters: { msw: { handlers: [signedIn, connected(sparkleClean), syncAnswer(), schedulesAnswer()] } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.click(await page.findByRole('button', { name: 'Send Test Report' }));
    await expect(await page.findByText('Please select a tenant and enter an email address')).toBeVisible();
  },
};

/** A test report sent: staff are told it is on its way to the address they gave. */
export const TestReportSent: Story = {
  parameters: {
    msw: {
      handlers: [
        signedIn,
        connected(sparkleClean),
        syncAnswer(),
        schedulesAnswer(),
        http.post('/api/xero/test-reports', async ({ request }) => {
          const { email } = (await request.json()) as { email: string };
          return HttpResponse.json({ success: true, message: `Test report sent to ${email}` });
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.type(
      await page.findByRole('textbox', { name: 'Email address' }),
      'kate@sparkleclean.example',
    );
    await userEvent.click(page.getByRole('button', { name: 'Send Test Report' }));
    const toasts = within(document.body);
    await expect(await toasts.findByText('Test report sent')).toBeVisible();
    await expect(toasts.getByText('Test report sent to kate@sparkleclean.example')).toBeVisible();
  },
};

/**
 * A test report Xero refused: the failure says to connect again, and the organisation is read again,
 * now showing 'Reconnect needed'.
 */
export const TestReportFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        signedIn,
        http.get('/api/xero/status', () => {
          // The first reading is before the test report; the one after it shows Xero's refusal.
          const refused = sessionStorage.getItem('story-xero-refused') === 'yes';
          return HttpResponse.json({
            configured: true,
            connected: true,
            tenants: [refused ? { ...sparkleClean, reconnectNeeded: true } : sparkleClean],
          });
        }),
        syncAnswer(),
        schedulesAnswer(),
        http.post('/api/xero/test-reports', () => {
          sessionStorage.setItem('story-xero-refused', 'yes');
          return HttpResponse.json(
            {
              error:
                'Xero no longer allows access to this organisation. Please use Connect to Xero to connect it again.',
              reconnectNeeded: true,
              requestId: 'story',
            },
            { status: 409 },
          );
        }),
      ],
    },
  },
  beforeEach: () => {
    sessionStorage.removeItem('story-xero-refused');
    return () => sessionStorage.removeItem('story-xero-refused');
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.type(
      await page.findByRole('textbox', { name: 'Email address' }),
      'kate@sparkleclean.example',
    );
    await userEvent.click(page.getByRole('button', { name: 'Send Test Report' }));
    const toasts = within(document.body);
    await expect(await toasts.findByText('Failed to send test report')).toBeVisible();
    await expect(
      toasts.getByText(
        'Xero no longer allows access to this organisation. Please use Connect to Xero to connect it again.',
      ),
    ).toBeVisible();
    await expect(await page.findByText('Reconnect needed')).toBeVisible();
  },
};
