import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AdminApp } from '../../sites/web/src/admin/admin-app.tsx';
import { locationsAnswer, someLocations } from './locations-fixtures.ts';
import { freshStaffPage, signedIn, staffScreenParameters } from './staff-story-support.tsx';

/**
 * Staff on /locations: every suburb page's URL, to paste into local marketing, with a filter and a
 * copy button each. The list comes from the site's suburb data set; staff read it, not edit it.
 */
const meta = {
  title: 'Staff/Locations/List',
  component: AdminApp,
  decorators: [freshStaffPage],
  parameters: staffScreenParameters,
  args: { screen: 'locations' },
} satisfies Meta<typeof AdminApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every location: the count as a badge, each URL with its copy button. */
export const AllLocations: Story = {
  parameters: { msw: { handlers: [signedIn, locationsAnswer(someLocations)] } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByText('6 locations')).toBeVisible();
    await expect(page.getByText('Showing all 6 locations')).toBeVisible();
    await expect(page.getByRole('link', { name: 'https://sparkleclean.example/richmond' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Copy\s*Richmond URL$/ })).toBeVisible();
    await expect(page.getByRole('link', { name: '← Back to Dashboard' })).toBeVisible();
  },
};

/** Filtering: 'st kilda' finds both St Kilda pages, however it is typed. */
export const Filtered: Story = {
  parameters: { msw: { handlers: [signedIn, locationsAnswer(someLocations)] } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.type(await page.findByRole('searchbox', { name: 'Filter locations' }), 'st kilda');
    await expect(await page.findByText('Showing 2 of 6 locations')).toBeVisible();
    await expect(page.getByText('St Kilda East')).toBeVisible();
    await expect(page.queryByText('Richmond')).toBeNull();
  },
};

/** A filter nothing matches: the count says none of them is shown. */
export const NothingMatches: Story = {
  parameters: { msw: { handlers: [signedIn, locationsAnswer(someLocations)] } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.type(await page.findByRole('searchbox', { name: 'Filter locations' }), 'Geelong');
    await expect(await page.findByText('Showing 0 of 6 locations')).toBeVisible();
    await expect(page.queryAllByRole('link', { name: /^https:/ })).toHaveLength(0);
  },
};
