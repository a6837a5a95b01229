import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import { busyDay, emptyDay, reportAnswer } from './analytics-fixtures.ts';
import { freshStaffPage, signedIn, staffScreenParameters } from './staff-story-support.tsx';

/**
 * Staff on /analytics: one Melbourne day's visits, the wizard funnel, the priced quotes and the day's
 * quote requests, counted without cookies — and 'Send Daily Report'.
 */
const meta = {
  title: 'Staff/Analytics/Daily report',
  component: AdminApp,
  decorators: [freshStaffPage],
  parameters: staffScreenParameters,
  args: { screen: 'analytics' },
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A busy day: totals against the week before, pages, referrers, the funnel and the day's requests. */
export const WithData: Story = {
  parameters: { msw: { handlers: [signedIn, reportAnswer(busyDay)] } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByText('+19.8% against 344 on 04/03/2026')).toBeVisible();
    await expect(page.getByText('412')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Quote wizard funnel' })).toBeVisible();
    await expect(page.getByText('121 reached, 18 left here')).toBeVisible();
    await expect(page.getByText('1 submission attempt failed and was offered a retry.')).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'www.google.com' })).toBeVisible();
    await expect(page.getByText('40%')).toBeVisible();
    await expect(page.getByText('3.5 hours')).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Priya Raman' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'See all 4 in the inbox' })).toHaveAttribute(
      'href',
      '/admin?from=2026-03-11&to=2026-03-11',
    );
  },
};

/** A day nobody visited: each part of the report says it had nothing, rather than an empty table. */
export const Empty: Story = {
  parameters: { msw: { handlers: [signedIn, reportAnswer(emptyDay)] } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    // One sentence says the day had no visits, instead of a row of zeros.
    await expect(await page.findByText('No visits recorded on this day')).toBeVisible();
    await expect(page.getByText('No quote requests that day.')).toBeVisible();
  },
};

/** The report could not be read (after two retries): staff see why and can try again. */
export const FailedToLoad: Story = {
  parameters: {
    msw: {
      handlers: [
        signedIn,
        http.get('/api/analytics/report', () =>
          HttpResponse.json({ error: 'Internal server error.', requestId: 'story' }, { status: 500 }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    // The screen retries a failed read twice (about three seconds) before it says so.
    const alert = await page.findByRole('alert', {}, { timeout: 8000 });
    await expect(alert).toHaveTextContent('Failed to fetch analytics report');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
